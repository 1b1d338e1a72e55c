package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.hooks.ScriptText;
import dev.graft.runtime.json.Json;
import dev.graft.scripting.api.Failure;
import dev.graft.scripting.api.ScriptSettings;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What crosses the bridge: JSON both ways, and a precise refusal for anything else. */
class MarshalTest {
  @TempDir Path temp;

  private static String returning(String expression) {
    return """
    export default function (pi) {
      pi.on("context", (event) => {
        %s
      });
    }
    """
        .formatted(expression);
  }

  private static Failure failure(List<HandlerOutcome> out) {
    assertThat(out).singleElement().isInstanceOf(HandlerOutcome.Failed.class);
    return ((HandlerOutcome.Failed) out.get(0)).failure();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          function         | return { messages: [{ role: "user", content: "x", extra: () => 1 }] };   | the result is not JSON: .messages[0].extra is a function
          BigInt           | return { tokens: 10n };                                                  | the result is not JSON: .tokens is a BigInt (10n)
          symbol           | return { tag: Symbol("t") };                                             | the result is not JSON: .tag is a symbol
          undefined item   | return { messages: [1, undefined] };                                     | the result is not JSON: .messages[1] is undefined (arrays may hold null, not undefined)
          cycle            | const o = { a: { b: {} } }; o.a.b.back = o; return o;                   | the result is not JSON: .a.b.back is a cycle (it contains itself)
          Map              | return { index: new Map([[1, 2]]) };                                     | the result is not JSON: .index is a Map (convert it, e.g. Object.fromEntries(map))
          NaN              | return { ratio: 0 / 0 };                                                 | the result is not JSON: .ratio is the number NaN
          odd key          | return { "a b": [() => 0] };                                             | the result is not JSON: ["a b"][0] is a function
          a bare function  | return function named() {};                                              | the result is not JSON: the value itself is a function
          unsettled        | return { later: Promise.resolve(1) };                                    | the result is not JSON: .later is a Promise (await it first)
          """)
  void nonJsonResultsAreRefusedNamingScriptEventAndField(
      String name, String body, String expected) {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write("bad.js", returning(body));
      f.load();
      Failure failure = failure(f.emit("context", "{\"messages\":[]}"));
      assertThat(failure.kind()).isEqualTo(Failure.Kind.NOT_JSON);
      assertThat(failure.message())
          .isEqualTo(
              f.dir.resolve("bad.js").toAbsolutePath() + ": context handler failed: " + expected);
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          too deep          | 1500 | ''                  | .a.a.a is nested more than 1000 levels deep
          a function deep   | 900  | 'o.f = () => 0;'    | .a.a.f is a function
          """)
  void aLongPathIsShortenedSoTheReasonStaysInTheLine(
      String name, int depth, String atTheBottom, String ending) {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "deep.js",
          returning(
              "let o = {}; const root = o; for (let i = 0; i < %d; i++) { o.a = {}; o = o.a; } %s return root;"
                  .formatted(depth, atTheBottom)));
      f.load();
      Failure failure = failure(f.emit("context", "{\"messages\":[]}"));
      assertThat(failure.kind()).isEqualTo(Failure.Kind.NOT_JSON);
      // ScriptText cuts a line at 2,000 characters: a path of 1,000 ".a" cut the reason off
      assertThat(failure.message())
          .contains(": context handler failed: the result is not JSON: .a.a.a")
          .contains("characters of the path left out")
          .endsWith(ending)
          .hasSizeLessThan(400);
    }
  }

  @Test
  void jsonLikeValuesComeBackAsJackson() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "ok.js",
          """
          class Point { constructor() { this.x = 1; this.y = 2.5; } }
          export default function (pi) {
            pi.on("context", () => ({ at: new Date(0), p: new Point(), skip: undefined, n: null, big: 2 ** 53, s: "é漢" }));
            pi.on("agent_start", () => {});
            pi.on("agent_end", () => null);
          }
          """);
      f.load();
      JsonNode v = ((HandlerOutcome.Answered) f.emit("context", "{}").get(0)).value();
      assertThat(v)
          .isEqualTo(
              ScriptFixture.json(
                  "{\"at\":\"1970-01-01T00:00:00.000Z\",\"p\":{\"x\":1,\"y\":2.5},\"n\":null,\"big\":9007199254740992,\"s\":\"é漢\"}"));
      assertThat(
              ((HandlerOutcome.Answered) f.emit("agent_start", "{}").get(0))
                  .value()
                  .isMissingNode())
          .isTrue();
      assertThat(((HandlerOutcome.Answered) f.emit("agent_end", "{}").get(0)).value().isNull())
          .isTrue();
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          string         | throw "boom";                        | agent_start handler threw a value that is not an Error: "boom" (at bad.js:3)
          object         | throw { code: 42 };                  | agent_start handler threw a value that is not an Error: {code: 42} (at bad.js:3)
          number         | throw 42;                            | agent_start handler threw a value that is not an Error: 42 (at bad.js:3)
          Error          | throw new Error("boom");             | agent_start handler failed: Error: boom (at bad.js:3)
          TypeError      | return null.x;                       | agent_start handler failed: TypeError: Cannot read property 'x' of null (at bad.js:3)
          rejected value | return Promise.reject("nope");       | agent_start handler was rejected with a value that is not an Error: "nope"
          async throw    | return (async () => { await 0; throw new RangeError("late"); })(); | agent_start handler failed: RangeError: late (at bad.js:3)
          """)
  void thrownValuesAreReportedWithScriptAndLine(String name, String body, String expected) {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "bad.js",
          """
          export default function (pi) {
            pi.on("agent_start", () => {
              %s
            });
          }
          """
              .formatted(body));
      f.load();
      Failure failure = failure(f.emit("agent_start", "{}"));
      assertThat(failure.kind()).isEqualTo(Failure.Kind.THREW);
      assertThat(failure.message())
          .isEqualTo(f.dir.resolve("bad.js").toAbsolutePath() + ": " + expected);
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          cycle     | const d = { list: [] }; d.list.push(d); pi.appendEntry("state", d);   | graft.appendEntry: data is not JSON: .list[0] is a cycle (it contains itself)
          function  | pi.appendEntry("state", { onLoad() {} });                             | graft.appendEntry: data is not JSON: .onLoad is a function
          BigInt    | pi.appendEntry("state", { total: 12345678901234567890n });            | graft.appendEntry: data is not JSON: .total is a BigInt (12345678901234567890n)
          no type   | pi.appendEntry("", {});                                                 | TypeError: graft.appendEntry: the customType must be a non-empty string, not an empty string
          """)
  void appendEntryWithNonJsonDataThrowsAtTheCallAndRecordsNothing(
      String name, String call, String expected) {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "bad.js",
          """
          export default function (pi) {
            pi.on("agent_start", () => {
              %s
            });
          }
          """
              .formatted(call));
      f.load();
      Failure failure = failure(f.emit("agent_start", "{}"));
      assertThat(failure.message())
          .endsWith("bad.js: agent_start handler failed: " + expected + " (at bad.js:3)");
      assertThat(f.host.calls).isEmpty();
    }
  }

  @Test
  void oversizedValuesAreRefusedBeforeTheyAreBuilt() {
    ScriptSettings settings = ScriptSettings.defaults().withMaxBridgeChars(1_000_000);
    try (ScriptFixture f = new ScriptFixture(temp, settings)) {
      f.write(
          "big.js",
          """
          export default function (pi) {
            pi.on("context", () => ({ messages: Array.from({ length: 100000 }, (_, i) => "message number " + i) }));
            pi.on("agent_start", () => "x".repeat(50000000));
            pi.on("agent_end", () => { pi.appendEntry("blob", { data: "y".repeat(2000000) }); });
            pi.on("turn_start", () => { console.log("z".repeat(100000)); });
          }
          """);
      f.load();
      assertThat(failure(f.emit("context", "{}")).message())
          .endsWith(
              "big.js: context handler failed: the result is too large: more than 1000000 characters of JSON");
      assertThat(failure(f.emit("agent_start", "{}")).message())
          .endsWith(
              "big.js: agent_start handler failed: the result is too large: more than 1000000 characters of JSON");
      assertThat(failure(f.emit("agent_end", "{}")).message())
          .endsWith(
              "agent_end handler failed: graft.appendEntry: data is too large: more than 1000000 characters of JSON (at big.js:4)");
      assertThat(f.host.calls).isEmpty();
      f.emit("turn_start", "{}");
      // Cut once, to what graft shows of a line, saying how much of the whole line was left out.
      String line =
          f.log.lines.stream().filter(l -> l.startsWith("big.js INFO z")).findFirst().orElseThrow();
      String text = line.substring("big.js INFO ".length());
      int shown = text.indexOf('…');
      assertThat(text.substring(0, shown)).matches("z+");
      assertThat(text.substring(shown)).isEqualTo("… (" + (100000 - shown) + " more characters)");
      assertThat(text.length()).isLessThanOrEqualTo(ScriptText.MAX_SHOWN);
      assertThat(ScriptText.safeLine(text)).as("shown as it is").isEqualTo(text);
    }
  }

  /** A context payload as the agent builds it: 2,000 messages of the three common roles. */
  static ObjectNode contextPayload(int count) {
    ObjectNode payload = Json.object().put("type", "context");
    ArrayNode messages = payload.putArray("messages");
    for (int i = 0; i < count; i++) {
      ObjectNode m = messages.addObject();
      switch (i % 3) {
        case 0 ->
            m.put("role", "user")
                .put("content", "please look at src/file" + i + ".java and fix the test")
                .put("timestamp", 1_700_000_000_000L + i);
        case 1 -> {
          m.put("role", "assistant");
          ArrayNode content = m.putArray("content");
          content
              .addObject()
              .put("type", "text")
              .put("text", "I will run the tests first. ".repeat(1 + i % 7));
          content
              .addObject()
              .put("type", "toolCall")
              .put("id", "call_" + i)
              .put("name", "bash")
              .putObject("arguments")
              .put("command", "mvn -q test -Dtest=T" + i);
          m.put("api", "anthropic-messages")
              .put("provider", "anthropic")
              .put("model", "claude-sonnet-4-5")
              .put("stopReason", "toolUse")
              .put("timestamp", 1_700_000_000_000L + i);
          m.putObject("usage")
              .put("input", 1200)
              .put("output", 80)
              .put("cacheRead", 0)
              .put("cacheWrite", 0)
              .put("totalTokens", 1280)
              .putObject("cost")
              .put("input", 0.0036)
              .put("output", 0.0012)
              .put("total", 0.0048);
        }
        default -> {
          m.put("role", "toolResult").put("toolCallId", "call_" + (i - 1)).put("toolName", "bash");
          m.putArray("content")
              .addObject()
              .put("type", "text")
              .put("text", "[INFO] line of build output é\n".repeat(1 + i % 40));
          m.put("isError", i % 10 == 0).put("timestamp", 1_700_000_000_000L + i);
        }
      }
    }
    return payload;
  }

  @Test
  void twoThousandMessagesRoundTripExactly() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "echo.js",
          """
          export default function (pi) {
            pi.on("context", (event) => ({ messages: event.messages }));
          }
          """);
      f.write(
          "prune.js",
          """
          export default function (pi) {
            pi.on("context", (event) => ({
              messages: event.messages.map((m) => m.role === "toolResult" && m.content[0].text.length > 500
                ? { ...m, content: [{ type: "text", text: m.content[0].text.slice(0, 100) + " [pruned]" }] }
                : m),
            }));
          }
          """);
      f.load();
      ObjectNode payload = contextPayload(2000);
      List<HandlerOutcome> out = f.emit("context", payload);
      assertThat(out)
          .allSatisfy(o ->
              assertThat(o)
                  .as(ScriptFixture.messageOf(o))
                  .isInstanceOf(HandlerOutcome.Answered.class));
      JsonNode echoed = ((HandlerOutcome.Answered) out.get(0)).value();
      assertThat(Json.jsValue(echoed.get("messages")))
          .isEqualTo(Json.jsValue(payload.get("messages")));
      JsonNode pruned = ((HandlerOutcome.Answered) out.get(1)).value().get("messages");
      assertThat(pruned).hasSize(2000);
      long prunedCount = 0;
      for (JsonNode m : pruned) {
        if (m.path("content").path(0).path("text").asText().endsWith(" [pruned]")) {
          prunedCount++;
        }
      }
      assertThat(prunedCount).isGreaterThan(300);
    }
  }
}
