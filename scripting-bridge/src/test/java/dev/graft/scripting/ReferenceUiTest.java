package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.runtime.json.Json;
import dev.graft.scripting.api.EventContext;
import dev.graft.scripting.api.ScriptUi;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The reference's ctx.ui members beyond dialogs, ctx.shutdown, pi.getSessionName and pi.events. */
class ReferenceUiTest {
  @TempDir Path temp;

  @Test
  void theNonTerminalUiMembersReachTheUi() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "ui.js",
          """
          export default function (pi) {
            pi.on("agent_start", async (event, ctx) => {
              ctx.ui.setWidget("todo", ["1. write", "2. test"], { placement: "belowEditor" });
              ctx.ui.setWidget("todo", undefined);
              ctx.ui.setWidget("fancy", () => ({ render: () => [] }));
              ctx.ui.setTitle("graft: busy");
              ctx.ui.setWorkingMessage("Thinking hard");
              ctx.ui.setWorkingMessage();
              ctx.ui.setEditorText("draft");
              ctx.ui.setFooter(undefined);
              const edited = await ctx.ui.editor("Edit", "prefilled");
              let badPlacement;
              try { ctx.ui.setWidget("x", ["a"], { placement: "left" }); } catch (e) { badPlacement = e.message; }
              ctx.shutdown();
              return { edited, badPlacement, themed: ctx.ui.theme.fg("accent", "text") + ctx.ui.theme.bold("!") };
            });
          }
          """);
      f.load();
      List<String> seen = new CopyOnWriteArrayList<>();
      ScriptUi ui =
          new RunawayTest.TestUi() {
            @Override
            public CompletableFuture<Optional<String>> editor(String title, String prefill) {
              seen.add("editor " + title + " " + prefill);
              return CompletableFuture.completedFuture(Optional.of(prefill + " and edited"));
            }

            @Override
            public void setWidget(String key, Optional<List<String>> lines, String placement) {
              seen.add(
                  "widget "
                      + key
                      + " "
                      + lines.map(Object::toString).orElse("(removed)")
                      + " "
                      + placement);
            }

            @Override
            public void setTitle(String title) {
              seen.add("title " + title);
            }

            @Override
            public void setWorkingMessage(Optional<String> message) {
              seen.add("working " + message.orElse("(graft's)"));
            }

            @Override
            public void setEditorText(String text) {
              seen.add("editorText " + text);
            }

            @Override
            public void shutdown() {
              seen.add("shutdown");
            }
          };
      List<HandlerOutcome> out =
          f.engine.emit("agent_start", Json.object(), new EventContext(Json.object(), ui));
      assertThat(((HandlerOutcome.Answered) out.get(0)).value())
          .isEqualTo(
              ScriptFixture.json(
                  """
                  {"edited":"prefilled and edited",
                   "badPlacement":"ctx.ui.setWidget: the placement must be \\"aboveEditor\\" or \\"belowEditor\\", not \\"left\\"",
                   "themed":"text!"}\
                  """));
      assertThat(seen)
          .containsExactly(
              "widget todo [1. write, 2. test] belowEditor",
              "widget todo (removed) aboveEditor",
              "title graft: busy",
              "working Thinking hard",
              "working (graft's)",
              "editorText draft",
              "editor Edit prefilled",
              "shutdown");
      // A UI without components ignores a widget's factory, as the reference's RPC mode does: not
      // called, not shown.
      assertThat(f.log.all()).doesNotContain("setWidget");
    }
  }

  @Test
  void workingIndicatorAndVisibilityReachTheUiAndHiddenThinkingLabelIsACheckedNoOp() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "indicator.js",
          """
          export default function (pi) {
            pi.on("agent_start", async (event, ctx) => {
              ctx.ui.setWorkingIndicator({ frames: ["·", "•", "●"], intervalMs: 120 });
              ctx.ui.setWorkingIndicator({ frames: [] });
              ctx.ui.setWorkingIndicator({ intervalMs: 50 });
              ctx.ui.setWorkingIndicator();
              ctx.ui.setWorkingVisible(false);
              ctx.ui.setWorkingVisible(true);
              ctx.ui.setHiddenThinkingLabel("Pondering...");
              ctx.ui.setHiddenThinkingLabel();
              const errors = [];
              for (const bad of [() => ctx.ui.setWorkingIndicator("dots"),
                  () => ctx.ui.setWorkingIndicator({ frames: ["a", 1] }),
                  () => ctx.ui.setWorkingIndicator({ frames: ["a"], intervalMs: 5 }),
                  () => ctx.ui.setWorkingIndicator({ frames: ["a"], intervalMs: "fast" }),
                  () => ctx.ui.setWorkingIndicator({ frames: ["x".repeat(101)] }),
                  () => ctx.ui.setWorkingVisible("no"),
                  () => ctx.ui.setHiddenThinkingLabel(42)]) {
                try { bad(); errors.push("accepted"); } catch (e) { errors.push(e.name + ": " + e.message); }
              }
              return { errors };
            });
          }
          """);
      assertThat(f.load().problems()).isEmpty();
      List<String> seen = new CopyOnWriteArrayList<>();
      ScriptUi ui =
          new RunawayTest.TestUi() {
            @Override
            public void setWorkingIndicator(Optional<List<String>> frames, int intervalMs) {
              seen.add(frames.map(Object::toString).orElse("(graft's)") + " " + intervalMs);
            }

            @Override
            public void setWorkingVisible(boolean visible) {
              seen.add("visible " + visible);
            }
          };
      List<HandlerOutcome> out =
          f.engine.emit("agent_start", Json.object(), new EventContext(Json.object(), ui));
      assertThat(((HandlerOutcome.Answered) out.get(0)).value())
          .isEqualTo(
              ScriptFixture.json(
                  """
                  {"errors":[
                    "TypeError: ctx.ui.setWorkingIndicator: the options must be an object {frames?, intervalMs?}",
                    "TypeError: ctx.ui.setWorkingIndicator: the frames[1] must be a string",
                    "TypeError: ctx.ui.setWorkingIndicator: intervalMs must be a whole number of milliseconds from 20 to 10000, not 5",
                    "TypeError: ctx.ui.setWorkingIndicator: intervalMs must be a number of milliseconds",
                    "TypeError: ctx.ui.setWorkingIndicator: a frame is 101 characters long; the limit is 100",
                    "TypeError: ctx.ui.setWorkingVisible: visible must be true or false",
                    "TypeError: ctx.ui.setHiddenThinkingLabel: the label must be a string"]}\
                  """));
      assertThat(seen)
          .containsExactly(
              "[·, •, ●] 120",
              "[] 0",
              "(graft's) 50",
              "(graft's) 0",
              "visible false",
              "visible true");
    }
  }

  @Test
  void piEventsCarryDataBetweenScriptsAndGetSessionNameReadsTheName() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "a-listener.js",
          """
          export default function (pi) {
            const off = pi.events.on("build", (data) => pi.appendEntry("heard", { data, name: pi.getSessionName() ?? null }));
            pi.events.on("stop", () => off());
          }
          """);
      f.write(
          "b-emitter.js",
          """
          export default function (pi) {
            let local = [];
            pi.events.on("build", (data) => local.push(data.step));
            pi.on("agent_start", () => {
              pi.events.emit("build", { step: 1 });
              pi.events.emit("stop");
              pi.events.emit("build", { step: 2 });
              let bad;
              try { pi.events.emit("build", { f: 1n }); } catch (e) { bad = e.name; }
              return { local, bad };
            });
          }
          """);
      assertThat(f.load().problems()).isEmpty();
      List<HandlerOutcome> out = f.emit("agent_start", "{}");
      assertThat(((HandlerOutcome.Answered) out.get(0)).value())
          .isEqualTo(ScriptFixture.json("{\"local\":[1,2],\"bad\":\"TypeError\"}"));
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (f.host.calls.stream().noneMatch(c -> c.startsWith("appendEntry"))
          && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      Thread.sleep(200); // a second (wrong) delivery would have arrived by now
      assertThat(f.host.calls.stream().filter(c -> c.startsWith("appendEntry")).toList())
          .containsExactly(
              "appendEntry a-listener.js heard {\"data\":{\"step\":1},\"name\":\"my session\"}");
    }
  }
}
