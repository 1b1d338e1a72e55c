package dev.graft.cli.examples;

import static dev.graft.cli.examples.StackingExampleTest.C;
import static dev.graft.cli.examples.StackingExampleTest.POP;
import static dev.graft.cli.examples.StackingExampleTest.PRE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.cli.e2e.LastSession;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compaction end to end with the scripted provider: a session runs past its context window twice
 * and graft compacts both times by itself; stacking.js's {@code /pop} across the first compaction
 * gives the "later wins" context (docs/compaction.md); the second summary is written from that
 * context (the pop's summaries, not the popped turns) and then wins over the pop.
 */
class CompactionAcceptanceTest {
  @TempDir Path home;
  @TempDir Path work;

  /** A prompt long enough (~100 tokens) that the newest turn alone fills keepRecentTokens. */
  private static String task(int n) {
    return "task " + n + ": " + "keep working on the lexer ".repeat(15).strip();
  }

  @Test
  void twoCompactionsAndAPopAcrossTheFirst() throws Exception {
    Files.createDirectories(work.resolve("proj"));
    // past the window minus the reserve once a reply reports 1,000 tokens; keep the newest turn
    Files.writeString(
        home.resolve("settings.json"),
        "{\"compaction\": {\"reserveTokens\": 199000, \"keepRecentTokens\": 30}}");
    Files.writeString(
        work.resolve("turns.jsonl"),
        """
        {"text": "did 1", "usage": {"input": 100}}
        {"text": "did 2", "usage": {"input": 100}}
        {"text": "did 3", "usage": {"input": 2000}}
        {"text": "C1"}
        {"text": "P1"}
        {"text": "S1"}
        {"text": "did 4", "usage": {"input": 100}}
        {"text": "did 5", "usage": {"input": 2500}}
        {"text": "C2"}
        {"text": "did 6", "usage": {"input": 100}}
        """);
    ExampleRun run =
        ExampleRun.print(
            home,
            work,
            "-p",
            "-s",
            ExampleRun.EXAMPLES.resolve("stacking.js").toString(),
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "--cwd",
            "proj",
            task(1),
            task(2),
            task(3),
            "/pop 2",
            task(4),
            task(5),
            task(6));
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.requests()).hasSize(10);

    // 1. past the window after task 3: graft compacts, keeping task 3's turn
    assertThat(run.requests().get(3).get("systemPrompt").textValue())
        .startsWith("You write summaries of conversations");
    String firstInput = run.context(3).getFirst();
    assertThat(firstInput)
        .contains(
            "[User]: " + task(1), "[Assistant]: did 1", "[User]: " + task(2), "[Assistant]: did 2")
        .doesNotContain(task(3))
        .doesNotContain("<previous-summary>");

    // 2. /pop 2 reaches back to task 2, behind the compaction: a summary of what came before it
    //    (P1) and of the popped work (S1), both made by the session's model through ctx.complete
    assertThat(run.context(4).getFirst()).contains("[User]: " + task(1)).doesNotContain(task(2));
    assertThat(run.context(5).getFirst())
        .contains("[User]: " + task(2), "[User]: " + task(3))
        .doesNotContain(task(1));
    assertThat(run.context(6))
        .as("later wins: the pop over the compaction")
        .containsExactly(PRE + "P1", POP + "S1", "user: " + task(4));

    // 3. past the window again after task 5: the second summary is written from what the model
    //    was shown — the pop's P1 and S1, then task 4's turn — so the pop is not undone: neither
    //    the popped turns nor C1 (which the pop superseded) are summarised again
    String secondInput = run.context(8).getFirst();
    assertThat(secondInput)
        .contains(
            "[User]: The conversation before the popped work, summarised:\n\nP1",
            "[User]: Work that was done and popped off the stack, summarised:\n\nS1",
            "[User]: " + task(4),
            "[Assistant]: did 4")
        .doesNotContain("<previous-summary>")
        .doesNotContain("C1")
        .doesNotContain(task(2))
        .doesNotContain(task(3))
        .doesNotContain("did 3")
        .doesNotContain(task(5));
    assertThat(secondInput.indexOf("P1")).isLessThan(secondInput.indexOf("S1"));
    assertThat(secondInput.indexOf("S1")).isLessThan(secondInput.indexOf(task(4)));
    assertThat(run.lastContext())
        .as("later wins: the second compaction over the pop")
        .containsExactly(
            "user: " + C + "C2\n</summary>",
            "user: " + task(5),
            "assistant: did 5",
            "user: " + task(6));

    Path file = LastSession.file(home, work.resolve("proj"));
    try (Session s = Session.open(file)) {
      List<SessionEntry.Compaction> compactions =
          s.branchPath().stream()
              .filter(SessionEntry.Compaction.class::isInstance)
              .map(SessionEntry.Compaction.class::cast)
              .toList();
      assertThat(compactions)
          .extracting(SessionEntry.Compaction::summary)
          .containsExactly("C1", "C2");
      assertThat(s.entries())
          .filteredOn(e -> e instanceof SessionEntry.Custom c && c.customType().equals("stack_pop"))
          .hasSize(1);
    }
  }
}
