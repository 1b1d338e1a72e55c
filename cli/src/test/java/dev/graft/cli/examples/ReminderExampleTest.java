package dev.graft.cli.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.cli.e2e.LastSession;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * reminder.js appends a clock reminder through ctx.reminders: sent with the call it was made for
 * (as the recorded request shows), kept in the session, and not added when a later context hook
 * fails.
 */
class ReminderExampleTest {
  @TempDir Path home;
  @TempDir Path work;

  private Path sessionFile() {
    return LastSession.file(home, work.resolve("proj"));
  }

  @Test
  void theReminderIsSentWithTheFirstCallAndKeptInTheSession() throws Exception {
    Files.createDirectories(work.resolve("proj"));
    Files.writeString(
        work.resolve("turns.jsonl"), "{\"text\": \"noted\"}\n{\"text\": \"again\"}\n");
    String script = ExampleRun.EXAMPLES.resolve("reminder.js").toString();
    ExampleRun first =
        ExampleRun.print(
            home,
            work,
            "-p",
            "-s",
            script,
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "--cwd",
            "proj",
            "What day is it?");
    assertThat(first.exitCode()).as(first.err()).isZero();
    assertThat(first.context(0)).hasSize(2);
    assertThat(first.context(0).get(0)).isEqualTo("user: What day is it?");
    assertThat(first.context(0).get(1))
        .matches("user: Reminder: it is now \\d{4}-\\d\\d-\\d\\dT.* \\(UTC\\)\\.");
    ExampleRun second =
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
            "turns.jsonl",
            "--cwd",
            "proj",
            "And now?");
    // One call since the reminder: none this time; the first is read back from the session.
    assertThat(second.lastContext()).hasSize(4).last().isEqualTo("user: And now?");
    try (Session s = Session.open(sessionFile())) {
      assertThat(s.entries())
          .filteredOn(SessionEntry.CustomMessage.class::isInstance)
          .singleElement()
          .satisfies(
              e -> assertThat(((SessionEntry.CustomMessage) e).customType()).isEqualTo("clock"));
    }
  }

  @Test
  void aFailingContextHookAfterItDropsTheReminder() throws Exception {
    Files.createDirectories(work.resolve("proj"));
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"noted\"}\n");
    Path broken = work.resolve("zz-broken.js");
    Files.writeString(
        broken,
        "export default function (g) { g.on(\"context\", () => { throw new Error(\"broken\"); }); }\n");
    ExampleRun run =
        ExampleRun.print(
            home,
            work,
            "-p",
            "-s",
            ExampleRun.EXAMPLES.resolve("reminder.js").toString(),
            "-s",
            broken.toString(),
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "--cwd",
            "proj",
            "What day is it?");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.context(0)).containsExactly("user: What day is it?");
    assertThat(run.err())
        .contains("1 reminder not added: the context hook of zz-broken.js did not continue");
    try (Session s = Session.open(sessionFile())) {
      assertThat(s.entries()).noneMatch(SessionEntry.CustomMessage.class::isInstance);
    }
  }
}
