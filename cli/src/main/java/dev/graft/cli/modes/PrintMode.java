package dev.graft.cli.modes;

import dev.graft.runtime.agent.AgentEvent;
import dev.graft.runtime.agent.AgentSession;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.MessageContent;
import java.io.PrintWriter;
import java.util.List;

/**
 * {@code graft -p}: runs the prompts and prints the final answer on stdout. With {@code
 * --verbose}, tool calls and their outcome are shown on stderr as they happen. Exit code 1 when
 * the last turn ended in an error or was aborted.
 */
public final class PrintMode {
  private PrintMode() {}

  public static int run(AgentSession agent, List<String> prompts, PrintWriter out, PrintWriter err, boolean verbose) {
    if (verbose) {
      agent.subscribe(event -> {
        switch (event) {
          case AgentEvent.ToolExecutionStart s -> err.println("→ " + s.toolName() + " " + s.args());
          case AgentEvent.ToolExecutionEnd e -> err.println((e.isError() ? "✗ " : "✓ ") + e.toolName() + ": "
              + firstLine(new MessageContent.Blocks(e.result().content()).text(" ")));
          case AgentEvent.CompactionStart c -> err.println("… compacting the context (" + c.reason() + ")");
          case AgentEvent.CompactionEnd c -> err.println(c.error().map(x -> "✗ compaction: " + x)
              .orElse("✓ compacted into entry " + c.entryId().orElse("?")));
          default -> {}
        }
        err.flush();
      });
    }
    try (Interrupts ignored = Interrupts.abortOnCtrlC(agent, err)) {
      AgentSession.RunResult result = null;
      for (String prompt : prompts) {
        result = agent.prompt(prompt);
        // Runs a script asked for while the agent was idle (in an input handler, say) follow the
        // prompt; the last answer is the one printed.
        result = agent.runRequestedTurns().orElse(result);
        if (result.failed()) {
          break;
        }
      }
      if (result == null || result.last().isEmpty()) {
        return 0; // a hook handled the input
      }
      AgentMessage.Assistant last = result.last().get();
      String text = result.text();
      if (!text.isEmpty()) {
        out.println(text);
        out.flush();
      }
      if (result.failed()) {
        err.println("graft: " + (last.stopReason().equals("aborted") ? "aborted" : "the model call failed")
            + last.errorMessage().map(m -> ": " + firstLine(m)).orElse(""));
        agent.session().file().ifPresent(f -> err.println("(the session is kept in " + f + "; continue it with -c)"));
        err.flush();
        return 1;
      }
      return 0;
    }
  }

  static String firstLine(String text) {
    String line = text.strip().lines().findFirst().orElse("");
    return line.length() > 160 ? line.substring(0, 159) + "…" : line;
  }

  static boolean hasToolCalls(AgentMessage.Assistant a) {
    return a.content().stream().anyMatch(ContentBlock.ToolCall.class::isInstance);
  }
}
