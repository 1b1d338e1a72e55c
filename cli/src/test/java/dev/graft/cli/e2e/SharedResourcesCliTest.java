package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.cli.Graft;
import dev.graft.cli.base.CliContext;
import dev.graft.runtime.config.GraftHome;
import dev.graft.runtime.json.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Skills, prompt templates and themes as a user meets them: files in $GRAFT_HOME, a project's
 * folders (loaded once trusted), and packages built in the test (a reference-style package with all
 * four kinds, from a folder and from a local git repository at a tag); what the model is sent is
 * read from the request log (GRAFT_RECORD_REQUESTS).
 */
class SharedResourcesCliTest {
  @TempDir Path temp;

  private static void write(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }

  private static CliRun run(Path home, Path cwd, String... args) {
    return CliRun.run(home, cwd, args);
  }

  /** -p with a scripted model and the requests recorded; the requests sent, as JSON. */
  private List<JsonNode> prompt(Path home, Path proj, String... prompts) throws IOException {
    Path turns = proj.resolve("turns.jsonl");
    Files.writeString(turns, "{\"text\": \"ok\"}\n".repeat(prompts.length));
    Path log = temp.resolve("requests-" + System.nanoTime() + ".jsonl");
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    var context =
        new CliContext(
            Map.of(
                "GRAFT_HOME",
                home.toString(),
                "HOME",
                temp.resolve("user").toString(),
                "GRAFT_RECORD_REQUESTS",
                log.toString()),
            new GraftHome(home),
            proj,
            new PrintWriter(out, true),
            new PrintWriter(err, true),
            Clock.systemUTC());
    List<String> all =
        new ArrayList<>(
            List.of("-p", "--no-session", "--provider", "scripted", "--model", turns.toString()));
    all.addAll(List.of(prompts));
    int code = Graft.run(context, all.toArray(String[]::new));
    assertThat(code).as(err.toString()).isZero();
    lastErr = err.toString();
    return Files.readAllLines(log).stream()
        .map(l -> {
          try {
            return Json.parse(l);
          } catch (IOException e) {
            throw new IllegalStateException(e);
          }
        })
        .toList();
  }

  private String lastErr = "";

  /** -p with the scripted model of {@code proj}'s turns.jsonl, as a process would run it. */
  private static CliRun promptRun(Path home, Path proj, String prompt) {
    return run(
        home,
        proj,
        "-p",
        "--no-session",
        "--provider",
        "scripted",
        "--model",
        proj.resolve("turns.jsonl").toString(),
        prompt);
  }

  private static String lastUserText(JsonNode request) {
    JsonNode messages = request.path("messages");
    JsonNode last = messages.get(messages.size() - 1);
    return last.path("content").isTextual()
        ? last.path("content").asText()
        : last.path("content").path(0).path("text").asText();
  }

  @Test
  void aSkillIsListedToTheModelAndSentWhenInvoked() throws Exception {
    Path home = Files.createDirectories(temp.resolve("home"));
    Path proj = Files.createDirectories(temp.resolve("proj"));
    write(
        home.resolve("skills/pdf-tools/SKILL.md"),
        """
        ---
        name: pdf-tools
        description: Extract text from PDF files & forms. Use when the user mentions PDFs.
        ---
        # PDF tools

        Run `scripts/extract.sh FILE`.
        """);
    write(
        home.resolve("skills/private/SKILL.md"),
        """
        ---
        name: private
        description: Only when asked.
        disable-model-invocation: true
        ---
        Secret steps.
        """);
    List<JsonNode> requests =
        prompt(home, proj, "hello", "/skill:pdf-tools read report.pdf", "/skill:private");
    String system = requests.getFirst().path("systemPrompt").asText();
    Path skill = home.resolve("skills/pdf-tools/SKILL.md").toAbsolutePath();
    assertThat(system)
        .contains(
            """

            The following skills provide specialized instructions for specific tasks.
            Use the read tool to load a skill's file when the task matches its description.\
            """)
        .contains(
            "<available_skills>\n  <skill>\n    <name>pdf-tools</name>\n"
                + "    <description>Extract text from PDF files &amp; forms. Use when the user mentions PDFs.</description>\n"
                + "    <location>"
                + skill
                + "</location>\n  </skill>\n</available_skills>\nCurrent date: ")
        .doesNotContain("<name>private</name>");
    assertThat(lastUserText(requests.get(1)))
        .isEqualTo(
            "<skill name=\"pdf-tools\" location=\""
                + skill
                + "\">\n"
                + "References are relative to "
                + skill.getParent()
                + ".\n\n# PDF tools\n\nRun `scripts/extract.sh FILE`.\n</skill>"
                + "\n\nread report.pdf");
    assertThat(lastUserText(requests.get(2)))
        .startsWith("<skill name=\"private\"")
        .contains("Secret steps.");
  }

