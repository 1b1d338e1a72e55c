package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A session continued with --session from another directory than the one it was started in: the
 * tools work in graft's directory, and a note says so, where the reference would work in the
 * session's (or refuse when that is gone).
 */
class SessionElsewhereCliTest {
  @TempDir Path home;
  @TempDir Path work;

  private Path sessionStartedIn(Path dir) throws Exception {
    Files.createDirectories(dir);
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"done\"}\n{\"text\": \"again\"}\n");
    CliRun first =
        CliRun.run(
            home,
            dir,
            "-p",
            "--provider",
            "scripted",
            "--model",
            work.resolve("turns.jsonl").toString(),
            "hello");
    assertThat(first.exitCode()).as(first.err()).isZero();
    return LastSession.file(home, dir);
  }

  private CliRun again(Path session) {
    return CliRun.run(
        home,
        work,
        "-p",
        "--provider",
        "scripted",
        "--model",
        "turns.jsonl",
        "--session",
        session.toString(),
        "more");
  }

  @Test
  void aSessionWhoseDirectoryIsGoneSaysWhereItWorksInstead() throws Exception {
    Path gone = work.resolve("gone");
    Path session = sessionStartedIn(gone);
    Files.delete(gone);

    CliRun run = again(session);

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.err())
        .isEqualTo(
            "graft: note: "
                + session.getFileName()
                + " was started in "
                + gone
                + ", which no longer exists; working in "
                + work
                + "\n");
  }

  @Test
  void aSessionOfAnotherDirectorySaysWhereItWorks() throws Exception {
    Path other = work.resolve("other");
    Path session = sessionStartedIn(other);

    CliRun run = again(session);

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.err())
        .isEqualTo(
            "graft: note: "
                + session.getFileName()
                + " was started in "
                + other
                + "; working in "
                + work
                + " (--cwd "
                + other
                + " works there)\n");
  }

  @Test
  void aDirectoryGivenThroughALinkIsTheDirectoryItLinksTo() throws Exception {
    Path real = work.resolve("real");
    Path session = sessionStartedIn(real);
    Path link = Files.createSymbolicLink(work.resolve("link"), real);

    CliRun viaLink =
        CliRun.run(
            home,
            work,
            "-p",
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "--cwd",
            link.toString(),
            "-c",
            "more");

    assertThat(viaLink.exitCode()).as(viaLink.err()).isZero();
    assertThat(viaLink.err()).as("the same session, and no note").isEmpty();
    assertThat(LastSession.file(home, real)).isEqualTo(session);
    assertThat(LastSession.entries(home, real).stream().filter(e -> e.toString().contains("more")))
        .isNotEmpty();
  }

  @Test
  void aSessionOfThisDirectorySaysNothing() throws Exception {
    Path session = sessionStartedIn(work);

    CliRun run = again(session);

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.err()).isEmpty();
  }
}
