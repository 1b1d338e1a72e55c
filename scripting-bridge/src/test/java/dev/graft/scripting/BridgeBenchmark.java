package dev.graft.scripting;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.management.OperatingSystemMXBean;
import dev.graft.runtime.hooks.HookRunner;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.MessageCodec;
import dev.graft.runtime.session.SessionEntry;
import dev.graft.scripting.api.EventContext;
import dev.graft.scripting.api.ScriptLog;
import dev.graft.scripting.api.ScriptSettings;
import dev.graft.scripting.api.ScriptSources;
import dev.graft.scripting.api.ScriptUi;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.HostAccess;
import org.graalvm.polyglot.SandboxPolicy;
import org.graalvm.polyglot.Value;

/**
 * Not a test: run in a fresh JVM with {@code java -cp <test classpath>
 * dev.graft.scripting.BridgeBenchmark [cold|warm|marshal|hooks|context-calls]}. {@code cold}: time
 * from nothing to a first handler answer (engine, one script, one emit); {@code warm}: per-call
 * time of a context-style handler over 2,000 messages after warm-up; {@code marshal}: a payload
 * into a context as JSON.parse of one string versus built through the polyglot API; {@code hooks}
 * and {@code context-calls}: see their methods.
 */
public final class BridgeBenchmark {
  private static final String PRUNE =
      """
      export default function (pi) {
        pi.on("input", (e) => ({ action: "continue" }));
        pi.on("context", (event) => ({
          messages: event.messages.map((m) => m.role === "toolResult" && m.content[0].text.length > 500
            ? { ...m, content: [{ type: "text", text: m.content[0].text.slice(0, 100) + " [pruned]" }] }
            : m),
        }));
      }
      """;

  private BridgeBenchmark() {}

  public static void main(String[] args) throws Exception {
    String what = args.length > 0 ? args[0] : "cold";
    switch (what) {
      case "cold" -> cold();
      case "cold-warmed" -> coldWarmed();
      case "warm" -> warm();
      case "marshal" -> marshal();
      case "hooks" -> hooks(args);
      case "context-calls" -> contextCalls(args);
      case "marshal-cold-parse", "marshal-cold-build" -> marshalCold(what.endsWith("parse"));
      default -> throw new IllegalArgumentException(what);
    }
  }

  private static Path scripts() throws Exception {
    Path dir = Files.createTempDirectory("graft-bench");
    Files.writeString(dir.resolve("prune.js"), PRUNE);
    return dir;
  }

  private static void cold() throws Exception {
    long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
    long t0 = System.nanoTime();
    Path dir = scripts();
    try (ScriptEngine engine =
        ScriptEngine.start(ScriptSettings.defaults(), new FakeHost(), (s, l, t) -> {})) {
      long t1 = System.nanoTime();
      engine.load(ScriptSources.of(dir));
      long t2 = System.nanoTime();
      check(engine.emit("input", Json.object().put("text", "hi"), EventContext.EMPTY));
      long t3 = System.nanoTime();
      System.out.printf(
          "cold start: engine %d ms + load one script %d ms + first emit %d ms = %d ms;"
              + " JVM start to first answer %d ms%n",
          ms(t1 - t0),
          ms(t2 - t1),
          ms(t3 - t2),
          ms(t3 - t0),
          System.currentTimeMillis() - jvmStart);
      long t4 = System.nanoTime();
      check(engine.emit("context", MarshalTest.contextPayload(2000), EventContext.EMPTY));
      System.out.printf(
          "first context emit over 2,000 messages (cold): %d ms%n", ms(System.nanoTime() - t4));
    }
  }

  /**
   * As cold, but warmUp() is called first and the caller does 1.5 s of its own startup meanwhile.
   */
  private static void coldWarmed() throws Exception {
    long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
    Path dir = scripts();
    try (ScriptEngine engine =
        ScriptEngine.start(ScriptSettings.defaults(), new FakeHost(), (s, l, t) -> {})) {
      engine.warmUp();
      Thread.sleep(1500);
      long t2 = System.nanoTime();
      engine.load(ScriptSources.of(dir));
      check(engine.emit("input", Json.object().put("text", "hi"), EventContext.EMPTY));
      System.out.printf(
          "after warmUp() and 1.5 s of other startup: load + first emit %d ms; JVM start to first answer %d ms%n",
          ms(System.nanoTime() - t2), System.currentTimeMillis() - jvmStart);
    }
  }

