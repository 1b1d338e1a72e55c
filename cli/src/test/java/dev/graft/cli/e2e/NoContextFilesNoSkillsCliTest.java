package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reference's --no-context-files (-nc) and --no-skills (-ns): what the model is sent, read from
 * the request log (GRAFT_RECORD_REQUESTS), at the start and after a reload.
 */
class NoContextFilesNoSkillsCliTest {
  @TempDir Path temp;
  private Path home;
  private Path proj;
  private Path log;

  /** A command that reloads, as the reference's reload-runtime example has it. */
  private static final String RELOAD =
      """
      export default function (pi) {
        pi.registerCommand("reload-runtime", {
          handler: async (_args, ctx) => { await ctx.reload(); },
        });
      }
      """;

  private static void write(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }

  @BeforeEach
  void files() throws IOException {
    home = Files.createDirectories(temp.resolve("home"));
    proj = Files.createDirectories(temp.resolve("proj"));
    log = temp.resolve("requests.jsonl");
    write(proj.resolve("AGENTS.md"), "Run the tests with make CONTEXT-TEXT.\n");
    write(home.resolve("AGENTS.md"), "Global GLOBAL-CONTEXT-TEXT.\n");
    write(
        home.resolve("skills/pdf-tools/SKILL.md"),
        "---\nname: pdf-tools\ndescription: Extract text from PDF files.\n---\nRun it.\n");
    write(
        temp.resolve("user/.agents/skills/notes/SKILL.md"),
        "---\nname: notes\ndescription: Keep notes.\n---\nWrite them.\n");
    write(proj.resolve("reload.js"), RELOAD);
    write(proj.resolve("turns.jsonl"), "{\"text\": \"ok\"}\n{\"text\": \"ok\"}\n");
  }

  /** -p with the scripted model, the reload command loaded; the system prompts sent. */
  private List<String> prompts(String... args) throws IOException {
    List<String> all =
        new ArrayList<>(
            List.of(
                "-p",
                "--no-session",
                "--provider",
                "scripted",
                "--model",
                "turns.jsonl",
                "-s",
                "reload.js"));
    all.addAll(List.of(args));
    CliRun run =
        CliRun.run(
            home,
            proj,
            Map.of(
                "GRAFT_RECORD_REQUESTS", log.toString(), "HOME", temp.resolve("user").toString()),
            all.toArray(String[]::new));
    assertThat(run.exitCode()).as(run.err()).isZero();
    lastErr = run.err();
    List<String> out = new ArrayList<>();
    for (String line : Files.readAllLines(log)) {
      JsonNode request = Json.parse(line);
      out.add(request.path("systemPrompt").asText());
    }
    Files.deleteIfExists(log);
    return out;
  }

  private String lastErr = "";

  @Test
  void withoutTheOptionsTheContextFilesAndSkillsAreSent() throws Exception {
    List<String> sent = prompts("hello", "/reload-runtime", "again");
    assertThat(sent).hasSize(2);
    for (String prompt : sent) {
      assertThat(prompt)
          .contains("CONTEXT-TEXT", "GLOBAL-CONTEXT-TEXT", "<available_skills>")
          .contains("<name>pdf-tools</name>", "<name>notes</name>");
    }
  }

  @Test
  void noContextFilesSendsNoAgentsMdAtTheStartNorAfterAReload() throws Exception {
    for (String option : List.of("--no-context-files", "-nc")) {
      List<String> sent = prompts(option, "hello", "/reload-runtime", "again");
      assertThat(sent).as(option).hasSize(2);
      for (String prompt : sent) {
        assertThat(prompt)
            .as(option)
            .doesNotContain("CONTEXT-TEXT")
            .doesNotContain("AGENTS.md")
            .contains("<name>pdf-tools</name>");
      }
      assertThat(lastErr).contains("system prompt rebuilt; context files off (--no-context-files)");
    }
  }

  @Test
  void noSkillsSendsNoSkillsAtTheStartNorAfterAReload() throws Exception {
    for (String option : List.of("--no-skills", "-ns")) {
      List<String> sent = prompts(option, "hello", "/reload-runtime", "again");
      assertThat(sent).as(option).hasSize(2);
      for (String prompt : sent) {
        assertThat(prompt)
            .as(option)
            .doesNotContain("<available_skills>")
            .doesNotContain("pdf-tools")
            .contains("CONTEXT-TEXT");
      }
      assertThat(lastErr).contains("\nskills: 0, prompt templates: 0, themes: 0\n");
    }
  }

  @Test
  void noSkillsKeepsTheSkillsOfAPackageTriedWithE() throws Exception {
    Path pkg = temp.resolve("kit");
    write(pkg.resolve("package.json"), "{\"name\": \"kit\", \"pi\": {\"skills\": [\"./skills\"]}}");
    write(
        pkg.resolve("skills/lint-fix/SKILL.md"),
        "---\nname: lint-fix\ndescription: Fix lint errors.\n---\nRun the linter.\n");
    List<String> sent = prompts("-ns", "-e", pkg.toString(), "hello", "/reload-runtime", "again");
    assertThat(sent).hasSize(2);
    for (String prompt : sent) {
      assertThat(prompt).contains("<name>lint-fix</name>").doesNotContain("pdf-tools", "notes");
    }
  }
}
