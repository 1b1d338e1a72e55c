package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.runtime.hooks.AgentHooks;
import dev.graft.runtime.hooks.HookRunner;
import dev.graft.runtime.hooks.HookSource;
import dev.graft.runtime.hooks.ScriptText;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.scripting.api.EventContext;
import dev.graft.scripting.api.ScriptSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every piece of guest code graft runs is under the time limit, not only handlers: describing a
 * thrown value (a Proxy's traps, getters) and reading an answer (its getters, toJSON) are stopped
 * after the spin limit, with the handler and line named; answers of events whose result graft
 * ignores are not read at all; a generator or class instance from tool_call fails closed; an
 * unhandled rejection is one log line. The handler timeout here (60 s) is longer than each case's
 * bound, so a case that only the handler timeout would end fails.
 */
@Timeout(value = 40, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class GuestCodeLimitsTest {
  @TempDir Path temp;

  private static ScriptSettings settings() {
    return ScriptSettings.defaults()
        .withSpinLimit(Duration.ofMillis(400))
        .withHandlerTimeout(Duration.ofSeconds(60));
  }

  private static String failure(List<HandlerOutcome> out) {
    assertThat(out).singleElement().isInstanceOf(HandlerOutcome.Failed.class);
    return ((HandlerOutcome.Failed) out.get(0)).failure().message();
  }

  @Test
  void aThrownValueWhoseTrapsOrGettersSpinIsDescribedWithinTheSpinLimit() {
    try (ScriptFixture f = new ScriptFixture(temp, settings())) {
      f.write(
          "x.js",
          """
          const spin = () => { for (;;) {} };
          export default function (pi) {
            pi.on("agent_start", () => { throw new Proxy({}, { getPrototypeOf: spin, ownKeys: spin, get: spin }); });
            pi.on("agent_end", () => { throw { get a() { for (;;) {} } }; });
            pi.on("turn_start", async () => {
              await null;
              throw new Proxy({}, { getPrototypeOf: spin, ownKeys: spin, get: spin });
            });
          }
          """);
      assertThat(f.load().problems()).isEmpty();
      assertThat(failure(f.emit("agent_start", "{}")))
          .endsWith(
              "x.js: agent_start handler threw a value that is not an Error: a value that cannot be shown (at x.js:3)");
      assertThat(failure(f.emit("turn_start", "{}")))
          .endsWith(
              "x.js: turn_start handler was rejected with a value that is not an Error: a value that cannot be shown");
      // The getter runs while graft describes the value, or while GraalJS makes the exception's
      // message inside the handler's run; either is interrupted (or, when the interrupt does not
      // land within 2 s, cancelled and the script stopped).
      assertThat(failure(f.emit("agent_end", "{}")))
          .containsPattern(
              "x.js: agent_end handler (threw a value that is not"
                  + " an Error: a value that cannot be shown \\(at x.js:4\\)|ran for more than 0.4 s (without returning \\(an"
                  + " endless loop\\?\\) and was interrupted|and did not stop when interrupted, so it was cancelled; the script is"
                  + " off until a reload))");
    }
  }

  @Test
  void anAnswerWhoseGetterOrToJsonSpinsIsInterruptedAfterTheSpinLimit() {
    try (ScriptFixture f = new ScriptFixture(temp, settings())) {
      f.write(
          "x.js",
          """
          export default function (pi) {
            pi.on("tool_call", () => ({
              get block() { for (;;) {} },
            }));
            pi.on("context", () => ({ toJSON() { while (true) {} } }));
          }
          """);
      assertThat(f.load().problems()).isEmpty();
      assertThat(failure(f.emit("tool_call", "{}")))
          .endsWith(
              "x.js: tool_call handler answered, but reading the answer took more than"
                  + " 0.4 s (a getter or toJSON that does not return?) and was interrupted (at x.js:2)");
      assertThat(failure(f.emit("context", "{\"messages\":[]}")))
          .endsWith(
              "x.js: context handler answered, but reading the answer"
                  + " took more than 0.4 s (a getter or toJSON that does not return?) and was interrupted (at x.js:5)");
    }
  }

  @Test
  void theAnswersOfEventsGraftIgnoresAreNotRead() {
    try (ScriptFixture f = new ScriptFixture(temp, settings())) {
      f.write(
          "x.js",
          """
          export default function (pi) {
            pi.on("agent_end", () => ({ get seen() { pi.appendEntry("read", {}); return 1; } }));
            pi.on("turn_end", () => ({ get spin() { for (;;) {} } }));
            pi.on("input", () => ({ get action() { pi.appendEntry("read-input", {}); return "continue"; } }));
          }
          """);
      assertThat(f.load().problems()).isEmpty();
      HookSource source = ScriptHookSource.of(f.engine, () -> EventContext.EMPTY).get(0);
      assertThat(source.handle("agent_end", Json.object()))
          .isEqualTo(new HookSource.Outcome.Answer(Json.NODES.missingNode()));
      assertThat(source.handle("turn_end", Json.object()))
          .isEqualTo(new HookSource.Outcome.Answer(Json.NODES.missingNode()));
      assertThat(f.host.calls).noneMatch(c -> c.startsWith("appendEntry x.js read "));
      // An answer graft uses is read.
      assertThat(source.handle("input", Json.object().put("text", "hi")))
          .isEqualTo(
              new HookSource.Outcome.Answer(
                  Json.object().put("action", "continue"), Optional.of("x.js:4")));
      assertThat(f.host.calls).anyMatch(c -> c.startsWith("appendEntry x.js read-input "));
    }
  }

  @Test
  void aGeneratorOrAClassInstanceFromToolCallBlocksTheCall() {
    try (ScriptFixture f = new ScriptFixture(temp, settings())) {
      f.write(
          "gen.js",
          """
          export default function (pi) {
            pi.on("tool_call", function* () { yield { block: true, reason: "never seen" }; });
          }
          """);
      f.write(
          "inst.js",
          """
          class Allow { constructor() { this.block = false; } }
          export default function (pi) {
            pi.on("tool_call", () => new Allow());
          }
          """);
      assertThat(f.load().problems()).isEmpty();
      List<HookSource> sources = ScriptHookSource.of(f.engine, () -> EventContext.EMPTY);
      assertThat(sources).extracting(HookSource::name).containsExactly("gen.js", "inst.js");
      ContentBlock.ToolCall call =
          new ContentBlock.ToolCall(
              "call_1", "bash", Json.object().put("command", "ls"), Json.object());
      for (HookSource source : sources) {
        List<String> problems = new CopyOnWriteArrayList<>();
        AgentHooks.ToolCallDecision decision =
            new HookRunner(List.of(source), problems::add).toolCall(call);
        assertThat(decision)
            .as(source.name())
            .isInstanceOf(AgentHooks.ToolCallDecision.Block.class);
        assertThat(problems)
            .as(source.name())
            .singleElement()
            .asString()
            .contains(
                source.name().equals("gen.js")
                    ? "gen.js: tool_call handler failed: the result is a generator (return the value instead of yielding it)"
                    : "inst.js: tool_call handler failed: the result is not a plain object (an instance of a class?)")
            .contains("the tool call is blocked")
            .doesNotContain("\n");
      }
    }
  }

  @Test
  void anUnhandledRejectionIsOneLineWithTheScriptsLine() {
    try (ScriptFixture f = new ScriptFixture(temp, settings())) {
      f.write(
          "x.js",
          """
          export default function (pi) {
            pi.on("agent_start", () => {
              Promise.reject(new Error("boom"));
            });
            pi.on("agent_end", async () => {
              await null;
              Promise.reject(42);
            });
          }
          """);
      assertThat(f.load().problems()).isEmpty();
      f.emit("agent_start", "{}");
      f.emit("agent_end", "{}");
      assertThat(f.log.lines)
          .filteredOn(l -> l.startsWith("x.js "))
          .containsExactly(
              "x.js WARN unhandled promise rejection in agent_start handler: Error: boom (at x.js:3)",
              "x.js WARN unhandled promise rejection in agent_end handler: 42");
    }
  }

  @Test
  void aHugeUnhandledRejectionIsCutOnceSayingHowMuchWasLeftOut() {
    try (ScriptFixture f = new ScriptFixture(temp, settings())) {
      f.write(
          "x.js",
          """
          export default function (pi) {
            pi.on("agent_start", () => {
              Promise.reject(new Error("w".repeat(100000)));
            });
          }
          """);
      assertThat(f.load().problems()).isEmpty();
      f.emit("agent_start", "{}");
      String head = "x.js WARN unhandled promise rejection in agent_start handler: Error: ";
      String line = f.log.lines.stream().filter(l -> l.startsWith(head)).findFirst().orElseThrow();
      String text = line.substring("x.js WARN ".length());
      int cut = text.indexOf('…');
      assertThat(text.substring(head.length() - "x.js WARN ".length(), cut)).matches("w+");
      // The whole line would have been the header, the message and " (at x.js:3)".
      int whole = head.length() - "x.js WARN ".length() + 100000 + " (at x.js:3)".length();
      assertThat(text.substring(cut)).isEqualTo("… (" + (whole - cut) + " more characters)");
      assertThat(text.length()).isLessThanOrEqualTo(ScriptText.MAX_SHOWN);
    }
  }

  @Test
  void aTopLevelThatSpinsIsOneProblemWithoutARejectionWarning() {
    try (ScriptFixture f = new ScriptFixture(temp, settings())) {
      f.write("loop.js", "while (true) {}\nexport default function (pi) {}\n");
      assertThat(f.load().problems())
          .singleElement()
          .satisfies(p ->
              assertThat(p.message())
                  .endsWith(
                      "loop.js: loading ran for more than 0.4 s without returning (an endless loop?) and was interrupted"));
      assertThat(f.log.lines).noneMatch(l -> l.contains("unhandled promise rejection"));
    }
  }
}
