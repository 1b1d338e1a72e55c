package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.session.Session;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * graft scripts dry-run on the example pruning script: what its context handler changes, and
 * nothing written.
 */
class ScriptsDryRunTest {
  static final Path EXAMPLES = Path.of("").toAbsolutePath().getParent().resolve("scripts/examples");

  @TempDir Path home;
  @TempDir Path work;

  /** The example session (a read, an edit, an answer) with a prune entry for its read result. */
  private Path prunedSession(String strategy) throws Exception {
    List<String> lines =
        Files.readAllLines(
            Path.of("").toAbsolutePath().getParent().resolve("docs/examples/session.jsonl"));
    StringBuilder text = new StringBuilder();
    lines.subList(0, 8).forEach(l -> text.append(l).append('\n'));
    text.append(
        "{\"type\":\"custom\",\"id\":\"p1\",\"parentId\":\"a7b8c9d0\",\"timestamp\":\"2026-11-20T09:00:20.000Z\","
            + "\"customType\":\"prune\",\"data\":{\"choices\":[{\"toolCallId\":\"toolu_01\",\"strategy\":\""
            + strategy
            + "\"}]}}\n");
    Path file = work.resolve("session.jsonl");
    Files.writeString(file, text);
    return file;
  }

  @Test
  void showsExactlyWhatPruningRemovesAndLeavesTheFileAsItWas() throws Exception {
    Path file = prunedSession("remove");
    byte[] before = Files.readAllBytes(file);
    CliRun r =
        CliRun.run(
            home,
            work,
            "scripts",
            "dry-run",
            file.toString(),
            "-s",
            EXAMPLES.resolve("pruning.js").toString());
    assertThat(r.err()).isEmpty();
    assertThat(r.exitCode()).isZero();
    assertThat(r.out())
        .isEqualTo(
            """
            context at leaf p1: 6 messages, ~146 tokens
            pruning.js: 6 messages, ~146 tokens → 6 messages, ~142 tokens
              ~ replaced #3 result read: export function parseDate(s: string): Date { return new Date(s); }
                      by #3 result read: [pruned: this read result was removed from the context]
            after the scripts: 6 messages, ~142 tokens
            """);
    assertThat(Files.readAllBytes(file)).isEqualTo(before);
  }

  @Test
  void jsonNamesEachChangeWithTheWholeMessagesAndAtAnEarlierLeafNothingIsPruned() throws Exception {
    Path file = prunedSession("remove");
    byte[] before = Files.readAllBytes(file);
    CliRun r =
        CliRun.run(
            home,
            work,
            "scripts",
            "dry-run",
            file.toString(),
            "-s",
            EXAMPLES.resolve("pruning.js").toString(),
            "-s",
            EXAMPLES.resolve("stacking.js").toString(),
            "--format",
            "json");
    assertThat(r.exitCode()).isZero();
    JsonNode report = Json.parse(r.out());
    JsonNode pruning = report.get("scripts").get(0);
    assertThat(pruning.get("script").asText()).isEqualTo("pruning.js");
    assertThat(pruning.get("changes")).hasSize(1);
    JsonNode change = pruning.get("changes").get(0);
    assertThat(change.get("kind").asText()).isEqualTo("replaced");
    assertThat(change.at("/was/content/0/text").asText()).startsWith("export function parseDate");
    assertThat(change.at("/now/content/0/text").asText())
        .isEqualTo("[pruned: this read result was removed from the context]");
    assertThat(report.at("/after/context")).hasSize(6);
    assertThat(report.at("/before/tokens").asLong())
        .isGreaterThan(report.at("/after/tokens").asLong());

    // Before the prune entry, the branch has no choices: the handler changes nothing.
    CliRun earlier =
        CliRun.run(
            home,
            work,
            "scripts",
            "dry-run",
            file.toString(),
            "-s",
            EXAMPLES.resolve("pruning.js").toString(),
            "--leaf",
            "a7b8c9d0");
    assertThat(earlier.out()).contains("pruning.js: no change").doesNotContain("replaced");
    assertThat(Files.readAllBytes(file)).isEqualTo(before);
  }

  @Test
  void runsWhileAGraftHasClaimedTheSessionAndListsCallsItDidNotMake() throws Exception {
    Path file = prunedSession("truncate");
    Path scripts = Files.createDirectories(work.resolve("scripts"));
    Files.writeString(
        scripts.resolve("noisy.js"),
        """
        export default function (graft) {
          graft.on("context", (event) => {
            graft.appendEntry("seen", { n: event.messages.length });
            return { messages: [...event.messages.slice(1), { role: "custom", customType: "note", content: "hello", display: false, timestamp: 1 }] };
          });
        }
        """);
    byte[] before = Files.readAllBytes(file);
    try (Session running = Session.open(file, Clock.systemUTC())) {
      running.claim();
      CliRun r =
          CliRun.run(
              home, work, "scripts", "dry-run", file.toString(), "--scripts", scripts.toString());
      assertThat(r.exitCode()).isZero();
      assertThat(r.out())
          .contains("noisy.js: 6 messages")
          .contains("  - removed  #1 user: The date parser")
          .contains("  + added    #6 custom note: hello")
          .contains("(not done in a dry run: appendEntry)");
    }
    assertThat(Files.readAllBytes(file)).isEqualTo(before);
  }