  private static void warm() throws Exception {
    try (ScriptEngine engine =
        ScriptEngine.start(ScriptSettings.defaults(), new FakeHost(), (s, l, t) -> {})) {
      engine.load(ScriptSources.of(scripts()));
      ObjectNode payload = MarshalTest.contextPayload(2000);
      System.out.printf(
          "payload: 2,000 messages, %d characters of JSON%n", Json.write(payload).length());
      for (int i = 0; i < 40; i++) {
        check(engine.emit("context", payload, EventContext.EMPTY));
      }
      int n = 30;
      long s = System.nanoTime();
      for (int i = 0; i < n; i++) {
        check(engine.emit("context", payload, EventContext.EMPTY));
      }
      System.out.printf(
          "warm context emit over 2,000 messages: %.1f ms per call (mean of %d after 40 warm-up calls)%n",
          (System.nanoTime() - s) / 1e6 / n, n);
    }
  }

  /**
   * graft's own cost of hooks per prompt, in process: the examples of bench/hooks-e2e.sh's part a
   * that need no process (scripts/examples but git-checkpoint.js and reminder.js), wired as an
   * agent run wires them (ScriptHookSource and HookRunner, a ctx with the data LiveEventContext
   * gives), each "prompt" the events a prompt of that bench asks about: input, before_agent_start,
   * two context calls over a growing conversation, tool_call. {@code hooks [PROMPTS [WARMUP]]}
   * prints per prompt: wall, the CPU of the script thread, of the calling thread, of the process.
   */
  private static void hooks(String[] args) throws Exception {
    int prompts = args.length > 1 ? Integer.parseInt(args[1]) : 300;
    int warmup = args.length > 2 ? Integer.parseInt(args[2]) : 200;
    Path examples = Path.of(System.getProperty("examples", "../scripts/examples"));
    Path dir = Files.createTempDirectory("graft-bench-hooks");
    Files.createDirectories(dir.resolve("lib"));
    Files.copy(examples.resolve("lib/messages.js"), dir.resolve("lib/messages.js"));
    for (String f :
        List.of(
            "custom-compaction.js",
            "digest-compaction.js",
            "input-transform.js",
            "permission-gate.js",
            "protected-paths.js",
            "pruning.js",
            "session-name.js",
            "stacking.js",
            "todo.js")) {
      Files.copy(examples.resolve(f), dir.resolve(f));
    }
    FakeSessionView session = new FakeSessionView();
    session.append("e0", "session_info", "\"name\":\"bench\"");
    try (ScriptEngine engine =
        ScriptEngine.start(
            ScriptSettings.defaults(),
            new FakeHost(),
            (s, l, t) -> {
              if (l == ScriptLog.Level.ERROR || l == ScriptLog.Level.WARN) {
                System.err.println(s + ": " + t);
              }
            })) {
      var report = engine.load(ScriptSources.of(dir));
      if (!report.problems().isEmpty()) {
        throw new IllegalStateException(report.problems().toString());
      }
      Supplier<EventContext> ctx =
          () -> {
            ObjectNode data = Json.object().put("cwd", dir.toString());
            data.put("sessionFile", dir.resolve("session.jsonl").toString());
            data.set(
                "model",
                json(
                    "{\"provider\":\"bench\",\"id\":\"fake-model\",\"name\":\"fake\","
                        + "\"api\":\"openai-completions\",\"reasoning\":false,\"input\":[\"text\"],"
                        + "\"cost\":{\"input\":0,\"output\":0,\"cacheRead\":0,\"cacheWrite\":0},"
                        + "\"contextWindow\":1000000,\"maxTokens\":1000}"));
            data.put("thinkingLevel", "off");
            return new EventContext(data, ScriptUi.NONE).withSession(session);
          };
      HookRunner hooks = failingOnProblems(engine, ctx);
      List<AgentMessage> messages = new ArrayList<>();
      var threads = ManagementFactory.getThreadMXBean();
      long scriptThread = scriptThreadId();
      var os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
      for (int round = 0; round < 2; round++) {
        int n = round == 0 ? warmup : prompts;
        long wall = System.nanoTime();
        long cpuScript = threads.getThreadCpuTime(scriptThread);
        long cpuSelf = threads.getCurrentThreadCpuTime();
        long cpuAll = os.getProcessCpuTime();
        for (int i = 0; i < n; i++) {
          if (messages.size() > 60) {
            messages.clear();
          }
          prompt(hooks, messages, i);
        }
        if (round == 1) {
          System.out.printf(
              "per prompt (%d prompts after %d): wall %.3f ms, script thread %.3f ms, caller %.3f ms, process %.3f ms%n",
              n,
              warmup,
              (System.nanoTime() - wall) / 1e6 / n,
              (threads.getThreadCpuTime(scriptThread) - cpuScript) / 1e6 / n,
              (threads.getCurrentThreadCpuTime() - cpuSelf) / 1e6 / n,
              (os.getProcessCpuTime() - cpuAll) / 1e6 / n);
        }
      }
    }
  }

