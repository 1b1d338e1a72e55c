package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.session.SessionEntry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code input} event as the reference sends it: its {@code source} ("interactive" for -p,
 * "rpc" for an RPC prompt, "extension" for a script's sendUserMessage), an RPC prompt queued during
 * a run seen by it first, as is a script's message queued during a run, and one script's handlers
 * chained.
 */
class InputEventCliTest {
  @TempDir Path home;
  @TempDir Path work;

  private static final String SCRIPT =
      """
      export default function (graft) {
        graft.on("input", (event) => {
          graft.appendEntry("input", { text: event.text, source: event.source });
          if (event.text === "ask") graft.sendUserMessage("from the script");
          if (event.text.startsWith("later ")) {
            return { action: "transform", text: event.text.replace("later ", "LATER: ") };
          }
          if (event.text === "drop") return { action: "handled" };
        });
        graft.on("input", (event) => {
          graft.appendEntry("second", { text: event.text });
          if (event.text.startsWith("LATER: ")) {
            return { action: "transform", text: event.text + " (twice)" };
          }
        });
        graft.on("input", async (event) => {
          if (!event.text.startsWith("slow ")) return;
          // a hook slower than the run's last model call
          await new Promise((resolve) => setTimeout(resolve, 300));
          return { action: "transform", text: event.text.replace("slow ", "SLOW: ") };
        });
        graft.registerTool({
          name: "late",
          description: "Queues a follow-up and ends at once",
          async execute(id, params, signal, onUpdate, ctx) {
            graft.sendUserMessage("slow from the tool", { deliverAs: "followUp" });
            return { content: [{ type: "text", text: "sent" }] };
          },
        });
        graft.registerTool({
          name: "hold",
          description: "Waits for a yes",
          async execute(id, params, signal, onUpdate, ctx) {
            await ctx.ui.confirm("Go on?", "the tool waits");
            return { content: [{ type: "text", text: "held" }] };
          },
        });
        graft.registerTool({
          name: "queue",
          description: "Queues two messages, then waits for a yes",
          async execute(id, params, signal, onUpdate, ctx) {
            graft.sendUserMessage("drop", { deliverAs: "steer" });
            graft.sendUserMessage("later from the tool", { deliverAs: "followUp" });
            await ctx.ui.confirm("Go on?", "the tool waits");
            return { content: [{ type: "text", text: "queued" }] };
          },
        });
      }
      """;

  private void write(String turns) throws Exception {
    Files.createDirectories(work.resolve("scripts"));
    Files.writeString(work.resolve("scripts/inputs.js"), SCRIPT);
    Files.writeString(work.resolve("turns.jsonl"), turns);
  }

  private List<String> entries(String type) throws Exception {
    return LastSession.entries(home, work).stream()
        .filter(e -> e instanceof SessionEntry.Custom c && c.customType().equals(type))
        .map(e -> ((SessionEntry.Custom) e).data().map(JsonNode::toString).orElse(""))
        .toList();
  }

  private static String userTexts(JsonNode messages) {
    StringBuilder texts = new StringBuilder();
    for (JsonNode m : messages) {
      if (m.path("role").asText().equals("user")) {
        texts.append(m.at("/content/0/text").asText()).append('|');
      }
    }
    return texts.toString();
  }

  @Test
  void printModeSaysInteractiveAndASentMessageSaysExtension() throws Exception {
    write("{\"text\": \"one\"}\n{\"text\": \"two\"}\n");
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
            "ask");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(entries("input"))
        .containsExactly(
            "{\"text\":\"ask\",\"source\":\"interactive\"}",
            "{\"text\":\"from the script\",\"source\":\"extension\"}");
  }

  @Test
  void anRpcPromptSaysRpcAndOneQueuedDuringARunIsSeenFirst() throws Exception {
    write(
        """
        {"toolCalls": [{"name": "hold", "arguments": {}}]}
        {"text": "held it"}
        {"text": "followed up"}
        """);
    try (RpcDriver rpc = RpcDriver.scripted(home, work, "--scripts", "scripts")) {
      rpc.call("p", "{\"id\":\"p\",\"type\":\"prompt\",\"message\":\"go\"}");
      JsonNode confirm =
          rpc.await(
              l ->
                  l.path("type").asText().equals("extension_ui_request")
                      && l.path("method").asText().equals("confirm"),
              "the tool's confirm");
      assertThat(
              rpc.call(
                      "f",
                      "{\"id\":\"f\",\"type\":\"prompt\",\"message\":\"later please\","
                          + "\"streamingBehavior\":\"followUp\"}")
                  .path("success")
                  .asBoolean())
          .isTrue();
      assertThat(
              rpc.call(
                      "d",
                      "{\"id\":\"d\",\"type\":\"prompt\",\"message\":\"drop\","
                          + "\"streamingBehavior\":\"steer\"}")
                  .path("success")
                  .asBoolean())
          .isTrue();
      rpc.send(
          "{\"type\":\"extension_ui_response\",\"id\":\""
              + confirm.path("id").asText()
              + "\",\"confirmed\":true}");
      JsonNode end = rpc.event("agent_end");
      assertThat(userTexts(end.path("messages"))).isEqualTo("go|LATER: please (twice)|");
    }
    assertThat(entries("input"))
        .containsExactly(
            "{\"text\":\"go\",\"source\":\"rpc\"}",
            "{\"text\":\"later please\",\"source\":\"rpc\"}",
            "{\"text\":\"drop\",\"source\":\"rpc\"}");
    // the second handler of the script is handed what the first made of the text
    assertThat(entries("second"))
        .containsExactly("{\"text\":\"go\"}", "{\"text\":\"LATER: please\"}");
  }

  @Test
  void aFollowUpWhoseInputHookEndsAfterTheRunsLastCallIsStillDelivered() throws Exception {
    write(
        """
        {"toolCalls": [{"name": "late", "arguments": {}}]}
        {"text": "first answer"}
        {"text": "answer to the follow-up"}
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
            "go");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.err()).doesNotContain("not delivered");
    assertThat(run.out()).isEqualTo("answer to the follow-up\n");
    List<String> users =
        LastSession.entries(home, work).stream()
            .filter(e ->
                e instanceof SessionEntry.Message m && m.message() instanceof AgentMessage.User)
            .map(e -> ((AgentMessage.User) ((SessionEntry.Message) e).message()).content().text(""))
            .toList();
    assertThat(users).containsExactly("go", "SLOW: from the tool");
  }

  @Test
  void aScriptsMessageQueuedDuringARunIsSeenFirst() throws Exception {
    write(
        """
        {"toolCalls": [{"name": "queue", "arguments": {}}]}
        {"text": "queued them"}
        {"text": "followed up"}
        """);
    try (RpcDriver rpc = RpcDriver.scripted(home, work, "--scripts", "scripts")) {
      rpc.call("p", "{\"id\":\"p\",\"type\":\"prompt\",\"message\":\"go\"}");
      JsonNode confirm =
          rpc.await(
              l ->
                  l.path("type").asText().equals("extension_ui_request")
                      && l.path("method").asText().equals("confirm"),
              "the tool's confirm");
      // the hooks see the messages in the order sent: once the second is queued, the first is done
      JsonNode queued =
          rpc.find(
              l -> l.path("type").asText().equals("queue_update") && l.path("followUp").size() > 0,
              "the follow-up queued");
      assertThat(queued.path("followUp").toString())
          .isEqualTo("[\"LATER: from the tool (twice)\"]");
      assertThat(queued.path("steering").toString()).isEqualTo("[]");
      rpc.send(
          "{\"type\":\"extension_ui_response\",\"id\":\""
              + confirm.path("id").asText()
              + "\",\"confirmed\":true}");
      JsonNode end = rpc.event("agent_end");
      assertThat(userTexts(end.path("messages"))).isEqualTo("go|LATER: from the tool (twice)|");
    }
    assertThat(entries("input"))
        .containsExactly(
            "{\"text\":\"go\",\"source\":\"rpc\"}",
            "{\"text\":\"drop\",\"source\":\"extension\"}",
            "{\"text\":\"later from the tool\",\"source\":\"extension\"}");
  }
}
