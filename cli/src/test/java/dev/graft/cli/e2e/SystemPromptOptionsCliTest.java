package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * before_agent_start's systemPromptOptions: what graft built the system prompt from, as the
 * reference names it.
 */
class SystemPromptOptionsCliTest {
  @TempDir Path home;
  @TempDir Path work;

  @Test
  void aScriptSeesTheToolsAppendedTextAndContextFilesTheSystemPromptWasBuiltFrom()
      throws Exception {
    Files.writeString(work.resolve("AGENTS.md"), "Run the tests with make test.\n");
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"ok\"}\n");
    Files.writeString(
        work.resolve("options.ts"),
        """
        export default function (pi: any): void {
          pi.on("before_agent_start", (event: any) => {
            const o = event.systemPromptOptions;
            console.log("OPTIONS " + JSON.stringify({ cwd: o.cwd, selectedTools: o.selectedTools,
              customPrompt: o.customPrompt ?? null, appendSystemPrompt: o.appendSystemPrompt,
              contextFiles: o.contextFiles.map((f: any) => [f.path.endsWith("AGENTS.md"), f.content]), skills: o.skills }));
          });
        }
        """);
    CliRun run =
        CliRun.run(
            home,
            work,
            "-p",
            "-v",
            "--no-session",
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "--tools",
            "read,bash",
            "--append-system-prompt",
            "Answer in French.",
            "-s",
            "options.ts",
            "hello");
    assertThat(run.exitCode()).as(run.err()).isZero();
    String line = run.err().lines().filter(l -> l.contains("OPTIONS ")).findFirst().orElseThrow();
    JsonNode options = Json.parse(line.substring(line.indexOf("OPTIONS ") + 8));
    assertThat(options)
        .isEqualTo(
            Json.parse(
                """
                {"cwd": %s, "selectedTools": ["read", "bash"], "customPrompt": null, "appendSystemPrompt": "Answer in French.",
                 "contextFiles": [[true, "Run the tests with make test.\\n"]], "skills": []}\
                """
                    .formatted(
                        Json.object()
                            .put("c", work.toAbsolutePath().normalize().toString())
                            .get("c")
                            .toString())));
  }

  @Test
  void aSystemPromptOrAppendedTextNamingAFileIsThatFilesContent() throws Exception {
    // as the reference: --system-prompt and --append-system-prompt take text or a file
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"ok\"}\n");
    Files.writeString(work.resolve("SYSTEM.md"), "You review Go code.\n");
    Files.writeString(work.resolve("extra.md"), "Answer in French.\n");
    Path record = work.resolve("requests.jsonl");
    CliRun run =
        CliRun.run(
            home,
            work,
            Map.of("GRAFT_RECORD_REQUESTS", record.toString()),
            "-p",
            "--no-session",
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "--system-prompt",
            "SYSTEM.md",
            "--append-system-prompt",
            "extra.md",
            "hello");
    assertThat(run.exitCode()).as(run.err()).isZero();
    String prompt = Json.parse(Files.readAllLines(record).getFirst()).get("systemPrompt").asText();
    assertThat(prompt)
        .startsWith("You review Go code.")
        .contains("Answer in French.")
        .doesNotContain("SYSTEM.md")
        .doesNotContain("extra.md");

    CliRun text =
        CliRun.run(
            home,
            work,
            Map.of("GRAFT_RECORD_REQUESTS", record.toString()),
            "-p",
            "--no-session",
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "--system-prompt",
            "no-such-file.md is text",
            "hello");
    assertThat(text.exitCode()).as(text.err()).isZero();
    assertThat(Json.parse(Files.readAllLines(record).getLast()).get("systemPrompt").asText())
        .startsWith("no-such-file.md is text");
  }
}
