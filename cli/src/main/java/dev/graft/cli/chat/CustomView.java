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
 * A message a script sent ({@code sendMessage}): the lines its renderer made, or {@code [type]
 * text}, on the custom-message background.
 */
final class CustomView implements Component {
  private final ViewContext ctx;
  private final AgentMessage.Custom message;
  private final Optional<List<String>> rendered;
  private int cachedWidth = -1;
  private List<String> cached;

  CustomView(ViewContext ctx, AgentMessage.Custom message, Optional<List<String>> rendered) {
    this.ctx = ctx;
    this.message = message;
    this.rendered = rendered;
  }

  @Override
  public List<String> render(int width) {
    if (cached != null && cachedWidth == width) {
      return cached;
    }
    Theme t = ctx.theme;
    List<String> body = new ArrayList<>();
    if (rendered.isPresent()) {
      for (String line : rendered.get()) {
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
}
