package dev.graft.cli.chat;

import dev.graft.cli.tui.Ansi;
import dev.graft.cli.tui.Component;
import dev.graft.cli.tui.Theme;
import dev.graft.cli.tui.ThemeRole;
import dev.graft.cli.tui.Wrap;
import dev.graft.runtime.message.AgentMessage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A message a script sent ({@code sendMessage}): the component or the lines its renderer made, or
 * {@code [type] text} on the custom-message background. When the user expands or collapses the
 * conversation, the renderer is asked again (waiting at most {@link #AGAIN}; the rendering stays as
 * it was if the script does not answer in time).
 */
final class CustomView implements Component {
  /** How long the UI waits for a renderer asked again after Ctrl+O. */
  static final Duration AGAIN = Duration.ofMillis(100);

  private final ViewContext ctx;
  private final AgentMessage.Custom message;
  private final CustomRenderer renderer;
  private Optional<CustomRenderer.Rendered> rendered;
  private boolean renderedExpanded;
  private int cachedWidth = -1;
  private List<String> cached;

  CustomView(
      ViewContext ctx,
      AgentMessage.Custom message,
      CustomRenderer renderer,
      Optional<CustomRenderer.Rendered> rendered,
      boolean expanded) {
    this.ctx = ctx;
    this.message = message;
    this.renderer = renderer;
    this.rendered = rendered;
    this.renderedExpanded = expanded;
  }

  @Override
  public List<String> render(int width) {
    if (renderedExpanded != ctx.expanded && rendered.isPresent()) {
      renderAgain();
    }
    if (rendered.orElse(null) instanceof CustomRenderer.Rendered.Drawn drawn) {
      List<String> out = new ArrayList<>();
      out.add("");
      out.addAll(drawn.component().render(width));
      return out;
    }
    if (cached != null && cachedWidth == width) {
      return cached;
    }
    Theme t = ctx.theme;
    List<String> body = new ArrayList<>();
    if (rendered.orElse(null) instanceof CustomRenderer.Rendered.Lines lines) {
      for (String line : lines.lines()) {
        body.addAll(Wrap.lines(Ansi.clean(line), Math.max(4, width - 2)));
      }
    } else {
      String text =
          t.fg(ThemeRole.CUSTOM_MESSAGE_LABEL, "[" + Ansi.clean(message.customType()) + "] ")
              + t.fg(ThemeRole.CUSTOM_MESSAGE_TEXT, Ansi.clean(message.content().text(" ")));
      body.addAll(Wrap.lines(text, Math.max(4, width - 2)));
    }
    List<String> out = new ArrayList<>();
    out.add("");
    for (String line : body) {
      String l = " " + line;
      out.add(t.colored() ? t.bg(ThemeRole.CUSTOM_MESSAGE_BG, Ansi.pad(l, width)) : l);
    }
    cached = List.copyOf(out);
    cachedWidth = width;
    return cached;
  }

  /**
   * The renderer asked again for the expanded (or collapsed) rendering; kept as it was when that
   * fails.
   */
  private void renderAgain() {
    renderedExpanded = ctx.expanded;
    Optional<CustomRenderer.Rendered> again = renderer.render(message, ctx.expanded, AGAIN);
    if (again.isEmpty() || (again.get() instanceof CustomRenderer.Rendered.Lines l && l.failed())) {
      return;
    }
    release();
    rendered = again;
    cached = null;
  }

  @Override
  public void invalidate() {
    cached = null;
    if (rendered.orElse(null) instanceof CustomRenderer.Rendered.Drawn drawn) {
      drawn.component().invalidate();
    }
  }

  @Override
  public boolean finished() {
    return !(rendered.orElse(null) instanceof CustomRenderer.Rendered.Drawn drawn)
        || drawn.component().finished();
  }

  /** It is no longer shown: a component its script draws is let go. */
  void release() {
    if (rendered.orElse(null) instanceof CustomRenderer.Rendered.Drawn drawn) {
      drawn.release().run();
    }
  }
}
