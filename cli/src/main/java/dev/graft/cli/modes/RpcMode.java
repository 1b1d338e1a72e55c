package dev.graft.cli.modes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.cli.base.ScriptSurface;
import dev.graft.cli.interactive.CommandAnswer;
import dev.graft.cli.interactive.ScriptCommandPrompts;
import dev.graft.runtime.events.AgentEvents;
import dev.graft.runtime.agent.AgentSession;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.llm.Model;
import dev.graft.runtime.llm.ModelListing;
import dev.graft.runtime.llm.ModelRegistry;
import dev.graft.runtime.llm.ThinkingLevel;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.MessageCodec;
import dev.graft.runtime.message.MessageContent;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import dev.graft.runtime.session.SessionStore;
import dev.graft.scripting.api.ScriptCommand;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/**
 * {@code graft --mode rpc}: commands as JSON lines on stdin; responses
 * ({@code {"type":"response","command":...,"success":...}}) and agent events as JSON lines on
 * stdout, following the reference agent's RPC protocol (docs/rpc.md lists what graft supports).
 * Prompts and shell commands run on an agent thread, so abort and steer work while they run.
 */
public final class RpcMode {
  private final AgentSession agent;
  private final Supplier<ModelRegistry> registry;
  private final SessionStore store;
  private final PrintWriter out;
  private final ScriptCommandPrompts commands;
  private final RpcUi ui = new RpcUi(this::write, () -> shutdownRequested = true);
  /** A script called ctx.shutdown(): graft stops reading, after the command it is handling if any. */
  private volatile boolean shutdownRequested;
  private final ExecutorService worker = Executors.newSingleThreadExecutor(Thread.ofPlatform().name("graft-agent").daemon().factory());
  private volatile Future<?> running;
  /** A prompt was accepted and its agent_end has not been sent yet: what a client sees as busy. */
  private volatile boolean active;

  /**
   * {@code commands}: the script commands a prompt {@code /name} runs; {@code surface}: where
   * scripts' dialogs and problems go (here, to the client).
   */
  public RpcMode(AgentSession agent, Supplier<ModelRegistry> registry, SessionStore store, ScriptCommandPrompts commands,
      ScriptSurface surface, PrintWriter out) {
    this.agent = agent;
    this.registry = registry;
    this.store = store;
    this.commands = commands;
    this.out = out;
    surface.showUi(ui);
    surface.reportTo(problem -> write(extensionError(problem.script().map(Path::toString).orElse(""), problem.event(),
        problem.text())));
    agent.subscribe(event -> {
      if (event instanceof dev.graft.runtime.events.AgentEvent.AgentEnd) {
        active = false;
      }
      write(AgentEvents.toJson(event));
    });
    agent.onTurnRequested(this::runRequested);
    agent.start(); // the startup session_start, now that its ctx.ui reaches the client
  }

