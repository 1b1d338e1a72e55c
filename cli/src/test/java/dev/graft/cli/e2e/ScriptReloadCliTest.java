package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A command handler's ctx.reload() where prompts run commands (-p, json, RPC), as the reference's
 * reload-runtime example uses it: the scripts are loaded again once the handler has returned.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ScriptReloadCliTest {
  @TempDir Path home;
  @TempDir Path work;

  /** Each load of the script has an instance number of its own, which /which reports. */
  private static final String SCRIPT =
      """
      const instance = String(Math.floor(Math.random() * 1e9));
      export default function (pi) {
        pi.registerCommand("reload-runtime", {
          handler: async (_args, ctx) => { await ctx.reload(); },
        });
        pi.registerCommand("which", { handler: async () => ({ status: "instance " + instance }) });
        pi.registerTool({
          name: "reload_runtime",
          description: "Reload",
          parameters: { type: "object", properties: {} },
          async execute() {
            pi.sendUserMessage("/reload-runtime", { deliverAs: "followUp" });
            return { content: [{ type: "text", text: "Queued /reload-runtime." }], details: {} };
          },
        });
      }
      """;

  @BeforeEach
  void files() throws Exception {
    Files.createDirectories(work.resolve("scripts"));
    Files.writeString(work.resolve("scripts/reload.js"), SCRIPT);
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"ok\"}\n");
  }

  @Test
  void aSlashCommandATextSendsAsAFollowUpGoesToTheModelAsInTheReference() throws Exception {
    // The reference's sendUserMessage never runs commands (prompt with expandPromptTemplates off).
    Files.writeString(
        work.resolve("turns.jsonl"),
        """
        {"toolCalls": [{"name": "reload_runtime", "arguments": {}}]}
        {"text": "queued"}
        {"text": "the model read the follow-up"}
        """);
    CliRun run =
        CliRun.run(
            home,
            work,
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "--scripts",
            "scripts",
            "--no-session",
            "--mode",
            "json",
            "reload yourself");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.err()).doesNotContain("scripts: 1 loaded");
    assertThat(run.out())
        .contains(
            "\"type\":\"message_end\",\"message\":{\"role\":\"user\","
                + "\"content\":[{\"type\":\"text\",\"text\":\"/reload-runtime\"}]")
        .contains("the model read the follow-up");
  }

  private static List<String> instances(String text) {
    return text.lines().filter(l -> l.startsWith("instance ")).toList();
  }

  @Test
  void inPrintModeTheScriptsAreLoadedAgainAfterTheHandler() {
    CliRun run =
        CliRun.run(
            home,
            work,
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "--scripts",
            "scripts",
            "--no-session",
            "-p",
            "/which",
            "/reload-runtime",
            "/which");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.err())
        .contains("\nsettings: compaction on")
        .contains("\nskills: 0, prompt templates: 0, themes: 0\n")
        .contains("\nscripts: 1 loaded (reload.js)\n")
        .as("a report, not a problem: no graft: line")
        .doesNotContain("graft: ");
    List<String> seen = instances(run.err());
    assertThat(seen).hasSize(2);
    assertThat(seen.get(1)).as("a new instance of the script").isNotEqualTo(seen.get(0));
  }

  @Test
  void overRpcTheReportIsNotifiedAndTheScriptsAreLoadedAgain() throws Exception {
    try (RpcDriver rpc = RpcDriver.scripted(home, work, "--scripts", "scripts", "--no-session")) {
      rpc.send("{\"id\":\"a\",\"type\":\"prompt\",\"message\":\"/which\"}");
      String before = notified(rpc, "instance ");
      rpc.send("{\"id\":\"b\",\"type\":\"prompt\",\"message\":\"/reload-runtime\"}");
      assertThat(notified(rpc, "scripts: ")).isEqualTo("scripts: 1 loaded (reload.js)");
      rpc.send("{\"id\":\"c\",\"type\":\"prompt\",\"message\":\"/which\"}");
      String after = notified(rpc, "instance ");
      assertThat(after).as("a new instance of the script").isNotEqualTo(before);
      assertThat(rpc.seen().toString()).doesNotContain("extension_error");
    }
  }

  private static String notified(RpcDriver rpc, String prefix) throws InterruptedException {
    JsonNode n =
        rpc.await(
            l ->
                l.path("method").asText().equals("notify")
                    && l.path("message").asText().startsWith(prefix),
            "a notify starting " + prefix);
    return n.path("message").asText();
  }
}
