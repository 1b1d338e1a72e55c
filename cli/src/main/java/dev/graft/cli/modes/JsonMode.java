package dev.graft.cli.modes;

import dev.graft.cli.interactive.ScriptCommandPrompts;
import dev.graft.runtime.agent.AgentSession;
import dev.graft.runtime.events.AgentEvents;
import dev.graft.runtime.hooks.ScriptText;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.ContentBlock;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;

/**
 * {@code graft --mode json -p ...}: the session's header line first, as the reference agent prints
 * it, then every agent event as one JSON line on stdout, in the reference agent's shapes, flushed
 * as it happens. Exit code 1 when the last turn failed.
 */
public final class JsonMode {
  private JsonMode() {}

  /**
   * A prompt {@code /name args} runs that script command without a UI; its failure goes to stderr
   * (exit code 1).
   */
  public static int run(
      AgentSession agent,
      List<String> prompts,
      List<ContentBlock> images,
      ScriptCommandPrompts commands,
      PrintWriter out,
      PrintWriter err) {
    List<ScriptCommandPrompts.Parsed> parsed = PrintMode.parseAll(prompts, commands);
    out.println(Json.write(agent.session().header().toJson()));
    out.flush();
    agent.subscribe(event -> {
      out.println(Json.write(AgentEvents.toJson(event)));
      out.flush();
    });
    try (CtrlCAbort ignored = CtrlCAbort.install(agent, err)) {
      for (ScriptCommandPrompts.Parsed prompt : parsed) {
        AgentSession.RunResult result;
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
          // A run the command asked for (sendUserMessage, say) follows it.
          Optional<AgentSession.RunResult> requested = agent.runRequestedTurns();
          if (requested.isEmpty()) {
            continue;
          }
          result = requested.get();
        } else {
          result =
              agent.prompt(
                  ((ScriptCommandPrompts.Parsed.Text) prompt).text(),
                  prompt == parsed.getFirst() ? images : List.of());
          // Runs a script asked for while the agent was idle (in an input handler, say) follow the
          // prompt.
          result = agent.runRequestedTurns().orElse(result);
        }
        if (result.failed()) {
          return 1;
        }
      }
      return 0;
    }
  }
}
