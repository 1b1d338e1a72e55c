package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.cli.Graft;
import dev.graft.cli.base.CliContext;
import dev.graft.runtime.config.GraftHome;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.session.SessionEntry;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a script written for the reference relies on without saying so: a changed {@code
 * event.input} is applied, a tool registered from a handler is offered, and the startup
 * session_start has the UI.
 */
class ReferenceParityCliTest {
  @TempDir Path home;
  @TempDir Path work;

  private List<SessionEntry> entries() throws Exception {
    return LastSession.entries(home, work.resolve("proj"));
  }

  private String toolResults() throws Exception {
    StringBuilder out = new StringBuilder();
    for (SessionEntry e : entries()) {
      if (e instanceof SessionEntry.Message m && m.message().toString().contains("ToolResult")) {
        out.append(m.message()).append('\n');
      }
    }
    return out.toString();
  }

  private CliRun run(String script, String turns) throws Exception {
    Files.createDirectories(work.resolve("proj"));
    Files.createDirectories(work.resolve("scripts"));
    Files.writeString(work.resolve("scripts/s.js"), script);
    Files.writeString(work.resolve("turns.jsonl"), turns);
    CliRun run =
        CliRun.run(
            home,
            work,
            "-p",
            "--scripts",
            "scripts",
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "--cwd",
            "proj",
            "go");
    assertThat(run.exitCode()).as(run.err()).isZero();
    return run;
  }

  @Test
  void aPromptIsWrittenAsTextBlocksAsTheReferenceWritesIt() throws Exception {
    Files.createDirectories(work.resolve("proj"));
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\":\"hi\"}\n");
    CliRun run =
        CliRun.run(
            home,
            work,
            "-p",
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "--cwd",
            "proj",
            "hello there");
    assertThat(run.exitCode()).as(run.err()).isZero();

