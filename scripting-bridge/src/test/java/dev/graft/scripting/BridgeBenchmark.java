package dev.graft.scripting;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Not a test: run with {@code java -cp <test classpath> dev.graft.scripting.BridgeBenchmark} in a
 * fresh JVM. Prints the cold start to a first handler call and the warm per-call time of a
 * context-style handler over 2,000 messages.
 */
public final class BridgeBenchmark {
  private BridgeBenchmark() {}

  public static void main(String[] args) throws Exception {
    long t0 = System.nanoTime();
    Path dir = Files.createTempDirectory("graft-bench");
    Files.writeString(dir.resolve("prune.js"), """
        export default function (pi) {
          pi.on("input", (e) => ({ action: "continue" }));
          pi.on("context", (event) => ({
            messages: event.messages.map((m) => m.role === "toolResult" && m.content[0].text.length > 500
              ? { ...m, content: [{ type: "text", text: m.content[0].text.slice(0, 100) + " [pruned]" }] }
              : m),
          }));
        }
        """);
    ScriptLog quiet = (script, level, text) -> {};
    try (ScriptEngine engine = ScriptEngine.start(ScriptSettings.defaults(), new FakeHost(), quiet)) {
      long t1 = System.nanoTime();
      engine.load(ScriptSources.of(dir));
      long t2 = System.nanoTime();
      List<HandlerOutcome> first = engine.emit("input", Json.object().put("text", "hi"), EventContext.EMPTY);
      long t3 = System.nanoTime();
      System.out.printf("cold start: engine %d ms + load one script %d ms + first emit %d ms = %d ms (JVM start to here %d ms)%n",
          ms(t1 - t0), ms(t2 - t1), ms(t3 - t2), ms(t3 - t0),
          ms(System.nanoTime() - java.lang.management.ManagementFactory.getRuntimeMXBean().getStartTime() * 1_000_000L
              + (System.currentTimeMillis() * 1_000_000L - System.nanoTime())));
      check(first);
      ObjectNode payload = MarshalTest.contextPayload(2000);
      System.out.printf("payload: %d messages, %d characters of JSON%n", 2000, Json.write(payload).length());
      for (int i = 0; i < 30; i++) {
        long s = System.nanoTime();
        List<HandlerOutcome> out = engine.emit("context", payload, EventContext.EMPTY);
        long e = System.nanoTime();
        check(out);
        if (i < 3 || i % 10 == 9) {
          System.out.printf("context emit #%d: %d ms%n", i + 1, ms(e - s));
        }
      }
      int n = 20;
      long s = System.nanoTime();
      for (int i = 0; i < n; i++) {
        check(engine.emit("context", payload, EventContext.EMPTY));
      }
      System.out.printf("warm context emit over 2,000 messages: %.1f ms per call (mean of %d)%n", (System.nanoTime() - s) / 1e6 / n, n);
    }
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

  static JsonNode unused() {
    return null;
  }
}