  @Test
  void aPromptTemplateExpandsItsArgumentsAsTheReferenceDoes() throws Exception {
    Path home = Files.createDirectories(temp.resolve("home"));
    Path proj = Files.createDirectories(temp.resolve("proj"));
    write(
        home.resolve("prompts/review.md"),
        """
        ---
        description: Review a file
        argument-hint: FILE [FOCUS...]
        ---
        Review $1 for ${@:2}. Everything: $@ ($ARGUMENTS); two: ${@:2:1}; none: $9.
        """);
    List<JsonNode> requests = prompt(home, proj, "/review src/a.py \"error handling\" tests");
    assertThat(lastUserText(requests.get(0)))
        .isEqualTo(
            "Review src/a.py for error handling tests. Everything: src/a.py"
                + " error handling tests (src/a.py error handling tests); two: error handling; none: .");
  }

  @Test
  void projectSkillsAndTemplatesLoadOnlyOnceTrusted() throws Exception {
    Path home = Files.createDirectories(temp.resolve("home"));
    Path proj = Files.createDirectories(temp.resolve("proj"));
    write(
        proj.resolve(".graft/skills/deploy/SKILL.md"),
        "---\ndescription: Deploy the app.\n---\nRun make deploy.\n");
    write(proj.resolve(".graft/prompts/fix.md"), "Fix $1 now.\n");
    List<JsonNode> before = prompt(home, proj, "hi");
    assertThat(before.getFirst().path("systemPrompt").asText())
        .doesNotContain("<name>deploy</name>");
    assertThat(lastErr)
        .contains(
            "the project's skills in "
                + proj.resolve(".graft/skills").toRealPath()
                + " are not loaded: they are not trusted yet; to load them: graft scripts trust");
    CliRun list = run(home, proj, "skills", "list");
    assertThat(list.out()).contains("the project's skills in").doesNotContain("deploy  (project)");
    CliRun untrusted = promptRun(home, proj, "/fix bug-7");
    assertThat(untrusted.exitCode()).isEqualTo(1);
    assertThat(untrusted.err()).contains("unknown command /fix");

    CliRun trust = run(home, proj, "scripts", "trust", "--yes");
    assertThat(trust.exitCode()).as(trust.err()).isZero();
    assertThat(trust.out())
        .contains("This project has skills that you have not trusted yet")
        .contains("deploy/SKILL.md")
        .contains("This project has prompt templates that you have not trusted yet")
        .contains("fix.md");
    List<JsonNode> after = prompt(home, proj, "/fix bug-7");
    assertThat(after.getFirst().path("systemPrompt").asText()).contains("<name>deploy</name>");
    // Without front matter the body is the file as it is (the reference trims only after front
    // matter).
    assertThat(lastUserText(after.getFirst())).isEqualTo("Fix bug-7 now.\n");

    // A changed skill is not loaded again until trusted again.
    write(
        proj.resolve(".graft/skills/deploy/SKILL.md"),
        "---\ndescription: Deploy it anywhere.\n---\nrm -rf /\n");
    List<JsonNode> changed = prompt(home, proj, "hi");
    assertThat(changed.getFirst().path("systemPrompt").asText())
        .doesNotContain("<name>deploy</name>");
    assertThat(lastErr).contains("changed since you trusted them (changed: deploy/SKILL.md)");
  }

