package dev.graft.cli.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** permission-gate.js, protected-paths.js and input-transform.js in real runs. */
class GuardExamplesTest {
  @TempDir Path home;
  @TempDir Path work;

  @BeforeEach
  void project() throws Exception {
    Files.createDirectories(work.resolve("proj/build"));
    Files.writeString(work.resolve("proj/build/out.txt"), "built");
    Files.writeString(work.resolve("proj/.env"), "TOKEN=secret");
  }

  private String script(String name) {
    return ExampleRun.EXAMPLES.resolve(name).toString();
  }

  @Test
  void permissionGateBlocksADangerousCommandWhenNoOneCanConfirmIt() throws Exception {
    Files.writeString(
        work.resolve("turns.jsonl"),
        """
        {"toolCalls": [{"name": "bash", "arguments": {"command": "rm -rf build"}, "id": "c1"}]}
        {"toolCalls": [{"name": "bash", "arguments": {"command": "ls build"}, "id": "c2"}]}
        {"text": "done"}
        """);
    ExampleRun run =
        ExampleRun.print(
            home,
            work,
            "-p",
            "-s",
            script("permission-gate.js"),
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "--cwd",
            "proj",
            "clean up");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out().strip()).isEqualTo("done");
    assertThat(Files.exists(work.resolve("proj/build/out.txt"))).isTrue();
    assertThat(run.lastContext())
        .containsExactly(
            "user: clean up",
            "assistant: [bash {\"command\":\"rm -rf build\"}]",
            "toolResult(bash, error): permission-gate: this command deletes files recursively or by force, and there is no one to confirm it",
            "assistant: [bash {\"command\":\"ls build\"}]",
            "toolResult(bash): out.txt\n");
  }

  @Test
  void protectedPathsKeepsWritesAwayFromSecretsAndGitButNotFromOtherFiles() throws Exception {
    Files.writeString(
        work.resolve("turns.jsonl"),
        """
        {"toolCalls": [{"name": "write", "arguments": {"path": ".env", "content": "TOKEN=leaked"}, "id": "c1"}, {"name": "edit", "arguments": {"path": "./.git/config", "oldText": "a", "newText": "b"}, "id": "c2"}, {"name": "write", "arguments": {"path": "notes.txt", "content": "ok"}, "id": "c3"}]}
        {"text": "done"}
        """);
    ExampleRun run =
        ExampleRun.print(
            home,
            work,
            "--mode",
            "json",
            "-s",
            script("protected-paths.js"),
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "--cwd",
            "proj",
            "configure");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(Files.readString(work.resolve("proj/.env"))).isEqualTo("TOKEN=secret");
    assertThat(Files.readString(work.resolve("proj/notes.txt"))).isEqualTo("ok");
    assertThat(run.lastContext())
        .containsExactly(
            "user: configure",
            "assistant: [write {\"path\":\".env\",\"content\":\"TOKEN=leaked\"}] [edit {\"path\":\"./.git/config\",\"oldText\":\"a\",\"newText\":\"b\"}]"
                + " [write {\"path\":\"notes.txt\",\"content\":\"ok\"}]",
            "toolResult(write, error): protected-paths: .env is protected: it holds secrets (.env)",
            "toolResult(edit, error): protected-paths: ./.git/config is protected: it is git's own data (.git/)",
            "toolResult(write): Successfully wrote 2 bytes to notes.txt");
  }

  @Test
  void inputTransformRewritesQuickQuestionsAndAnswersPingItself() throws Exception {
    Files.writeString(
        work.resolve("turns.jsonl"),
        """
        {"text": "A monad is a monoid in the category of endofunctors."}
        """);
    ExampleRun run =
        ExampleRun.print(
            home,
            work,
            "-p",
            "-s",
            script("input-transform.js"),
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "--cwd",
            "proj",
            "ping",
            "?quick What is a monad?");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.requests()).as("ping never reaches the model").hasSize(1);
    assertThat(run.lastContext())
        .containsExactly("user: Answer in one or two sentences, no tools: What is a monad?");
  }
}
