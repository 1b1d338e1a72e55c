package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A session that cannot be written ends the run with one line that says which file and why. */
class SessionNotWritableCliTest {
  @TempDir Path home;
  @TempDir Path work;

  @Test
  void aSessionDirectoryThatCannotBeMadeIsSaidInOneLineWithTheReason() throws Exception {
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"done\"}\n");
    Files.writeString(home.resolve("sessions"), "a file where the sessions folder goes\n");

    CliRun run =
        CliRun.run(home, work, "-p", "--provider", "scripted", "--model", "turns.jsonl", "hello");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err())
        .as("the session file, what failed and why, in one line")
        .matches(
            "graft: \\Q"
                + home.resolve("sessions")
                + "\\E/[^ ]+\\.jsonl: cannot append: \\Q"
                + home.resolve("sessions")
                + "\\E/[^ ]+: Not a directory\n");
  }
}