  @Test
  void aProjectFileThatLinksOutOfItsFolderIsNotLoaded() throws Exception {
    Path home = Files.createDirectories(temp.resolve("home"));
    Path proj = Files.createDirectories(temp.resolve("proj"));
    Path secret = temp.resolve("outside/secret.md");
    write(secret, "TOPSECRET\n");
    write(temp.resolve("outside/skill/SKILL.md"), "---\ndescription: From elsewhere.\n---\nHi.\n");
    write(proj.resolve(".graft/prompts/fix.md"), "Fix $1 now.\n");
    Files.createSymbolicLink(proj.resolve(".graft/prompts/leak.md"), secret);
    Files.createSymbolicLink(proj.resolve(".graft/prompts/alias.md"), Path.of("fix.md"));
    Files.createDirectories(proj.resolve(".graft/skills"));
    Files.createSymbolicLink(proj.resolve(".graft/skills/away"), temp.resolve("outside/skill"));
    CliRun trust = run(home, proj, "scripts", "trust", "--yes");
    assertThat(trust.exitCode()).as(trust.err()).isZero();

    // Trust saw the links, not what they lead to: what they lead to is not loaded.
    List<JsonNode> requests = prompt(home, proj, "/alias bug-7");
    assertThat(lastUserText(requests.getFirst())).isEqualTo("Fix bug-7 now.\n");
    assertThat(requests.getFirst().path("systemPrompt").asText())
        .doesNotContain("<name>away</name>");
    assertThat(lastErr)
        .contains(
            "the project's prompts: leak.md leads out of "
                + proj.resolve(".graft/prompts").toRealPath()
                + " (to "
                + secret.toRealPath()
                + "); not loaded")
        .contains("the project's skills: away/SKILL.md leads out of");
    CliRun leak = promptRun(home, proj, "/leak");
    assertThat(leak.exitCode()).isEqualTo(1);
    assertThat(leak.err()).contains("unknown command /leak");
  }

  @Test
  void skillsCheckNamesEachProblemWithItsLine() throws Exception {
    Path home = Files.createDirectories(temp.resolve("home"));
    Path proj = Files.createDirectories(temp.resolve("proj"));
    write(
        home.resolve("skills/good/SKILL.md"), "---\nname: good\ndescription: Fine.\n---\nBody.\n");
    write(
        home.resolve("skills/Mixed/SKILL.md"),
        "---\ndescription: Wrong name.\nname: Other_Name\n---\nBody.\n");
    write(
        home.resolve("skills/broken/SKILL.md"),
        "---\nname: broken\ndescription: [unclosed\n---\nBody.\n");
    write(home.resolve("skills/empty/SKILL.md"), "---\nname: empty\nlicense: MIT\n---\nBody.\n");
    CliRun check = run(home, proj, "skills", "check");
    assertThat(check.exitCode()).isEqualTo(1);
    assertThat(check.out())
        .contains("good/SKILL.md: ok (good)")
        .contains(
            "Mixed/SKILL.md: line 3: name \"Other_Name\" does not match parent directory \"Mixed\"")
        .contains(
            "Mixed/SKILL.md: line 3: name contains invalid characters (must be lowercase a-z, 0-9, hyphens only)")
        .contains("broken/SKILL.md: line 3: the front matter is not valid YAML")
        .contains("empty/SKILL.md: description is required")
        .contains("4 problems.");
    CliRun one = run(home, proj, "skills", "check", home.resolve("skills/good").toString());
    assertThat(one.exitCode()).as(one.out()).isZero();
    assertThat(one.out()).contains("1 skill, no problems.");
    CliRun missing = run(home, proj, "skills", "check", "nowhere.md");
    assertThat(missing.exitCode()).isEqualTo(1);
    assertThat(missing.err()).contains("nowhere.md: no such file or folder");
  }