  /**
   * What one context call costs graft once warm, with two scripts whose context handlers do
   * nothing: {@code context-calls [CALLS [WARMUP [MESSAGES [branch]]]]}, a conversation of MESSAGES
   * messages asked about CALLS times; with {@code branch}, as the agent asks: with the session's
   * entries, so that the payload carries each message's {@code entryIndex}. Prints per call: wall,
   * the script thread's CPU, the caller's.
   */
  private static void contextCalls(String[] args) throws Exception {
    int calls = args.length > 1 ? Integer.parseInt(args[1]) : 2000;
    int warmup = args.length > 2 ? Integer.parseInt(args[2]) : 2000;
    int size = args.length > 3 ? Integer.parseInt(args[3]) : 300;
    boolean withBranch = args.length > 4 && args[4].equals("branch");
    Path dir = Files.createTempDirectory("graft-bench-context");
    for (String name : List.of("a.js", "b.js")) {
      Files.writeString(
          dir.resolve(name),
          "export default function (agent) {\n  agent.on(\"context\", () => {});\n}\n");
    }
    List<AgentMessage> messages = new ArrayList<>();
    for (int i = 0; i < size; i++) {
      String text = "message " + i + " " + "x".repeat(200);
      messages.add(
          MessageCodec.decode(
              Json.object().put("role", "user").put("content", text).put("timestamp", 1L)));
    }
    List<AgentMessage> conversation = List.copyOf(messages);
    List<SessionEntry> entries = new ArrayList<>();
    for (int i = 0; i < size; i++) {
      entries.add(
          new SessionEntry.Message(
              "e" + i,
              i == 0 ? Optional.empty() : Optional.of("e" + (i - 1)),
              "2026-01-01T00:00:00.000Z",
              conversation.get(i),
              Json.object()));
    }
    Supplier<List<SessionEntry>> branch = withBranch ? () -> List.copyOf(entries) : null;
    try (ScriptEngine engine =
        ScriptEngine.start(ScriptSettings.defaults(), new FakeHost(), (s, l, t) -> {})) {
      var report = engine.load(ScriptSources.of(dir));
      if (!report.problems().isEmpty()) {
        throw new IllegalStateException(report.problems().toString());
      }
      Supplier<EventContext> ctx =
          () -> new EventContext(Json.object().put("cwd", dir.toString()), ScriptUi.NONE);
      HookRunner hooks = failingOnProblems(engine, ctx);
      var threads = ManagementFactory.getThreadMXBean();
      long scriptThread = scriptThreadId();
      for (int round = 0; round < 2; round++) {
        int n = round == 0 ? warmup : calls;
        long wall = System.nanoTime();
        long cpuScript = threads.getThreadCpuTime(scriptThread);
        long cpuSelf = threads.getCurrentThreadCpuTime();
        for (int i = 0; i < n; i++) {
          hooks.requestContext(conversation, branch);
        }
        if (round == 1) {
          System.out.printf(
              "per context call (%d messages%s, %d calls after %d, two scripts): wall %.3f ms,"
                  + " script thread %.3f ms, caller %.3f ms%n",
              size,
              withBranch ? " and their entries" : "",
              n,
              warmup,
              (System.nanoTime() - wall) / 1e6 / n,
              (threads.getThreadCpuTime(scriptThread) - cpuScript) / 1e6 / n,
              (threads.getCurrentThreadCpuTime() - cpuSelf) / 1e6 / n);
        }
      }
    }
  }

