package dev.graft.cli.chat;

import dev.graft.cli.tui.Ansi;
import dev.graft.cli.tui.Component;
import dev.graft.cli.tui.Theme;
import dev.graft.cli.tui.ThemeRole;
import dev.graft.cli.tui.Wrap;
import dev.graft.runtime.message.AgentMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A message a script sent ({@code sendMessage}): the component or the lines its renderer made, or
 * {@code [type] text} on the custom-message background. When the user expands or collapses the
 * conversation, the renderer is asked again ({@link LateRendering}: the rendering stays as it was
 * until the script answers, and as it was if the script fails).
 */
final class CustomView implements Component {
  private final ViewContext ctx;
  private final AgentMessage.Custom message;
  private final CustomRenderer renderer;
  private Optional<CustomRenderer.Rendered> rendered;
  private boolean renderedExpanded;
  private int cachedWidth = -1;
  private List<String> cached;
  private final LateRendering<CustomRenderer.Rendered> again =
      new LateRendering<>(CustomView::letGo);

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
    again.take(ctx.expanded).ifPresent(this::use);
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
    boolean expanded = ctx.expanded;
    renderedExpanded = expanded;
    again
        .ask(expanded, wait -> renderer.render(message, expanded, wait), ctx.redraw)
        .ifPresent(this::use);
  }

  /** A rendering asked again, shown unless it says the renderer failed. */
  private void use(CustomRenderer.Rendered r) {
    if (r instanceof CustomRenderer.Rendered.Lines l && l.failed()) {
      return;
    }
    release();
    rendered = Optional.of(r);
    cached = null;
  }

  private static void letGo(CustomRenderer.Rendered r) {
    if (r instanceof CustomRenderer.Rendered.Drawn drawn) {
      drawn.release().run();
    }
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