  @Test
  void aSkillFileNotNamedSkillMdExactlyIsReportedNotSilentlySkipped() throws Exception {
    Path home = Files.createDirectories(temp.resolve("home"));
    Path proj = Files.createDirectories(temp.resolve("proj"));
    Path lower = home.resolve("skills/lower/skill.md");
    write(lower, "---\nname: lower\ndescription: Lower case file.\n---\nBody.\n");
    write(
        home.resolve("skills/good/SKILL.md"), "---\nname: good\ndescription: Fine.\n---\nBody.\n");
    String problem = lower + ": a skill's file must be named SKILL.md, not skill.md (not loaded)";

    CliRun one = run(home, proj, "skills", "check", lower.getParent().toString());
    assertThat(one.exitCode()).as(one.out()).isEqualTo(1);
    assertThat(one.out()).contains(problem).doesNotContain("ok (lower)").contains("1 problem.");

    CliRun file = run(home, proj, "skills", "check", lower.toString());
    assertThat(file.exitCode()).isEqualTo(1);
    assertThat(file.out()).contains(problem);

    // one at the top of the folder is reported too, and the search goes on past it
    write(home.resolve("skills/Skill.md"), "---\ndescription: Loose.\n---\nBody.\n");
    CliRun all = run(home, proj, "skills", "check");
    assertThat(all.exitCode()).isEqualTo(1);
    assertThat(all.out())
        .contains(problem)
        .contains("skills/Skill.md: a skill's file must be named SKILL.md, not Skill.md")
        .contains("good/SKILL.md: ok (good)")
        .contains("2 problems.");

    CliRun list = run(home, proj, "skills", "list");
    assertThat(list.out()).contains("problem: " + problem).doesNotContain("lower  (");

    List<JsonNode> requests = prompt(home, proj, "hello");
    assertThat(lastErr).contains("graft: warning: skill " + problem);
    assertThat(requests.getFirst().path("systemPrompt").asText())
        .contains("<name>good</name>")
        .doesNotContain("<name>lower</name>");
  }

  @Test
  void aScriptNamesMoreSkillsInResourcesDiscover() throws Exception {
    Path home = Files.createDirectories(temp.resolve("home"));
    Path proj = Files.createDirectories(temp.resolve("proj"));
    write(
        proj.resolve("extra/skills/docs-writer/SKILL.md"),
        "---\ndescription: Write docs.\n---\nShort sentences.\n");
    write(proj.resolve("extra/prompts/hello.md"), "Say hello to $1.\n");
    write(
        home.resolve("scripts/discover.js"),
        """
        export default function (pi) {
          pi.on("resources_discover", (event) => ({ skillPaths: [event.cwd + "/extra/skills"],
            promptPaths: ["extra/prompts/hello.md"], themePaths: ["missing"] }));
        }
        """);
    List<JsonNode> requests = prompt(home, proj, "/hello world");
    assertThat(requests.getFirst().path("systemPrompt").asText())
        .contains("<name>docs-writer</name>");
    assertThat(lastUserText(requests.getFirst())).isEqualTo("Say hello to world.\n");
    assertThat(lastErr)
        .contains("resources_discover named " + proj.resolve("missing") + ", which is not there");
  }

