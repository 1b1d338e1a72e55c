package dev.graft.cli.modes;

import dev.graft.cli.base.ContinueHint;
import dev.graft.cli.base.RetryNotice;
import dev.graft.cli.base.UserError;
import dev.graft.cli.interactive.ScriptCommandPrompts;
import dev.graft.runtime.agent.AgentSession;
import dev.graft.runtime.events.AgentEvent;
import dev.graft.runtime.hooks.ScriptText;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.MessageContent;
import dev.graft.runtime.message.StopReason;
import java.io.PrintWriter;
import java.util.List;

/**
 * {@code graft -p}: runs the prompts and prints the final answer on stdout. With {@code --verbose},
 * tool calls and their outcome are shown on stderr as they happen. Exit code 1 when the last turn
 * ended in an error or was aborted, or a script command failed.
 */
public final class PrintMode {
  private PrintMode() {}

  /**
   * A prompt {@code /name args} runs that script command (without a UI: its dialogs answer as
   * dismissed) and prints the text it returns, if any.
   */
  public static int run(
      AgentSession agent,
      List<String> prompts,
      List<ContentBlock> images,
      ScriptCommandPrompts commands,
      PrintWriter out,
      PrintWriter err,
      boolean verbose) {
    List<ScriptCommandPrompts.Parsed> parsed = parseAll(prompts, commands);
    if (verbose) {
      agent.subscribe(event -> {
        switch (event) {
          // A retried model call: the answer on stdout is only the last attempt's.
          case AgentEvent.AutoRetryStart r ->
              err.println("graft: " + RetryNotice.starting(r, false));
          case AgentEvent.AutoRetryEnd r ->
              RetryNotice.ending(r).ifPresent(text -> err.println("graft: " + text));
          case AgentEvent.ToolExecutionStart s -> err.println("→ " + s.toolName() + " " + s.args());
          case AgentEvent.ToolExecutionEnd e ->
              err.println(
                  (e.isError() ? "✗ " : "✓ ")
                      + e.toolName()
                      + ": "
                      + firstLine(new MessageContent.Blocks(e.result().content()).text(" ")));
          case AgentEvent.CompactionStart c ->
              err.println("… compacting the context (" + c.reason() + ")");
          case AgentEvent.CompactionEnd c ->
              err.println(
                  c.error()
                      .map(x -> "✗ compaction: " + x)
                      .orElse("✓ compacted into entry " + c.entryId().orElse("?")));
          default -> {}
        }
        err.flush();
      });
    }
    try (CtrlCAbort ignored = CtrlCAbort.install(agent, err)) {
      AgentSession.RunResult result = null;
      for (ScriptCommandPrompts.Parsed prompt : parsed) {
        if (prompt instanceof ScriptCommandPrompts.Parsed.Command command) {
          try {
            ScriptCommandPrompts.act(
                commands.runWithoutUi(
                    command,
                    line -> { // ctx.reload(): what was loaded
                      err.println(ScriptText.safeLine(line));
                      err.flush();
                    }),
                agent,
                status -> {
                  err.println(status);
                  err.flush();
                });
          } catch (ScriptCommandPrompts.Failed e) {
            err.println("graft: " + ScriptText.safeLine(e.getMessage()));
            err.flush();
            return 1;
          }
          // A run the command asked for (sendUserMessage, say) follows it; without one, no answer.
          result = agent.runRequestedTurns().orElse(null);
          if (result == null) {
            continue;
          }
        } else {
          result =
              agent.prompt(
                  ((ScriptCommandPrompts.Parsed.Text) prompt).text(),
                  prompt == parsed.getFirst() ? images : List.of());
          // Runs a script asked for while the agent was idle (in an input handler, say) follow the
          // prompt; the last answer is the one printed.
          result = agent.runRequestedTurns().orElse(result);
        }
        if (result.failed()) {
          break;
        }
      }
      if (result == null || result.last().isEmpty()) {
        return 0; // a script command ran last, or a hook handled the input
      }
      AgentMessage.Assistant last = result.last().get();
      String text = result.text();
      // As the reference: a failed or aborted turn's partial answer is not the answer; only the
      // error is said.
      if (!text.isEmpty() && !result.failed()) {
        out.println(text);
        out.flush();
      }
      if (result.failed()) {
        err.println(
            "graft: "
                + (last.stoppedWith(StopReason.ABORTED) ? "aborted" : "the model call failed")
                // Whole: a provider's hint (the key's source, the URL) comes at the end.
                + last.errorMessage()
                    .map(m -> ": " + ScriptText.safeLine(m.strip().lines().findFirst().orElse("")))
                    .orElse(""));
        agent
            .session()
            .file()
            .ifPresent(f ->
                err.println(
                    "(the session is kept in "
                        + f
                        + "; continue it with "
                        + ContinueHint.option(f, agent.session().cwd())
                        + ")"));
        err.flush();
        return 1;
      }
      return 0;
    }
  }

  /**
   * After the last prompt (and session_shutdown): what scripts sent that no run delivered, one line
   * each on {@code err}. Print and json modes end with their prompts, so a message sent from {@code
   * agent_end} or {@code session_shutdown} starts no further turn; it is said, not dropped silently
   * (docs/hooks.md, Messages).
   */
  public static void reportUndelivered(AgentSession agent, PrintWriter err) {
    for (String message : agent.takeUndelivered()) {
      err.println(
          "graft: not delivered: "
              + message
              + " a script sent after the last run ended; -p and --mode json end"
              + " with their prompts");
    }
    err.flush();
  }

  /** Every prompt parsed before any runs: an unknown {@code /name} is an error up front. */
  static List<ScriptCommandPrompts.Parsed> parseAll(
      List<String> prompts, ScriptCommandPrompts commands) {
    List<ScriptCommandPrompts.Parsed> parsed = prompts.stream().map(commands::parse).toList();
    for (ScriptCommandPrompts.Parsed p : parsed) {
      if (p instanceof ScriptCommandPrompts.Parsed.Unknown unknown) {
        throw new UserError(unknown.message());
      }
    }
    return parsed;
  }

  static String firstLine(String text) {
    String line = text.strip().lines().findFirst().orElse("");
    return line.length() > 160 ? line.substring(0, 159) + "…" : line;
  }

  static boolean hasToolCalls(AgentMessage.Assistant a) {
    return a.content().stream().anyMatch(ContentBlock.ToolCall.class::isInstance);
  }
}
