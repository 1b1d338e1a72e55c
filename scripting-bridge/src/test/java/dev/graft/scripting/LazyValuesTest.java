package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.json.LazyJson;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A message_update's message so far crosses to a script only when a handler reads it: there is an
 * update per streamed piece, and the message grows with the answer.
 */
class LazyValuesTest {
  @TempDir Path temp;

  private final AtomicInteger made = new AtomicInteger();

  /** A message_update payload as the agent gives scripts one (AgentEvents.toHookJson). */
  private ObjectNode update(String soFar) {
    LazyJson message =
        new LazyJson(() -> {
          made.incrementAndGet();
          ObjectNode m = Json.object().put("role", "assistant");
          m.putArray("content").addObject().put("type", "text").put("text", soFar);
          return m;
        });
    ObjectNode o = Json.object().put("type", "message_update");
    o.set(
        "assistantMessageEvent",
        Json.object()
            .put("type", "text_delta")
            .put("contentIndex", 0)
            .put("delta", "!")
            .set("partial", message.node()));
    o.set("message", message.node());
    return o;
  }

  @Test
  void aHandlerThatDoesNotReadTheMessageNeverHasItMade() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "a.js",
          "export default function (g) { g.on('message_update', (e) => e.assistantMessageEvent.delta"
              + " + Object.keys(e).join(',') + '|' + Object.keys(e.assistantMessageEvent).join(',')); }");
      f.load();
      assertThat(f.emit("message_update", update("Hi")))
          .extracting(ScriptFixture::messageOf)
          .containsExactly(
              "answered \"!type,assistantMessageEvent,message|type,contentIndex,delta,partial\"");
      assertThat(made).hasValue(0);
    }
  }

  @Test
  void theMessageIsMadeOnceAndIsThePartialToo() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "a.js",
          "export default function (g) { g.on('message_update', (e) =>"
              + " [e.message === e.assistantMessageEvent.partial, e.message.content[0].text,"
              + " e.message.role].join(' ')); }");
      f.write(
          "b.js",
          "export default function (g) { g.on('message_update', (e) => e.message.content[0].text); }");
      f.load();
      assertThat(f.emit("message_update", update("Hi there")))
          .extracting(ScriptFixture::messageOf)
          .containsExactly("answered \"true Hi there assistant\"", "answered \"Hi there\"");
      assertThat(made).hasValue(1);
    }
  }

  @Test
  void theMessageReadAfterAnAwaitIsTheOneOfItsEvent() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "a.js",
          "let first; export default function (g) { g.on('message_update', async (e) => {"
              + " if (first === undefined) { first = e; return 'kept'; }"
              + " await null; return first.message.content[0].text + ' then ' + e.message.content[0].text; }); }");
      f.load();
      assertThat(f.emit("message_update", update("one")))
          .extracting(ScriptFixture::messageOf)
          .containsExactly("answered \"kept\"");
      assertThat(f.emit("message_update", update("one two")))
          .extracting(ScriptFixture::messageOf)
          .containsExactly("answered \"one then one two\"");
    }
  }
}
