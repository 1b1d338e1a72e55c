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
 * The reference's options a user of it types, with the reference's meaning: the short forms, the
 * options that turn off the built-in tools, prompt templates and themes. What the model is sent is
 * read from the request log (GRAFT_RECORD_REQUESTS).
 */
class ReferenceOptionsCliTest {
  @TempDir Path temp;
  private Path home;
  private Path proj;
  private Path log;

  /** A script with a tool and a command that reloads, as the reference's examples have them. */
  private static final String SCRIPT =
      """
      export default function (pi) {
        pi.registerTool({
          name: "shout",
          label: "Shout",
          description: "Says a thing loudly.",
          parameters: { type: "object", properties: {} },
          execute: async () => ({ content: [{ type: "text", text: "HEY" }] }),
        });
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
    write(home.resolve("prompts/greet.md"), "Say GREETING-TEXT to $1.\n");
    write(home.resolve("themes/night.json"), night());
    write(proj.resolve("tools.js"), SCRIPT);
    write(proj.resolve("turns.jsonl"), "{\"text\": \"ok\"}\n{\"text\": \"ok\"}\n");
  }

  /** The reference's dark theme, renamed. */
  static String night() throws IOException {
    Path dark =
        Path.of(
            System.getProperty("graft.oracle.dir", "nowhere"),
            "node_modules/@mariozechner/pi-coding-agent/dist/modes/interactive/theme/dark.json");
    return Files.readString(dark).replace("\"name\": \"dark\"", "\"name\": \"night\"");
  }

  private String lastErr = "";

  /** -p with the scripted model and the script loaded; the requests sent. */
  private List<JsonNode> requests(String... args) throws IOException {
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
                "tools.js"));
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
    List<JsonNode> out = new ArrayList<>();
    for (String line : Files.readAllLines(log)) {
      out.add(Json.parse(line));
    }
    Files.deleteIfExists(log);
    return out;
  }

  private static List<String> tools(JsonNode request) {
    List<String> names = new ArrayList<>();
    request.path("tools").forEach(t -> names.add(t.asText()));
    return names;
  }

  private static String lastUserText(JsonNode request) {
    JsonNode messages = request.path("messages");
    JsonNode last = messages.get(messages.size() - 1);
    JsonNode content = last.path("content");
    return content.isTextual() ? content.asText() : content.toString();
  }

  @Test
  void theShortFormsOfToolsAndNoTools() throws Exception {
    assertThat(tools(requests("hello").getFirst()))
        .containsExactly("read", "bash", "edit", "write", "shout");
    assertThat(tools(requests("-t", "read,shout", "hello").getFirst()))
        .containsExactly("read", "shout");
    assertThat(tools(requests("-nt", "hello").getFirst())).isEmpty();
  }

  @Test
  void noBuiltinToolsKeepsTheScriptsTools() throws Exception {
    for (String option : List.of("--no-builtin-tools", "-nbt")) {
      assertThat(tools(requests(option, "hello").getFirst())).as(option).containsExactly("shout");
    }
    // --tools names the tools still, as in the reference
    assertThat(tools(requests("--no-builtin-tools", "--tools", "read", "hello").getFirst()))
        .containsExactly("read");
  }

  @Test
  void noPromptTemplatesLoadsNoTemplates() throws Exception {
    assertThat(lastUserText(requests("/greet Ann").getFirst())).contains("GREETING-TEXT to Ann");
    for (String option : List.of("--no-prompt-templates", "-np")) {
      requests(option, "hello", "/reload-runtime", "again");
      assertThat(lastErr).contains("\nskills: 0, prompt templates: 0, themes: 1\n");
      CliRun run =
          CliRun.run(
              home,
              proj,
              "-p",
              "--no-session",
              option,
              "--provider",
              "scripted",
              "--model",
              "turns.jsonl",
              "/greet Ann");
      assertThat(run.exitCode()).as(option).isEqualTo(1);
      assertThat(run.err()).as(option).startsWith("graft: unknown command /greet");
    }
  }

  @Test
  void noThemesLoadsNoThemeFiles() throws Exception {
    requests("hello", "/reload-runtime", "again");
    assertThat(lastErr).contains("\nskills: 0, prompt templates: 1, themes: 1\n");
    requests("--no-themes", "hello", "/reload-runtime", "again");
    assertThat(lastErr).contains("\nskills: 0, prompt templates: 1, themes: 0\n");
  }

  @Test
  void noScriptsHasTheReferencesShortForm() throws Exception {
    // -ne is the reference's --no-extensions: the scripts named with -s still load.
    assertThat(tools(requests("-ne", "hello").getFirst()))
        .containsExactly("read", "bash", "edit", "write", "shout");
    requests("-ne", "hello", "/reload-runtime", "again");
    assertThat(lastErr).contains("\nskills: 0, prompt templates: 0, themes: 0\n");
  }

  @Test
  void skillPromptTemplateAndThemeLoadWhatTheyNameEvenWithTheNoOptions() throws Exception {
    write(
        proj.resolve("extra/deploy/SKILL.md"),
        "---\nname: deploy\ndescription: Deploy the app.\n---\nRun make deploy.\n");
    write(
        proj.resolve("one.md"),
        "---\nname: lint-fix\ndescription: Fix lint errors.\n---\nRun the linter.\n");
    write(proj.resolve("tpl/ship.md"), "Ship SHIP-TEXT $1.\n");
    write(proj.resolve("fix.md"), "Fix FIX-TEXT $1.\n");
    write(proj.resolve("looks/dusk.json"), night().replace("\"night\"", "\"dusk\""));
    String[] given = {
      "--skill",
      "extra",
      "--skill",
      "one.md",
      "--prompt-template",
      "tpl",
      "--prompt-template",
      "fix.md",
      "--theme",
      "looks/dusk.json"
    };
    for (List<String> off :
        List.of(List.<String>of(), List.of("-ns", "-np", "--no-themes"), List.of("--no-scripts"))) {
      List<String> args = new ArrayList<>(off);
      args.addAll(List.of(given));
      args.addAll(List.of("/ship 2.0", "/reload-runtime", "/fix login"));
      List<JsonNode> sent = requests(args.toArray(String[]::new));
      assertThat(sent).as(off.toString()).hasSize(2);
      for (JsonNode request : sent) {
        assertThat(request.path("systemPrompt").asText())
            .as(off.toString())
            .contains("<name>deploy</name>", "<name>lint-fix</name>");
      }
      assertThat(lastUserText(sent.get(0))).as(off.toString()).contains("Ship SHIP-TEXT 2.0");
      assertThat(lastUserText(sent.get(1))).as(off.toString()).contains("Fix FIX-TEXT login");
      int themes = off.isEmpty() ? 2 : 1; // and $GRAFT_HOME's night.json
      int prompts = off.isEmpty() ? 3 : 2; // and $GRAFT_HOME's greet.md
      assertThat(lastErr)
          .as(off.toString())
          .contains("\nskills: 2, prompt templates: " + prompts + ", themes: " + themes + "\n");
    }
  }

  @Test
  void aSkillPathThatIsNotThereIsWarnedOf() throws Exception {
    requests("--skill", "gone", "--theme", "notes.txt", "hello");
    assertThat(lastErr)
        .contains("graft: warning: --skill gone: " + proj.resolve("gone") + " is not there")
        .contains(
            "graft: warning: --theme notes.txt: " + proj.resolve("notes.txt") + " is not there");
  }
}
