package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.scripting.api.EventContext;
import dev.graft.scripting.api.Failure;
import dev.graft.scripting.api.LoadReport;
import dev.graft.scripting.api.ScriptFailure;
import dev.graft.scripting.api.ScriptFile;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scripts stuck in a built-in that never checks for interrupts (Array.prototype.shift over an
 * array-like of length 2**40: GraalJS loops over it in Java without a safepoint): neither the
 * watchdog's interrupt nor a cancel reaches them. The script is reported once and stopped, its
 * thread is abandoned, the other scripts go on on a new thread, and the engine closes. Each case
 * has a bound (a hang guard, not a performance check): before this, such a script blocked graft for
 * good.
 */
@Timeout(value = 90, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class StuckScriptTest {
  @TempDir Path temp;

  /**
   * Not covered by the prelude's guard against absurd lengths: only abandoning the thread ends it.
   */
  static final String STUCK = "Array.prototype.shift.call({ length: 2 ** 40 })";

  private static final String GOOD =
      """
      export default function (pi) {
        pi.on("input", () => ({ action: "handled" }));
      }
      """;

  private static final String STUCK_MESSAGE =
      "was stopped: it did not stop within 4 s of being interrupted (a built-in"
          + " call that cannot be interrupted, such as Array.prototype.shift over an array-like with a huge length?);"
          + " the script is off until a reload";

  private static void assertGoodAnswers(ScriptFixture f) {
    List<HandlerOutcome> out = f.emit("input", "{\"text\":\"x\"}");
    assertThat(out)
        .filteredOn(o -> o.script().name().equals("good.js"))
        .singleElement()
        .isInstanceOfSatisfying(
            HandlerOutcome.Answered.class,
            a -> assertThat(a.value().path("action").asText()).isEqualTo("handled"));
  }

  @Test
  void aHandlerStuckInABuiltinIsStoppedReportedOnceAndTheOtherScriptsGoOn() {
    try (ScriptFixture f = new ScriptFixture(temp, ScriptFixture.quick())) {
      f.write(
          "stuck.js",
          """
          export default function (pi) {
            pi.on("agent_start", () => {
              %s;
            });
            pi.on("input", () => ({ action: "continue" }));
          }
          """
              .formatted(STUCK));
      f.write("good.js", GOOD);
      assertThat(f.load().problems()).isEmpty();
      List<HandlerOutcome> out = f.emit("agent_start", "{}");
      assertThat(out)
          .singleElement()
          .isInstanceOfSatisfying(
              HandlerOutcome.Failed.class,
              failed -> {
                assertThat(failed.failure().kind()).isEqualTo(Failure.Kind.STOPPED);
                assertThat(failed.failure().message())
                    .endsWith("stuck.js: agent_start handler " + STUCK_MESSAGE);
              });
      // The caller was told; the log does not say it a second time.
      assertThat(f.log.lines).noneMatch(l -> l.startsWith("stuck.js ERROR"));
      assertThat(f.engine.scripts()).extracting(ScriptFile::name).containsExactly("good.js");
      assertThat(f.engine.handles("agent_start")).isFalse();
      assertGoodAnswers(f);
      // A reload loads it again (it is stuck only once it runs), on the new thread.
      assertThat(f.engine.reload().loaded())
          .extracting(ScriptFile::name)
          .containsExactly("good.js", "stuck.js");
      assertGoodAnswers(f);
    }
  }

  @Test
  void aScriptStuckAtLoadIsNotLoadedAndTheNextScriptsLoad() {
    try (ScriptFixture f = new ScriptFixture(temp, ScriptFixture.quick())) {
      f.write("a-stuck.js", STUCK + ";\nexport default function (pi) {}\n");
      f.write("good.js", GOOD);
      LoadReport report = f.load();
      assertThat(report.loaded()).extracting(ScriptFile::name).containsExactly("good.js");
      assertThat(report.problems())
          .singleElement()
          .satisfies(p -> assertThat(p.message()).endsWith("a-stuck.js: loading " + STUCK_MESSAGE));
      assertGoodAnswers(f);
    }
  }

  @Test
  void aToolStuckInABuiltinFailsAndTheEngineStillCloses() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp, ScriptFixture.quick())) {
      f.write(
          "tool.js",
          """
          export default function (pi) {
            pi.registerTool({
              name: "hang", label: "Hang", description: "hangs", parameters: { type: "object" },
              async execute(id, params) {
                await null;
                %s;
              },
            });
          }
          """
              .formatted(STUCK));
      f.write("good.js", GOOD);
      assertThat(f.load().problems()).isEmpty();
      var answer = f.engine.runTool("hang", "call_1", ScriptFixture.json("{}"), EventContext.EMPTY);
      Throwable failure = null;
      try {
        JsonNode value = answer.get(60, TimeUnit.SECONDS);
        assertThat(value).as("the stuck tool must not answer").isNull();
      } catch (ExecutionException e) {
        failure = e.getCause();
      }
      assertThat(failure)
          .isInstanceOfSatisfying(
              ScriptFailure.class,
              sf ->
                  assertThat(sf.failure().message())
                      .endsWith("tool.js: tool hang " + STUCK_MESSAGE));
      assertThat(f.engine.tools()).isEmpty();
      assertGoodAnswers(f);
    }
  }

  @Test
  void theFourBuiltinsOverAnAbsurdArrayLikeAreARangeErrorWithTheLine() {
    try (ScriptFixture f = new ScriptFixture(temp, ScriptFixture.quick())) {
      f.write(
          "huge.js",
          """
          const huge = { length: 2 ** 40 };
          export default function (pi) {
            pi.on("agent_start", () => Array.prototype.indexOf.call(huge, 1));
            pi.on("agent_end", () => Array.prototype.lastIndexOf.call(huge, 1));
            pi.on("turn_start", () => Array.prototype.includes.call(huge, 1));
            pi.on("turn_end", () => Array.prototype.splice.call(huge, 0, 1));
            pi.on("input", () => [[1, 2, 3].indexOf(2), [1, 2, 3].lastIndexOf(3), [1].includes(1),
              Array.prototype.indexOf.call({ length: 2, 1: "x" }, "x"), [1, 2, 3].splice(1, 1)[0]]);
          }
          """);
      assertThat(f.load().problems()).isEmpty();
      for (String[] c :
          new String[][] {
            {"agent_start", "indexOf", "3"},
            {"agent_end", "lastIndexOf", "4"},
            {"turn_start", "includes", "5"},
            {"turn_end", "splice", "6"}
          }) {
        assertThat(f.emit(c[0], "{}"))
            .singleElement()
            .isInstanceOfSatisfying(
                HandlerOutcome.Failed.class,
                failed ->
                    assertThat(failed.failure().message())
                        .endsWith(
                            "huge.js: "
                                + c[0]
                                + " handler failed: RangeError: "
                                + "Array.prototype."
                                + c[1]
                                + " over an array-like of length 1099511627776 (more than an array can hold)"
                                + " (at huge.js:"
                                + c[2]
                                + ")"));
      }
      assertThat(f.emit("input", "{}"))
          .singleElement()
          .isInstanceOfSatisfying(
              HandlerOutcome.Answered.class,
              a -> assertThat(a.value().toString()).isEqualTo("[1,2,true,1,2]"));
      assertThat(f.engine.scripts()).extracting(ScriptFile::name).containsExactly("huge.js");
    }
  }
}
