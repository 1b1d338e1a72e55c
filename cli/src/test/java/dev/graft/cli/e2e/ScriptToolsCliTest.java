package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.cli.Graft;
import dev.graft.cli.base.CliContext;
import dev.graft.cli.setup.AgentOptions;
import dev.graft.cli.setup.AgentSetup;
import dev.graft.runtime.agent.AgentSession;
import dev.graft.runtime.config.GraftHome;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.MessageContent;
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
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The script API calls that reach into the agent: tools the model calls, messages that steer or
 * start turns, and setModel, each through a real run with the scripted provider.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ScriptToolsCliTest {
  @TempDir Path home;
  @TempDir Path work;

  private List<SessionEntry> entries() throws Exception {
    return LastSession.entries(home, work.resolve("proj"));
  }

  private List<AgentMessage.ToolResult> toolResults(List<SessionEntry> entries) {
    return entries.stream()
        .filter(e ->
            e instanceof SessionEntry.Message m && m.message() instanceof AgentMessage.ToolResult)
        .map(e -> (AgentMessage.ToolResult) ((SessionEntry.Message) e).message())
        .toList();
  }

  private static String text(AgentMessage.ToolResult r) {
    return new MessageContent.Blocks(r.content()).text("\n");
  }

  private List<JsonNode> custom(List<SessionEntry> entries, String type) {
    return entries.stream()
        .filter(e -> e instanceof SessionEntry.Custom c && c.customType().equals(type))
        .map(e -> ((SessionEntry.Custom) e).data().orElseThrow())
        .toList();
  }

  private void script(String name, String source) throws Exception {
    Files.createDirectories(work.resolve("proj"));
    Files.createDirectories(work.resolve("scripts"));
    Files.writeString(work.resolve("scripts").resolve(name), source);
  }

  private AgentOptions options() {
    AgentOptions o = new AgentOptions();
    o.provider = "scripted";
    o.model = "turns.jsonl";
    o.cwd = Path.of("proj");
    o.scriptDirs.add(Path.of("scripts"));
    return o;
  }

  private CliContext context(Map<String, String> env, StringWriter err, String stdin) {
    return new CliContext(
        env,
        new GraftHome(home),
        work,
        new PrintWriter(new StringWriter(), true),
        new PrintWriter(err, true),
        Clock.systemUTC(),
        new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void theModelCallsScriptToolsAndTheirResultsReachTheSessionAndTheNextRequest() throws Exception {
    script(
        "tools.js",
        """
        export default function (graft) {
          graft.registerTool({
            name: "add",
            label: "Add",
            description: "Adds two numbers",
            parameters: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] },
            async execute(toolCallId, params, signal, onUpdate, ctx) {
              return { content: [{ type: "text", text: String(params.a + params.b) }], details: { sum: params.a + params.b, cwd: ctx.cwd } };
            },
          });
          graft.registerTool({ name: "fail", description: "Always fails", execute() { throw new Error("no luck today"); } });
          graft.registerTool({ name: "vague", description: "Answers a string", execute: () => "just text" });
          graft.registerTool({ name: "read", description: "Not the real read", execute: () => ({ content: [] }) });
          graft.on("context", (event) => {
            graft.appendEntry("sent", { last: event.messages[event.messages.length - 1], tools: graft.getActiveTools() });
          });
        }
        """);
    Files.writeString(
        work.resolve("turns.jsonl"),
        """
        {"toolCalls": [{"name": "add", "arguments": {"a": 2, "b": "3"}}, {"name": "fail"}, {"name": "add", "arguments": {"a": 1}}, {"name": "vague"}]}
        {"text": "the sum is 5"}
        """);
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
            "add two and three");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out().strip()).isEqualTo("the sum is 5");
    assertThat(run.err()).contains("graft: warning: script tools.js replaces built-in tool read");
    List<SessionEntry> entries = entries();
    List<AgentMessage.ToolResult> results = toolResults(entries);
    assertThat(results).hasSize(4);
    assertThat(text(results.get(0))).isEqualTo("5");
    assertThat(results.get(0).isError()).isFalse();
    assertThat(results.get(0).details().orElseThrow().toString())
        .isEqualTo("{\"sum\":5,\"cwd\":\"" + work.resolve("proj") + "\"}");
    assertThat(text(results.get(1)))
        .startsWith("Tool fail (script tools.js) failed: ")
        .contains("Error: no luck today")
        .doesNotContain("tool fail failed");
    assertThat(results.get(1).isError()).isTrue();
    assertThat(text(results.get(2)))
        .startsWith("Validation failed for tool \"add\"")
        .contains("b: is required");
    assertThat(results.get(2).isError()).isTrue();
    assertThat(text(results.get(3)))
        .contains("Tool vague (script tools.js) answered string")
        .contains("content");
    assertThat(results.get(3).isError()).isTrue();

    List<JsonNode> sent = custom(entries, "sent");
    assertThat(sent).hasSize(2);
    assertThat(sent.get(0).path("tools").toString())
        .isEqualTo("[\"read\",\"bash\",\"edit\",\"write\",\"add\",\"fail\",\"vague\"]");
    JsonNode last = sent.get(1).path("last");
    assertThat(last.path("role").asText()).isEqualTo("toolResult");
    assertThat(last.path("toolName").asText()).isEqualTo("vague");
  }

  @Test
  void setActiveToolsKnowsScriptToolsAndToolsNamesThemToo() throws Exception {
    script(
        "tools.js",
        """
        export default function (graft) {
          graft.registerTool({ name: "ping", description: "Pings", execute: () => ({ content: [{ type: "text", text: "pong" }] }) });
          graft.on("input", (event) => {
            if (event.text === "only ping") graft.setActiveTools(["ping"]);
            if (event.text.startsWith("bogus")) {
              try { graft.setActiveTools(["nope", "read", "ping", "nope"]); } catch (e) { graft.appendEntry("refused", { message: e.message }); }
            }
            graft.appendEntry("active", { tools: graft.getActiveTools() });
          });
        }
        """);
    Files.writeString(
        work.resolve("turns.jsonl"), "{\"text\": \"a\"}\n{\"text\": \"b\"}\n{\"text\": \"c\"}\n");
    StringWriter err = new StringWriter();
    AgentOptions o = options();
    o.tools = List.of("ping", "read");
    try (AgentSession agent = AgentSetup.create(context(Map.of(), err, ""), o)) {
      assertThat(agent.activeTools()).containsExactly("ping", "read");
      agent.prompt("only ping");
      assertThat(agent.activeTools()).containsExactly("ping");
      // As the reference: unknown names are left out, the known ones are made active.
      agent.prompt("bogus");
      assertThat(agent.activeTools()).containsExactly("read", "ping");
      agent.prompt("bogus again");
      assertThat(agent.activeTools()).containsExactly("read", "ping");
    }
    List<SessionEntry> entries = entries();
    assertThat(custom(entries, "refused")).as("setActiveTools no longer throws").isEmpty();
    assertThat(custom(entries, "active").getLast().path("tools").toString())
        .isEqualTo("[\"read\",\"ping\"]");
    // One warning per script and unknown name, however often it is asked for.
    assertThat(err.toString().lines().filter(l -> l.contains("'nope'")).toList())
        .containsExactly(
            "[tools.js] setActiveTools: unknown tool 'nope' left out"
                + " (known: read, bash, edit, write, grep, find, ls, ping)");

    AgentOptions unknown = options();
    unknown.tools = List.of("pong");
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
            "--tools",
            "pong",
            "hi");
    assertThat(run.exitCode()).as("a bad option value is a usage error").isEqualTo(2);
    assertThat(run.err().strip())
        .startsWith(
            "graft: --tools pong: unknown tool 'pong' (known: read, bash, edit, write, grep, find, ls, ping)");
  }

  @Test
  void anAbortStopsWaitingForAScriptToolThatNeverAnswers() throws Exception {
    script(
        "stuck.js",
        """
        export default function (graft) {
          graft.registerTool({
            name: "stuck",
            description: "Never answers",
            execute() { graft.appendEntry("started", {}); return new Promise(() => {}); },
          });
        }
        """);
    Files.writeString(
        work.resolve("turns.jsonl"),
        "{\"toolCalls\": [{\"name\": \"stuck\"}]}\n{\"text\": \"not reached\"}\n");
    try (AgentSession agent =
        AgentSetup.create(context(Map.of(), new StringWriter(), ""), options())) {
      Thread aborter =
          Thread.ofVirtual()
              .start(() -> {
                while (agent.session().entries().stream()
                    .noneMatch(e ->
                        e instanceof SessionEntry.Custom c && c.customType().equals("started"))) {
                  Thread.onSpinWait();
                }
                agent.abort();
              });
      AgentSession.RunResult result = agent.prompt("wait for it");
      aborter.join();
      assertThat(result.failed()).isTrue();
      assertThat(result.last().orElseThrow().stopReason()).isEqualTo("aborted");
    }
    List<AgentMessage.ToolResult> results = toolResults(entries());
    assertThat(results)
        .singleElement()
        .satisfies(r -> {
          assertThat(text(r)).isEqualTo("Operation aborted");
          assertThat(r.isError()).isTrue();
        });
  }

  @Test
  void aCommandsTriggeredMessageStartsATurnInTheInteractiveMode() throws Exception {
    script(
        "nudge.js",
        """
        export default function (graft) {
          graft.registerCommand("nudge", {
            description: "Ask the model to go on",
            handler: async () => {
              graft.sendMessage({ customType: "nudge", content: "please continue", display: true }, { triggerTurn: true });
              graft.sendMessage({ customType: "aside", content: "only recorded" });
            },
          });
        }
        """);
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"continuing as nudged\"}\n");
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CliContext context =
        new CliContext(
            Map.of(),
            new GraftHome(home),
            work,
            new PrintWriter(out, true),
            new PrintWriter(err, true),
            Clock.systemUTC(),
            new ByteArrayInputStream("/nudge\n/quit\n".getBytes(StandardCharsets.UTF_8)));
    int code =
        Graft.run(
            context,
            "--scripts",
            "scripts",
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "--cwd",
            "proj");

    assertThat(code).as(err.toString()).isZero();
    assertThat(out.toString()).contains("continuing as nudged");
    List<String> kinds =
        entries().stream()
            .filter(
                e -> e instanceof SessionEntry.CustomMessage || e instanceof SessionEntry.Message)
            .map(e ->
                e instanceof SessionEntry.CustomMessage c
                    ? "custom:" + c.customType()
                    : ((SessionEntry.Message) e).message().role())
            .toList();
    // The triggered run starts with the nudge; the plain message is recorded when sent (before the
    // run).
    assertThat(kinds).containsExactly("custom:aside", "custom:nudge", "assistant");
  }

  @Test
  void aUserMessageFromAnInputHandlerRunsInRpcMode() throws Exception {
    script(
        "relay.js",
        """
        export default function (graft) {
          graft.on("input", (event) => {
            if (event.text === "relay") {
              graft.sendUserMessage([{ type: "text", text: "relayed" }, { type: "text", text: "by a script" }]);
              return { action: "handled" };
            }
          });
        }
        """);
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"got the relay\"}\n");
    try (RpcDriver rpc = RpcDriver.scripted(home, work, "--scripts", "scripts", "--cwd", "proj")) {
      assertThat(
              rpc.call("p", "{\"id\":\"p\",\"type\":\"prompt\",\"message\":\"relay\"}")
                  .path("success")
                  .asBoolean())
          .isTrue();
      JsonNode end = rpc.event("agent_end");
      assertThat(end.toString()).contains("got the relay");
      JsonNode messages =
          rpc.call("m", "{\"id\":\"m\",\"type\":\"get_messages\"}").at("/data/messages");
      assertThat(messages).hasSize(2);
      assertThat(messages.get(0).toString()).contains("relayed\\nby a script");
    }
  }

  @Test
  void setModelAnswersWhetherTheModelCanBeUsed() throws Exception {
    script(
        "model.js",
        """
        export default function (graft) {
          graft.on("input", async (event) => {
            const [provider, id] = event.text.split("/");
            graft.appendEntry("set", { model: event.text, ok: await graft.setModel({ provider, id }) });
            return { action: "handled" };
          });
        }
        """);
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"unused\"}\n");
    Map<String, String> env =
        Map.of("ANTHROPIC_API_KEY", "test-key-not-used", "GRAFT_HOME", home.toString());
    try (AgentSession agent = AgentSetup.create(context(env, new StringWriter(), ""), options())) {
      agent.prompt("anthropic/no-such-model");
      agent.prompt("openai/gpt-5.4");
      assertThat(agent.model().qualifiedId()).isEqualTo("scripted/scripted");
      agent.prompt("anthropic/claude-sonnet-4-6");
      assertThat(agent.model().qualifiedId()).isEqualTo("anthropic/claude-sonnet-4-6");
    }
    assertThat(custom(entries(), "set"))
        .extracting(n -> n.path("model").asText() + "=" + n.path("ok").asBoolean())
        .containsExactly(
            "anthropic/no-such-model=false",
            "openai/gpt-5.4=false",
            "anthropic/claude-sonnet-4-6=true");
  }
}
