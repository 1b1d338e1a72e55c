package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import dev.graft.scripting.api.EventContext;
import dev.graft.scripting.api.Failure;
import dev.graft.scripting.api.LoadReport;
import dev.graft.scripting.api.ScriptFile;
import dev.graft.scripting.api.ScriptSettings;
import dev.graft.scripting.api.ScriptUi;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scripts that spin, recurse, allocate or never settle: each is stopped and reported, the JVM and
 * the engine survive, and the other scripts keep answering.
 */
class RunawayTest {
  @TempDir Path temp;

  private static final String GOOD =
      """
      export default function (pi) {
        pi.on("input", () => ({ action: "handled" }));
      }
      """;

  private static void assertGoodAnswers(ScriptFixture f) {
    List<HandlerOutcome> out = f.emit("input", "{\"text\":\"x\"}");
    assertThat(out)
        .filteredOn(o -> o.script().name().equals("good.js"))
        .singleElement()
        .isInstanceOfSatisfying(
            HandlerOutcome.Answered.class,
            a -> assertThat(a.value().path("action").asText()).isEqualTo("handled"));
  }

  private static Failure failureOf(List<HandlerOutcome> out) {
    assertThat(out).hasSize(1);
    assertThat(out.get(0)).isInstanceOf(HandlerOutcome.Failed.class);
    return ((HandlerOutcome.Failed) out.get(0)).failure();
  }

  @Test
  void endlessLoopAtLoadIsInterruptedAndSkipped() {
    try (ScriptFixture f = new ScriptFixture(temp, ScriptFixture.quick())) {
      f.write("spin.js", "let n = 0;\nwhile (true) { n++; }\nexport default function (pi) {}\n");
      f.write("good.js", GOOD);
      long start = System.nanoTime();
      LoadReport report = f.load();
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
      assertThat(report.loaded()).extracting(ScriptFile::name).containsExactly("good.js");
      // GraalJS evaluates a module's top level without guest frames: there is no line to give.
      assertThat(report.problems())
          .singleElement()
          .satisfies(p ->
              assertThat(p.message())
                  .endsWith(
                      "spin.js: loading ran for more than 0.4 s without returning (an endless loop?) and was interrupted"));
      assertGoodAnswers(f);
    }
  }

  /**
   * A handler that returns at once but leaves a microtask queueing itself: the microtasks run
   * before graft gets the thread back, within the same run (and limit) as the handler, and being
   * interrupted there is the handler's failure, reported naming the script and the event; its
   * answer is not used (tool_call fails closed).
   */
  @Test
  void aMicrotaskStormAfterAHandlerReturnedIsInterruptedAndReported() {
    try (ScriptFixture f = new ScriptFixture(temp, ScriptFixture.quick())) {
      f.write(
          "storm.js",
          """
          export default function (pi) {
            pi.on("tool_call", () => {
              const again = () => queueMicrotask(again);
              again();
              return { block: false };
            });
            pi.on("turn_start", () => {
              const again = () => Promise.resolve().then(again);
              again();
            });
            pi.on("agent_end", () => ({ stillHere: true }));
          }
          """);
      f.write("good.js", GOOD);
      assertThat(f.load().problems()).isEmpty();
      long start = System.nanoTime();
      List<HandlerOutcome> out = f.emit("tool_call", "{\"toolName\":\"bash\",\"input\":{}}");
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
      Failure failure = failureOf(out);
      assertThat(failure.kind()).isEqualTo(Failure.Kind.INTERRUPTED);
      assertThat(failure.message())
          .endsWith(
              "/storm.js: tool_call handler returned, but the microtasks it queued"
                  + " (queueMicrotask, promise callbacks) ran for more than 0.4 s and were interrupted (at storm.js:2)");

      // A watch-only event: its answer is not read, so the report goes to the log.
      ScriptFile storm =
          f.engine.scripts().stream()
              .filter(s -> s.name().equals("storm.js"))
              .findFirst()
              .orElseThrow();
      f.engine.emitTo(
          storm, "turn_start", ScriptFixture.json("{}"), EventContext.EMPTY, Chain.NONE, false);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (!f.log.all().contains("turn_start handler returned") && System.nanoTime() < deadline) {
        Thread.yield();
      }
      assertThat(f.log.all())
          .contains(
              "storm.js ERROR turn_start handler returned, but the microtasks it queued"
                  + " (queueMicrotask, promise callbacks) ran for more than 0.4 s and were interrupted (at storm.js:7)");
      // Interrupting does not unload the script.
      assertThat(f.emit("agent_end", "{}"))
          .filteredOn(o -> o.script().name().equals("storm.js"))
          .singleElement()
          .isInstanceOfSatisfying(
              HandlerOutcome.Answered.class,
              a -> assertThat(a.value().path("stillHere").asBoolean()).isTrue());
      assertGoodAnswers(f);
    }
  }

