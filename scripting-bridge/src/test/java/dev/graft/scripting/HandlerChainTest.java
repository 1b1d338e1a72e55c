package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.runtime.hooks.AgentHooks;
import dev.graft.runtime.hooks.HookRunner;
import dev.graft.runtime.hooks.HookSource;
import dev.graft.runtime.hooks.SessionHooks;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.MessageCodec;
import dev.graft.scripting.api.EventContext;
import dev.graft.scripting.api.ScriptUi;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One script with several handlers for an event, run through HookRunner and ScriptHookSource as in
 * an agent run: each handler is handed what the one before made of it, and a block or a cancel ends
 * the script's handlers, by the rules the runtime's hook points define.
 */
class HandlerChainTest {
  @TempDir Path temp;
  private final List<String> problems = new ArrayList<>();

  private HookRunner runner(ScriptFixture f, String source) {
    f.write("chain.js", source);
    assertThat(f.load().problems()).isEmpty();
    return new HookRunner(ScriptHookSource.of(f.engine, () -> EventContext.EMPTY), problems::add);
  }

  @Test
  void aToolCallHandlerIsHandedTheInputTheOneBeforeGaveAndABlockEndsTheScriptsHandlers() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      HookRunner hooks =
          runner(
              f,
              """
              export default function (graft) {
                graft.on("tool_call", (event) => ({ input: { command: event.input.command + " --safe" } }));
                graft.on("tool_call", (event) => ({ block: true, reason: "saw " + event.input.command }));
                graft.on("tool_call", () => { graft.appendEntry("third", {}); });
              }
              """);
      ContentBlock.ToolCall call =
          new ContentBlock.ToolCall(
              "call_1", "bash", Json.object().put("command", "ls"), Json.object());
      assertThat(hooks.toolCall(call))
          .isEqualTo(new AgentHooks.ToolCallDecision.Block("saw ls --safe"));
      assertThat(f.host.calls).noneMatch(c -> c.startsWith("appendEntry chain.js third"));
      assertThat(problems).isEmpty();
    }
  }

  @Test
  void aToolResultHandlerIsHandedThePatchedResult() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      HookRunner hooks =
          runner(
              f,
              """
              export default function (graft) {
                graft.on("tool_result", () => ({ content: [{ type: "text", text: "redacted" }] }));
                graft.on("tool_result", (event) => ({ details: { before: event.content[0].text } }));
              }
              """);
      ContentBlock.ToolCall call =
          new ContentBlock.ToolCall("call_1", "read", Json.object(), Json.object());
      AgentHooks.ToolResultPatch patch =
          hooks.toolResult(call, List.of(new ContentBlock.Text("secret")), Optional.empty(), false);
      assertThat(patch.content()).contains(List.of(new ContentBlock.Text("redacted")));
      assertThat(patch.details().map(Object::toString)).contains("{\"before\":\"redacted\"}");
      assertThat(problems).isEmpty();
    }
  }

  @Test
  void aCancelEndsTheScriptsHandlersOfASessionBeforeEvent() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      HookRunner hooks =
          runner(
              f,
              """
              export default function (graft) {
                graft.on("session_before_switch", () => ({ cancel: true }));
                graft.on("session_before_switch", () => { graft.appendEntry("second", {}); });
              }
              """);
      assertThat(hooks.sessionBeforeSwitch(SessionHooks.Reason.NEW, Optional.empty()).cancel())
          .isTrue();
      assertThat(f.host.calls).noneMatch(c -> c.startsWith("appendEntry chain.js second"));
    }
  }

  @Test
  void aContextHandlerIsHandedTheMessagesTheOneBeforeLeft() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      HookRunner hooks =
          runner(
              f,
              """
              export default function (graft) {
                graft.on("context", (event) => ({ messages: event.messages.slice(1) }));
                graft.on("context", (event) => ({ messages: [...event.messages,
                    { role: "user", content: "saw " + event.messages.length, timestamp: 9 }] }));
              }
              """);
      List<AgentMessage> given =
          List.of(
              MessageCodec.decode(
                  ScriptFixture.json("{\"role\":\"user\",\"content\":\"one\",\"timestamp\":1}")),
              MessageCodec.decode(
                  ScriptFixture.json("{\"role\":\"user\",\"content\":\"two\",\"timestamp\":2}")));
      List<AgentMessage> shaped = hooks.context(given);
      assertThat(shaped).hasSize(2);
      assertThat(shaped.get(0)).isSameAs(given.get(1));
      assertThat(MessageCodec.encode(shaped.get(1)).path("content").asText()).isEqualTo("saw 1");
      assertThat(problems).isEmpty();
    }
  }

  @Test
  void anEventGoesOnlyToTheScriptsWithAHandlerForIt() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "gate.js",
          """
          export default function (graft) {
            graft.on("tool_call", (event) => ({ block: true, reason: "gate" }));
            graft.on("input", () => {});
          }
          """);
      f.write(
          "other.js",
          """
          export default function (graft) {
            graft.on("input", () => {});
          }
          """);
      assertThat(f.load().problems()).isEmpty();
      int[] asked = new int[1];
      List<HookSource> sources =
          ScriptHookSource.of(
              f.engine,
              () -> {
                asked[0]++;
                return EventContext.EMPTY;
              });
      assertThat(sources).extracting(HookSource::name).containsExactly("gate.js", "other.js");
      assertThat(sources.get(0).events()).containsExactlyInAnyOrder("tool_call", "input");
      assertThat(sources.get(1).events()).containsExactly("input");
      HookRunner hooks = new HookRunner(sources, problems::add);
      ContentBlock.ToolCall call =
          new ContentBlock.ToolCall(
              "call_1", "bash", Json.object().put("command", "ls"), Json.object());
      assertThat(hooks.toolCall(call)).isEqualTo(new AgentHooks.ToolCallDecision.Block("gate"));
      assertThat(asked[0]).isEqualTo(1);
      assertThat(problems).isEmpty();
    }
  }

  /**
   * A script's handlers of one event share its ctx (the second is made in the same call into the
   * script as the handler, EmitScope.enter), also after the first handler threw; the next event
   * gets a new one; a context handler's event has its entries.
   */
  @Test
  void aScriptsHandlersOfOneEventShareTheirCtxEvenAfterAThrowAndTheNextEventGetsANewOne() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "share.js",
          """
          export default function (graft) {
            const seen = [];
            graft.on("input", (event, ctx) => { ctx.mark = event.text; seen.push(ctx); throw new Error("first"); });
            graft.on("input", (event, ctx) => {
              seen.push(ctx);
              graft.appendEntry("ctx", {
                mark: ctx.mark ?? null,
                sameAsFirst: ctx === seen[seen.length - 2],
                sameAsEarlier: seen.length > 2 && ctx === seen[0],
                cwd: ctx.cwd ?? null,
                idle: typeof ctx.isIdle,
              });
            });
            graft.on("context", (event, ctx) => {
              graft.appendEntry("context", { entries: Array.isArray(event.entries), reminders: typeof ctx.reminders });
            });
          }
          """);
      assertThat(f.load().problems()).isEmpty();
      EventContext ctx = new EventContext(Json.object().put("cwd", "/w"), ScriptUi.NONE);
      HookRunner hooks = new HookRunner(ScriptHookSource.of(f.engine, () -> ctx), problems::add);
      hooks.input("one");
      hooks.input("two");
      hooks.requestContext(
          List.of(
              MessageCodec.decode(
                  Json.object().put("role", "user").put("content", "hi").put("timestamp", 1))));
      assertThat(f.host.calls)
          .filteredOn(c -> c.startsWith("appendEntry share.js"))
          .containsExactly(
              "appendEntry share.js ctx {\"mark\":\"one\",\"sameAsFirst\":true,\"sameAsEarlier\":false,\"cwd\":\"/w\",\"idle\":\"function\"}",
              "appendEntry share.js ctx {\"mark\":\"two\",\"sameAsFirst\":true,\"sameAsEarlier\":false,\"cwd\":\"/w\",\"idle\":\"function\"}",
              "appendEntry share.js context {\"entries\":true,\"reminders\":\"object\"}");
      assertThat(problems).hasSize(2).allMatch(p -> p.contains("first"));
    }
  }

  /**
   * A script's handlers of one payload share its event object, whether graft parsed it beforehand
   * (a large payload) or in the call that runs the first handler (EmitScope.PARSED_WITH_HANDLER),
   * also after the first handler threw.
   */
  @Test
  void aScriptsHandlersShareTheEventObjectOfSmallAndLargePayloadsEvenAfterAThrow() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "mark.js",
          """
          export default function (graft) {
            graft.on("input", (event) => { event.mark = event.text.length; throw new Error("first"); });
            graft.on("input", (event) => {
              graft.appendEntry("seen", { mark: event.mark ?? null, length: event.text.length });
            });
          }
          """);
      assertThat(f.load().problems()).isEmpty();
      HookRunner hooks =
          new HookRunner(ScriptHookSource.of(f.engine, () -> EventContext.EMPTY), problems::add);
      int large = EmitScope.PARSED_WITH_HANDLER + 10;
      hooks.input("small");
      hooks.input("x".repeat(large));
      hooks.input("small again");
      assertThat(f.host.calls)
          .filteredOn(c -> c.startsWith("appendEntry mark.js"))
          .containsExactly(
              "appendEntry mark.js seen {\"mark\":5,\"length\":5}",
              "appendEntry mark.js seen {\"mark\":" + large + ",\"length\":" + large + "}",
              "appendEntry mark.js seen {\"mark\":11,\"length\":11}");
      assertThat(problems).hasSize(3);
    }
  }
}
