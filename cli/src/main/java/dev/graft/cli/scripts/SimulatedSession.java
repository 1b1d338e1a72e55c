package dev.graft.cli.scripts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.cli.base.CliContext;
import dev.graft.cli.base.ScriptSurface;
import dev.graft.cli.base.UserError;
import dev.graft.cli.interactive.CommandAnswer;
import dev.graft.cli.interactive.ScriptCommandPrompts;
import dev.graft.cli.setup.AgentOptions;
import dev.graft.cli.setup.AgentSetup;
import dev.graft.runtime.agent.AgentSession;
import dev.graft.runtime.config.GraftHome;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.llm.LlmProvider;
import dev.graft.runtime.llm.ScriptedProvider;
import dev.graft.runtime.llm.TurnsFileException;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.MessageCodec;
import dev.graft.runtime.session.EntryCodec;
import dev.graft.runtime.session.SessionEntry;
import dev.graft.scripting.ScriptEngine;
import dev.graft.scripting.api.EventContext;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import picocli.CommandLine;

/**
 * One session a test file started: a real graft agent, set up as {@code graft --provider scripted
 * -s SCRIPT...} would be, in a temporary home and working directory, with every model request
 * recorded and {@code ctx.ui} answered by the test ({@link ScriptedUi}).
 */
final class SimulatedSession implements AutoCloseable {
  /** What a script refused a file, host, variable or program in a test session is told. */
  static final String NO_GRANTS = "a test session (t.session) gives scripts no grants";

  private final Path root;
  private final AgentSession agent;
  private final ScriptEngine engine;
  private final ScriptSurface surface;
  private final ScriptedUi ui = new ScriptedUi();
  private final ArrayNode requests = Json.array();
  private final StringWriter err = new StringWriter();

  /**
   * {@code options}: {scripts: [...], turns?: [...], entries?: [...], files?: {...}}; scripts
   * relative to {@code base}.
   */
  SimulatedSession(Path base, JsonNode options) throws Exception {
    root = Files.createTempDirectory("graft-test-");
    try {
      Path home = Files.createDirectories(root.resolve("home"));
      Path cwd = Files.createDirectories(root.resolve("work"));
      List<String> args =
          new ArrayList<>(List.of("--provider", "scripted", "--cwd", cwd.toString()));
      Path turns = root.resolve("turns.jsonl");
      StringBuilder lines = new StringBuilder();
      int index = 0;
      for (JsonNode turn : options.path("turns")) {
        String line = Json.write(turn);
        checkTurn(index++, line);
        lines.append(line).append('\n');
      }
      Files.writeString(turns, lines);
      args.addAll(List.of("--model", turns.toString()));
      if (!options.path("scripts").isArray() || options.path("scripts").isEmpty()) {
        throw new UserError(
            "t.session: give the scripts under test, {scripts: [\"./my-script.js\"]}");
      }
      for (JsonNode script : options.get("scripts")) {
        Path p = base.resolve(script.asText()).normalize();
        if (!Files.isRegularFile(p)) {
          throw new UserError("t.session: no script " + script.asText() + " beside the test file");
        }
        args.addAll(List.of("-s", p.toString()));
      }
      options
          .path("files")
          .properties()
          .forEach(f -> write(cwd, f.getKey(), f.getValue().asText()));
      if (options.has("entries")) {
        args.addAll(List.of("--session", sessionFile(cwd, options.get("entries")).toString()));
      }
      PrintWriter errors = new PrintWriter(err, true);
      CliContext context =
          new CliContext(
              Map.of("GRAFT_HOME", home.toString()),
              new GraftHome(home),
              cwd,
              new PrintWriter(new StringWriter(), true),
              errors,
              Clock.systemUTC(),
              new ByteArrayInputStream(new byte[0]));
      AgentOptions agentOptions =
          CommandLine.populateCommand(new AgentOptions(), args.toArray(String[]::new));
      // its home is temporary: no settings.json of it can be edited to grant anything
      agentOptions.withoutGrants = Optional.of(NO_GRANTS);
      AgentSetup.Ready ready = AgentSetup.prepareUnstarted(context, agentOptions, false);
      agent = ready.agent();
      surface = ready.surface();
      surface.showUi(
          ui); // event handlers' dialogs and notifications are the test's too, session_start's
      // included
      agent.start();
      engine =
          ready
              .scripts()
              .orElseThrow(() ->
                  new UserError("t.session: no script was loaded: " + err.toString().strip()));
      // named as the test wrote them, not by the temporary file (when they run out, say)
      LlmProvider scripted =
          ScriptedProvider.parse(
              "t.session({turns})", Files.readAllLines(turns, StandardCharsets.UTF_8));
      agent.setModel(
          ScriptedProvider.MODEL,
          (request, listener) -> {
            ObjectNode r = Json.object().put("systemPrompt", request.systemPrompt());
            ArrayNode messages = r.putArray("messages");
            request.messages().forEach(m -> messages.add(MessageCodec.encode(m)));
            synchronized (requests) {
              requests.add(r);
            }
            return scripted.stream(request, listener);
          });
    } catch (Exception | Error e) {
      deleteQuietly();
      throw e;
    }
  }

  /**
   * Checks one of the test's turns as the scripted model reads a line of its file, and names a
   * problem by the turn's place in {@code turns}, not by a line of a file the test never wrote.
   */
  private static void checkTurn(int index, String line) {
    String source = "t.session: turns[" + index + "]";
    try {
      ScriptedProvider.parse(source, List.of(line));
    } catch (TurnsFileException e) {
      String message = String.valueOf(e.getMessage());
      String head = source + ":1: ";
      throw new UserError(
          message.startsWith(head) ? source + ": " + message.substring(head.length()) : message);
    }
  }

