package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import dev.graft.scripting.api.EventContext;
import dev.graft.scripting.api.LoadReport;
import dev.graft.scripting.api.ScriptCommand;
import dev.graft.scripting.api.ScriptFile;
import dev.graft.scripting.api.ScriptTool;
import dev.graft.scripting.api.ScriptUi;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The API object a script receives: registrations checked, actions passed to the host port. */
class ApiTest {
  @TempDir Path temp;

  private static String loadProblem(ScriptFixture f) {
    LoadReport r = f.load();
    assertThat(r.problems()).hasSize(1);
    return r.problems().get(0).message();
  }

  @Test
  void anUnknownEventLoadsWithOneWarningPerName() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "later.js",
          """
          export default function (pi) {
            pi.on("agent_settled", () => {});
            pi.on("agent_settled", () => {});
            pi.on("contxt", () => {});
            pi.on("context", () => {});
          }
          """);
      LoadReport r = f.load();
      assertThat(r.problems()).isEmpty();
      assertThat(f.engine.events(r.loaded().getFirst()))
          .contains("agent_settled", "contxt", "context");
      List<String> warned = f.log.lines.stream().filter(l -> l.contains("unknown event")).toList();
      assertThat(warned)
          .containsExactly(
              "later.js WARN pi.on: unknown event \"agent_settled\": graft never emits it, so this handler is never called",
              "later.js WARN pi.on: unknown event \"contxt\": graft never emits it, so this handler is never called"
                  + " (did you mean \"context\"?)");
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          empty command name     | pi.registerCommand("", { handler() {} });                     | TypeError: graft.registerCommand: the command name must be a non-empty string, not an empty string
          no command name        | pi.registerCommand(undefined, { handler() {} });              | TypeError: graft.registerCommand: the command name must be a non-empty string, not undefined
          leading slash          | pi.registerCommand("/pop", { handler() {} });                 | TypeError: graft.registerCommand: write the command name without the leading "/" ("pop")
          command twice          | pi.registerCommand("pop", { handler() {} }); pi.registerCommand("pop", { handler() {} }); | TypeError: graft.registerCommand: /pop is already registered by this script
          handler not a function | pi.registerCommand("pop", { handler: "run" });                | TypeError: graft.registerCommand: the handler of /pop must be a function, not a string
          no options             | pi.registerCommand("pop");                                    | TypeError: graft.registerCommand: the options for /pop must be an object {description, handler}, not undefined
          event not a string     | pi.on(42, () => {});                                          | TypeError: graft.on: the event name must be a string, not a number
          handler not function   | pi.on("context", { handle() {} });                           | TypeError: graft.on: the handler for "context" must be a function, not an object
          bad tool name          | pi.registerTool({ name: "my tool", description: "d", execute() {} }); | TypeError: graft.registerTool: the tool name must be 1 to 64 letters, digits, _ or -, not "my tool"
          tool without execute   | pi.registerTool({ name: "t", description: "d" });             | TypeError: graft.registerTool: the execute of tool t must be a function, not undefined
          tool params not JSON   | pi.registerTool({ name: "t", description: "d", parameters: { f() {} }, execute() {} }); | graft.registerTool: parameters is not JSON: .f is a function
          action while loading   | pi.appendEntry("x", {});                                      | Error: graft.appendEntry cannot be used while the script loads; call it from an event, command or tool handler
          """)
  void badRegistrationsFailTheLoadNamingScriptAndLine(String name, String call, String expected) {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write("bad.js", "export default function (pi) {\n  " + call + "\n}\n");
      f.write(
          "good.js",
          "export default function (api) { api.on('input', () => ({ action: 'handled' })); }\n");
      String m = loadProblem(f);
      assertThat(m)
          .startsWith(f.dir.resolve("bad.js") + ": loading failed: " + expected)
          .endsWith("(at bad.js:2)");
      assertThat(f.engine.scripts()).extracting(ScriptFile::name).containsExactly("good.js");
      assertThat(f.host.calls).isEmpty();
    }
  }

  @Test
  void aCommandRegisteredByTwoScriptsKeepsTheFirstAndWarns() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "a.js",
          "export default function (pi) { pi.registerCommand('pop', { description: 'from a', handler: () => 'a' }); }");
      f.write(
          "b.js",
          "export default function (pi) { pi.registerCommand('pop', { description: 'from b', handler: () => 'b' }); }");
      assertThat(f.load().problems()).isEmpty();
      assertThat(f.engine.commands())
          .singleElement()
          .satisfies(c -> {
            assertThat(c.name()).isEqualTo("pop");
            assertThat(c.description()).isEqualTo("from a");
            assertThat(c.script().name()).isEqualTo("a.js");
          });
      assertThat(f.log.all())
          .contains(
              "b.js WARN /pop is already registered by "
                  + f.dir.resolve("a.js")
                  + "; this registration is ignored");
      assertThat(
              f.engine.runCommand("pop", "", EventContext.EMPTY).get(5, TimeUnit.SECONDS).asText())
          .isEqualTo("a");
    }
  }

  @Test
  void commandsAreListedAndRunWithArgsAndCtx() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "stack.js",
          """
          export default function (pi) {
            pi.registerCommand("pop", {
              description: "Pop to a previous turn",
              handler: async (args, ctx) => {
                const choice = await ctx.ui.select("Pop to:", ["turn 1", "turn 2"]);
                return { args, choice, cwd: ctx.cwd, hasUI: ctx.hasUI };
              },
            });
          }
          """);
      assertThat(f.load().problems()).isEmpty();
      assertThat(f.engine.commands())
          .containsExactly(
              new ScriptCommand("pop", "Pop to a previous turn", f.engine.scripts().get(0)));
      EventContext ctx =
          new EventContext(Json.object().put("cwd", "/work"), new RunawayTest.TestUi());
      JsonNode r = f.engine.runCommand("pop", "2 --fast", ctx).get(5, TimeUnit.SECONDS);
      assertThat(r)
          .isEqualTo(
              ScriptFixture.json(
                  "{\"args\":\"2 --fast\",\"choice\":\"turn 1\",\"cwd\":\"/work\",\"hasUI\":true}"));
      assertThatThrownBy(
              () -> f.engine.runCommand("nope", "", EventContext.EMPTY).get(5, TimeUnit.SECONDS))
          .isInstanceOf(ExecutionException.class)
          .hasMessageContaining("no script registered /nope");
    }
  }

  @Test
  void toolsAreListedAndExecuted() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "tools.js",
          """
          export default function (pi) {
            pi.registerTool({
              name: "greet",
              description: "Greets someone",
              parameters: { type: "object", properties: { who: { type: "string" } }, required: ["who"] },
              async execute(toolCallId, params, signal, onUpdate, ctx) {
                return { content: [{ type: "text", text: "hello " + params.who + " (" + toolCallId + ")" }], details: { cwd: ctx.cwd } };
              },
            });
          }
          """);
      f.load();
      ScriptTool tool = f.engine.tools().get(0);
      assertThat(tool.name()).isEqualTo("greet");
      assertThat(tool.parameters().path("required").get(0).asText()).isEqualTo("who");
      JsonNode r =
          f.engine
              .runTool(
                  "greet",
                  "call_1",
                  ScriptFixture.json("{\"who\":\"ada\"}"),
                  EventContext.of(Json.object().put("cwd", "/w")))
              .get(5, TimeUnit.SECONDS);
      assertThat(r)
          .isEqualTo(
              ScriptFixture.json(
                  "{\"content\":[{\"type\":\"text\",\"text\":\"hello ada (call_1)\"}],\"details\":{\"cwd\":\"/w\"}}"));
    }
  }

  @Test
  void actionsReachTheHostPortOnTheScriptThread() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "act.js",
          """
          export default function (pi) {
            pi.on("agent_start", () => {
              pi.appendEntry("graft.test", { n: 1 });
              pi.appendEntry("graft.bare");
              pi.sendMessage({ customType: "note", content: "hi", display: true }, { deliverAs: "nextTurn" });
              pi.sendUserMessage("go on", { deliverAs: "followUp" });
              pi.setLabel("e1", "start");
              pi.setLabel("e2");
              pi.setSessionName("refactor");
              pi.setActiveTools(["read"]);
              pi.setThinkingLevel("high");
              return { tools: pi.getActiveTools(), level: pi.getThinkingLevel() };
            });
          }
          """);
      f.load();
      HandlerOutcome out = f.emit("agent_start", "{}").get(0);
      assertThat(((HandlerOutcome.Answered) out).value())
          .isEqualTo(ScriptFixture.json("{\"tools\":[\"read\"],\"level\":\"high\"}"));
      assertThat(f.host.calls)
          .containsExactly(
              "appendEntry act.js graft.test {\"n\":1}",
              "appendEntry act.js graft.bare -",
              "sendMessage {\"customType\":\"note\",\"content\":\"hi\",\"display\":true} {\"deliverAs\":\"nextTurn\"}",
              "sendUserMessage \"go on\" {\"deliverAs\":\"followUp\"}",
              "setLabel e1 start",
              "setLabel e2 -",
              "setSessionName refactor",
              "setActiveTools [read]",
              "setThinkingLevel high");
      assertThat(f.host.threads).containsOnly("graft-scripts");
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          level           | pi.setThinkingLevel("max");                       | TypeError: graft.setThinkingLevel: unknown thinking level "max"; the levels are [off, minimal, low, medium, high, xhigh]
          message type    | pi.sendMessage({ content: "x" });                 | TypeError: graft.sendMessage: the message must be an object with a non-empty string customType
          delivery        | pi.sendUserMessage("x", { deliverAs: "later" });  | TypeError: graft.sendUserMessage: deliverAs must be one of steer, followUp
          exec args       | pi.exec("ls", ["-l", 3]);                         | TypeError: graft.exec: the args[1] must be a string
          model           | pi.setModel({ name: "x" });                       | TypeError: graft.setModel: the model must be an object with string fields provider and id
          """)
  void badActionArgumentsThrowAtTheCall(String name, String call, String expected) {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "bad.js",
          "export default function (pi) {\n  pi.on('agent_start', () => {\n    "
              + call
              + "\n  });\n}\n");
      f.load();
      assertThat(ScriptFixture.messageOf(f.emit("agent_start", "{}").get(0)))
          .isEqualTo(
              f.dir.resolve("bad.js")
                  + ": agent_start handler failed: "
                  + expected
                  + " (at bad.js:3)");
      assertThat(f.host.calls).isEmpty();
    }
  }

  @Test
  void anAsyncHandlerAwaitsAHostFutureWithoutBlockingOtherScripts() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "git.js",
          """
          export default function (pi) {
            pi.on("agent_start", async () => {
              const r = await pi.exec("git", ["status", "--short"], { cwd: "/repo" });
              let failed;
              try { await pi.exec("false", []); } catch (e) { failed = e.message; }
              return { out: r.stdout.trim(), code: r.code, failed };
            });
          }
          """);
      f.write(
          "quick.js",
          "export default function (pi) { pi.on('input', () => ({ action: 'handled' })); }");
      f.load();
      CompletableFuture<List<HandlerOutcome>> emitting =
          CompletableFuture.supplyAsync(() -> f.emit("agent_start", "{}"));
      CompletableFuture<JsonNode> exec = f.host.nextExec();
      // The script waits for git; meanwhile the owner thread serves another emit.
      assertThat(f.emit("input", "{}")).singleElement().isInstanceOf(HandlerOutcome.Answered.class);
      assertThat(emitting).isNotDone();
      Thread other =
          new Thread(() ->
              exec.complete(
                  ScriptFixture.json(
                      "{\"stdout\":\" M a.txt\\n\",\"stderr\":\"\",\"code\":0,\"killed\":false}")));
      other.start();
      f.host.nextExec().completeExceptionally(new RuntimeException("exit code 1"));
      List<HandlerOutcome> out = emitting.get(10, TimeUnit.SECONDS);
      assertThat(((HandlerOutcome.Answered) out.get(0)).value())
          .isEqualTo(
              ScriptFixture.json(
                  "{\"out\":\"M a.txt\",\"code\":0,\"failed\":\"graft.exec(\\\"false\\\") failed: exit code 1\"}"));
      assertThat(f.host.calls)
          .containsExactly("exec git [status, --short] {\"cwd\":\"/repo\"}", "exec false [] {}");
    }
  }

  @Test
  void consoleGoesToTheLogTaggedWithScriptAndLevel() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "talk.js",
          """
          export default function (pi) {
            console.log("loaded", 3, { a: [1, "two"] }, null, undefined);
            console.info("info");
            console.warn("careful");
            console.error(new TypeError("bad thing"));
            console.debug("details");
            Promise.reject(new Error("nobody catches me"));
          }
          """);
      f.load();
      assertThat(f.log.lines)
          .contains(
              "talk.js INFO loaded 3 {a: [1, \"two\"]} null undefined",
              "talk.js INFO info",
              "talk.js WARN careful",
              "talk.js DEBUG details");
      assertThat(f.log.lines)
          .anySatisfy(l -> assertThat(l).startsWith("talk.js ERROR TypeError: bad thing"));
      // One line, with the script's line, without GraalJS's stack of internal frames.
      assertThat(f.log.lines)
          .contains(
              "talk.js WARN unhandled promise rejection in loading: Error: nobody catches me (at talk.js:7)");
      assertThat(f.log.lines)
          .noneMatch(l -> l.contains("Unhandled promise rejection") || l.contains("graft-prelude"));
    }
  }

  @Test
  void uiDialogsAnswerThroughTheCtx() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "ask.js",
          """
          export default function (pi) {
            pi.on("agent_start", async (event, ctx) => {
              ctx.ui.notify("starting", "info");
              return { hasUI: ctx.hasUI, name: await ctx.ui.input("Name?"), sure: await ctx.ui.confirm("Sure?", "really") };
            });
          }
          """);
      f.load();
      List<String> notes = new CopyOnWriteArrayList<>();
      ScriptUi ui =
          new RunawayTest.TestUi() {
            @Override
            public CompletableFuture<Optional<String>> input(String title, String placeholder) {
              return CompletableFuture.supplyAsync(() -> Optional.of("ada"));
            }

            @Override
            public void notify(String message, String level) {
              notes.add(level + ":" + message);
            }
          };
      List<HandlerOutcome> out =
          f.engine.emit("agent_start", Json.object(), new EventContext(Json.object(), ui));
      assertThat(((HandlerOutcome.Answered) out.get(0)).value())
          .isEqualTo(ScriptFixture.json("{\"hasUI\":true,\"name\":\"ada\",\"sure\":true}"));
      assertThat(notes).containsExactly("info:starting");
      // Without a UI, dialogs answer as dismissed.
      assertThat(((HandlerOutcome.Answered) f.emit("agent_start", "{}").get(0)).value())
          .isEqualTo(ScriptFixture.json("{\"hasUI\":false,\"sure\":false}"));
    }
  }

  @Test
  void uiSetStatusAndDialogTimeoutsReachTheUi() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "status.js",
          """
          export default function (pi) {
            pi.on("agent_start", async (event, ctx) => {
              ctx.ui.setStatus("build", "compiling");
              ctx.ui.setStatus("build", undefined);
              ctx.ui.setStatus("lint", "");
              const pick = await ctx.ui.select("Pick", ["a", "b"], { timeout: 1500 });
              let bad;
              try { ctx.ui.confirm("Sure?", "x", { timeout: -1 }); } catch (e) { bad = e.name + ": " + e.message; }
              let noKey;
              try { ctx.ui.setStatus(42, "x"); } catch (e) { noKey = e.message; }
              return { pick, bad, noKey };
            });
          }
          """);
      f.load();
      List<String> seen = new CopyOnWriteArrayList<>();
      ScriptUi ui =
          new RunawayTest.TestUi() {
            @Override
            public CompletableFuture<Optional<String>> select(
                String title, List<String> options, Optional<Duration> timeout) {
              seen.add("select " + title + " " + timeout.map(Duration::toMillis).orElse(-1L));
              return CompletableFuture.completedFuture(Optional.of(options.get(1)));
            }

            @Override
            public void setStatus(String key, Optional<String> text) {
              seen.add("status " + key + "=" + text.orElse("(cleared)"));
            }
          };
      List<HandlerOutcome> out =
          f.engine.emit("agent_start", Json.object(), new EventContext(Json.object(), ui));
      assertThat(((HandlerOutcome.Answered) out.get(0)).value())
          .isEqualTo(
              ScriptFixture.json(
                  """
                  {"pick":"b",
                   "bad":"TypeError: ctx.ui.confirm: the timeout must be a positive number of milliseconds, not -1",
                   "noKey":"ctx.ui.setStatus: the key must be a non-empty string, not a number"}\
                  """));
      assertThat(seen)
          .containsExactly(
              "status build=compiling",
              "status build=(cleared)",
              "status lint=(cleared)",
              "select Pick 1500");
    }
  }

  @Test
  void ctxUiSessionManagerAndModelRegistryAreMadeWhenFirstReadAndActAsPlainProperties() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "shape.js",
          """
          export default function (graft) {
            graft.on("agent_start", (event, ctx) => {
              const keys = Object.keys(ctx).join(" ");
              const same = ctx.ui === ctx.ui && ctx.sessionManager === ctx.sessionManager
                && ctx.modelRegistry === ctx.modelRegistry;
              const data = ["ui", "sessionManager", "modelRegistry"]
                .every((k) => "value" in Object.getOwnPropertyDescriptor(ctx, k));
              const frozenUi = Object.isFrozen(ctx.ui) && typeof ctx.ui.notify === "function";
              ctx.ui = "mine";
              const assigned = ctx.ui;
              const copy = { ...ctx };
              const spread = typeof copy.sessionManager.getBranch === "function";
              return { keys, same, data, frozenUi, assigned, spread };
            });
            graft.on("agent_end", (event, ctx) => {
              ctx.sessionManager = "set before read";
              Object.freeze(ctx);
              return { set: ctx.sessionManager, ui: typeof ctx.ui.notify, again: ctx.ui === ctx.ui,
                models: typeof ctx.modelRegistry.find };
            });
          }
          """);
      f.load();
      JsonNode started = ((HandlerOutcome.Answered) f.emit("agent_start", "{}").get(0)).value();
      assertThat(started.get("keys").asText())
          .startsWith("hasUI ui shutdown sessionManager isIdle abort")
          .contains("modelRegistry");
      assertThat(started.get("same").asBoolean()).isTrue();
      assertThat(started.get("data").asBoolean()).isTrue();
      assertThat(started.get("frozenUi").asBoolean()).isTrue();
      assertThat(started.get("assigned").asText()).isEqualTo("mine");
      assertThat(started.get("spread").asBoolean()).isTrue();
      JsonNode ended = ((HandlerOutcome.Answered) f.emit("agent_end", "{}").get(0)).value();
      assertThat(ended)
          .isEqualTo(
              ScriptFixture.json(
                  "{\"set\":\"set before read\",\"ui\":\"function\",\"again\":true,"
                      + "\"models\":\"function\"}"));
    }
  }
}