  /** Hooks over {@code engine}'s scripts that throw at the first problem a script reports. */
  private static HookRunner failingOnProblems(ScriptEngine engine, Supplier<EventContext> ctx) {
    return HookRunner.reporting(
        ScriptHookSource.of(engine, ctx),
        p -> {
          throw new IllegalStateException(p.text());
        });
  }

  /** The id of the thread that runs the scripts, for its CPU time. */
  private static long scriptThreadId() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().equals("graft-scripts"))
        .findFirst()
        .orElseThrow()
        .threadId();
  }

  private static void prompt(HookRunner hooks, List<AgentMessage> messages, int i) {
    String text = "list the files " + i;
    var input = hooks.input(text);
    hooks.beforeAgentStart(text, "You are a coding agent.");
    messages.add(
        MessageCodec.decode(
            Json.object().put("role", "user").put("content", text).put("timestamp", 1L)));
    hooks.requestContext(List.copyOf(messages));
    var call =
        new ContentBlock.ToolCall(
            "call" + i, "bash", Json.object().put("command", "ls -la"), Json.object());
    var decision = hooks.toolCall(call);
    messages.add(
        MessageCodec.decode(
            json(
                "{\"role\":\"assistant\",\"content\":[{\"type\":\"toolCall\",\"id\":\"call"
                    + i
                    + "\",\"name\":\"bash\",\"arguments\":{\"command\":\"ls -la\"}}],"
                    + "\"api\":\"openai-completions\",\"provider\":\"bench\",\"model\":\"fake-model\","
                    + "\"usage\":{\"input\":1,\"output\":1,\"cacheRead\":0,\"cacheWrite\":0,\"totalTokens\":2,"
                    + "\"cost\":{\"input\":0,\"output\":0,\"cacheRead\":0,\"cacheWrite\":0,\"total\":0}},"
                    + "\"stopReason\":\"toolUse\",\"timestamp\":2}")));
    messages.add(
        MessageCodec.decode(
            json(
                "{\"role\":\"toolResult\",\"toolCallId\":\"call"
                    + i
                    + "\",\"toolName\":\"bash\",\"content\":[{\"type\":\"text\",\"text\":\"a b c\"}],"
                    + "\"isError\":false,\"timestamp\":3}")));
    hooks.requestContext(List.copyOf(messages));
    if (input == null || decision == null) {
      throw new IllegalStateException("no answer");
    }
  }

  private static JsonNode json(String text) {
    try {
      return Json.parse(text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void marshal() {
    try (Engine engine =
            Engine.newBuilder("js")
                .sandbox(SandboxPolicy.CONSTRAINED)
                .out(OutputStream.nullOutputStream())
                .err(OutputStream.nullOutputStream())
                .option("engine.WarnInterpreterOnly", "false")
                .build();
        Context c =
            Context.newBuilder("js")
                .engine(engine)
                .sandbox(SandboxPolicy.CONSTRAINED)
                .out(OutputStream.nullOutputStream())
                .err(OutputStream.nullOutputStream())
                .allowHostAccess(HostAccess.CONSTRAINED)
                .build()) {
      c.enter();
      ObjectNode payload = MarshalTest.contextPayload(2000);
      Value parse = c.eval("js", "(s) => JSON.parse(s)");
      Value newObject = c.eval("js", "() => ({})");
      Value newArray = c.eval("js", "() => []");
      Value count =
          c.eval("js", "(e) => e.messages.reduce((n, m) => n + JSON.stringify(m).length, 0)");
      long expected = count.execute(parse.execute(Json.write(payload))).asLong();
      for (int round = 0; round < 3; round++) {
        long a = time(20, () -> parse.execute(Json.write(payload)));
        long b = time(20, () -> build(c, payload, newObject, newArray));
        System.out.printf(
            "into a context, round %d: Jackson write + JSON.parse %.1f ms; built through the polyglot API %.1f ms%n",
            round + 1, a / 1e6, b / 1e6);
      }
      if (count.execute(build(c, payload, newObject, newArray)).asLong() != expected) {
        throw new IllegalStateException("the two conversions differ");
      }
      c.leave();
    }
  }

  /** The first conversion in a fresh JVM, one way or the other (run each in its own JVM). */
  private static void marshalCold(boolean parse) {
    try (Engine engine =
            Engine.newBuilder("js")
                .sandbox(SandboxPolicy.CONSTRAINED)
                .out(OutputStream.nullOutputStream())
                .err(OutputStream.nullOutputStream())
                .option("engine.WarnInterpreterOnly", "false")
                .build();
        Context c =
            Context.newBuilder("js")
                .engine(engine)
                .sandbox(SandboxPolicy.CONSTRAINED)
                .out(OutputStream.nullOutputStream())
                .err(OutputStream.nullOutputStream())
                .allowHostAccess(HostAccess.CONSTRAINED)
                .build()) {
      c.enter();
      ObjectNode payload = MarshalTest.contextPayload(2000);
      Json.write(Json.object().put("warm", "jackson"));
      Value parseFn = c.eval("js", "(s) => JSON.parse(s)");
      Value newObject = c.eval("js", "() => ({})");
      Value newArray = c.eval("js", "() => []");
      for (int i = 1; i <= 3; i++) {
        long s = System.nanoTime();
        if (parse) {
          parseFn.execute(Json.write(payload));
        } else {
          build(c, payload, newObject, newArray);
        }
        System.out.printf(
            "%s, call %d in a fresh JVM: %d ms%n",
            parse ? "Jackson write + JSON.parse" : "built through the polyglot API",
            i,
            ms(System.nanoTime() - s));
      }
      c.leave();
    }
  }

  private static Value build(Context c, JsonNode node, Value newObject, Value newArray) {
    if (node.isObject()) {
      Value o = newObject.execute();
      for (Map.Entry<String, JsonNode> e : node.properties()) {
        o.putMember(e.getKey(), build(c, e.getValue(), newObject, newArray));
      }
      return o;
    }
    if (node.isArray()) {
      Value a = newArray.execute();
      int i = 0;
      for (JsonNode x : node) {
        a.setArrayElement(i++, build(c, x, newObject, newArray));
      }
      return a;
    }
    if (node.isTextual()) {
      return c.asValue(node.textValue());
    }
    if (node.isIntegralNumber()) {
      return c.asValue(node.longValue());
    }
    if (node.isNumber()) {
      return c.asValue(node.doubleValue());
    }
    return c.asValue(node.isBoolean() ? node.booleanValue() : null);
  }

  /** Mean nanoseconds of {@code n} runs after {@code n} warm-up runs. */
  private static long time(int n, Runnable r) {
    for (int i = 0; i < n; i++) {
      r.run();
    }
    long s = System.nanoTime();
    for (int i = 0; i < n; i++) {
      r.run();
    }
    return (System.nanoTime() - s) / n;
  }

  private static void check(List<HandlerOutcome> out) {
    for (HandlerOutcome o : out) {
      if (o instanceof HandlerOutcome.Failed f) {
        throw new IllegalStateException(f.failure().message());
      }
    }
  }

  private static long ms(long nanos) {
    return nanos / 1_000_000;
  }
}
