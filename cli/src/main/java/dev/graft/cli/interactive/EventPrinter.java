package dev.graft.cli.interactive;

import dev.graft.cli.base.RetryNotice;
import dev.graft.cli.chat.ToolLines;
import dev.graft.cli.ui.Screen;
import dev.graft.cli.ui.Screen.Style;
import dev.graft.runtime.events.AgentEvent;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.StopReason;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Shows agent events as they come: the answer's text as it streams, thinking dimmed, each tool call
 * as one line and its result as another, errors and aborts, compactions, and a spinner while
 * waiting for the model or the tools.
 */
final class EventPrinter implements Consumer<AgentEvent> {
  static final String WORKING = "Working… (Esc or Ctrl+C to abort)";

  private final Screen screen;

  /** The text beside the spinner: graft's own, or a script's (ctx.ui.setWorkingMessage). */
  private volatile String working = WORKING;

  private final Supplier<Session> session;
  private final CustomMessageLines customMessages;
  private boolean streamingThinking;

  /** Whether the current model call showed any of its answer (a retry voids it). */
  private boolean answered;

  EventPrinter(Screen screen, Supplier<Session> session) {
    this(screen, session, new CustomMessageLines(ScriptControl.NONE));
  }

  EventPrinter(Screen screen, Supplier<Session> session, CustomMessageLines customMessages) {
    this.screen = screen;
    this.session = session;
    this.customMessages = customMessages;
  }

  /** A script's working message from the next spinner on; empty restores graft's own. */
  void setWorkingMessage(Optional<String> message) {
    working =
        message.map(m -> Screen.withoutEscapes(m) + " (Esc or Ctrl+C to abort)").orElse(WORKING);
    screen.respin(working);
  }

  @Override
  public void accept(AgentEvent event) {
    switch (event) {
      case AgentEvent.AgentStart s -> screen.spin(working);
      case AgentEvent.TurnStart t -> screen.spin(working);
      case AgentEvent.MessageUpdate u -> update(u);
      case AgentEvent.MessageEnd m -> messageEnd(m.message());
      case AgentEvent.ToolExecutionStart t -> {
        screen.line(
            screen.style(Style.CYAN, "● ") + fit(ToolLines.call(t.toolName(), t.args()), 2));
        screen.spin("running " + t.toolName() + "…");
      }
      case AgentEvent.ToolExecutionEnd t -> {
        String result = fit(t.toolName() + ": " + ToolLines.result(t.result().content()), 4);
        screen.line(
            t.isError()
                ? screen.style(Style.RED, "  ✗ " + result)
                : screen.style(Style.DIM, "  ⎿ " + result));
        screen.spin(working);
      }
      case AgentEvent.AgentEnd a -> {
        screen.stopSpinner();
        screen.endLine();
      }
      case AgentEvent.CompactionStart c -> {
        screen.line(
            screen.style(Style.DIM, "compacting the context (" + reasonText(c.reason()) + ")…"));
        screen.spin("summarizing… (Esc or Ctrl+C to abort)");
      }
      case AgentEvent.CompactionEnd c -> compactionEnd(c);
      case AgentEvent.MessageStart m -> answered = false;
      case AgentEvent.AutoRetryStart r -> {
        screen.stopSpinner();
        screen.endLine();
        screen.line(screen.style(Style.YELLOW, "↻ " + RetryNotice.starting(r, answered)));
        screen.spin(working);
      }
      case AgentEvent.AutoRetryEnd r ->
          RetryNotice.ending(r).ifPresent(text -> screen.line(screen.style(Style.RED, text)));
      default -> {}
    }
  }

  private void update(AgentEvent.MessageUpdate u) {
    String type = u.update().path("type").asText();
    switch (type) {
      case "thinking_start" -> {
        screen.endLine();
        streamingThinking = true;
      }
      case "thinking_delta" -> {
        answered = true;
        screen.write(u.update().path("delta").asText(), Style.DIM_ITALIC);
      }
      case "thinking_end" -> {
        screen.endLine();
        streamingThinking = false;
      }
      case "text_start" -> screen.endLine();
      case "text_delta" -> {
        answered = true;
        screen.write(u.update().path("delta").asText(), null);
      }
      case "text_end" -> screen.endLine();
      default -> {}
    }
  }

  private void messageEnd(AgentMessage message) {
    switch (message) {
      case AgentMessage.Assistant a -> {
        screen.stopSpinner();
        if (streamingThinking) {
          streamingThinking = false;
        }
        screen.endLine();
        if (a.stoppedWith(StopReason.ABORTED)) {
          screen.line(screen.style(Style.YELLOW, "⏹ aborted"));
        } else if (a.stoppedWith(StopReason.ERROR)) {
          screen.line(
              screen.style(
                  Style.RED, "✗ " + a.errorMessage().orElse("the model call failed").strip()));
        } else if (a.stoppedWith(StopReason.LENGTH)) {
          screen.line(screen.style(Style.YELLOW, "(the answer hit the output token limit)"));
        }
      }
      case AgentMessage.Custom c -> customMessages.lines(screen, c, false).forEach(screen::line);
      case AgentMessage.BashExecution b -> {
        screen.endLine();
        StringBuilder note = new StringBuilder();
        if (b.cancelled()) {
          note.append("cancelled");
        } else {
          b.exitCode()
              .filter(code -> code != 0)
              .ifPresent(code -> note.append("exit code ").append(code));
        }
        if (b.truncated()) {
          note.append(note.isEmpty() ? "" : "; ")
              .append("output truncated")
              .append(b.fullOutputPath().map(p -> ", all of it in " + p).orElse(""));
        }
        if (!note.isEmpty()) {
          screen.line(
              screen.style(
                  b.cancelled() || b.exitCode().filter(x -> x != 0).isPresent()
                      ? Style.YELLOW
                      : Style.DIM,
                  "(" + note + ")"));
        }
      }
      default -> {}
    }
  }

  private void compactionEnd(AgentEvent.CompactionEnd c) {
    screen.stopSpinner();
    if (c.entryId().isPresent()) {
      String before =
          session
              .get()
              .entry(c.entryId().get())
              .filter(SessionEntry.Compaction.class::isInstance)
              .map(e ->
                  " ("
                      + String.format("%,d", ((SessionEntry.Compaction) e).tokensBefore())
                      + " tokens before)")
              .orElse("");
      screen.line(
          screen.style(Style.GREEN, "✓ compacted the context") + screen.style(Style.DIM, before));
    } else {
      screen.line(
          screen.style(Style.YELLOW, "compaction: " + c.error().orElse("nothing was compacted")));
    }
  }

  private static String reasonText(String reason) {
    return switch (reason) {
      case "threshold" -> "it is nearly full";
      case "overflow" -> "the model said it is too long";
      case "manual" -> "/compact";
      default -> reason;
    };
  }

  private String fit(String text, int indent) {
    int width = screen.width();
    return Screen.fit(text, width <= 0 ? 0 : Math.max(10, width - indent - 1));
  }
}
