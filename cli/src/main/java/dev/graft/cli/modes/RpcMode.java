package dev.graft.cli.modes;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.cli.base.ScriptSurface;
import dev.graft.cli.interactive.InteractiveMode;
import dev.graft.cli.interactive.ScriptCommandPrompts;
import dev.graft.cli.setup.LoadedScripts;
import dev.graft.cli.setup.RunResources;
import dev.graft.runtime.agent.AgentSession;
import dev.graft.runtime.config.EditDistance;
import dev.graft.runtime.events.AgentEvent;
import dev.graft.runtime.events.AgentEvents;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.llm.ModelRegistry;
import dev.graft.runtime.llm.ModelScope;
import dev.graft.runtime.session.SessionStore;
import dev.graft.scripting.api.LoadReport;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * {@code graft --mode rpc}: commands as JSON lines on stdin; responses ({@code
 * {"type":"response","command":...,"success":...}}) and agent events as JSON lines on stdout,
 * following the reference agent's RPC protocol (docs/rpc.md lists what graft supports). Prompts and
 * shell commands run on an agent thread, so abort and steer work while they run. Each command type
 * has its handler ({@link #commands}): running the agent in {@link RpcRunCommands}, the session in
 * {@link RpcSessionCommands}, the model in {@link RpcModelCommands}, scripts' commands and dialogs
 * in {@link RpcScriptCommands}.
 */
public final class RpcMode {
  private final AgentSession agent;
  private final PrintWriter out;
  private final RpcUi ui = new RpcUi(this::write, () -> shutdownRequested = true);

  /**
   * A script called ctx.shutdown(): graft stops reading, after the command it is handling if any.
   */
  private volatile boolean shutdownRequested;

  private final RpcAgentThread thread = new RpcAgentThread(this::write);
  private final Map<String, RpcCommand> commands;

  /**
   * {@code scope}: the models {@code cycle_model} steps through ({@code --models} or {@code
   * enabledModels}; empty for every model with a key); {@code commands}: the script commands a
   * prompt {@code /name} runs; {@code resources}: the prompt templates and skills {@code
   * get_commands} lists after them; {@code userSettings}: the user's settings.json, where switches
   * the client makes are kept; {@code exporter}: {@code graft session export}, for {@code
   * export_html}; {@code surface}: where scripts' dialogs and problems go (here, to the client);
   * {@code loadFailures}: the scripts that did not load, told to the client first, as {@code
   * extension_error}s of event {@code load}.
   */
  public RpcMode(
      AgentSession agent,
      Supplier<ModelRegistry> registry,
      Supplier<ModelScope> scope,
      SessionStore store,
      Path userSettings,
      InteractiveMode.Exporter exporter,
      ScriptCommandPrompts commands,
      RunResources resources,
      ScriptSurface surface,
      List<LoadReport.Problem> loadFailures,
      PrintWriter out) {
    this.agent = agent;
    this.out = out;
    this.commands =
        commands(
            new RpcRunCommands(agent, commands, ui, thread, this::write),
            new RpcSessionCommands(agent, store, userSettings, exporter, thread, this::write),
            new RpcModelCommands(agent, registry, scope, thread, this::write),
            new RpcScriptCommands(commands, resources, ui, this::write));
    // stderr has them too, but a client reading stdout would never learn why a script is missing
    loadFailures.forEach(p ->
        write(RpcRequest.extensionError(p.path().toString(), "load", LoadedScripts.notLoaded(p))));
    surface.showUi(ui);
    surface.reportTo(problem ->
        write(
            RpcRequest.extensionError(
                problem.script().map(Path::toString).orElse(""), problem.event(), problem.text())));
    agent.subscribe(event -> {
      if (event instanceof AgentEvent.AgentEnd) {
        thread.setActive(false);
      }
      write(AgentEvents.toJson(event));
    });
    // the reference's session events, for a client written for it
    agent.onQueueChanged(q -> {
      ObjectNode update = Json.object().put("type", "queue_update");
      ArrayNode steering = update.putArray("steering");
      q.steering().forEach(steering::add);
      ArrayNode followUp = update.putArray("followUp");
      q.followUps().forEach(followUp::add);
      write(update);
    });
    agent.onSessionNameChanged(name -> {
      ObjectNode changed = Json.object().put("type", "session_info_changed");
      name.ifPresent(n -> changed.put("name", n));
      write(changed);
    });
    agent.onThinkingChanged(level ->
        write(Json.object().put("type", "thinking_level_changed").put("level", level.wire())));
    agent.onTurnRequested(this::runRequested);
    agent.start(); // the startup session_start, now that its ctx.ui reaches the client
  }

  /**
   * A script asked for a run while the agent was idle (sendMessage with triggerTurn, or
   * sendUserMessage): it runs on the agent thread, after whatever is there, as a prompt would.
   */
  private void runRequested() {
    try {
      thread.submit(() -> {
        if (!agent.hasRequestedTurn()) {
          return;
        }
        thread.setActive(true);
        try {
          agent.runRequestedTurns();
        } catch (RuntimeException e) {
          write(RpcRequest.error(null, "prompt", e.getMessage()));
        } finally {
          thread.setActive(false);
        }
      });
    } catch (RejectedExecutionException e) {
      // stdin has ended and graft is stopping: there is no one to run it for
    }
  }

  /**
   * Reads commands until stdin ends, or a script calls ctx.shutdown(); then waits for a running
   * prompt and returns 0. stdin is read on a thread of its own, so that a shutdown asked for while
   * no command comes ends graft too.
   */
  public int run(InputStream in) throws IOException {
    // Read ahead a few lines at most (each up to RpcLineReader.MAX_LINE): the reader waits when
    // the commands are not taken as fast as they come.
    BlockingQueue<Optional<RpcLineReader.Line>> lines = new LinkedBlockingQueue<>(16);
    IOException[] failure = new IOException[1];
    Thread.ofPlatform()
        .daemon()
        .name("graft-rpc-stdin")
        .start(() -> {
          try (InputStreamReader reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
            RpcLineReader lineReader = new RpcLineReader(reader, RpcLineReader.MAX_LINE);
            Optional<RpcLineReader.Line> line;
            while ((line = lineReader.next()).isPresent()) {
              lines.put(line);
            }
          } catch (IOException e) {
            failure[0] = e;
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          } finally {
            try {
              lines.put(Optional.empty()); // the end, after every line read
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          }
        });
    while (!shutdownRequested) {
      Optional<RpcLineReader.Line> next;
      try {
        next = lines.poll(100, TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
      if (next == null) {
        continue;
      }
      if (next.isEmpty()) {
        if (failure[0] != null) {
          throw failure[0];
        }
        break;
      }
      if (next.get().text().isEmpty()) {
        write(
            RpcRequest.error(
                null,
                "parse",
                "the line is "
                    + next.get().length()
                    + " characters long; the limit is "
                    + RpcLineReader.MAX_LINE
                    + ", and it was ignored"));
        continue;
      }
      String line = next.get().text().get();
      if (line.isBlank()) {
        continue;
      }
      JsonNode command;
      try {
        command = Json.parse(line);
      } catch (IOException e) {
        write(RpcRequest.error(null, "parse", "not a JSON line: " + describe(e)));
        continue;
      }
      if (!command.isObject() || !command.path("type").isTextual()) {
        write(
            RpcRequest.error(
                command.path("id"),
                "parse",
                "a command is a JSON object with a string field \"type\""));
        continue;
      }
      handle((ObjectNode) command);
    }
    ui.endOfInput();
    thread.finish();
    return 0;
  }

  /** The commands by name, in the order the nearest name to an unknown one is looked for. */
  private static Map<String, RpcCommand> commands(
      RpcRunCommands run,
      RpcSessionCommands session,
      RpcModelCommands model,
      RpcScriptCommands scripts) {
    Map<String, RpcCommand> c = new LinkedHashMap<>();
    c.put("prompt", run::prompt);
    c.put("steer", run::steer);
    c.put("follow_up", run::followUp);
    c.put("abort", run::abort);
    c.put("new_session", session::newSession);
    c.put("get_state", session::getState);
    c.put("set_model", model::setModel);
    c.put("cycle_model", model::cycleModel);
    c.put("get_available_models", model::getAvailableModels);
    c.put("set_thinking_level", model::setThinkingLevel);
    c.put("cycle_thinking_level", model::cycleThinkingLevel);
    c.put("compact", run::compact);
    c.put("set_auto_compaction", session::setAutoCompaction);
    c.put("set_steering_mode", r -> session.setQueueMode(r, RpcSessionCommands.STEERING_MODE));
    c.put("set_follow_up_mode", r -> session.setQueueMode(r, RpcSessionCommands.FOLLOW_UP_MODE));
    c.put("set_auto_retry", session::setAutoRetry);
    c.put("abort_retry", run::abortRetry);
    c.put("bash", run::bash);
    c.put("abort_bash", run::abort);
    c.put("get_session_stats", session::getSessionStats);
    c.put("export_html", session::exportHtml);
    c.put("switch_session", session::switchSession);
    c.put("fork", session::fork);
    c.put("clone", session::cloneSession);
    c.put("get_fork_messages", session::getForkMessages);
    c.put("get_last_assistant_text", session::getLastAssistantText);
    c.put("set_session_name", session::setSessionName);
    c.put("get_messages", session::getMessages);
    c.put("get_commands", scripts::getCommands);
    c.put("extension_ui_response", scripts::extensionUiResponse);
    return Collections.unmodifiableMap(c);
  }

  private void handle(ObjectNode c) {
    RpcRequest request = new RpcRequest(c.get("id"), c.get("type").textValue(), c);
    RpcCommand command = commands.get(request.type());
    try {
      if (command == null) {
        write(request.error("unknown command '" + request.type() + "'" + nearest(request.type())));
        return;
      }
      command.run(request);
    } catch (IllegalArgumentException | IllegalStateException e) {
      write(request.error(e.getMessage()));
    } catch (Exception e) {
      write(request.error(e.getClass().getSimpleName() + ": " + e.getMessage()));
    }
  }

  private String nearest(String type) {
    return EditDistance.nearest(type, commands.keySet(), 3, false)
        .map(best -> "; did you mean '" + best + "'?")
        .orElse("");
  }

  /**
   * What is wrong with a line that is not JSON, in the client's terms: Jackson's own message names
   * its settings and an unclosed object's place inside a "[Source: ...]".
   */
  private static String describe(IOException e) {
    if (!(e instanceof JsonProcessingException j)) {
      return firstLine(e.getMessage());
    }
    if (j.getOriginalMessage().startsWith("Trailing token")) {
      return "more than one JSON value on the line (send one command a line)";
    }
    String m = Json.problem(j, "character $2");
    var at = j.getLocation();
    return at == null || at.getColumnNr() < 1 ? m : m + " at character " + at.getColumnNr();
  }

  private static String firstLine(String text) {
    return text == null ? "" : text.lines().findFirst().orElse("");
  }

  private void write(ObjectNode line) {
    synchronized (out) {
      out.println(Json.write(line));
      out.flush();
    }
  }
}
