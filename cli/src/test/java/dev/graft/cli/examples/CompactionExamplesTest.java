package dev.graft.cli.examples;

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
 * custom-compaction.js and digest-compaction.js write the compaction in session_before_compact; the
 * context the model gets next starts with their summary. (SessionEventsCliTest runs
 * digest-compaction.js through two compactions.)
 */
class CompactionExamplesTest {
  @TempDir Path home;
  @TempDir Path work;

  private static final String ASK = "where is the lexer? " + "I mean the one in src ".repeat(20);
  private static final String COMPACTED =
      "user: The conversation history before this point was compacted into the following summary:"
          + "\n\n<summary>\n%s\n</summary>";
  private static final String FIND =
      "find the bug " + "the lexer misreads numbers like 1e5 ".repeat(20);

  /** Compaction once a reply reports 1,000 tokens; little is kept. */
  private void setUp(String turns) throws Exception {
    Files.createDirectories(work.resolve("proj"));
    Files.writeString(
        home.resolve("settings.json"),
        "{\"compaction\": {\"reserveTokens\": 199000, \"keepRecentTokens\": 30}}");
    Files.writeString(work.resolve("turns.jsonl"), turns);
  }

  private List<SessionEntry.Compaction> compactions() throws Exception {
    Path file = LastSession.file(home, work.resolve("proj"));
    try (Session s = Session.open(file)) {
      return s.branchPath().stream()
          .filter(SessionEntry.Compaction.class::isInstance)
          .map(SessionEntry.Compaction.class::cast)
          .toList();
    }
  }

  @Test
  void digestCompactionSummarisesWithoutAModelCall() throws Exception {
    setUp(
        """
        {"text": "the lexer is in src/lexer.ts", "usage": {"input": 300}}
        {"text": "the bug is in scanNumber", "usage": {"input": 2000}}
        {"text": "fixed"}
        """);
    ExampleRun run =
        ExampleRun.print(
            home,
            work,
            "-p",
            "-s",
            ExampleRun.EXAMPLES.resolve("digest-compaction.js").toString(),
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "--cwd",
            "proj",
            ASK,
            FIND,
            "fix it");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.requests()).as("no summary call").hasSize(3);
    String digest =
        """
        # Digest of earlier work (written by digest-compaction.js, without a model)

        ## The user asked

        - %s

        ## The assistant said

        - the lexer is in src/lexer.ts\
        """
            .formatted((ASK.strip().substring(0, 299) + "…"));
    assertThat(compactions())
        .singleElement()
        .satisfies(c -> {
          assertThat(c.summary()).isEqualTo(digest);
          assertThat(c.fromHook()).contains(true);
        });
    assertThat(run.lastContext())
        .containsExactly(
            COMPACTED.formatted(digest),
            "user: " + FIND,
            "assistant: the bug is in scanNumber",
            "user: fix it");
  }

  /** The summary is the host's model call through ctx.complete, here a scripted turn. */
  @Test
  void customCompactionWritesTheSummaryWithTheSessionsModel() throws Exception {
    setUp(
        """
        {"text": "the lexer is in src/lexer.ts", "usage": {"input": 300}}
        {"text": "the bug is in scanNumber", "usage": {"input": 2000}}
        {"text": "Goal: fix the lexer. Done: found it in src/lexer.ts."}
        {"text": "fixed"}
        """);
    ExampleRun run =
        ExampleRun.print(
            home,
            work,
            "-p",
            "-s",
            ExampleRun.EXAMPLES.resolve("custom-compaction.js").toString(),
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "--cwd",
            "proj",
            ASK,
            FIND,
            "fix it");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.requests()).hasSize(4);
    assertThat(run.requests().get(2).get("systemPrompt").textValue())
        .startsWith("You summarise coding-agent conversations");
    assertThat(run.context(2))
        .singleElement()
        .asString()
        .startsWith(
            "user: <conversation>\n[User]: "
                + ASK
                + "\n\n[Assistant]: the lexer is in src/lexer.ts\n</conversation>")
        .contains(
            "Summarise this as a handover note with the headings Goal, Done, Decisions, Files, Next steps.");
    assertThat(compactions())
        .singleElement()
        .satisfies(c -> {
          assertThat(c.summary()).isEqualTo("Goal: fix the lexer. Done: found it in src/lexer.ts.");
          assertThat(c.fromHook()).contains(true);
          assertThat(c.details().orElseThrow().path("by").asText())
              .isEqualTo("custom-compaction.js");
        });
    assertThat(run.lastContext())
        .containsExactly(
            COMPACTED.formatted("Goal: fix the lexer. Done: found it in src/lexer.ts."),
            "user: " + FIND,
            "assistant: the bug is in scanNumber",
            "user: fix it");
  }
}
