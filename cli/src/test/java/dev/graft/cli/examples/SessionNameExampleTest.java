package dev.graft.cli.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.cli.e2e.LastSession;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** session-name.js names a session from its first prompt, once. */
class SessionNameExampleTest {
  @TempDir Path home;
  @TempDir Path work;

  @Test
  void theFirstPromptsFirstLineNamesTheSessionAndLaterPromptsKeepIt() throws Exception {
    Files.createDirectories(work.resolve("proj"));
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"on it\"}\n{\"text\": \"done\"}\n");
    String script = ExampleRun.EXAMPLES.resolve("session-name.js").toString();
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
            "Fix the flaky login test\nIt fails one run in ten.");
    assertThat(first.exitCode()).as(first.err()).isZero();
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
            "Now the signup test");
    assertThat(second.exitCode()).as(second.err()).isZero();

    Path file = LastSession.file(home, work.resolve("proj"));
    try (Session s = Session.open(file)) {
      assertThat(s.name()).contains("Fix the flaky login test");
      assertThat(s.entries()).filteredOn(SessionEntry.SessionInfo.class::isInstance).hasSize(1);
    }
    ExampleRun list = ExampleRun.print(home, work, "session", "list", "--all");
    assertThat(list.out()).as(list.err()).contains("Fix the flaky login test — ");

    // a one-line first prompt is the name: the list shows it once, not "name — name"
    ExampleRun oneLine =
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
            "Tidy the README");
    assertThat(oneLine.exitCode()).as(oneLine.err()).isZero();
    ExampleRun again = ExampleRun.print(home, work, "session", "list", "--all");
    assertThat(again.out())
        .contains("msgs  Tidy the README\n")
        .doesNotContain("Tidy the README — ");
  }
}
