package dev.graft.cli.interactive;

import dev.graft.cli.ui.Screen;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.MessageCodec;
import dev.graft.scripting.api.MessageRendering;
import dev.graft.scripting.api.ScriptView;
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
   * What a script's renderer made of a shown message, as the engine answers it; empty when no
   * renderer took it.
   */
  Optional<MessageRendering> rendering(
      AgentMessage.Custom message, boolean expanded, Duration wait) {
    return scripts.renderMessage(MessageCodec.encode(message), expanded, wait);
  }

  /**
   * What a script's renderer made of a shown message: its lines (a component it returned drawn
   * once, at the screen's width, without colours), or (when it failed) a note and the default line;
   * empty when no renderer took it.
   */
  Optional<List<String>> rendered(Screen screen, AgentMessage.Custom message, boolean expanded) {
    return rendering(message, expanded, WAIT).flatMap(r -> linesOf(screen, message, r));
  }

  /** {@code rendered} as lines for {@code screen} (see {@link #rendered}). */
  Optional<List<String>> linesOf(
      Screen screen, AgentMessage.Custom message, MessageRendering rendered) {
    List<String> out = new ArrayList<>();
    switch (rendered) {
      case MessageRendering.View v -> {
        ScriptView.Frame frame = v.view().render(screen.width() > 0 ? screen.width() : 80, WAIT);
        v.view().close(Optional.empty());
        switch (frame) {
          case ScriptView.Frame.Lines l ->
              l.lines().stream()
                  .limit(MAX_LINES)
                  .forEach(line -> out.add(Screen.clean(Screen.withoutEscapes(line))));
          case ScriptView.Frame.Failed f -> {
            out.add(
                screen.style(
                    Screen.Style.YELLOW,
                    Screen.fit(f.problem() + "; shown plainly", Math.max(0, screen.width() - 1))));
            out.add(defaultLine(screen, message));
          }
          default -> out.add(defaultLine(screen, message));
        }
      }
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
