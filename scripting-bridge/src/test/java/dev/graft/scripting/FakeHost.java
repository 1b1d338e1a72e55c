package dev.graft.scripting;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.llm.ThinkingLevel;
import dev.graft.scripting.api.BuiltinToolRun;
import dev.graft.scripting.api.NodeAccess;
import dev.graft.scripting.api.ScriptChild;
import dev.graft.scripting.api.ScriptFile;
import dev.graft.scripting.api.ScriptHostPort;
import dev.graft.scripting.api.ScriptSpawn;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A {@link ScriptHostPort} that records every call as one line and answers exec with futures the
 * test completes.
 */
class FakeHost implements ScriptHostPort {
  final List<String> calls = new CopyOnWriteArrayList<>();
  final LinkedBlockingQueue<CompletableFuture<JsonNode>> execs = new LinkedBlockingQueue<>();
  final List<String> threads = new CopyOnWriteArrayList<>();
  volatile List<String> activeTools = List.of("read", "bash");
  volatile ThinkingLevel level = ThinkingLevel.MEDIUM;

  /** What scripts' Node modules start from (null: no grants, the script's folder). */
  volatile NodeAccess nodeAccess;

  /** The programs child_process may start (a stand-in for the settings' grants). */
  volatile Set<String> programs = Set.of();

  /** Every program child_process asked for, granted or not. */
  final List<ScriptSpawn> spawns = new CopyOnWriteArrayList<>();

  @Override
  public NodeAccess nodeAccess(ScriptFile script) {
    NodeAccess a = nodeAccess;
    return a != null ? a : NodeAccess.of(script);
  }

  /** The programs named "hold" that were started: they end when the test reports it. */
  final LinkedBlockingQueue<ScriptChild.Events> held = new LinkedBlockingQueue<>();

  /**
   * A granted program does not run: it "prints" its arguments, one line, and exits 0 (or, for
   * "fail", prints to stderr and exits 3), from another thread, as a real one reports; "hold"
   * reports nothing until the test does, through {@link #held}.
   */
  @Override
  public ScriptChild spawn(ScriptFile script, ScriptSpawn spawn, ScriptChild.Events events) {
    spawns.add(spawn);
    if (!programs.contains(spawn.command())) {
      throw new SecurityException(
          "exec is not granted to " + script.name() + "; to let it run " + spawn.command());
    }
    if (spawn.command().equals("hold")) {
      held.add(events);
    } else {
      Thread.ofVirtual()
          .start(() -> {
            byte[] line = (String.join(" ", spawn.args()) + "\n").getBytes(StandardCharsets.UTF_8);
            if (spawn.command().equals("fail")) {
              events.stderr(line);
              events.exit(3, Optional.empty());
            } else {
              events.stdout(line);
              events.exit(0, Optional.empty());
            }
          });
    }
    return new ScriptChild() {
      @Override
      public long pid() {
        return 4242;
      }

      @Override
      public void write(byte[] bytes) {}

      @Override
      public void closeInput() {}

      @Override
      public boolean kill(String signal) {
        return false;
      }
    };
  }

  private void record(String line) {
    calls.add(line);
    threads.add(Thread.currentThread().getName());
  }

  @Override
  public void appendEntry(ScriptFile script, String customType, Optional<JsonNode> data) {
    record(
        "appendEntry "
            + script.name()
            + " "
            + customType
            + " "
            + data.map(Object::toString).orElse("-"));
  }

  @Override
  public void sendMessage(ScriptFile script, ObjectNode message, ObjectNode options) {
    record("sendMessage " + message + " " + options);
  }

  @Override
  public void sendUserMessage(ScriptFile script, JsonNode content, ObjectNode options) {
    record("sendUserMessage " + content + " " + options);
  }

  @Override
  public void setLabel(ScriptFile script, String entryId, Optional<String> label) {
    record("setLabel " + entryId + " " + label.orElse("-"));
  }

  @Override
  public void setSessionName(ScriptFile script, String name) {
    record("setSessionName " + name);
  }

  @Override
  public CompletableFuture<JsonNode> exec(
      ScriptFile script, String command, List<String> args, ObjectNode options) {
    record("exec " + command + " " + args + " " + options);
    CompletableFuture<JsonNode> f = new CompletableFuture<>();
    execs.add(f);
    return f;
  }

  /** The built-in tool runs asked for; each is left pending for the test to settle. */
  final BlockingQueue<CompletableFuture<JsonNode>> builtinRuns = new LinkedBlockingQueue<>();

  @Override
  public CompletableFuture<JsonNode> runBuiltinTool(ScriptFile script, BuiltinToolRun run) {
    record(
        "builtin "
            + run.tool()
            + " "
            + run.toolCallId()
            + " "
            + run.arguments()
            + " "
            + run.cwd()
            + " "
            + run.variables());
    CompletableFuture<JsonNode> f = new CompletableFuture<>();
    builtinRuns.add(f);
    return f;
  }

  /** The future of the next exec call, waiting up to 10 s for it. */
  CompletableFuture<JsonNode> nextExec() throws InterruptedException {
    CompletableFuture<JsonNode> f = execs.poll(10, TimeUnit.SECONDS);
    if (f == null) {
      throw new AssertionError("no exec call; calls: " + calls);
    }
    return f;
  }

  @Override
  public List<String> activeTools(ScriptFile script) {
    return activeTools;
  }

  @Override
  public void setActiveTools(ScriptFile script, List<String> names) {
    record("setActiveTools " + names);
    activeTools = List.copyOf(names);
  }

  @Override
  public CompletableFuture<Boolean> setModel(ScriptFile script, ObjectNode model) {
    record("setModel " + model);
    return CompletableFuture.completedFuture(true);
  }

  @Override
  public ThinkingLevel thinkingLevel(ScriptFile script) {
    return level;
  }

  @Override
  public void setThinkingLevel(ScriptFile script, ThinkingLevel level) {
    record("setThinkingLevel " + level.wire());
    this.level = level;
  }

  @Override
  public Optional<String> sessionName(ScriptFile script) {
    return Optional.of("my session");
  }
}
