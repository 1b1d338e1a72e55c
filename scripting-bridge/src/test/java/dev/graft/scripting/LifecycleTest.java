package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.scripting.api.EventContext;
import dev.graft.scripting.api.ScriptFailure;
import dev.graft.scripting.api.ScriptFile;
import dev.graft.scripting.api.ScriptHostPort;
import dev.graft.scripting.api.ScriptSettings;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reload, unloaded scripts, chained emits, and the engine's own rules. */
class LifecycleTest {
  @TempDir Path temp;

  @Test
  void reloadLoadsNewAndChangedFilesAndDropsTheOldHandlers() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write("a.js", "export default function (pi) { pi.on('agent_start', () => 'a1'); }");
      f.load();
      f.write("a.js", "export default function (pi) { pi.on('agent_start', () => 'a2'); }");
      f.write("b.js", "export default function (pi) { pi.on('agent_start', () => 'b1'); }");
      assertThat(f.engine.reload().loaded())
          .extracting(ScriptFile::name)
          .containsExactly("a.js", "b.js");
      assertThat(f.emit("agent_start", "{}"))
          .extracting(o -> ((HandlerOutcome.Answered) o).value().asText())
          .containsExactly("a2", "b1");
    }
  }

  @Test
  void apiCallsFromAScriptUnloadedByAReloadFailClearlyAndDoNothing() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "old.js",
          """
          export default function (pi) {
            pi.registerCommand("build", {
              handler: async () => {
                const r = await pi.exec("make", []);
                pi.appendEntry("graft.build", { code: r.code });
                return "done";
              },
            });
          }
          """);
      f.load();
      CompletableFuture<JsonNode> command = f.engine.runCommand("build", "", EventContext.EMPTY);
      CompletableFuture<JsonNode> make = f.host.nextExec();
      f.write("old.js", "export default function (pi) { pi.on('agent_start', () => 'new'); }");
      f.engine.reload();
      make.complete(ScriptFixture.json("{\"code\":0}"));
      assertThatThrownBy(() -> command.get(5, TimeUnit.SECONDS))
          .isInstanceOf(ExecutionException.class)
          .cause()
          .isInstanceOf(ScriptFailure.class)
          .hasMessage(
              f.dir.resolve("old.js")
                  + ": /build command failed: Error: graft.appendEntry was ignored: this"
                  + " script was unloaded (unloaded by a reload), and an API object from before that no longer works"
                  + " (at old.js:5)");
      assertThat(f.host.calls).containsExactly("exec make [] {}");
      assertThat(f.engine.commands()).isEmpty();
      assertThat(((HandlerOutcome.Answered) f.emit("agent_start", "{}").get(0)).value().asText())
          .isEqualTo("new");
    }
  }

  @Test
  void aPendingCallOfAnUnloadedScriptFailsWhenItsContextCloses() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp, ScriptFixture.quick())) {
      f.write(
          "wait.js",
          "export default function (pi) { pi.registerCommand('wait', { handler: () => new Promise(() => {}) }); }");
      f.load();
      // With a UI the command may wait for the user, so only the unloading ends it.
      CompletableFuture<JsonNode> command = f.engine.runCommand("wait", "", ScriptFixture.WITH_UI);
      f.engine.reload();
      // The unloaded script gets the handler timeout (2 s here) to finish, then is closed.
      assertThatThrownBy(() -> command.get(6, TimeUnit.SECONDS))
          .cause()
          .isInstanceOf(ScriptFailure.class)
          .hasMessage(
              f.dir.resolve("wait.js")
                  + ": /wait command did not finish: the script was unloaded"
                  + " (unloaded by a reload)");
    }
  }

  @Test
  void chainedEmitFeedsEachHandlerThePreviousAnswer() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "a.js",
          "export default function (pi) { pi.on('context', (e) => ({ messages: [...e.messages, 'a'] })); }");
      f.write("b.js", "export default function (pi) { pi.on('context', () => undefined); }");
      f.write(
          "c.js",
          "export default function (pi) { pi.on('context', (e) => ({ messages: [...e.messages, 'c'] })); }");
      f.load();
      Chain messages =
          (payload, outcome) -> {
            if (outcome instanceof HandlerOutcome.Answered a
                && a.value().path("messages").isArray()) {
              ObjectNode next = ((ObjectNode) payload).deepCopy();
              next.set("messages", a.value().get("messages"));
              return new Chain.Step.Next(next);
            }
            return new Chain.Step.Next(payload);
          };
      List<HandlerOutcome> out =
          f.engine.emit(
              "context",
              ScriptFixture.json("{\"messages\":[\"x\"]}"),
              EventContext.EMPTY,
              messages);
      assertThat(out).hasSize(3);
      assertThat(((HandlerOutcome.Answered) out.get(2)).value().get("messages").toString())
          .isEqualTo("[\"x\",\"a\",\"c\"]");
    }
  }

  @Test
  void aChainCanStopAndASameScriptHandlerSeesChangesMadeInPlace() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "a.js",
          """
          export default function (pi) {
            pi.on("tool_call", (e) => { e.input.command = e.input.command + " --dry-run"; });
            pi.on("tool_call", (e) => e.input.command.includes("rm") ? { block: true, reason: "no rm" } : undefined);
          }
          """);
      f.write(
          "b.js",
          "export default function (pi) { pi.on('tool_call', () => { throw new Error('never reached'); }); }");
      f.load();
      Chain untilBlocked =
          (payload, outcome) ->
              outcome instanceof HandlerOutcome.Answered a && a.value().path("block").asBoolean()
                  ? new Chain.Step.Stop()
                  : new Chain.Step.Next(payload);
      List<HandlerOutcome> out =
          f.engine.emit(
              "tool_call",
              ScriptFixture.json(
                  "{\"toolName\":\"bash\",\"input\":{\"command\":\"rm -rf build\"}}"),
              EventContext.EMPTY,
              untilBlocked);
      assertThat(out).hasSize(2);
      assertThat(((HandlerOutcome.Answered) out.get(1)).value().path("reason").asText())
          .isEqualTo("no rm");
    }
  }

  @Test
  void aPortMayNotCallBackIntoTheEngine() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      ScriptEngine[] engine = new ScriptEngine[1];
      ScriptHostPort reentrant =
          new FakeHost() {
            @Override
            public void setSessionName(ScriptFile script, String name) {
              engine[0].emit("agent_end", Json.object(), EventContext.EMPTY);
            }
          };
      try (ScriptEngine e = ScriptEngine.start(ScriptSettings.defaults(), reentrant, f.log)) {
        engine[0] = e;
        f.write(
            "a.js",
            "export default function (pi) { pi.on('agent_start', () => { pi.setSessionName('x'); }); }");
        e.load(f.sources);
        assertThat(
                ScriptFixture.messageOf(
                    e.emit("agent_start", Json.object(), EventContext.EMPTY).get(0)))
            .contains(
                "a.js: agent_start handler failed: Error: graft.setSessionName failed in graft: emit was called on the"
                    + " script thread (from a ScriptHostPort or ScriptUi method?); those must not call back into the engine");
      }
    }
  }

  @Test
  void eventsWithoutHandlersCostNothingAndClosedEnginesRefuse() {
    ScriptFixture f = new ScriptFixture(temp);
    f.write("a.js", "export default function (pi) { pi.on('agent_start', () => 1); }");
    f.load();
    assertThat(f.engine.handles("agent_start")).isTrue();
    assertThat(f.engine.handles("message_update")).isFalse();
    assertThat(f.emit("message_update", "{}")).isEmpty();
    f.close();
    assertThatThrownBy(() -> f.emit("agent_start", "{}"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("the script engine is closed");
    assertThat(Thread.getAllStackTraces().keySet())
        .extracting(Thread::getName)
        .doesNotContain("graft-scripts", "graft-script-watchdog");
  }

  @Test
  void warmUpPreparesWithoutLoadingAnything() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.engine.warmUp();
      assertThat(f.engine.scripts()).isEmpty();
      f.write("a.js", "export default function (pi) { pi.on('agent_start', () => 'ready'); }");
      assertThat(f.load().problems()).isEmpty();
      assertThat(((HandlerOutcome.Answered) f.emit("agent_start", "{}").get(0)).value().asText())
          .isEqualTo("ready");
      assertThat(f.log.all()).doesNotContain("warm-up failed");
    }
  }

  @Test
  void settingsAreValidated() {
    assertThatThrownBy(() -> ScriptSettings.defaults().withHeapLimit(2))
        .hasMessageContaining("heapLimit");
    assertThatThrownBy(() -> ScriptSettings.defaults().withMaxBridgeChars(10))
        .hasMessageContaining("maxBridgeChars");
    assertThat(ScriptSettings.defaults().handlerTimeout()).hasSeconds(30);
    assertThat(ScriptSettings.defaults().spinLimit()).hasSeconds(2);
    assertThat(Optional.of(ScriptSettings.KNOWN_EVENTS))
        .get()
        .asInstanceOf(InstanceOfAssertFactories.COLLECTION)
        .contains("context", "tool_call", "session_before_compact", "compaction_end");
  }
}
