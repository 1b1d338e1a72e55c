package dev.graft.cli.chat;

import dev.graft.cli.tui.Ansi;
import dev.graft.cli.tui.Component;
import dev.graft.cli.tui.Theme;
import dev.graft.cli.tui.ThemeRole;
import dev.graft.cli.tui.Wrap;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A message of the user, on the user-message background (in inverse video under NO_COLOR). Attached
 * files ({@code <file name="...">} blocks) are shown as one line each with their line count, images
 * as {@code [image 800x600]}.
 */
final class UserMessageView implements Component {
  private static final Pattern FILE =
      Pattern.compile("<file name=\"([^\"]*)\">\\n?(.*?)\\n?</file>\\n?", Pattern.DOTALL);

  private final ViewContext ctx;
  private final AgentMessage.User message;
  private int cachedWidth = -1;
  private List<String> cached;

  UserMessageView(ViewContext ctx, AgentMessage.User message) {
    this.ctx = ctx;
    this.message = message;
  }

  String text() {
    return message.content().text("\n");
  }

  @Override
  public List<String> render(int width) {
    if (cached != null && cachedWidth == width) {
      return cached;
    }
    Theme t = ctx.theme;
    List<String> body = new ArrayList<>();
    String text = message.content().text("\n");
    Matcher m = FILE.matcher(text);
    StringBuilder rest = new StringBuilder();
    int last = 0;
    while (m.find()) {
      rest.append(text, last, m.start());
      last = m.end();
      String content = m.group(2);
      String what =
          content.isEmpty() || content.startsWith("[Image")
              ? ""
              : ", " + ToolLines.lines(content.lines().count());
      body.add(t.fg(ThemeRole.ACCENT, "📎 " + Ansi.clean(ctx.shown(m.group(1))) + what));
    }
    rest.append(text.substring(last));
    for (ContentBlock block : message.content().asBlocks()) {
      if (block instanceof ContentBlock.Image image) {
        body.add(t.fg(ThemeRole.ACCENT, ImageSize.label(image.data(), image.mimeType())));
      }
    }
    String shown = Ansi.clean(rest.toString().strip());
    if (!shown.isEmpty()) {
      body.addAll(Wrap.lines(t.fg(ThemeRole.USER_MESSAGE_TEXT, shown), Math.max(4, width - 2)));
    }
    List<String> out = new ArrayList<>();
    out.add("");
    for (String line : body) {
      String l = " " + line;
      // without colours (NO_COLOR), inverse video marks the message as the background does
      out.add(
          t.colored()
              ? t.bg(ThemeRole.USER_MESSAGE_BG, Ansi.pad(l, width))
              : t.attributed() ? t.inverse(Ansi.pad(l, width)) : l);
    }
    cached = List.copyOf(out);
    cachedWidth = width;
    return cached;
  }
}
