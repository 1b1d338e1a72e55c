package dev.graft.cli.chat;

import dev.graft.cli.tui.Theme;
import dev.graft.cli.tui.highlight.CodeHighlighter;
import dev.graft.cli.tui.markdown.MarkdownRenderer;
import java.nio.file.Path;

/**
 * What the conversation's components share: the theme and the renderers made for it, the directory
 * paths are shown relative to, the keys named in hints, and the two switches the user flips for all
 * of them at once (tool output expanded, thinking hidden). Read and changed on the UI thread only.
 */
public final class ViewContext {
  final Theme theme;
  final MarkdownRenderer markdown;
  final CodeHighlighter code;
  final Path cwd;
  String expandKey = "Ctrl+O";
  String thinkingKey = "Ctrl+T";
  boolean expanded;
  boolean thinkingHidden;
  Runnable redraw = () -> {};

  public ViewContext(Theme theme, Path cwd) {
    this.theme = theme;
    this.markdown = new MarkdownRenderer(theme);
    this.code = new CodeHighlighter(theme);
    this.cwd = cwd;
  }

  public Theme theme() {
    return theme;
  }

  /**
   * How a component whose rendering changed off the UI thread (a script's renderer that answered
   * late) asks for everything to be drawn again; called from any thread.
   */
  public void onLateRendering(Runnable redraw) {
    this.redraw = redraw;
  }

  /** The keys the hints name ("Ctrl+O to expand"). */
  public void keys(String expand, String thinking) {
    this.expandKey = expand;
    this.thinkingKey = thinking;
  }

  public boolean expanded() {
    return expanded;
  }

  public void setExpanded(boolean expanded) {
    this.expanded = expanded;
  }

  public boolean thinkingHidden() {
    return thinkingHidden;
  }

  public void setThinkingHidden(boolean hidden) {
    this.thinkingHidden = hidden;
  }

  /** {@code path} relative to the working directory when it is under it. */
  String shown(String path) {
    try {
      Path p = Path.of(path);
      if (p.isAbsolute() && p.normalize().startsWith(cwd)) {
        String rel = cwd.relativize(p.normalize()).toString();
        return rel.isEmpty() ? "." : rel;
      }
    } catch (RuntimeException e) {
      // not a path: shown as it is
    }
    return path;
  }
}
