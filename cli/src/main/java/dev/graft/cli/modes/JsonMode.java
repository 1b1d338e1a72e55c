package dev.graft.cli.modes;

import dev.graft.runtime.agent.AgentEvents;
import dev.graft.runtime.agent.AgentSession;
import dev.graft.runtime.json.Json;
import java.io.PrintWriter;
import java.util.List;

/**
 * {@code graft --mode json -p ...}: every agent event as one JSON line on stdout, in the
 * reference agent's shapes, flushed as it happens. Exit code 1 when the last turn failed.
 */
public final class JsonMode {
  private JsonMode() {}

  /**
   * A prompt {@code /name args} runs that script command without a UI; its failure goes to stderr
   * (exit code 1).
   */
  public static int run(AgentSession agent, List<String> prompts, ScriptCommandPrompts commands, PrintWriter out,
      PrintWriter err) {
    List<ScriptCommandPrompts.Parsed> parsed = PrintMode.parseAll(prompts, commands);
    agent.subscribe(event -> {
      out.println(Json.write(AgentEvents.toJson(event)));
      out.flush();
    });
    try (Interrupts ignored = Interrupts.abortOnCtrlC(agent, err)) {
      for (ScriptCommandPrompts.Parsed prompt : parsed) {
        if (prompt instanceof ScriptCommandPrompts.Parsed.Command command) {
          try {
            commands.runWithoutUi(command);
          } catch (ScriptCommandPrompts.Failed e) {
            err.println("graft: " + e.getMessage());
            err.flush();
            return 1;
          }
          continue;
        }
        AgentSession.RunResult result = agent.prompt(((ScriptCommandPrompts.Parsed.Text) prompt).text());
        if (result.failed()) {
          return 1;
        }
      }
      return 0;
    }
  }
}
