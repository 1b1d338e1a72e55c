package dev.graft.cli.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.cli.e2e.LastSession;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * todo.js: the model calls the {@code todo} tool; the list lives in the tool results' details in
 * the session, so it survives a restart, and a branch from before a change sees the list as it was
 * there.
 */
class TodoExampleTest {
  @TempDir Path home;
  @TempDir Path work;

  private final String script = ExampleRun.EXAMPLES.resolve("todo.js").toString();

  private Path sessionFile() {
    return LastSession.file(home, work.resolve("proj"));
  }

  private static final String BOTH_OPEN = "[ ] #1 write the tests\n[ ] #2 fix the bug";

  @Test
  void theListIsKeptInTheSessionAcrossARestartAndFollowsTheBranch() throws Exception {
    Files.createDirectories(work.resolve("proj"));
    // Two calls in one turn: the second sees the first's item before either result is in the
    // session.
    Files.writeString(
        work.resolve("add.jsonl"),
        """
        {"toolCalls": [{"name": "todo", "arguments": {"action": "add", "text": "write the tests"}, "id": "t1"}, \
        {"name": "todo", "arguments": {"action": "add", "text": "fix the bug"}, "id": "t2"}]}
        {"text": "noted"}
        """);
    ExampleRun add =
        ExampleRun.print(
            home,
            work,
            "-p",
            "-s",
            script,
            "--provider",
            "scripted",
            "--model",
            "add.jsonl",
            "--cwd",
            "proj",
            "plan the work");
    assertThat(add.exitCode()).as(add.err()).isZero();
    assertThat(add.err()).isEmpty();
    assertThat(add.out().strip()).isEqualTo("noted");
    assertThat(add.lastContext())
        .containsExactly(
            "user: plan the work",
            "assistant: [todo {\"action\":\"add\",\"text\":\"write the tests\"}] [todo {\"action\":\"add\",\"text\":\"fix the bug\"}]",
            "toolResult(todo): [ ] #1 write the tests",
            "toolResult(todo): " + BOTH_OPEN);
    String noted;
    try (Session s = Session.open(sessionFile())) {
      AgentMessage.ToolResult second =
          s.branchPath().stream()
              .flatMap(e ->
                  e instanceof SessionEntry.Message m
                          && m.message() instanceof AgentMessage.ToolResult r
                          && r.toolCallId().equals("t2")
                      ? Stream.of(r)
                      : Stream.empty())
              .findFirst()
              .orElseThrow();
      assertThat(second.details().orElseThrow().toString())
          .isEqualTo(
              "{\"items\":[{\"id\":1,\"text\":\"write the tests\",\"done\":false},{\"id\":2,\"text\":\"fix the bug\",\"done\":false}],\"nextId\":3}");
      noted = s.leafId().orElseThrow();
    }

    // A new graft process (the script's memory is gone): the list comes from the session.
    Files.writeString(
        work.resolve("done.jsonl"),
        """
        {"toolCalls": [{"name": "todo", "arguments": {"action": "done", "id": 1}, "id": "t3"}]}
        {"toolCalls": [{"name": "todo", "arguments": {"action": "done", "id": 9}, "id": "t4"}]}
        {"text": "one done"}
        """);
    ExampleRun done =
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
            "done.jsonl",
            "--cwd",
            "proj",
            "the tests are written");
    assertThat(done.exitCode()).as(done.err()).isZero();
    assertThat(done.out().strip()).isEqualTo("one done");
    List<String> context = done.lastContext();
    assertThat(context.get(context.size() - 1))
        .matches(
            "toolResult\\(todo, error\\): Tool todo \\(script todo\\.js\\) failed: Error: there is no todo #9 \\(at todo\\.js:\\d+\\)");
    assertThat(context.subList(4, context.size() - 1))
        .containsExactly(
            "assistant: noted",
            "user: the tests are written",
            "assistant: [todo {\"action\":\"done\",\"id\":1}]",
            "toolResult(todo): [x] #1 write the tests\n[ ] #2 fix the bug",
            "assistant: [todo {\"action\":\"done\",\"id\":9}]");

    // Back to the branch point before "done": the list there has nothing done.
    try (Session s = Session.open(sessionFile())) {
      s.branch(noted);
    }
    Files.writeString(
        work.resolve("list.jsonl"),
        """
        {"toolCalls": [{"name": "todo", "arguments": {"action": "list"}, "id": "t5"}]}
        {"text": "listed"}
        """);
    ExampleRun list =
        ExampleRun.print(
            home,
            work,
            "-p",
            "--session",
            sessionFile().toString(),
            "-s",
            script,
            "--provider",
            "scripted",
            "--model",
            "list.jsonl",
            "--cwd",
            "proj",
            "where are we?");
    assertThat(list.exitCode()).as(list.err()).isZero();
    assertThat(list.lastContext())
        .endsWith(
            "assistant: noted",
            "user: where are we?",
            "assistant: [todo {\"action\":\"list\"}]",
            "toolResult(todo): " + BOTH_OPEN);
  }

  @Test
  void theTodosCommandShowsTheListInTheInteractiveModeWithoutCallingTheModel() throws Exception {
    Files.createDirectories(work.resolve("proj"));
    Files.writeString(
        work.resolve("add.jsonl"),
        """
        {"toolCalls": [{"name": "todo", "arguments": {"action": "add", "text": "ship it"}, "id": "t1"}, \
        {"name": "todo", "arguments": {"action": "add", "text": "tell them"}, "id": "t2"}]}
        {"text": "noted"}
        """);
    ExampleRun add =
        ExampleRun.print(
            home,
            work,
            "-p",
            "-s",
            script,
            "--provider",
            "scripted",
            "--model",
            "add.jsonl",
            "--cwd",
            "proj",
            "one thing");
    assertThat(add.exitCode()).as(add.err()).isZero();
    ExampleRun todos =
        ExampleRun.run(
            home,
            work,
            "/todos\n/quit\n",
            "-c",
            "-s",
            script,
            "--provider",
            "scripted",
            "--model",
            "add.jsonl",
            "--cwd",
            "proj");
    assertThat(todos.exitCode()).as(todos.err()).isZero();
    assertThat(todos.requests()).isEmpty();
    // one line per item, not the list's line breaks escaped on one line
    assertThat(todos.out().lines().filter(l -> l.contains("#1 ship it")))
        .singleElement()
        .satisfies(l -> assertThat(l).doesNotContain("#2"));
    assertThat(todos.out()).contains("[ ] #2 tell them").doesNotContain("\\n");
  }
}