  @Test
  void endlessLoopInAHandlerIsInterruptedWithinTheDefaultTwoSeconds() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "spin.js",
          """
          export default function (pi) {
            pi.on("agent_start", () => {
              for (;;) {}
            });
            pi.on("agent_end", () => ({ stillHere: true }));
          }
          """);
      f.write("good.js", GOOD);
      assertThat(f.load().problems()).isEmpty();
      long start = System.nanoTime();
      Failure failure = failureOf(f.emit("agent_start", "{}"));
      Duration took = Duration.ofNanos(System.nanoTime() - start);
      // 2 s of the script thread's CPU time: about 2 s on an idle machine, at most 6 s in wall
      // time.
      assertThat(took).isBetween(Duration.ofMillis(1900), Duration.ofMillis(6500));
      assertThat(failure.kind()).isEqualTo(Failure.Kind.INTERRUPTED);
      assertThat(failure.message())
          .endsWith(
              "spin.js: agent_start handler ran for more than 2 s without returning"
                  + " (an endless loop?) and was interrupted (at spin.js:3)");
      // Interrupting does not unload the script.
      assertThat(f.emit("agent_end", "{}"))
          .singleElement()
          .isInstanceOfSatisfying(
              HandlerOutcome.Answered.class,
              a -> assertThat(a.value().path("stillHere").asBoolean()).isTrue());
      assertGoodAnswers(f);
    }
  }

  @Test
  void spinningAfterAnAwaitIsInterruptedToo() {
    try (ScriptFixture f = new ScriptFixture(temp, ScriptFixture.quick())) {
      f.write(
          "spin.js",
          """
          export default function (pi) {
            pi.on("agent_start", async () => {
              await null;
              while (true) {}
            });
          }
          """);
      f.load();
      Failure failure = failureOf(f.emit("agent_start", "{}"));
      assertThat(failure.kind()).isEqualTo(Failure.Kind.INTERRUPTED);
      // After an await the innermost frame is the resumed async function: its first line.
      assertThat(failure.message())
          .contains("spin.js: agent_start handler ran for more than 0.4 s")
          .endsWith("(at spin.js:2)");
    }
  }

  @Test
  void endlessRecursionIsARangeErrorWithTheLine() {
    // Filling the stack in the interpreter takes more than quick()'s 400 ms spin limit on a
    // loaded machine; the watchdog would stop it first, and this test is about the RangeError.
    ScriptSettings patient =
        ScriptSettings.defaults()
            .withSpinLimit(Duration.ofSeconds(30))
            .withHandlerTimeout(Duration.ofSeconds(30));
    try (ScriptFixture f = new ScriptFixture(temp, patient)) {
      f.write(
          "deep.js",
          """
          function down(n) {
            return down(n + 1) + 1;
          }
          export default function (pi) {
            pi.on("agent_start", () => down(0));
            pi.on("agent_end", () => "fine");
          }
          """);
      f.write("good.js", GOOD);
      f.load();
      Failure failure = failureOf(f.emit("agent_start", "{}"));
      assertThat(failure.kind()).isEqualTo(Failure.Kind.THREW);
      // The stack overflows on entry to the recursing function: its line.
      assertThat(failure.message())
          .endsWith(
              "deep.js: agent_start handler failed: RangeError: Maximum call stack size"
                  + " exceeded (endless recursion?) (at deep.js:1)");
      assertThat(f.emit("agent_end", "{}"))
          .singleElement()
          .isInstanceOf(HandlerOutcome.Answered.class);
      assertGoodAnswers(f);
    }
  }

  @Test
  void theStatementLimitStopsTheScriptUntilAReload() {
    ScriptSettings settings =
        ScriptSettings.defaults().withStatementLimit(200_000).withSpinLimit(Duration.ofSeconds(20));
    try (ScriptFixture f = new ScriptFixture(temp, settings)) {
      f.write(
          "busy.js",
          """
          export default function (pi) {
            pi.on("input", () => {
              let x = 0;
              while (true) { x++; }
            });
          }
          """);
      f.write("good.js", GOOD);
      assertThat(f.load().problems()).isEmpty();
      List<HandlerOutcome> out = f.emit("input", "{}");
      assertThat(out).hasSize(2);
      Failure failure = ((HandlerOutcome.Failed) out.get(0)).failure();
      assertThat(failure.kind()).isEqualTo(Failure.Kind.STOPPED);
      assertThat(failure.message())
          .endsWith(
              "busy.js: input handler was stopped after 200000 statements without"
                  + " returning (an endless loop?); the script is off until a reload");
      assertThat(out.get(1)).isInstanceOf(HandlerOutcome.Answered.class);
      assertThat(f.engine.scripts()).extracting(ScriptFile::name).containsExactly("good.js");
      assertThat(f.log.lines)
          .as("reported once: to the caller, not again in the log")
          .noneMatch(l -> l.contains("was stopped"));
      assertGoodAnswers(f);
      assertThat(f.engine.reload().loaded()).hasSize(2);
    }
  }

  @Test
  void statementsAreCountedOnlyWhenALimitIsSet() {
    // Counting puts a probe on every statement of script code (a tight loop ran twice as long);
    // without a limit the watchdog's spin limit bounds a run (the tests above and below).
    assertThat(ScriptSettings.defaults().statementLimit())
        .isEqualTo(ScriptSettings.NO_STATEMENT_LIMIT);
    try (Sandbox none = new Sandbox(ScriptSettings.defaults(), OutputStream.nullOutputStream());
        Sandbox some =
            new Sandbox(
                ScriptSettings.defaults().withStatementLimit(200_000),
                OutputStream.nullOutputStream())) {
      assertThat(none.countsStatements()).isFalse();
      assertThat(some.countsStatements()).isTrue();
    }
  }

  @Test
  void graftsOwnCodeDoesNotCountAgainstTheStatementLimit() {
    ScriptSettings settings = ScriptSettings.defaults().withStatementLimit(20_000);
    try (ScriptFixture f = new ScriptFixture(temp, settings)) {
      // A few statements of the script's own; checking its 30,000 values is the prelude's work.
      f.write(
          "big.js",
          """
          export default function (pi) {
            pi.on("input", () => ({ action: "continue", values: new Array(30000).fill(7) }));
          }
          """);
      assertThat(f.load().problems()).isEmpty();
      HandlerOutcome out = f.emit("input", "{}").get(0);
      assertThat(out).isInstanceOf(HandlerOutcome.Answered.class);
      assertThat(((HandlerOutcome.Answered) out).value().path("values").size()).isEqualTo(30000);
    }
  }

  @Test
  void allocatingWithoutBoundIsStoppedBeforeTheJvmRunsOutOfMemory() {
    ScriptSettings settings =
        ScriptSettings.defaults().withHeapLimit(0.6).withSpinLimit(Duration.ofSeconds(20));
    try (ScriptFixture f = new ScriptFixture(temp, settings)) {
      f.write(
          "hog.js",
          """
          const keep = [];
          export default function (pi) {
            pi.on("agent_start", () => {
              for (;;) keep.push(new Float64Array(1 << 20));
            });
          }
          """);
      f.write("good.js", GOOD);
      f.load();
      Failure failure = failureOf(f.emit("agent_start", "{}"));
      assertThat(failure.kind()).isEqualTo(Failure.Kind.STOPPED);
      assertThat(failure.message()).contains("hog.js: agent_start handler was stopped:");
      assertThat(f.log.lines)
          .as("reported once: to the caller, not again in the log")
          .noneMatch(l -> l.contains("was stopped"));
      assertThat(f.engine.scripts()).extracting(ScriptFile::name).containsExactly("good.js");
      assertGoodAnswers(f);
    }
    System.gc();
    assertThat(Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory())
        .as("the stopped script's memory is released")
        .isLessThan(Runtime.getRuntime().maxMemory() / 2);
  }

  @Test
  void aPromiseThatNeverSettlesTimesOut() {
    try (ScriptFixture f = new ScriptFixture(temp, ScriptFixture.quick())) {
      f.write(
          "hang.js",
          """
          export default function (pi) {
            pi.on("agent_start", () => new Promise(() => {}));
            pi.on("agent_end", async () => "later works");
          }
          """);
      f.load();
      long start = System.nanoTime();
      Failure failure = failureOf(f.emit("agent_start", "{}"));
      assertThat(Duration.ofNanos(System.nanoTime() - start))
          .isBetween(Duration.ofMillis(1900), Duration.ofSeconds(4));
      assertThat(failure.kind()).isEqualTo(Failure.Kind.TIMED_OUT);
      assertThat(failure.message())
          .endsWith(
              "hang.js: agent_start handler did not settle within 2 s, the most"
                  + " scripts.eventTimeoutSeconds allows (settings.json; a promise that never"
                  + " resolves?); its answer is ignored (at hang.js:2)");
      assertThat(f.emit("agent_end", "{}"))
          .singleElement()
          .isInstanceOfSatisfying(
              HandlerOutcome.Answered.class,
              a -> assertThat(a.value().asText()).isEqualTo("later works"));
    }
  }

  @Test
  void aCommandWaitingForTheUserHasNoTimeout() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp, ScriptFixture.quick())) {
      f.write(
          "ask.js",
          """
          export default function (pi) {
            pi.registerCommand("ask", {
              description: "asks",
              handler: async (args, ctx) => ({ ok: await ctx.ui.confirm("Sure?", args) }),
            });
          }
          """);
      f.load();
      CompletableFuture<Boolean> answer = new CompletableFuture<>();
      ScriptUi ui =
          new TestUi() {
            @Override
            public CompletableFuture<Boolean> confirm(String title, String message) {
              return answer;
            }
          };
      CompletableFuture<JsonNode> result =
          f.engine.runCommand("ask", "really?", new EventContext(Json.object(), ui));
      Thread.sleep(2500); // longer than the 2 s handler timeout
      assertThat(result).isNotDone();
      answer.complete(true);
      assertThat(result.get(5, TimeUnit.SECONDS).path("ok").asBoolean()).isTrue();
    }
  }

  /** A UI whose dialogs the test answers. */
  static class TestUi implements ScriptUi {
    @Override
    public boolean available() {
      return true;
    }

    @Override
    public CompletableFuture<Optional<String>> select(String title, List<String> options) {
      return CompletableFuture.completedFuture(Optional.of(options.get(0)));
    }

    @Override
    public CompletableFuture<Boolean> confirm(String title, String message) {
      return CompletableFuture.completedFuture(true);
    }

    @Override
    public CompletableFuture<Optional<String>> input(String title, String placeholder) {
      return CompletableFuture.completedFuture(Optional.empty());
    }

    @Override
    public void notify(String message, String level) {}
  }
}