    // The reference (pi -p "hello there") writes the line's message as
    // {"role":"user","content":[{"type":"text","text":"hello there"}],"timestamp":…}.
    JsonNode user = null;
    for (String line : Files.readAllLines(LastSession.file(home, work.resolve("proj")))) {
      JsonNode message = Json.parse(line).path("message");
      if (message.path("role").asText().equals("user")) {
        user = message;
      }
    }
    assertThat(user).isNotNull();
    assertThat(user.get("content"))
        .isEqualTo(Json.parse("[{\"type\":\"text\",\"text\":\"hello there\"}]"));
  }

  @Test
  void aToolCallHandlerThatChangesEventInputInPlaceChangesWhatRuns() throws Exception {
    run(
        """
        export default function (pi) {
          pi.on("tool_call", (event) => {
            if (event.toolName === "bash") event.input.command = event.input.command.replace("one", "two");
          });
          pi.on("tool_call", async (event) => {
            await Promise.resolve();
            if (event.toolName === "bash") event.input = { command: event.input.command + "-three" };
          });
        }
        """,
        """
        {"toolCalls": [{"name": "bash", "arguments": {"command": "echo one"}}]}
        {"text": "done"}
        """);
    assertThat(toolResults()).contains("two-three").doesNotContain("one");
  }

  @Test
  void aToolRegisteredFromAHandlerIsOfferedToTheModel() throws Exception {
    run(
        """
        export default function (pi) {
          pi.registerCommand("hi", { description: "says hi", handler: async () => {} });
          pi.on("session_start", () => {
            const tools = pi.getAllTools();
            const commands = pi.getCommands();
            pi.appendEntry("listed", {
              bash: tools.find((t) => t.name === "bash").sourceInfo.path,
              hasParameters: typeof tools[0].parameters === "object",
              commands: commands.map((c) => c.name + ":" + c.source + ":" + (c.description ?? "")),
            });
            pi.registerTool({
              name: "late_tool",
              description: "registered after load",
              parameters: { type: "object", properties: {} },
              execute: async () => ({ content: [{ type: "text", text: "late tool ran" }] }),
            });
          });
        }
        """,
        """
        {"toolCalls": [{"name": "late_tool", "arguments": {}}]}
        {"text": "done"}
        """);
    assertThat(toolResults()).contains("late tool ran");
    assertThat(entries())
        .anySatisfy(e ->
            assertThat(e)
                .isInstanceOfSatisfying(
                    SessionEntry.Custom.class,
                    c ->
                        assertThat(c.data().orElseThrow().toString())
                            .isEqualTo(
                                "{\"bash\":\"<builtin:bash>\",\"hasParameters\":true,"
                                    + "\"commands\":[\"hi:extension:says hi\"]}")));
  }

  @Test
  void theStartupSessionStartHasTheUiOverRpc() throws Exception {
    Files.createDirectories(work.resolve("scripts"));
    Files.writeString(
        work.resolve("scripts/s.js"),
        """
        export default function (pi) {
          pi.on("session_start", (event, ctx) => {
            ctx.ui.notify("hasUI " + ctx.hasUI + " " + event.reason, "info");
            ctx.ui.setStatus("s", "ready");
          });
        }
        """);
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"ok\"}\n");
    try (RpcDriver rpc = RpcDriver.scripted(home, work, "--scripts", "scripts")) {
      JsonNode notify =
          rpc.await(l -> l.path("method").asText().equals("notify"), "notify from session_start");
      assertThat(notify.path("message").asText()).isEqualTo("hasUI true startup");
      assertThat(
              rpc.await(l -> l.path("method").asText().equals("setStatus"), "setStatus")
                  .path("statusText")
                  .asText())
          .isEqualTo("ready");
    }
  }

  @Test
  void widgetsTitleEditorAndTheModelObjectOverRpcAsInTheReferenceProtocol() throws Exception {
    Files.createDirectories(work.resolve("scripts"));
    Files.writeString(
        work.resolve("scripts/s.js"),
        """
        export default function (pi) {
          pi.on("session_start", (event, ctx) => {
            ctx.ui.setWidget("plan", ["1. read", "2. write"]);
            ctx.ui.setTitle("graft: planning");
            ctx.ui.notify("model " + typeof ctx.model + " " + ctx.model.provider + " " + ctx.model.id, "info");
          });
          pi.registerCommand("ed", {
            handler: async (args, ctx) => {
              const text = await ctx.ui.editor("Edit the plan", "1. read");
              ctx.ui.notify("edited: " + text, "info");
              ctx.shutdown();
            },
          });
        }
        """);
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"ok\"}\n");
    try (RpcDriver rpc = RpcDriver.scripted(home, work, "--scripts", "scripts")) {
      JsonNode widget = rpc.await(l -> l.path("method").asText().equals("setWidget"), "setWidget");
      assertThat(widget.path("widgetKey").asText()).isEqualTo("plan");
      assertThat(widget.path("widgetLines").toString()).isEqualTo("[\"1. read\",\"2. write\"]");
      assertThat(widget.path("widgetPlacement").asText()).isEqualTo("aboveEditor");
      assertThat(
              rpc.await(l -> l.path("method").asText().equals("setTitle"), "setTitle")
                  .path("title")
                  .asText())
          .isEqualTo("graft: planning");
      assertThat(
              rpc.await(l -> l.path("method").asText().equals("notify"), "notify")
                  .path("message")
                  .asText())
          .isEqualTo("model object scripted scripted");
      rpc.send("{\"id\":\"p\",\"type\":\"prompt\",\"message\":\"/ed\"}");
      JsonNode editor = rpc.await(l -> l.path("method").asText().equals("editor"), "editor");
      assertThat(editor.path("title").asText()).isEqualTo("Edit the plan");
      assertThat(editor.path("prefill").asText()).isEqualTo("1. read");
      rpc.send(
          "{\"type\":\"extension_ui_response\",\"id\":\""
              + editor.path("id").asText()
              + "\",\"value\":\"1. read 2. test\"}");
      assertThat(
              rpc.await(l -> l.path("method").asText().equals("notify"), "notify")
                  .path("message")
                  .asText())
          .isEqualTo("edited: 1. read 2. test");
      // ctx.shutdown(): graft ends, although stdin stays open.
      rpc.awaitExit();
    }
  }

  @Test
  void inTheInteractiveModeWidgetsShowAsStatusAndShutdownQuitsAfterTheCommand() throws Exception {
    Files.createDirectories(work.resolve("scripts"));
    Files.writeString(
        work.resolve("scripts/s.js"),
        """
        export default function (pi) {
          pi.on("session_start", (event, ctx) => {
            ctx.ui.notify("hasUI " + ctx.hasUI, "info");
            ctx.ui.setWidget("plan", ["read", "write"]);
          });
          pi.registerCommand("bye", { handler: async (args, ctx) => { ctx.ui.notify("leaving", "info"); ctx.shutdown(); } });
        }
        """);
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"the model was asked\"}\n");
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CliContext context =
        new CliContext(
            Map.of("GRAFT_HOME", home.toString()),
            new GraftHome(home),
            work,
            new PrintWriter(out, true),
            new PrintWriter(err, true),
            Clock.systemUTC(),
            new ByteArrayInputStream("/bye\nhello\n".getBytes(StandardCharsets.UTF_8)));
    int code =
        Graft.run(
            context,
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "--scripts",
            "scripts",
            "--no-session");
    assertThat(code).as(err.toString()).isZero();
    assertThat(out.toString())
        .contains("hasUI true")
        .contains("read · write")
        .contains("leaving")
        .doesNotContain("the model was asked");
  }
}
