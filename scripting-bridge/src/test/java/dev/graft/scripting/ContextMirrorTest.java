package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.runtime.hooks.HookRunner;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.MessageCodec;
import dev.graft.scripting.api.EventContext;
import dev.graft.scripting.api.LoadReport;
import dev.graft.scripting.api.ScriptSettings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The context event's messages, kept by each script from call to call (MessageMirror): what a
 * handler returns unchanged is graft's own message again, a changed copy is converted, and the kept
 * messages are frozen, so no script changes what another script or the next call sees. Run through
 * HookRunner and ScriptHookSource, as in an agent run.
 */
class ContextMirrorTest {
  @TempDir Path temp;
  private final List<String> problems = new ArrayList<>();

  private static AgentMessage user(int i) {
    return MessageCodec.decode(
        ScriptFixture.json(
            "{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"message "
                + i
                + "\"}],\"timestamp\":"
                + (i + 1)
                + "}"));
  }

  private static List<AgentMessage> messages(int n) {
    return IntStream.range(0, n).mapToObj(ContextMirrorTest::user).toList();
  }

  private static String text(AgentMessage m) {
    return MessageCodec.encode(m).path("content").path(0).path("text").asText();
  }

  private HookRunner runner(ScriptFixture f) {
    LoadReport report = f.load();
    assertThat(report.problems()).isEmpty();
    return new HookRunner(ScriptHookSource.of(f.engine, () -> EventContext.EMPTY), problems::add);
  }