  /**
   * A script asked for a run while the agent was idle (sendMessage with triggerTurn, or
   * sendUserMessage): it runs on the agent thread, after whatever is there, as a prompt would.
   */
  private void runRequested() {
    try {
      running = worker.submit(() -> {
        if (!agent.hasRequestedTurn()) {
          return;
        }
        active = true;
        try {
          agent.runRequestedTurns();
        } catch (RuntimeException e) {
          write(error(null, "prompt", e.getMessage()));
        } finally {
          active = false;
        }
      });
    } catch (java.util.concurrent.RejectedExecutionException e) {
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
    java.util.concurrent.BlockingQueue<Optional<RpcLineReader.Line>> lines = new java.util.concurrent.LinkedBlockingQueue<>(16);
    IOException[] failure = new IOException[1];
    Thread.ofPlatform().daemon().name("graft-rpc-stdin").start(() -> {
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
        next = lines.poll(100, java.util.concurrent.TimeUnit.MILLISECONDS);
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
        write(error(null, "parse", "the line is " + next.get().length() + " characters long; the limit is "
            + RpcLineReader.MAX_LINE + ", and it was ignored"));
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
        write(error(null, "parse", "not a JSON line: " + firstLine(e.getMessage())));
        continue;
      }
      if (!command.isObject() || !command.path("type").isTextual()) {
        write(error(command.path("id"), "parse", "a command is a JSON object with a string field \"type\""));
        continue;
      }
      handle((ObjectNode) command);
    }
    ui.endOfInput();
    Future<?> last = running;
    if (last != null) {
      try {
        last.get();
      } catch (Exception e) {
        // the prompt reported its own failure as events
      }
    }
    worker.shutdown();
    return 0;
  }

  private void handle(ObjectNode c) {
    JsonNode id = c.get("id");
    String type = c.get("type").textValue();
    try {
      switch (type) {
        case "prompt" -> prompt(id, c);
        case "steer" -> {
          agent.steer(requireText(c, "message"));
          write(success(id, type));
        }
        case "follow_up" -> {
          agent.followUp(requireText(c, "message"));
          write(success(id, type));
        }
        case "abort", "abort_bash" -> {
          ui.dismissAll();
          agent.abort();
          write(success(id, type));
        }
        case "get_state" -> write(success(id, type).set("data", state()));
        case "get_messages" -> {
          ObjectNode data = Json.object();
          ArrayNode messages = data.putArray("messages");
          agent.session().buildContext().messages().forEach(m -> messages.add(MessageCodec.encode(m)));
          write(success(id, type).set("data", data));
        }
        case "get_last_assistant_text" -> {
          ObjectNode data = Json.object();
          lastAssistantText().ifPresentOrElse(t -> data.put("text", t), () -> data.putNull("text"));
          write(success(id, type).set("data", data));
        }
        case "get_session_stats" -> write(success(id, type).set("data", stats()));
        case "get_commands" -> {
          ObjectNode data = Json.object();
          ArrayNode list = data.putArray("commands");
          for (ScriptCommand command : commands.commands()) {
            ObjectNode o = list.addObject().put("name", command.name());
            if (!command.description().isEmpty()) {
              o.put("description", command.description());
            }
            o.put("source", "extension");
            o.putObject("sourceInfo").put("path", command.script().path().toString());
          }
          write(success(id, type).set("data", data));
        }
        case "get_available_models" -> {
          ObjectNode data = Json.object();
          ArrayNode models = data.putArray("models");
          registry.get().listModels().stream().filter(ModelListing::usable).forEach(l -> models.add(model(l.model())));
          write(success(id, type).set("data", data));
        }
        case "set_model" -> idle(id, type, () -> {
          String provider = requireText(c, "provider");
          String modelId = requireText(c, "modelId");
          ModelRegistry models = registry.get();
          Model m = models.find(provider, modelId).orElseThrow(() -> new IllegalArgumentException("Model not found: " + provider + "/" + modelId));
          if (models.listModels().stream().noneMatch(l -> l.model().equals(m) && l.usable())) {
            throw new IllegalArgumentException(models.missingKeyMessage(provider));
          }
          agent.setModel(m, models.provider(m));
          write(success(id, type).set("data", model(m)));
        });
        case "set_thinking_level" -> {
          String level = requireText(c, "level");
          agent.setThinking(ThinkingLevel.parse(level).orElseThrow(() ->
              new IllegalArgumentException("unknown thinking level '" + level + "': use off, minimal, low, medium, high or xhigh")));
          write(success(id, type));
        }
        case "set_session_name" -> {
          String name = requireText(c, "name").strip();
          if (name.isEmpty()) {
            throw new IllegalArgumentException("Session name cannot be empty");
          }
          agent.session().appendSessionInfo(name);
          write(success(id, type));
        }
        case "compact" -> background(id, type, () -> {
          Optional<String> entry = agent.compact(optionalText(c, "customInstructions"));
          ObjectNode data = Json.object();
          entry.flatMap(e -> agent.session().entry(e)).ifPresent(e -> {
            SessionEntry.Compaction comp = (SessionEntry.Compaction) e;
            data.put("summary", comp.summary());
            comp.firstKeptEntryId().ifPresent(f -> data.put("firstKeptEntryId", f));
            data.put("tokensBefore", comp.tokensBefore());
            comp.details().ifPresent(d -> data.set("details", d));
          });
          if (entry.isEmpty()) {
            throw new IllegalStateException("nothing was compacted (see the compaction_end event)");
          }
          return data;
        });
        case "bash" -> background(id, type, () -> {
          AgentMessage.BashExecution r = agent.runUserBash(requireText(c, "command"), false, null);
          ObjectNode data = Json.object().put("output", r.output()).put("cancelled", r.cancelled()).put("truncated", r.truncated());
          r.exitCode().ifPresent(x -> data.put("exitCode", x));
          r.fullOutputPath().ifPresent(p -> data.put("fullOutputPath", p));
          return data;
        });
        case "new_session" -> idle(id, type, () -> {
          boolean done = agent.newSession();
          write(success(id, type).set("data", Json.object().put("cancelled", !done)));
        });
        case "switch_session" -> idle(id, type, () -> {
          String target = requireText(c, "sessionPath");
          Path file = store.resolve(target, agent.session().cwd()).orElseThrow(() ->
              new IllegalArgumentException("no such session file or session id: " + target));
          boolean done = agent.switchSession(file);
          write(success(id, type).set("data", Json.object().put("cancelled", !done)));
        });
        case "get_fork_messages" -> {
          ObjectNode data = Json.object();
          ArrayNode messages = data.putArray("messages");
          for (SessionEntry e : agent.session().messageEntries("user")) {
            if (e instanceof SessionEntry.Message m && m.message() instanceof AgentMessage.User u && !u.content().text("").isEmpty()) {
              messages.addObject().put("entryId", e.id()).put("text", u.content().text(""));
            }
          }
          write(success(id, type).set("data", data));
        }
        case "fork" -> idle(id, type, () -> {
          String entryId = requireText(c, "entryId");
          SessionEntry entry = agent.session().entry(entryId).orElseThrow(() -> new IllegalArgumentException("entry " + entryId + " not found"));
          if (!(entry instanceof SessionEntry.Message m && m.message() instanceof AgentMessage.User)) {
            throw new IllegalArgumentException("fork from a user message (get_fork_messages lists them)");
          }
          AgentSession.ForkResult forked = agent.fork(entryId);
          ObjectNode data = Json.object();
          forked.selectedText().ifPresent(t -> data.put("text", t));
          write(success(id, type).set("data", data.put("cancelled", forked.cancelled())));
        });
        case "extension_ui_response" -> ui.answer(c).ifPresent(problem -> write(error(id, type, problem)));
        default -> write(error(id, type, "unknown command '" + type + "'" + nearest(type)));
      }
    } catch (IllegalArgumentException | IllegalStateException e) {
      write(error(id, type, e.getMessage()));
    } catch (Exception e) {
      write(error(id, type, e.getClass().getSimpleName() + ": " + e.getMessage()));
    }
  }

  private void prompt(JsonNode id, ObjectNode c) {
    String message = requireText(c, "message");
    switch (commands.parse(message)) {
      case ScriptCommandPrompts.Parsed.Unknown unknown -> throw new IllegalArgumentException(unknown.message());
      case ScriptCommandPrompts.Parsed.Command command -> {
        write(success(id, "prompt"));
        running = worker.submit(() -> runCommand(command));
        return;
      }
      case ScriptCommandPrompts.Parsed.Text text -> {}
    }
    if (active) {
      String behavior = c.path("streamingBehavior").asText("");
      switch (behavior) {
        case "steer" -> agent.steer(message);
        case "followUp" -> agent.followUp(message);
        default -> throw new IllegalStateException("the agent is running; send streamingBehavior \"steer\" or \"followUp\", or use steer/follow_up");
      }
      write(success(id, "prompt"));
      return;
    }
    active = true;
    write(success(id, "prompt"));
    running = worker.submit(() -> {
      try {
        AgentSession.RunResult result = agent.prompt(message);
        if (result.last().isEmpty()) {
          active = false; // a hook handled the input: no agent_end comes
        }
      } catch (RuntimeException e) {
        active = false;
        write(error(id, "prompt", e.getMessage()));
      }
    });
  }

  /**
   * Runs a script command on the agent thread; its dialogs go to the client while this thread
   * waits. Text it returns goes to the client's editor; a failure is an extension_error.
   */
  private void runCommand(ScriptCommandPrompts.Parsed.Command command) {
    try {
      JsonNode answer = commands.run(command, ui).get();
      ScriptCommandPrompts.act(CommandAnswer.of(command.command().name(), answer), agent,
          status -> ui.notify(status, "info"));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (Exception e) {
      write(extensionError(command.command().script().path().toString(), "command", ScriptCommandPrompts.failure(command, e)));
    }
  }

  private static ObjectNode extensionError(String path, String event, String error) {
    return Json.object().put("type", "extension_error").put("extensionPath", path).put("event", event).put("error", error);
  }

  /**
   * Runs a command that must not overlap a turn on the agent thread (after whatever is
   * finishing there), and answers when it is done.
   */
  private void idle(JsonNode id, String type, Action action) {
    if (active) {
      throw new IllegalStateException(type + " needs the agent to be idle (abort first, or wait for agent_end)");
    }
    running = worker.submit(() -> {
      try {
        action.run();
      } catch (Exception e) {
        write(error(id, type, e.getMessage()));
      }
    });
  }

  /** Like {@link #idle}, for commands whose response carries data. */
  private void background(JsonNode id, String type, Work work) {
    idle(id, type, () -> write(success(id, type).set("data", work.run())));
  }

  @FunctionalInterface
  private interface Action {
    void run() throws Exception;
  }

  @FunctionalInterface
  private interface Work {
    ObjectNode run() throws Exception;
  }

  private ObjectNode state() {
    Session s = agent.session();
    ObjectNode o = Json.object();
    o.set("model", model(agent.model()));
    o.put("thinkingLevel", agent.thinking().wire());
    o.put("isStreaming", !agent.isIdle());
    o.put("isCompacting", false);
    o.put("steeringMode", "all");
    o.put("followUpMode", "all");
    s.file().ifPresent(f -> o.put("sessionFile", f.toString()));
    o.put("sessionId", s.id());
    s.name().ifPresent(n -> o.put("sessionName", n));
    o.put("autoCompactionEnabled", true);
    o.put("messageCount", s.buildContext().messages().size());
    o.put("pendingMessageCount", 0);
    return o;
  }

  private ObjectNode stats() {
    Session s = agent.session();
    List<AgentMessage> messages = s.buildContext().messages();
    long user = 0, assistant = 0, results = 0, calls = 0, in = 0, outTokens = 0, cacheRead = 0, cacheWrite = 0;
    double cost = 0;
    for (AgentMessage m : messages) {
      switch (m) {
        case AgentMessage.User u -> user++;
        case AgentMessage.ToolResult t -> results++;
        case AgentMessage.Assistant a -> {
          assistant++;
          calls += a.toolCalls().size();
          in += a.usage().input();
          outTokens += a.usage().output();
          cacheRead += a.usage().cacheRead();
          cacheWrite += a.usage().cacheWrite();
          cost += a.usage().cost().total();
        }
        default -> {}
      }
    }
    ObjectNode o = Json.object();
    s.file().ifPresent(f -> o.put("sessionFile", f.toString()));
    o.put("sessionId", s.id());
    o.put("userMessages", user).put("assistantMessages", assistant).put("toolCalls", calls).put("toolResults", results);
    o.put("totalMessages", messages.size());
    o.putObject("tokens").put("input", in).put("output", outTokens).put("cacheRead", cacheRead).put("cacheWrite", cacheWrite)
        .put("total", in + outTokens + cacheRead + cacheWrite);
    o.set("cost", Json.number(cost));
    return o;
  }

  private Optional<String> lastAssistantText() {
    List<AgentMessage> messages = agent.session().buildContext().messages();
    for (int i = messages.size() - 1; i >= 0; i--) {
      if (messages.get(i) instanceof AgentMessage.Assistant a) {
        String text = new MessageContent.Blocks(a.content().stream().filter(ContentBlock.Text.class::isInstance).toList()).text("");
        return text.isEmpty() ? Optional.empty() : Optional.of(text);
      }
    }
    return Optional.empty();
  }

  private static ObjectNode model(Model m) {
    ObjectNode o = Json.object();
    o.put("id", m.id()).put("name", m.name()).put("provider", m.provider()).put("api", m.api().toString().toLowerCase().replace('_', '-'));
    o.put("baseUrl", m.baseUrl()).put("reasoning", m.reasoning()).put("contextWindow", m.contextWindow()).put("maxTokens", m.maxTokens());
    return o;
  }

  private static final List<String> COMMANDS = List.of("prompt", "steer", "follow_up", "abort", "new_session", "get_state",
      "set_model", "get_available_models", "set_thinking_level", "compact", "bash", "abort_bash", "get_session_stats",
      "switch_session", "fork", "get_fork_messages", "get_last_assistant_text", "set_session_name", "get_messages",
      "get_commands", "extension_ui_response");

  private static String nearest(String type) {
    return dev.graft.cli.base.EditDistance.nearest(type, COMMANDS, 3, false).map(best -> "; did you mean '" + best + "'?").orElse("");
  }

  private static String requireText(ObjectNode c, String field) {
    JsonNode v = c.get(field);
    if (v == null || !v.isTextual()) {
      throw new IllegalArgumentException(c.get("type").asText() + " needs a string field \"" + field + "\"");
    }
    return v.textValue();
  }

  private static Optional<String> optionalText(ObjectNode c, String field) {
    return c.path(field).isTextual() ? Optional.of(c.get(field).textValue()) : Optional.empty();
  }

  private static ObjectNode success(JsonNode id, String command) {
    ObjectNode o = Json.object();
    if (id != null && !id.isMissingNode() && !id.isNull()) {
      o.set("id", id);
    }
    return o.put("type", "response").put("command", command).put("success", true);
  }

  private static ObjectNode error(JsonNode id, String command, String message) {
    ObjectNode o = Json.object();
    if (id != null && !id.isMissingNode() && !id.isNull()) {
      o.set("id", id);
    }
    return o.put("type", "response").put("command", command).put("success", false).put("error", message == null ? "failed" : message);
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