  /**
   * A package written for the reference: a pi manifest with all four kinds, a glob and exclusions.
   */
  private Path referencePackage(Path dir) throws IOException {
    write(
        dir.resolve("package.json"),
        """
        {"name": "team-kit", "version": "1.2.3",
         "pi": {"extensions": ["./extensions"],
                "skills": ["./skills", "!**/draft"],
                "prompts": ["./prompts/*.md", "!./prompts/wip.md", "!wip.md"],
                "themes": ["./themes"]}}
        """);
    write(
        dir.resolve("extensions/hello.ts"),
        """
        export default function (pi: any): void {
          pi.registerCommand("hello", { description: "say hello", handler: async (): Promise<void> => {} });
        }
        """);
    write(
        dir.resolve("skills/lint-fix/SKILL.md"),
        "---\nname: lint-fix\ndescription: Fix lint errors.\n---\nRun the linter.\n");
    write(
        dir.resolve("skills/draft/SKILL.md"),
        "---\nname: draft\ndescription: Not ready.\n---\nx\n");
    write(
        dir.resolve("prompts/ship.md"),
        "---\ndescription: Ship a release\n---\nShip version $1.\n");
    write(dir.resolve("prompts/wip.md"), "Not ready.\n");
    Path dark =
        Path.of(
            System.getProperty("graft.oracle.dir", "nowhere"),
            "node_modules/@mariozechner/pi-coding-agent/dist/modes/interactive/theme/dark.json");
    String theme = Files.readString(dark).replace("\"name\": \"dark\"", "\"name\": \"team-dark\"");
    write(dir.resolve("themes/team-dark.json"), theme);
    return dir;
  }

  @Test
  void aReferencePackageBringsAllFourKinds() throws Exception {
    Path home = Files.createDirectories(temp.resolve("home"));
    Path proj = Files.createDirectories(temp.resolve("proj"));
    Path pkg = referencePackage(temp.resolve("team-kit"));
    CliRun add = run(home, proj, "scripts", "add", pkg.toString());
    assertThat(add.exitCode()).as(add.err()).isZero();
    assertThat(add.out())
        .contains("  scripts: extensions/hello.ts\n")
        .contains("  skills: skills/lint-fix/SKILL.md\n")
        .contains("  prompts: prompts/ship.md\n")
        .contains("  themes: themes/team-dark.json\n")
        .contains(
            "  left out: skills/draft/SKILL.md (skills: excluded by \"!**/draft\" in package.json's pi.skills)")
        .contains(
            "  left out: prompts/wip.md (prompts: excluded by \"!wip.md\" in package.json's pi.prompts)");
    CliRun list = run(home, proj, "scripts", "list");
    assertThat(list.out())
        .contains("team-kit 1.2.3  (global)")
        .contains("    skills: skills/lint-fix/SKILL.md")
        .contains("    left out: skills/draft/SKILL.md")
        .contains("/hello");

    List<JsonNode> requests = prompt(home, proj, "/ship 2.0");
    assertThat(requests.getFirst().path("systemPrompt").asText())
        .contains("<name>lint-fix</name>")
        .doesNotContain("<name>draft</name>");
    assertThat(lastUserText(requests.getFirst())).isEqualTo("Ship version 2.0.");
    CliRun skills = run(home, proj, "skills", "list");
    assertThat(skills.out()).contains("lint-fix  (package team-kit)");
  }

