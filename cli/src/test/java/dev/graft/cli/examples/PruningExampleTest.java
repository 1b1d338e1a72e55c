package dev.graft.cli.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.cli.e2e.LastSession;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.MessageContent;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * pruning.js: /prune chooses tool results through ctx.ui dialogs, the choices are session entries,
 * and every later model call sees the pruned results; the file keeps the originals, and the pruning
 * follows the session across restarts and branches.
 */
class PruningExampleTest {
  static final String LONG = "x".repeat(700);
  static final String TRUNCATED =
      "toolResult(read): " + "x".repeat(500) + "\n[pruned: 200 more characters]";
  static final String REMOVED =
      "toolResult(bash): [pruned: this bash result was removed from the context]";

  @TempDir Path home;
  @TempDir Path work;
  String script;

  @BeforeEach
  void project() throws Exception {
    Files.createDirectories(work.resolve("proj"));
    Files.writeString(work.resolve("proj/big.txt"), LONG);
    script = ExampleRun.EXAMPLES.resolve("pruning.js").toString();
  }

  private Path sessionFile() {
    return LastSession.file(home, work.resolve("proj"));
  }

  /**
   * A session where the model read big.txt and ran echo, then /prune truncated one and removed the
   * other.
   */
  private ExampleRun prunedInTheInteractiveMode() throws Exception {
    Files.writeString(
        work.resolve("turns.jsonl"),
        """
        {"toolCalls": [{"name": "read", "arguments": {"path": "big.txt"}, "id": "c1"}, {"name": "bash", "arguments": {"command": "echo hi"}, "id": "c2"}]}
        {"text": "seen"}
        {"text": "ok"}
        """);
    Files.writeString(work.resolve("later.jsonl"), "{\"text\": \"fine\"}\n");
    // The dialogs: 3) the read result, 2) truncate; 2) the bash result, 3) remove; 1) Done.
    return ExampleRun.run(
        home,
        work,
        "look around\n/prune\n3\n2\n2\n3\n1\nnext\n/quit\n",
        "-s",
        script,
        "--provider",
        "scripted",
        "--model",
        "turns.jsonl",
        "--cwd",
        "proj");
  }

  @Test
  void pruneChoosesThroughDialogsAndEveryLaterCallSeesThePrunedResults() throws Exception {
    ExampleRun run = prunedInTheInteractiveMode();
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains("Prune which tool result? (0 chosen)")
        .contains("2) bash {\"command\":\"echo hi\"} — 3 chars")
        .contains("Pruned 2 tool results (the session keeps the originals)");
    assertThat(run.requests()).hasSize(3);
    assertThat(run.context(1))
        .as("before /prune")
        .containsExactly(
            "user: look around",
            "assistant: [read {\"path\":\"big.txt\"}] [bash {\"command\":\"echo hi\"}]",
            "toolResult(read): " + LONG,
            "toolResult(bash): hi\n");
    assertThat(run.context(2))
        .as("after /prune")
        .containsExactly(
            "user: look around",
            "assistant: [read {\"path\":\"big.txt\"}] [bash {\"command\":\"echo hi\"}]",
            TRUNCATED,
            REMOVED,
            "assistant: seen",
            "user: next");

    // The session file keeps the originals, and the choices as one entry.
    try (Session s = Session.open(sessionFile())) {
      List<SessionEntry> entries = s.entries();
      assertThat(entries)
          .anySatisfy(e ->
              assertThat(e)
                  .isInstanceOfSatisfying(
                      SessionEntry.Message.class,
                      m ->
                          assertThat(m.message())
                              .isInstanceOfSatisfying(
                                  AgentMessage.ToolResult.class,
                                  r ->
                                      assertThat(new MessageContent.Blocks(r.content()).text(""))
                                          .isEqualTo(LONG))));
      assertThat(entries)
          .filteredOn(e -> e instanceof SessionEntry.Custom c && c.customType().equals("prune"))
          .singleElement()
          .satisfies(e ->
              assertThat(((SessionEntry.Custom) e).data().orElseThrow().toString())
                  .isEqualTo(
                      "{\"choices\":[{\"toolCallId\":\"c1\",\"strategy\":\"truncate\"},{\"toolCallId\":\"c2\",\"strategy\":\"remove\"}]}"));
    }
  }

  @Test
  void thePruningLastsAcrossRestartsInPrintAndJsonModeAndFollowsTheBranch() throws Exception {
    prunedInTheInteractiveMode();
    List<String> pruned =
        List.of(
            "user: look around",
            "assistant: [read {\"path\":\"big.txt\"}] [bash {\"command\":\"echo hi\"}]",
            TRUNCATED,
            REMOVED,
            "assistant: seen",
            "user: next",
            "assistant: ok");

    ExampleRun print =
        ExampleRun.print(
            home,
            work,
            "-p",
            "-c",
            "-s",
            script,
            "--provider",
            "scripted",
            "--model",
            "later.jsonl",
            "--cwd",
            "proj",
            "once more");
    assertThat(print.exitCode()).as(print.err()).isZero();
    assertThat(print.lastContext()).containsSequence(pruned).endsWith("user: once more");
    assertThat(print.lastContext()).hasSize(pruned.size() + 1);

    // A branch that leaves from before the /prune sees the originals.
    String seen;
    try (Session s = Session.open(sessionFile())) {
      seen =
          s.branchPath().stream()
              .filter(e ->
                  e instanceof SessionEntry.Message m
                      && m.message() instanceof AgentMessage.Assistant a
                      && a.content().toString().contains("seen"))
              .findFirst()
              .orElseThrow()
              .id();
      s.branch(seen);
    }
    ExampleRun json =
        ExampleRun.print(
            home,
            work,
            "--mode",
            "json",
            "--session",
            sessionFile().toString(),
            "-s",
            script,
            "--provider",
            "scripted",
            "--model",
            "later.jsonl",
            "--cwd",
            "proj",
            "another way");
    assertThat(json.exitCode()).as(json.err()).isZero();
    assertThat(json.lastContext())
        .containsExactly(
            "user: look around",
            "assistant: [read {\"path\":\"big.txt\"}] [bash {\"command\":\"echo hi\"}]",
            "toolResult(read): " + LONG,
            "toolResult(bash): hi\n",
            "assistant: seen",
            "user: another way");
  }
}
