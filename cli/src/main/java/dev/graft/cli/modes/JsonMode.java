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

  public static int run(AgentSession agent, List<String> prompts, PrintWriter out, PrintWriter err) {
    agent.subscribe(event -> {
      out.println(Json.write(AgentEvents.toJson(event)));
      out.flush();
    });
    try (Interrupts ignored = Interrupts.abortOnCtrlC(agent, err)) {
      for (String prompt : prompts) {
        AgentSession.RunResult result = agent.prompt(prompt);
        // Runs a script asked for while the agent was idle (in an input handler, say) follow the prompt.
        result = agent.runRequestedTurns().orElse(result);
        if (result.failed()) {
          return 1;
        }
      }
      return 0;
    }
  }
}