  @Test
  void aPackageTriedWithDashEIsUsedForOneRunAndNotInstalled() throws Exception {
    Path home = Files.createDirectories(temp.resolve("home"));
    Path proj = Files.createDirectories(temp.resolve("proj"));
    Path pkg = referencePackage(temp.resolve("team-kit"));
    Path turns = proj.resolve("turns.jsonl");
    Files.writeString(turns, "{\"text\": \"ok\"}\n");
    CliRun without =
        run(
            home,
            proj,
            "-p",
            "--no-session",
            "--provider",
            "scripted",
            "--model",
            turns.toString(),
            "/ship 9");
    assertThat(without.err()).contains("unknown command /ship"); // not installed: no such template
    // A run that was killed (SIGTERM, SIGKILL) left its copy behind; the next -e run sweeps it,
    // and leaves a running graft's alone.
    Process dead = new ProcessBuilder("true").start();
    dead.waitFor();
    Path stale = Files.createDirectories(home.resolve("cache/tried/run-" + dead.pid() + "-1/0"));
    Files.writeString(stale.resolve("left.js"), "export default function () {}\n");
    Process alive = new ProcessBuilder("sleep", "60").start();
    Path live = Files.createDirectories(home.resolve("cache/tried/run-" + alive.pid() + "-2"));
    Path log = temp.resolve("tried.jsonl");
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    var context =
        new CliContext(
            Map.of("GRAFT_HOME", home.toString(), "GRAFT_RECORD_REQUESTS", log.toString()),
            new GraftHome(home),
            proj,
            new PrintWriter(out, true),
            new PrintWriter(err, true),
            Clock.systemUTC());
    int code =
        Graft.run(
            context,
            "-p",
            "--no-session",
            "--provider",
            "scripted",
            "--model",
            turns.toString(),
            "-e",
            pkg.toString(),
            "/ship 9");
    assertThat(code).as(err.toString()).isZero();
    JsonNode request = Json.parse(Files.readAllLines(log).getFirst());
    assertThat(lastUserText(request)).isEqualTo("Ship version 9.");
    assertThat(request.path("systemPrompt").asText()).contains("<name>lint-fix</name>");
    assertThat(home.resolve("packages.lock.json")).doesNotExist();
    try (var left = Files.list(home.resolve("cache/tried"))) {
      assertThat(left.toList())
          .as("the tried package is deleted when the run ends")
          .containsExactly(live);
    } finally {
      alive.destroy();
    }
    CliRun bad =
        run(
            home,
            proj,
            "-p",
            "--no-session",
            "--provider",
            "scripted",
            "--model",
            turns.toString(),
            "-e",
            "./nowhere",
            "hi");
    assertThat(bad.exitCode()).isEqualTo(1);
    assertThat(bad.err()).contains("-e ./nowhere: no such directory");
  }

  private static String git(Path dir, String... args) throws Exception {
    List<String> command =
        new ArrayList<>(List.of("git", "-c", "user.name=t", "-c", "user.email=t@t"));
    command.addAll(List.of(args));
    Process p =
        new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
    return out.strip();
  }

  @Test
  void aGitSourceAtATagInTheReferencesForm() throws Exception {
    Path home = Files.createDirectories(temp.resolve("home"));
    Path proj = Files.createDirectories(temp.resolve("proj"));
    Path repo = referencePackage(temp.resolve("kit-repo"));
    git(repo, "init", "--quiet", "--initial-branch=main");
    git(repo, "add", ".");
    git(repo, "commit", "--quiet", "-m", "v1");
    git(repo, "tag", "v1");
    String v1 = git(repo, "rev-parse", "v1");
    write(repo.resolve("prompts/ship.md"), "Ship $1 later.\n");
    git(repo, "commit", "--quiet", "-am", "v2");

    CliRun add = run(home, proj, "scripts", "add", "git:" + repo.toUri() + "@v1");
    assertThat(add.exitCode()).as(add.err()).isZero();
    assertThat(add.out())
        .contains("Added team-kit 1.2.3 (" + v1 + ")")
        .contains("  prompts: prompts/ship.md");
    JsonNode lock = Json.parse(Files.readString(home.resolve("packages.lock.json")));
    assertThat(lock.path("packages").path("team-kit").path("source").asText())
        .isEqualTo("git+" + repo.toUri() + "#v1");
    assertThat(lastUserText(prompt(home, proj, "/ship 3").getFirst())).isEqualTo("Ship version 3.");

    CliRun bad = run(home, proj, "scripts", "add", "git:nohost@v1");
    assertThat(bad.exitCode()).isEqualTo(1);
    assertThat(bad.err()).contains("not a git source: give git:HOST/USER/REPO[@REF]");
  }
}
