package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.MessageContent;
import dev.graft.runtime.session.SessionEntry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A script tool that answers {@code isError: true} with its own content (as the reference's
 * subagent example does): the result is an error for the session, the events and the model, with
 * the script's text kept.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ScriptToolErrorCliTest {
  @TempDir Path home;
  @TempDir Path work;

  @Test
  void anAnswerWithIsErrorTrueIsAnErrorResultWithTheScriptsContent() throws Exception {
    Files.createDirectories(work.resolve("scripts"));
    Files.createDirectories(work.resolve("proj"));
    Files.writeString(
        work.resolve("scripts/steps.js"),
        """
        export default function (pi) {
          pi.registerTool({
            name: "steps",
            description: "Runs steps",
            parameters: { type: "object", properties: { fail: { type: "boolean" } } },
            async execute(_id, params) {
              return params.fail
                ? { content: [{ type: "text", text: "Chain stopped at step 2" }], details: { step: 2 }, isError: true }
                : { content: [{ type: "text", text: "all steps ran" }], details: {}, isError: false };
            },
          });
          pi.registerTool({
            name: "odd",
            description: "Answers a string isError",
            execute: async () => ({ content: [{ type: "text", text: "?" }], isError: "yes" }),
          });
        }
        """);
    Files.writeString(
        work.resolve("turns.jsonl"),
        """
        {"toolCalls": [{"name": "steps", "arguments": {"fail": true}}, {"name": "steps", "arguments": {"fail": false}}, {"name": "odd"}]}
        {"text": "done"}
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
            "--cwd",
            "proj",
            "--mode",
            "json",
            "go");
    assertThat(run.exitCode()).as(run.err()).isZero();
    // The calls run in parallel and each ends when it finishes: read the ends in call order, the
    // order of their starts.
    List<String> started = new ArrayList<>();
    Map<String, Boolean> errorById = new HashMap<>();
    for (String line : run.out().lines().toList()) {
      JsonNode event = Json.parse(line);
      switch (event.path("type").asText()) {
        case "tool_execution_start" -> started.add(event.path("toolCallId").asText());
        case "tool_execution_end" ->
            errorById.put(event.path("toolCallId").asText(), event.path("isError").asBoolean());
        default -> {}
      }
    }
    assertThat(started.stream().map(errorById::get).toList()).containsExactly(true, false, true);
    List<AgentMessage.ToolResult> results =
        LastSession.entries(home, work.resolve("proj")).stream()
            .filter(e ->
                e instanceof SessionEntry.Message m
                    && m.message() instanceof AgentMessage.ToolResult)
            .map(e -> (AgentMessage.ToolResult) ((SessionEntry.Message) e).message())
            .toList();
    assertThat(results).hasSize(3);
    assertThat(results.get(0).isError()).isTrue();
    assertThat(new MessageContent.Blocks(results.get(0).content()).text("\n"))
        .isEqualTo("Chain stopped at step 2");
    assertThat(results.get(0).details().orElseThrow().toString()).isEqualTo("{\"step\":2}");
    assertThat(results.get(1).isError()).isFalse();
    assertThat(new MessageContent.Blocks(results.get(2).content()).text("\n"))
        .isEqualTo("Tool odd (script steps.js) answered isError that is not a boolean (string)");
  }
}