  @Test
  void aFilteredArrayOfTheGivenMessagesIsExactlyThoseMessages() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "odd.js",
          """
          export default function (graft) {
            graft.on("context", (event) => ({ messages: event.messages.filter((m, i) => i % 2 === 1).reverse() }));
          }
          """);
      HookRunner hooks = runner(f);
      List<AgentMessage> given = messages(6);
      // The first call hands the messages over as the handler's own copies, and knows those it gets
      // back as they were by their JSON; later calls: the script keeps them and answers by id.
      for (int call = 0; call < 3; call++) {
        List<AgentMessage> out = hooks.context(given);
        assertThat(out).hasSize(3);
        assertThat(out.get(0)).isSameAs(given.get(5));
        assertThat(out.get(1)).isSameAs(given.get(3));
        assertThat(out.get(2)).isSameAs(given.get(1));
      }
      assertThat(problems).isEmpty();
    }
  }

  @Test
  void aChangedCopyIsConvertedAndTheOthersStayGraftsOwn() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "edit.js",
          """
          export default function (graft) {
            graft.on("context", (event) => ({
              messages: event.messages.map((m, i) =>
                i === 1 ? { ...m, content: [{ type: "text", text: "changed " + m.content[0].text }] } : m)
                .concat([{ role: "user", content: "added", timestamp: 99 }]),
            }));
          }
          """);
      HookRunner hooks = runner(f);
      List<AgentMessage> given = messages(3);
      hooks.context(given);
      List<AgentMessage> out =
          hooks.context(given); // the second call: the script holds the messages
      assertThat(out).hasSize(4);
      assertThat(out.get(0)).isSameAs(given.get(0));
      assertThat(out.get(2)).isSameAs(given.get(2));
      assertThat(out.get(1)).isNotSameAs(given.get(1));
      assertThat(text(out.get(1))).isEqualTo("changed message 1");
      assertThat(MessageCodec.encode(out.get(3)).path("content").asText()).isEqualTo("added");
      assertThat(problems).isEmpty();
    }
  }

  /**
   * A message's long content and details cross with it but are parsed when a handler first reads
   * them: the message reads, spreads and stringifies as it was sent, keys in their order, frozen
   * all the way down, and goes back by name whether it was read or not.
   */
  @Test
  void longContentIsReadWhenFirstUsedAndTheMessageIsAsSent() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "long.js",
          """
          export default function (graft) {
            graft.on("context", (event) => {
              const [short, result] = event.messages;
              const lazy = (m, k) => typeof Object.getOwnPropertyDescriptor(m, k).get === "function";
              const before = [lazy(result, "content"), lazy(result, "details"), lazy(short, "content")];
              let refused = false;
              try { result.content[0].text = "changed"; } catch (e) { refused = e instanceof TypeError; }
              console.warn(JSON.stringify({ before, keys: Object.keys(result), refused,
                text: result.content[0].text.length, details: result.details.lines.length,
                spread: JSON.stringify({ ...result }) === JSON.stringify(result) }));
              console.warn(`json ${JSON.stringify(result)}`);
              return { messages: [short, result, { ...result, toolCallId: "c2" }] };
            });
          }
          """);
      HookRunner hooks = runner(f);
      String longText = "x".repeat(500);
      String resultJson =
          "{\"role\":\"toolResult\",\"toolCallId\":\"c1\",\"toolName\":\"read\",\"content\":"
              + "[{\"type\":\"text\",\"text\":\""
              + longText
              + "\"}],\"details\":{\"lines\":[\""
              + "y".repeat(450)
              + "\"]},\"isError\":false,\"timestamp\":2}";
      AgentMessage result = MessageCodec.decode(ScriptFixture.json(resultJson));
      List<AgentMessage> given = List.of(user(0), result);
      List<AgentMessage> out = hooks.context(given);
      assertThat(problems).isEmpty();
      assertThat(out).hasSize(3);
      assertThat(out.get(0)).isSameAs(given.get(0));
      assertThat(out.get(1)).isSameAs(result);
      assertThat(MessageCodec.encode(out.get(2)).path("toolCallId").asText()).isEqualTo("c2");
      assertThat(text(out.get(2))).isEqualTo(longText);
      assertThat(f.log.lines)
          .filteredOn(l -> l.contains("long.js WARN {"))
          .containsExactly(
              "long.js WARN {\"before\":[true,true,false],\"keys\":[\"role\",\"toolCallId\","
                  + "\"toolName\",\"content\",\"details\",\"isError\",\"timestamp\"],"
                  + "\"refused\":true,\"text\":500,\"details\":1,\"spread\":true}");
      assertThat(f.log.lines)
          .filteredOn(l -> l.startsWith("long.js WARN json "))
          .containsExactly("long.js WARN json " + MessageCodec.encode(result));
    }
  }

  @Test
  void aMessageChangedInPlaceOnItsFirstCallIsRefusedAsOnLaterCalls() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "inplace.js",
          """
          export default function (graft) {
            graft.on("context", (event) => {
              try {
                event.messages[1].content[0].text = "changed in place";
              } catch (e) {
                console.warn(`refused: ${e instanceof TypeError}`);
              }
              return { messages: event.messages };
            });
          }
          """);
      HookRunner hooks = runner(f);
      List<AgentMessage> given = messages(3);
      // Frozen from the first call on: the change is refused, the messages go back as given.
      assertThat(hooks.context(given)).containsExactlyElementsOf(given);
      assertThat(hooks.context(given))
          .satisfiesExactly(
              m -> assertThat(m).isSameAs(given.get(0)),
              m -> assertThat(m).isSameAs(given.get(1)),
              m -> assertThat(m).isSameAs(given.get(2)));
      assertThat(f.log.lines)
          .filteredOn(l -> l.contains("refused"))
          .containsExactly("inplace.js WARN refused: true", "inplace.js WARN refused: true");
      assertThat(text(given.get(1))).isEqualTo("message 1");
      assertThat(problems).isEmpty();
    }
  }

  /**
   * A first call's answer names the messages it returned as given, whatever the order and repeats;
   * a rebuilt equal object or a changed one is encoded and checked as any answer.
   */
  @Test
  void aFirstCallsAnswerNamesTheGivenMessagesAndEncodesTheRest() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "mix.js",
          """
          let calls = 0;
          export default function (graft) {
            graft.on("context", (event) => {
              const [a, b, c, d] = event.messages;
              calls++;
              if (calls === 1) {
                const rebuilt = JSON.parse(JSON.stringify(c)); // equal to c, another object
                return { messages: [d, a, a, { ...b, content: [{ type: "text", text: "new b" }] }, rebuilt], note: "kept" };
              }
              return { messages: [a, { ...b, timestamp: 10n }] }; // a new first call: not JSON
            });
          }
          """);
      HookRunner hooks = runner(f);
      List<AgentMessage> given = messages(4);
      List<AgentMessage> out = hooks.context(given);
      assertThat(out).hasSize(5);
      assertThat(out.get(0)).isSameAs(given.get(3));
      assertThat(out.get(1)).isSameAs(given.get(0));
      assertThat(out.get(2)).isSameAs(given.get(0));
      assertThat(text(out.get(3))).isEqualTo("new b");
      assertThat(out.get(4)).isEqualTo(given.get(2));
      assertThat(problems).isEmpty();
      List<AgentMessage> others =
          messages(4).stream().map(m -> MessageCodec.decode(MessageCodec.encode(m))).toList();
      assertThat(hooks.context(others))
          .containsExactlyElementsOf(others); // the failure leaves the context as it was
      assertThat(problems)
          .singleElement()
          .satisfies(p ->
              assertThat(p)
                  .endsWith(
                      "mix.js: context handler failed: the result is not JSON: .messages[1].timestamp is a BigInt (10n)"));
    }
  }

  @Test
  void aFirstCallsAnswerIsHeldToTheBridgeLimitBeyondTheMessagesSent() {
    try (ScriptFixture f =
        new ScriptFixture(temp, ScriptSettings.defaults().withMaxBridgeChars(1_000_000))) {
      f.write(
          "grow.js",
          """
          export default function (graft) {
            graft.on("context", (event) => ({
              messages: [...event.messages, { role: "user", content: "x".repeat(2000000), timestamp: 1 }],
            }));
          }
          """);
      HookRunner hooks = runner(f);
      List<AgentMessage> given = messages(3);
      assertThat(hooks.context(given))
          .containsExactlyElementsOf(given); // the failure leaves the context as it was
      assertThat(problems)
          .singleElement()
          .satisfies(p ->
              assertThat(p)
                  .endsWith(
                      "grow.js: context handler failed: the result is too large: more than 1000000 characters of JSON"));
    }
  }

  /**
   * Contexts that grow, lose or replace messages, repeat one, or start over, call after call: the
   * handler's answer maps back to exactly the messages it returned, graft's own where unchanged.
   */
  @Test
  void everyKindOfContextChangeMapsBackExactly() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "shape.js",
          """
          export default function (graft) {
            graft.on("context", (event) => ({
              messages: event.messages.filter((m, i) => i % 3 !== 1).map((m, i) =>
                i % 4 === 0 ? { ...m, content: [{ type: "text", text: "x" + m.content[0].text }] } : m),
            }));
          }
          """);
      HookRunner hooks = runner(f);
      Random random = new Random(16);
      List<AgentMessage> context = new ArrayList<>(messages(5));
      int made = 5;
      for (int call = 0; call < 80; call++) {
        switch (random.nextInt(7)) {
          case 0, 1 -> {
            for (int k = random.nextInt(3); k >= 0; k--) {
              context.add(user(made++));
            }
          }
          case 2 -> context.set(random.nextInt(context.size()), user(made++));
          case 3 -> {
            if (context.size() > 2) {
              context.remove(random.nextInt(context.size()));
            }
          }
          case 4 ->
              context.add(
                  random.nextInt(context.size()), context.get(random.nextInt(context.size())));
          case 5 ->
              Collections.swap(
                  context, random.nextInt(context.size()), random.nextInt(context.size()));
          default -> {
            if (random.nextInt(6) == 0) {
              context =
                  new ArrayList<>(
                      messages(3).stream()
                          .map(m -> MessageCodec.decode(MessageCodec.encode(m)))
                          .toList());
            }
          }
        }
        List<AgentMessage> out = hooks.context(List.copyOf(context));
        List<AgentMessage> kept = new ArrayList<>();
        for (int i = 0; i < context.size(); i++) {
          if (i % 3 != 1) {
            kept.add(context.get(i));
          }
        }
        assertThat(out).as("call " + call).hasSize(kept.size());
        for (int i = 0; i < kept.size(); i++) {
          if (i % 4 == 0) {
            assertThat(text(out.get(i)))
                .as("call %d, message %d", call, i)
                .isEqualTo("x" + text(kept.get(i)));
          } else {
            assertThat(out.get(i)).as("call %d, message %d", call, i).isSameAs(kept.get(i));
          }
        }
      }
      assertThat(problems).isEmpty();
    }
  }

  @Test
  void messagesAreMadeOnlyWhenAHandlerReadsThem() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "lazy.js",
          """
          let calls = 0;
          let old;
          export default function (graft) {
            graft.on("context", (event) => {
              calls++;
              if (calls <= 2) { old = event; return; } // never reads them
              if (calls === 3) return { messages: old.messages.slice(1) }; // an earlier event's: a copy
              if (calls === 4) { event.messages = [event.messages[0]]; return { messages: event.messages }; }
              return { messages: event.messages };
            });
          }
          """);
      HookRunner hooks = runner(f);
      LoadedScript script = f.engine.loaded().get(0);
      List<AgentMessage> given = messages(3);
      hooks.context(given);
      hooks.context(given);
      assertThat(script.messages().size()).isZero(); // nothing was read, nothing crossed
      List<AgentMessage> stale = hooks.context(given);
      assertThat(stale).hasSize(2);
      assertThat(text(stale.get(0))).isEqualTo("message 1");
      assertThat(script.messages().size()).isZero(); // the copy left the mirror alone
      assertThat(hooks.context(given)).containsExactly(given.get(0));
      List<AgentMessage> out = hooks.context(given); // read twice now: kept from here on
      assertThat(out).hasSize(3);
      assertThat(out.get(2)).isSameAs(given.get(2));
      assertThat(script.messages().size()).isEqualTo(3);
      assertThat(problems).isEmpty();
    }
  }

  @Test
  void aScriptCannotChangeWhatTheNextScriptOrTheNextCallSees() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      // a.js tries every way of changing a message in place, then answers nothing.
      f.write(
          "a.js",
          """
          export default function (graft) {
            graft.on("context", (event) => {
              const m = event.messages[0];
              const tries = [
                () => { m.content[0].text = "changed by a"; },
                () => { m.content.push({ type: "text", text: "pushed by a" }); },
                () => { m.role = "assistant"; },
                () => { m.extra = 1; },
                () => { delete m.timestamp; },
              ];
              const refused = tries.filter((t) => { try { t(); return false; } catch (e) { return e instanceof TypeError; } });
              console.warn(`a: ${refused.length} of ${tries.length} refused, sees "${m.content[0].text}"`);
              event.messages.pop(); // its own array: nobody else sees this
            });
          }
          """);
      // b.js reports what it is given.
      f.write(
          "b.js",
          """
          export default function (graft) {
            graft.on("context", (event) => {
              console.warn(`b: ${event.messages.length} messages, first "${event.messages[0].content[0].text}" with ${event.messages[0].content.length} block(s)`);
            });
          }
          """);
      HookRunner hooks = runner(f);
      List<AgentMessage> given = messages(3);
      for (int call = 0; call < 3; call++) {
        List<AgentMessage> out = hooks.context(given);
        assertThat(out).containsExactlyElementsOf(given);
        assertThat(text(out.get(0))).isEqualTo("message 0");
      }
      // a's messages are the ones it keeps, frozen from their first call on: every change is
      // refused.
      String a = "a.js WARN a: 5 of 5 refused, sees \"message 0\"";
      String b = "b.js WARN b: 3 messages, first \"message 0\" with 1 block(s)";
      assertThat(f.log.lines)
          .filteredOn(l -> l.contains(" a: ") || l.contains(" b: "))
          .containsExactly(a, b, a, b, a, b);
      assertThat(problems).isEmpty();
    }
  }

  @Test
  void aWrongMessageBesideGivenOnesIsReportedAtItsPlace() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "bad.js",
          """
          export default function (graft) {
            graft.on("context", (event) => ({ messages: [event.messages[0], event.messages[1], { role: "user", content: () => 1 }] }));
          }
          """);
      HookRunner hooks = runner(f);
      List<AgentMessage> given = messages(2);
      // The first call answers whole, the second names the two given messages by id: the same
      // report.
      assertThat(hooks.context(given))
          .containsExactlyElementsOf(given); // the failure leaves the context as it was
      assertThat(hooks.context(given)).containsExactlyElementsOf(given);
      assertThat(problems)
          .hasSize(2)
          .allSatisfy(p ->
              assertThat(p)
                  .endsWith(
                      "bad.js: context handler failed: the result is not JSON: .messages[2].content is a function"));
    }
  }

  @Test
  void onlyMessagesOfTheLastCallsAreKept() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "keep.js",
          """
          export default function (graft) {
            graft.on("context", (event) => ({ messages: event.messages }));
          }
          """);
      HookRunner hooks = runner(f);
      LoadedScript script = f.engine.loaded().get(0);
      List<AgentMessage> first = messages(4);
      assertThat(hooks.context(first)).containsExactlyElementsOf(first);
      assertThat(script.messages().size()).isEqualTo(4); // kept from their first call
      assertThat(hooks.context(first)).containsExactlyElementsOf(first);
      assertThat(script.messages().size()).isEqualTo(4);
      List<AgentMessage> grown = new ArrayList<>(first);
      grown.add(user(4));
      assertThat(hooks.context(grown)).containsExactlyElementsOf(grown);
      assertThat(script.messages().size()).isEqualTo(5);
      // Another context altogether (a new session): the old messages go after two calls without
      // them.
      List<AgentMessage> other =
          messages(2).stream().map(m -> MessageCodec.decode(MessageCodec.encode(m))).toList();
      hooks.context(other);
      assertThat(script.messages().size()).isEqualTo(7);
      assertThat(hooks.context(other)).containsExactlyElementsOf(other);
      assertThat(script.messages().size()).isEqualTo(2);
    }
  }

  @Test
  void entryIndexIsReadWhenUsedAndKeepsItsPlaceAmongTheEventsKeys() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "index.js",
          """
          export default function (graft) {
            graft.on("context", (event) => {
              const keys = Object.keys(event).join(" ");
              const first = event.entryIndex;
              first.push(7); // the handler's own array: the next handler sees the change
              return;
            });
            graft.on("context", (event) => {
              const seen = event.entryIndex.join(",");
              const json = JSON.parse(JSON.stringify(event)).entryIndex.length;
              event.entryIndex = "replaced";
              return;
            });
            graft.on("context", (event) => {
              graft.appendEntry("seen", { keys: Object.keys(event).join(" "), index: event.entryIndex });
            });
          }
          """);
      assertThat(f.load().problems()).isEmpty();
      f.emit(
          "context",
          "{\"type\":\"context\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\","
              + "\"timestamp\":1}],\"entryIndex\":[3]}");
      assertThat(f.host.calls)
          .containsExactly(
              "appendEntry index.js seen {\"keys\":\"type entryIndex messages entries\",\"index\":\"replaced\"}");
    }
  }
}
