package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ctx.complete and the agent methods in a real run with the scripted provider. */
class AgentControlCliTest {
  @TempDir Path home;
  @TempDir Path work;

  private JsonNode recorded(String customType) throws Exception {
    Path file = LastSession.file(home, work.resolve("proj"));
    try (Session s = Session.open(file)) {
      return s.entries().stream()
          .filter(e -> e instanceof SessionEntry.Custom c && c.customType().equals(customType))
          .map(e -> ((SessionEntry.Custom) e).data().orElseThrow())
          .findFirst()
          .orElseThrow();
    }
  }

  private CliRun run(String script, String turns) throws Exception {
    Files.createDirectories(work.resolve("proj"));
    Files.createDirectories(work.resolve("scripts"));
    Files.writeString(work.resolve("scripts/s.js"), script);
    Files.writeString(work.resolve("turns.jsonl"), turns);
    return CliRun.run(
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
        "the prompt");
  }

  @Test
  void completeTakesTheNextScriptedTurnWithTheSessionsModel() throws Exception {
    CliRun run =
        run(
            """
            export default function (graft) {
              graft.on("before_agent_start", async (event, ctx) => {
                const r = await ctx.complete({ messages: [{ role: "user", content: "summarise: " + event.prompt }],
                  systemPrompt: "Summarise.", maxTokens: 50 });
                graft.appendEntry("summary", { text: r.text, stopReason: r.stopReason, blocks: r.content.length,
                  hasUsage: typeof r.usage.input === "number", idle: ctx.isIdle(), pending: ctx.hasPendingMessages(),
                  usage: ctx.getContextUsage(), prompt: ctx.getSystemPrompt().length > 0 });
              });
            }
            """,
            """
            {"text": "SUMMARY", "usage": {"input": 10, "output": 2}}
            {"text": "main answer"}
            """);
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out().strip()).isEqualTo("main answer");
    JsonNode r = recorded("summary");
    assertThat(r.get("text").asText()).isEqualTo("SUMMARY");
    assertThat(r.get("stopReason").asText()).isEqualTo("stop");
    assertThat(r.get("blocks").asInt()).isEqualTo(1);
    assertThat(r.get("hasUsage").asBoolean()).isTrue();
    assertThat(r.get("idle").asBoolean()).as("a prompt is running").isFalse();
    assertThat(r.get("pending").asBoolean()).isFalse();
    assertThat(r.get("usage").get("contextWindow").asLong()).isPositive();
    assertThat(r.get("usage").get("tokens").asLong()).isNotNegative();
    assertThat(r.get("prompt").asBoolean()).isTrue();
  }

  @Test
  void theRunsAbortStopsAPendingComplete() throws Exception {
    CliRun run =
        run(
            """
            export default function (graft) {
              graft.on("before_agent_start", async (event, ctx) => {
                const pending = ctx.complete({ messages: [{ role: "user", content: "a long summary" }] });
                ctx.abort();
                const r = await pending;
                graft.appendEntry("aborted", { stopReason: r.stopReason, error: r.errorMessage });
              });
            }
            """,
            """
            {"text": "a summary that is streamed slowly", "chunkSize": 1, "delayMs": 200}
            {"text": "main answer"}
            """);
    JsonNode r = recorded("aborted");
    assertThat(r.get("stopReason").asText()).as(run.err()).isEqualTo("aborted");
  }

  @Test
  void aMessageGraftCannotSendIsRejectedWithItsIndex() throws Exception {
    CliRun run =
        run(
            """
            export default function (graft) {
              graft.on("before_agent_start", async (event, ctx) => {
                try {
                  await ctx.complete({ messages: [{ role: "user", content: "ok" }, { role: "robot", content: "?" }] });
                } catch (e) {
                  graft.appendEntry("rejected", { message: e.message });
                }
              });
            }
            """,
            """
            {"text": "main answer"}
            """);
    assertThat(run.out().strip()).isEqualTo("main answer");
    assertThat(recorded("rejected").get("message").asText())
        .startsWith(
            "ctx.complete failed: messages[1] is not a message graft can send (role \"robot\"");
  }
}
