package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.graft.runtime.json.Json;
import dev.graft.scripting.api.EventContext;
import dev.graft.scripting.api.ScriptCommandControl;
import dev.graft.scripting.api.ScriptUi;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A command handler's extra ctx methods; event handlers do not have them. */
class CommandControlTest {
  @TempDir Path temp;

  static final class FakeCommands implements ScriptCommandControl {
    final List<String> calls = new CopyOnWriteArrayList<>();

    @Override
    public CompletableFuture<Void> waitForIdle() {
      calls.add("waitForIdle");
      return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletableFuture<Boolean> navigateTree(String targetId, TreeOptions options) {
      calls.add("navigateTree " + targetId + " " + options);
      return CompletableFuture.completedFuture(true);
    }

    @Override
    public CompletableFuture<Boolean> fork(String entryId) {
      calls.add("fork " + entryId);
      return CompletableFuture.completedFuture(false);
    }

    @Override
    public CompletableFuture<Boolean> newSession() {
      calls.add("newSession");
      return CompletableFuture.completedFuture(false);
    }

    @Override
    public CompletableFuture<Void> reload() {
      calls.add("reload");
      return CompletableFuture.completedFuture(null);
    }
  }

  @Test
  void cancellingACommandAbortsItsSignal() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "wait.js",
          """
          export default function (pi) {
            pi.registerCommand("wait", {
              handler: (args, ctx) => new Promise(() => {
                ctx.signal.addEventListener("abort", (e) => {
                  pi.appendEntry("aborted", { type: e.type, aborted: ctx.signal.aborted, name: ctx.signal.reason.name });
                });
                pi.appendEntry("waiting", { aborted: ctx.signal.aborted });
              }),
            });
          }
          """);
      assertThat(f.load().problems()).isEmpty();
      CompletableFuture<?> running =
          f.engine.runCommand("wait", "", new EventContext(Json.object(), ScriptUi.NONE));
      long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (f.host.calls.stream().noneMatch(c -> c.contains("waiting"))
          && System.nanoTime() < until) {
        Thread.sleep(10);
      }
      running.cancel(true);
      while (f.host.calls.stream().noneMatch(c -> c.contains(" aborted "))
          && System.nanoTime() < until) {
        Thread.sleep(10);
      }
      assertThat(f.host.calls)
          .containsExactly(
              "appendEntry wait.js waiting {\"aborted\":false}",
              "appendEntry wait.js aborted {\"type\":\"abort\",\"aborted\":true,\"name\":\"AbortError\"}");
    }
  }

  @Test
  void commandHandlersGetTheSessionMethodsAndEventHandlersDoNot() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "cmd.js",
          """
          export default function (pi) {
            pi.registerCommand("go", {
              handler: async (args, ctx) => {
                if (args === "bad") return ctx.navigateTree("e1", { summarise: true });
                await ctx.waitForIdle();
                const tree = await ctx.navigateTree("e1", { summarize: true, label: "here" });
                const forked = await ctx.fork("e2");
                const fresh = await ctx.newSession();
                await ctx.reload();
                return [tree.cancelled, forked.cancelled, fresh.cancelled];
              },
            });
            pi.on("agent_start", (event, ctx) => { pi.appendEntry("has", { fork: typeof ctx.fork }); });
          }
          """);
      assertThat(f.load().problems()).isEmpty();
      FakeCommands commands = new FakeCommands();
      EventContext ctx = new EventContext(Json.object(), ScriptUi.NONE).withCommands(commands);
      assertThat(f.engine.runCommand("go", "", ctx).get(10, TimeUnit.SECONDS).toString())
          .isEqualTo("[true,false,false]");
      assertThat(commands.calls)
          .containsExactly(
              "waitForIdle",
              "navigateTree e1 TreeOptions[summarize=true, customInstructions=Optional.empty, replaceInstructions=false,"
                  + " label=Optional[here]]",
              "fork e2",
              "newSession",
              "reload");
      assertThatThrownBy(() -> f.engine.runCommand("go", "bad", ctx).get(10, TimeUnit.SECONDS))
          .hasMessageContaining("TypeError: ctx.navigateTree: unknown option \"summarise\"");
      f.emit("agent_start", "{}");
      assertThat(f.host.calls).containsExactly("appendEntry cmd.js has {\"fork\":\"undefined\"}");
    }
  }

  @Test
  void aModeWithoutSessionCommandsRejectsThemPlainly() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "cmd.js",
          """
          export default function (pi) {
            pi.registerCommand("go", { handler: async (args, ctx) => {
              try { await ctx.newSession(); } catch (e) { return e.message; }
            } });
          }
          """);
      f.load();
      assertThat(
              f.engine.runCommand("go", "", EventContext.EMPTY).get(10, TimeUnit.SECONDS).asText())
          .isEqualTo(
              "ctx.newSession failed: newSession is not available in this mode (only in the interactive mode's commands)");
    }
  }
}
