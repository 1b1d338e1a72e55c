package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.cli.Graft;
import dev.graft.cli.base.CliContext;
import dev.graft.runtime.config.GraftHome;
import dev.graft.runtime.session.Session;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The session events through real scripts: compaction supplied by digest-compaction.js, tree, new,
 * fork.
 */
class SessionEventsCliTest {
  @TempDir Path home;
  @TempDir Path work;

  /** Prints each session event it sees (shown with --verbose), leaving the session as it is. */
  private static final String LOGGER =
      """
      export default function (graft) {
        const log = (e, extra) => console.log("EVENT " + JSON.stringify({ type: e.type, ...extra }));
        graft.on("session_start", (e) => log(e, { reason: e.reason }));
        graft.on("session_shutdown", (e) => log(e, { reason: e.reason }));
        graft.on("session_before_compact", (e) => log(e, {
          toSummarize: e.preparation.messagesToSummarize.length, previous: e.preparation.previousSummary !== undefined }));
        graft.on("session_compact", (e) => log(e, { fromExtension: e.fromExtension, summaryType: e.compactionEntry.type }));
        graft.on("session_tree", (e) => log(e, { fromExtension: e.fromExtension, summary: e.summaryEntry?.summary }));
      }
      """;

  private static Path example(String name) {
    // tests run in the cli module; the examples are at the repository's root
    return Path.of("").toAbsolutePath().getParent().resolve("scripts/examples").resolve(name);
  }

  private Session latest() throws Exception {
    Path file = LastSession.file(home, work.resolve("proj"));
    return Session.open(file);
  }

  private static List<String> events(String err) {
    return err.lines()
        .filter(l -> l.contains("] EVENT "))
        .map(l -> l.substring(l.indexOf("] EVENT ") + 8))
        .toList();
  }

