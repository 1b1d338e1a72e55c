package dev.graft.cli.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.cli.e2e.LastSession;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * git-checkpoint.js in a real git repository: with the exec grant, a prompt records a checkpoint of
 * the working tree before the turn changes it, and {@code /restore} puts the tracked files back;
 * without the grant, the run goes on and the missing setting is named once, as a note.
 */
class GitCheckpointExampleTest {
  @TempDir Path home;
  @TempDir Path work;
  private Path repo;

  private final String script = ExampleRun.EXAMPLES.resolve("git-checkpoint.js").toString();

  private String git(String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("git", "-C", repo.toString()));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor()).as(String.join(" ", command) + ": " + out).isZero();
    return out;
  }

  @BeforeEach
  void repository() throws Exception {
    repo = Files.createDirectories(work.resolve("proj"));
    git("init", "-q");
    git("config", "user.name", "Test");
    git("config", "user.email", "test@example.com");
    git("config", "commit.gpgsign", "false");
    Files.writeString(repo.resolve("notes.txt"), "committed\n");
    git("add", "notes.txt");
    git("commit", "-q", "-m", "first");
    // Work in progress, not committed: the checkpoint must keep it.
    Files.writeString(repo.resolve("notes.txt"), "work in progress\n");
    Files.writeString(
        work.resolve("turns.jsonl"),
        """
        {"toolCalls": [{"name": "write", "arguments": {"path": "notes.txt", "content": "overwritten by the model\\n"}, "id": "w1"}]}
        {"text": "rewrote the notes"}
        """);
  }

  private List<SessionEntry.Custom> checkpoints() throws Exception {
    Path file = LastSession.file(home, repo);
    try (Session s = Session.open(file)) {
      return s.entries().stream()
          .flatMap(e ->
              e instanceof SessionEntry.Custom c && c.customType().equals("git-checkpoint")
                  ? Stream.of(c)
                  : Stream.empty())
          .toList();
    }
  }

  @Test
  void withTheGrantATurnRecordsACheckpointAndRestoreBringsTheFilesBack() throws Exception {
    Files.writeString(
        home.resolve("settings.json"),
        "{\"scripts\": {\"exec\": {\"git-checkpoint.js\": [\"git\"]}}}\n");
    ExampleRun run =
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
            "Rewrite the notes");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.err()).isEmpty();
    assertThat(run.out().strip()).isEqualTo("rewrote the notes");
    assertThat(Files.readString(repo.resolve("notes.txt"))).isEqualTo("overwritten by the model\n");

    List<SessionEntry.Custom> checkpoints = checkpoints();
    assertThat(checkpoints).hasSize(1);
    String ref = checkpoints.get(0).data().orElseThrow().get("ref").asText();
    assertThat(checkpoints.get(0).data().orElseThrow().get("prompt").asText())
        .isEqualTo("Rewrite the notes");
    // The checkpoint is the tree as it was before the turn, uncommitted work included...
    assertThat(git("show", ref + ":notes.txt")).isEqualTo("work in progress\n");
    // ...made without touching the stash list or the branch.
    assertThat(git("stash", "list")).isEmpty();
    assertThat(git("log", "--format=%s")).isEqualTo("first\n");

    ExampleRun restore =
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
            "/restore 1");
    assertThat(restore.exitCode()).as(restore.err()).isZero();
    assertThat(restore.requests()).isEmpty();
    assertThat(Files.readString(repo.resolve("notes.txt"))).isEqualTo("work in progress\n");
  }

  @Test
  void withoutTheGrantTheRunGoesOnAndTheSettingToAddIsNamedOnce() throws Exception {
    Files.writeString(
        work.resolve("turns.jsonl"),
        """
        {"toolCalls": [{"name": "write", "arguments": {"path": "notes.txt", "content": "overwritten by the model\\n"}, "id": "w1"}]}
        {"text": "rewrote the notes"}
        {"text": "and again"}
        """);
    ExampleRun run =
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
            "Rewrite the notes",
            "Once more");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out().strip()).isEqualTo("and again");
    // A note, not a problem: -p shows it with -v only, as the script's log line.
    assertThat(run.err()).isEmpty();
    assertThat(checkpoints()).isEmpty();

    ExampleRun restore =
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
            "/restore");
    assertThat(restore.exitCode()).isEqualTo(1);
    assertThat(restore.err()).contains("/restore: no checkpoints on this branch");

    ExampleRun verbose =
        ExampleRun.print(
            home,
            work,
            "-p",
            "-v",
            "-s",
            script,
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "--cwd",
            "proj",
            "Rewrite the notes");
    assertThat(verbose.err().lines().filter(l -> l.contains("git checkpoints")).toList())
        .containsExactly("[git-checkpoint.js] " + note());
  }

  /** With a terminal the note is an info notification, once, and no script problem. */
  @Test
  void withoutTheGrantTheInteractiveModeShowsANoteNotAProblem() throws Exception {
    Files.writeString(
        work.resolve("turns.jsonl"),
        """
        {"text": "first"}
        {"text": "second"}
        """);
    ExampleRun run =
        ExampleRun.run(
            home,
            work,
            "Hello\nAgain\n",
            "-s",
            script,
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "--cwd",
            "proj");
    assertThat(run.exitCode()).as(run.err()).isZero();
    String all = run.out() + run.err();
    assertThat(all).doesNotContain("script problem").doesNotContain("error:");
    assertThat(all.lines().filter(l -> l.contains("git checkpoints")).toList())
        .containsExactly(note());
  }

  private String note() {
    return "no git checkpoints this run: graft.exec is not granted to"
        + " git-checkpoint.js; to let it run git, add \"scripts\": {\"exec\":"
        + " {\"git-checkpoint.js\": [\"git\"]}} to "
        + home.resolve("settings.json");
  }
}
