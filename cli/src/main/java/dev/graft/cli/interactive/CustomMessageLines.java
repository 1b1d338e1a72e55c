package dev.graft.cli.interactive;

import dev.graft.cli.ui.Screen;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.MessageCodec;
import dev.graft.scripting.api.MessageRendering;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How the terminal shows a custom message: nothing when its {@code display} is false; the text of
 * the renderer a script registered for its type ({@code registerMessageRenderer}); otherwise, or
 * when that renderer fails, the default {@code [type] text} (after a one-line note of the failure).
 */
final class CustomMessageLines {
  /** How long the terminal waits for a script's renderer before showing the default. */
  static final Duration WAIT = Duration.ofMillis(500);

  /** A rendering longer than this is cut (with a note). */
  static final int MAX_LINES = 40;

  private final ScriptControl scripts;

  CustomMessageLines(ScriptControl scripts) {
    this.scripts = scripts;
  }

  /** The lines to print, styled for {@code screen}; empty for a message not to be shown. */
  List<String> lines(Screen screen, AgentMessage.Custom message, boolean expanded) {
    if (!message.display()) {
      return List.of();
    }
    return rendered(screen, message, expanded)
        .orElseGet(() -> List.of(defaultLine(screen, message)));
  }

  /**
   * What a script's renderer made of a shown message: its lines, or (when it failed) a note and the
   * default line; empty when no renderer took it.
   */
  Optional<List<String>> rendered(Screen screen, AgentMessage.Custom message, boolean expanded) {
    Optional<MessageRendering> rendered =
        scripts.renderMessage(MessageCodec.encode(message), expanded, WAIT);
    if (rendered.isEmpty()) {
      return Optional.empty();
    }
    List<String> out = new ArrayList<>();
    switch (rendered.get()) {
      case MessageRendering.Text t -> {
        List<String> lines = Screen.clean(t.text()).lines().toList();
        lines.stream().limit(MAX_LINES).forEach(out::add);
        if (lines.size() > MAX_LINES) {
          out.add(
              screen.style(
                  Screen.Style.DIM,
                  "(" + (lines.size() - MAX_LINES) + " more lines of the rendering not shown)"));
        }
      }
      case MessageRendering.Failed f -> {
        out.add(
            screen.style(
                Screen.Style.YELLOW,
                Screen.fit(f.problem() + "; shown plainly", Math.max(0, screen.width() - 1))));
        out.add(defaultLine(screen, message));
      }
    }
    return Optional.of(out);
  }

  private static String defaultLine(Screen screen, AgentMessage.Custom message) {
    return screen.style(Screen.Style.MAGENTA, "[" + message.customType() + "] ")
        + Screen.clean(message.content().text(" "));
  }
}