  @Test
  void aFailingHandlerIsShownAndExitsOne() throws Exception {
    Path file = prunedSession("remove");
    Path scripts = Files.createDirectories(work.resolve("failing"));
    Files.writeString(
        scripts.resolve("throws.js"),
        """
        export default function (graft) {
          graft.on("context", () => { throw new Error("no context today"); });
        }
        """);
    Files.writeString(
        scripts.resolve("wrong.js"),
        """
        export default function (graft) {
          graft.on("context", () => ({ messages: "not a list" }));
        }
        """);
    for (String format : List.of("text", "json")) {
      CliRun r =
          CliRun.run(
              home,
              work,
              "scripts",
              "dry-run",
              file.toString(),
              "--scripts",
              scripts.toString(),
              "--format",
              format);
      assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(1);
      assertThat(r.out()).contains("no context today");
    }
    CliRun text =
        CliRun.run(
            home, work, "scripts", "dry-run", file.toString(), "--scripts", scripts.toString());
    assertThat(text.out().lines().filter(l -> l.startsWith("  ! ")).toList())
        .as(text.out())
        .hasSize(2);

    CliRun clean =
        CliRun.run(
            home,
            work,
            "scripts",
            "dry-run",
            file.toString(),
            "-s",
            EXAMPLES.resolve("pruning.js").toString());
    assertThat(clean.exitCode()).isZero();
  }

  @Test
  void badInputGetsOneLine() throws Exception {
    Path file = prunedSession("remove");
    CliRun noScripts = CliRun.run(home, work, "scripts", "dry-run", file.toString());
    assertThat(noScripts.exitCode()).isEqualTo(1);
    assertThat(noScripts.err()).isEqualTo("graft: no scripts: give --scripts DIR or -s FILE\n");
    CliRun badLeaf =
        CliRun.run(
            home,
            work,
            "scripts",
            "dry-run",
            file.toString(),
            "-s",
            EXAMPLES.resolve("pruning.js").toString(),
            "--leaf",
            "nope");
    assertThat(badLeaf.err()).startsWith("graft: entry nope not found in ");
    CliRun missing =
        CliRun.run(
            home,
            work,
            "scripts",
            "dry-run",
            "missing.jsonl",
            "-s",
            EXAMPLES.resolve("pruning.js").toString());
    assertThat(missing.err()).contains("missing.jsonl: no such file");
  }

  @Test
  void aScriptThatDoesNotLoadIsOneLineNamingItsFileOnce() throws Exception {
    Path file = prunedSession("remove");
    Path broken = work.resolve("broken.ts");
    Files.writeString(broken, "export default function (g) {\n  const = 1;\n}\n");
    CliRun r = CliRun.run(home, work, "scripts", "dry-run", file.toString(), "-s", "broken.ts");
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.err())
        .isEqualTo(
            "graft: script "
                + broken
                + " not loaded: loading failed: SyntaxError: Identifier expected. (at broken.ts:2)\n");
  }

  @Test
  void aScriptReadsItsOwnFolderAsInARunAndNotTheWorkingDirectory() throws Exception {
    Path file = prunedSession("remove");
    String reading =
        """
        import fs from "node:fs";
        const config = fs.readFileSync(new URL("./config.json", import.meta.url), "utf8");
        export default function (pi) { pi.on("context", () => undefined); }
        """;
    Path tools = Files.createDirectories(work.resolve("tools"));
    Files.writeString(tools.resolve("config.json"), "{}");
    Files.writeString(tools.resolve("reads.js"), reading);
    CliRun own =
        CliRun.run(home, work, "scripts", "dry-run", file.toString(), "-s", "tools/reads.js");
    assertThat(own.err()).isEmpty();
    assertThat(own.exitCode()).isZero();

    Files.writeString(work.resolve("config.json"), "{}");
    Files.writeString(work.resolve("reads.js"), reading);
    CliRun root = CliRun.run(home, work, "scripts", "dry-run", file.toString(), "-s", "reads.js");
    assertThat(root.exitCode()).isEqualTo(1);
    assertThat(root.err())
        .contains("reads.js not loaded: loading failed: Error: fs.readFileSync(")
        .contains("(its own folder is the project's, so it is not readable without a grant)");
  }

  @Test
  void aRefusedReadSaysADryRunGivesNoGrantsAndNamesNoSettingsFile() throws Exception {
    Path file = prunedSession("remove");
    Path notes = Files.writeString(work.resolve("notes.txt"), "hello");
    Path tools = Files.createDirectories(work.resolve("tools"));
    Files.writeString(
        tools.resolve("reads.js"),
        "import fs from \"node:fs\";\nfs.readFileSync("
            + "\""
            + notes
            + "\""
            + ", \"utf8\");\nexport default function (pi) {}\n");
    CliRun r =
        CliRun.run(home, work, "scripts", "dry-run", file.toString(), "-s", "tools/reads.js");
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.err())
        .contains(
            "read access to "
                + notes
                + " is not granted to reads.js; a dry run gives"
                + " scripts no grants")
        .doesNotContain("settings.json");
  }
}