  @Test
  void aReloadEndsTheSessionForTheScriptsAndStartsItForTheReloadedOnes() throws Exception {
    Files.createDirectories(work.resolve("proj"));
    Files.createDirectories(work.resolve("scripts"));
    Files.writeString(work.resolve("scripts/log.js"), LOGGER);
    Files.writeString(
        work.resolve("scripts/re.js"),
        """
        export default function (graft) {
          graft.registerCommand("re", { handler: async (args, ctx) => { await ctx.reload(); } });
        }
        """);
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"ok\"}\n");
    CliRun run =
        CliRun.run(
            home,
            work.resolve("proj"),
            "-p",
            "-v",
            "--provider",
            "scripted",
            "--model",
            work.resolve("turns.jsonl").toString(),
            "--scripts",
            work.resolve("scripts").toString(),
            "/re");
    assertThat(run.exitCode()).as(run.err()).isZero();
    // as the reference: the scripts loaded before hear session_shutdown, the reloaded ones
    // session_start, both with the reason "reload"
    assertThat(events(run.err()))
        .containsExactly(
            "{\"type\":\"session_start\",\"reason\":\"startup\"}",
            "{\"type\":\"session_shutdown\",\"reason\":\"reload\"}",
            "{\"type\":\"session_start\",\"reason\":\"reload\"}",
            "{\"type\":\"session_shutdown\",\"reason\":\"quit\"}");
  }

  @Test
  void digestCompactionDigestsTwiceAndAWrongAnswerIsReported() throws Exception {
    Files.createDirectories(work.resolve("proj"));
    Files.createDirectories(work.resolve("scripts"));
    Files.writeString(
        work.resolve("scripts/0-bad.js"),
        """
        export default function (graft) {
          graft.on("session_before_compact", () => ({ compaction: { summary: 42 } }));
        }
        """);
    Files.writeString(work.resolve("scripts/log.js"), LOGGER);
    // past the window minus the reserve once a reply reports 1,000 tokens; keep little
    Files.writeString(
        home.resolve("settings.json"),
        "{\"compaction\": {\"reserveTokens\": 199000, \"keepRecentTokens\": 30}}");
    Files.writeString(
        work.resolve("turns.jsonl"),
        """
        {"text": "the lexer is in src/lexer.ts", "usage": {"input": 300}}
        {"toolCalls": [{"name": "read", "arguments": {"path": "notes.txt"}}], "usage": {"input": 400}}
        {"text": "the bug is in scanNumber", "usage": {"input": 2000}}
        {"text": "fixed scanNumber, tests pass", "usage": {"input": 2500}}
        """);
    Files.writeString(work.resolve("proj/notes.txt"), "1e5 is misread\n");
    CliRun run =
        CliRun.run(
            home,
            work,
            "-p",
            "-v",
            "--scripts",
            "scripts",
            "-s",
            example("digest-compaction.js").toString(),
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "--cwd",
            "proj",
            "where is the lexer? " + "I mean the one in src ".repeat(20),
            "find the bug " + "the lexer misreads numbers like 1e5 ".repeat(20),
            "now fix it " + "make sure 1e5 and 0x1F both scan ".repeat(20));
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("fixed scanNumber, tests pass");
    assertThat(run.err())
        .contains(
            "0-bad.js: session_before_compact handler returned a compaction without a non-empty string summary; ignored");
    try (Session s = latest()) {
      List<SessionEntry.Compaction> compactions =
          s.branchPath().stream()
              .filter(SessionEntry.Compaction.class::isInstance)
              .map(SessionEntry.Compaction.class::cast)
              .toList();
      assertThat(compactions)
          .hasSize(2)
          .allSatisfy(c -> {
            assertThat(c.fromHook()).contains(true);
            assertThat(c.details().orElseThrow().path("by").asText())
                .isEqualTo("digest-compaction.js");
          });
      String first = compactions.get(0).summary();
      String second = compactions.get(1).summary();
      assertThat(first)
          .startsWith("# Digest of earlier work")
          .contains("## The user asked", "- where is the lexer?", "- the lexer is in src/lexer.ts");
      assertThat(first).doesNotContain("## Before that");
      // the second builds on the first, and digests what the first kept
      assertThat(second)
          .contains(
              "## Before that",
              "- where is the lexer?",
              "- find the bug",
              "- the bug is in scanNumber",
              "## Tools used\n\n- read ×1",
              "## Files read\n\n- notes.txt");
      assertThat(compactions.get(1).details().orElseThrow().get("readFiles").toString())
          .isEqualTo("[\"notes.txt\"]");
      assertThat(events(run.err()))
          .containsExactly(
              "{\"type\":\"session_start\",\"reason\":\"startup\"}",
              "{\"type\":\"session_before_compact\",\"toSummarize\":2,\"previous\":false}",
              "{\"type\":\"session_compact\",\"fromExtension\":true,\"summaryType\":\"compaction\"}",
              "{\"type\":\"session_before_compact\",\"toSummarize\":4,\"previous\":true}",
              "{\"type\":\"session_compact\",\"fromExtension\":true,\"summaryType\":\"compaction\"}",
              "{\"type\":\"session_shutdown\",\"reason\":\"quit\"}");
    }
  }

  @Test
  void treeSummaryFromAScriptAndANewSessionItCancels() throws Exception {
    Files.createDirectories(work.resolve("proj"));
    Files.createDirectories(work.resolve("scripts"));
    Files.writeString(work.resolve("scripts/log.js"), LOGGER);
    Files.writeString(
        work.resolve("scripts/tree.js"),
        """
        export default function (graft) {
          graft.on("session_before_tree", (e) => ({
            summary: { summary: `SCRIPT SUMMARY of ${e.preparation.entriesToSummarize.length} entries`, details: { n: 1 } },
            label: "scripted",
          }));
          graft.on("session_before_switch", (e) => e.reason === "new" ? { cancel: true } : undefined);
        }
        """);
    Files.writeString(
        work.resolve("turns.jsonl"),
        "{\"text\": \"first answer\"}\n{\"text\": \"second answer\"}\n");
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CliContext context =
        new CliContext(
            Map.of("GRAFT_HOME", home.toString()),
            new GraftHome(home),
            work,
            new PrintWriter(out, true),
            new PrintWriter(err, true),
            Clock.systemUTC(),
            new ByteArrayInputStream(
                """
                first question
                second question
                /tree
                2
                2

                /new
                /quit
                """
                    .getBytes(StandardCharsets.UTF_8)));
    int code =
        Graft.run(
            context,
            "-v",
            "--scripts",
            "scripts",
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "--cwd",
            "proj");
    assertThat(code).as(err.toString()).isZero();
    assertThat(out.toString())
        .contains("with a summary of the branch left")
        .contains("A script's session_before_switch hook cancelled the new session.");
    try (Session s = latest()) {
      SessionEntry.BranchSummary summary =
          s.entries().stream()
              .filter(SessionEntry.BranchSummary.class::isInstance)
              .map(SessionEntry.BranchSummary.class::cast)
              .findFirst()
              .orElseThrow();
      assertThat(summary.summary()).isEqualTo("SCRIPT SUMMARY of 2 entries");
      assertThat(summary.fromHook()).contains(true);
      assertThat(summary.details().orElseThrow().get("n").asInt()).isEqualTo(1);
      assertThat(s.label(summary.id())).contains("scripted");
      assertThat(events(err.toString()))
          .containsExactly(
              "{\"type\":\"session_start\",\"reason\":\"startup\"}",
              "{\"type\":\"session_tree\",\"fromExtension\":true,\"summary\":\"SCRIPT SUMMARY of 2 entries\"}",
              "{\"type\":\"session_shutdown\",\"reason\":\"quit\"}");
    }
  }

  @Test
  void aForkAScriptCancelsStaysInTheSessionOverRpc() throws Exception {
    Files.createDirectories(work.resolve("scripts"));
    Files.writeString(
        work.resolve("scripts/veto.js"),
        """
        export default function (graft) {
          graft.on("session_before_fork", (e) => ({ cancel: e.position === "before" }));
          // a cancel ends the event: this one is not asked (if it were, its failure would undo the cancel)
          graft.on("session_before_fork", () => { throw new Error("asked after a cancel"); });
          graft.on("session_before_switch", () => ({ cancel: "maybe" }));
        }
        """);
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"one\"}\n");
    try (RpcDriver rpc = RpcDriver.scripted(home, work, "--scripts", "scripts")) {
      rpc.call("p", "{\"id\":\"p\",\"type\":\"prompt\",\"message\":\"hello\"}");
      rpc.event("agent_end");
      String file =
          rpc.call("s", "{\"id\":\"s\",\"type\":\"get_state\"}").at("/data/sessionFile").asText();
      String entry =
          rpc.call("m", "{\"id\":\"m\",\"type\":\"get_fork_messages\"}")
              .at("/data/messages/0/entryId")
              .asText();
      JsonNode fork =
          rpc.call("f", "{\"id\":\"f\",\"type\":\"fork\",\"entryId\":\"" + entry + "\"}");
      assertThat(fork.at("/data/cancelled").asBoolean()).isTrue();
      // a cancel that is not a boolean is reported, and the new session goes ahead
      JsonNode fresh = rpc.call("n", "{\"id\":\"n\",\"type\":\"new_session\"}");
      assertThat(fresh.at("/data/cancelled").asBoolean()).isFalse();
      assertThat(
              rpc.call("s2", "{\"id\":\"s2\",\"type\":\"get_state\"}")
                  .at("/data/sessionFile")
                  .asText())
          .isNotEqualTo(file);
    }
  }
}