  private static void write(Path cwd, String name, String text) {
    Path p = cwd.resolve(name).normalize();
    if (!p.startsWith(cwd)) {
      throw new UserError("t.session: files: " + name + " is outside the working directory");
    }
    try {
      Files.createDirectories(p.getParent());
      Files.writeString(p, text);
    } catch (IOException e) {
      throw new UserError("t.session: files: cannot write " + name + ": " + e.getMessage());
    }
  }

  /**
   * A session file holding {@code entries}, each the child of the one before unless it says
   * otherwise.
   */
  private Path sessionFile(Path cwd, JsonNode entries) throws IOException {
    StringBuilder text = new StringBuilder();
    text.append(
            Json.write(
                Json.object()
                    .put("type", "session")
                    .put("version", 3)
                    .put("id", UUID.randomUUID().toString())
                    .put("timestamp", "2026-01-01T00:00:00.000Z")
                    .put("cwd", cwd.toString())))
        .append('\n');
    String previous = null;
    int n = 0;
    for (JsonNode e : entries) {
      if (!(e instanceof ObjectNode entry) || !entry.path("type").isTextual()) {
        throw new UserError("t.session: entries[" + n + "] is not an entry object with a type");
      }
      ObjectNode filled = entry.deepCopy();
      if (!filled.has("id")) {
        filled.put("id", String.format("e%07d", n + 1));
      }
      if (!filled.has("parentId")) {
        if (previous == null) {
          filled.putNull("parentId");
        } else {
          filled.put("parentId", previous);
        }
      }
      if (!filled.has("timestamp")) {
        filled.put(
            "timestamp", String.format("2026-01-01T00:%02d:%02d.000Z", (n / 60) % 60, n % 60));
      }
      previous = filled.get("id").asText();
      text.append(Json.write(filled)).append('\n');
      n++;
    }
    Path file = root.resolve("session.jsonl");
    Files.writeString(file, text);
    return file;
  }

  /**
   * Runs a prompt to its end, {@code answers} answering the dialogs its tools and handlers open:
   * {text, failed}, and when it failed, {@code error}: why (the model's error, the turns run out).
   */
  ObjectNode prompt(String text, JsonNode answers) {
    ui.answerWith(answers);
    AgentSession.RunResult result = agent.prompt(text);
    ObjectNode reply = Json.object().put("text", result.text()).put("failed", result.failed());
    if (result.failed()) {
      AgentMessage.Assistant last = result.last().orElseThrow();
      reply.put("error", last.errorMessage().orElse("the run ended: " + last.stopReason()));
    }
    return reply;
  }

  /**
   * Runs "/name args" with {@code answers} for its dialogs, and then, as the print mode does, the
   * prompt it returned and the runs it asked for (sendUserMessage, a message with triggerTurn); the
   * handler's failure, or an answer a command may not give, as an exception.
   */
  JsonNode command(String line, JsonNode answers) throws InterruptedException, CommandFailed {
    String text = line.strip().startsWith("/") ? line.strip() : "/" + line.strip();
    // As in print mode: a script command with a built-in command's name is not run.
    ScriptCommandPrompts.Parsed parsed =
        new ScriptCommandPrompts(Optional.of(engine), surface).parse(text);
    if (!(parsed instanceof ScriptCommandPrompts.Parsed.Command command)) {
      throw new CommandFailed(
          parsed instanceof ScriptCommandPrompts.Parsed.Unknown u
              ? u.message()
              : "not a command: " + line);
    }
    String name = command.command().name();
    String args = command.args();
    ui.answerWith(answers);
    EventContext ctx = surface.context(ui);
    try {
      JsonNode result = engine.runCommand(name, args, ctx).get();
      JsonNode answer = result == null ? Json.NODES.missingNode() : result;
      CommandAnswer acted;
      try {
        acted = CommandAnswer.of(name, answer);
      } catch (IllegalArgumentException e) {
        throw new CommandFailed(e.getMessage());
      }
      ScriptCommandPrompts.act(acted, agent, status -> {});
      agent.runRequestedTurns();
      return answer;
    } catch (ExecutionException e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      throw new CommandFailed(cause.getMessage() == null ? cause.toString() : cause.getMessage());
    }
  }

  static final class CommandFailed extends Exception {
    CommandFailed(String message) {
      super(message);
    }
  }

  /** What the test sees after each step. */
  ObjectNode state() {
    ObjectNode s = Json.object();
    synchronized (requests) {
      s.set("requests", requests.deepCopy());
    }
    ArrayNode entries = s.putArray("entries");
    for (SessionEntry e : agent.session().entries()) {
      entries.add(EntryCodec.encode(e));
    }
    s.set("notifications", ui.notifications());
    s.set("dialogs", ui.dialogs());
    ArrayNode problems = s.putArray("problems");
    err.toString().lines().filter(l -> !l.isBlank()).forEach(problems::add);
    return s;
  }

  @Override
  public void close() {
    try {
      agent.close();
    } finally {
      deleteQuietly();
    }
  }

  private void deleteQuietly() {
    try (var walk = Files.walk(root)) {
      walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException ignored) {
      // a temporary directory left behind is no failure of the test
    }
  }
}
