package dev.graft.cli.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.cli.e2e.LastSession;
import dev.graft.cli.e2e.TmuxTerminal;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * stacking.js and pruning.js in the interactive mode on a real pseudo-terminal ({@link
 * TmuxTerminal}): their commands' dialogs answered by keys, the summary made by the next scripted
 * turn, and the context of the next prompt (recorded with GRAFT_RECORD_REQUESTS) with the popped
 * span replaced by the summary and the pruned tool result replaced by a note.
 */
class StackingTerminalTest {
  /** A dialog is open while its key hints show. */
  private static final String DIALOG_OPEN = "Enter select · Esc cancel";

  private static final String TURNS =
      """
      {"toolCalls": [{"name": "bash", "arguments": {"command": "echo hi"}, "id": "c1"}]}
      {"text": "did 1"}
      {"text": "did 2"}
      {"text": "did 3"}
      {"text": "S23"}
      {"text": "did 4"}
      """;

  @TempDir Path dir;
  private TmuxTerminal tmux;

  @AfterEach
  void stopTmux() throws Exception {
    if (tmux != null) {
      tmux.close();
    }
  }

  @Test
  void popAndPruneAnsweredByKeysChangeTheNextPromptsContext() throws Exception {
    Path home = Files.createDirectories(dir.resolve("home"));
    Path work = Files.createDirectories(dir.resolve("work"));
    Path record = dir.resolve("requests.jsonl");
    Files.writeString(work.resolve("turns.jsonl"), TURNS);
    tmux =
        TmuxTerminal.start(
            dir,
            work,
            Map.of("GRAFT_HOME", home.toString(), "GRAFT_RECORD_REQUESTS", record.toString()),
            List.of(
                "--provider",
                "scripted",
                "--model",
                "turns.jsonl",
                "-s",
                ExampleRun.EXAMPLES.resolve("stacking.js").toString(),
                "-s",
                ExampleRun.EXAMPLES.resolve("pruning.js").toString()));

    // Bad input first: each is one line, and the session goes on.
    tmux.submit("/pop");
    tmux.awaitScreen(
        s ->
            TmuxTerminal.flat(s)
                .contains(
                    "stacking.js: /pop command failed: Error: /pop: nothing to pop yet (at stacking.js:"),
        "/pop's error");
    tmux.submit("/prune");
    tmux.awaitScreen(
        s ->
            TmuxTerminal.flat(s)
                .contains(
                    "pruning.js: /prune command failed: Error: /prune: there are no tool results to prune"),
        "/prune's error");
    tmux.submit("/popp");
    tmux.awaitScreen(
        s ->
            TmuxTerminal.flat(s)
                .contains("unknown command /popp; did you mean /pop? (/help lists the commands)"),
        "the suggestion");

    for (int n = 1; n <= 3; n++) {
      String answer = "did " + n;
      tmux.submit("task " + n);
      tmux.awaitScreen(s -> s.contains(answer), "the answer " + answer);
    }
    tmux.awaitScreen(s -> s.contains("● $ echo hi\n   hi"), "task 1's tool call");

    // /pop lists the prompts newest first; Esc leaves it without a pop.
    tmux.submit("/pop");
    awaitDialog("Pop back to which prompt?", "1 1: task 3", "2 2: task 2", "3 3: task 1");
    tmux.keys("Escape");
    tmux.awaitScreen(
        s -> s.contains("Pop back to which prompt?: cancelled") && !s.contains(DIALOG_OPEN),
        "the cancelled dialog");
    tmux.submit("/pop");
    awaitDialog("Pop back to which prompt?");
    tmux.keys("Down");
    tmux.keys("Down");
    tmux.keys("Up");
    tmux.keys("Enter");
    tmux.awaitScreen(
        s -> s.contains("Pop back to which prompt?: 2: task 2"), "the answer to the dialog");
    tmux.awaitScreen(s -> s.contains("ℹ Popped 2 turns into a summary"), "the notification");

    // /prune: Ctrl+C leaves its dialog without a prune; then a result, a strategy, and Done.
    tmux.submit("/prune");
    awaitDialog(
        "Prune which tool result? (0 chosen)", "1 Done", "2 bash {\"command\":\"echo hi\"}");
    tmux.keys("C-c");
    tmux.awaitScreen(
        s ->
            s.contains("Prune which tool result? (0 chosen): cancelled")
                && !s.contains(DIALOG_OPEN),
        "the cancelled dialog");
    tmux.submit("/prune");
    awaitDialog("Prune which tool result? (0 chosen)");
    tmux.keys("Down");
    tmux.keys("Enter");
    awaitDialog("how?", "1 summary", "2 truncate", "3 remove");
    tmux.keys("Down");
    tmux.keys("Down");
    tmux.keys("Enter");
    awaitDialog("Prune which tool result? (1 chosen)");
    tmux.keys("Enter");
    tmux.awaitScreen(
        s -> s.contains("ℹ Pruned 1 tool result (the session keeps the originals)"),
        "the notification");

    tmux.submit("task 4");
    tmux.awaitScreen(s -> s.contains("did 4"), "the answer after the pop");
    tmux.submit("/quit");
    assertThat(tmux.awaitExit()).isEqualTo("0");

    List<JsonNode> requests = new ArrayList<>();
    for (String line : Files.readAllLines(record)) {
      requests.add(Json.parse(line));
    }
    assertThat(requests)
        .as(
            "task 1 (two calls), 2, 3, the pop's summary, task 4: the cancelled dialogs asked nothing")
        .hasSize(6);
    assertThat(ExampleRun.lines(requests.get(3).get("messages")))
        .containsExactly(
            "user: task 1",
            "assistant: [bash {\"command\":\"echo hi\"}]",
            "toolResult(bash): hi\n",
            "assistant: did 1",
            "user: task 2",
            "assistant: did 2",
            "user: task 3");
    assertThat(requests.get(4).get("systemPrompt").textValue())
        .startsWith("You summarise coding-agent conversations");
    assertThat(ExampleRun.lines(requests.get(4).get("messages")))
        .containsExactly(
            "user: <conversation>\n[User]: task 2\n\n"
                + "[Assistant]: did 2\n\n[User]: task 3\n\n[Assistant]: did 3\n</conversation>\n\n"
                + "Summarise this as work that is done (a subtask that returned). Be concise.");
    assertThat(ExampleRun.lines(requests.get(5).get("messages")))
        .containsExactly(
            "user: task 1",
            "assistant: [bash {\"command\":\"echo hi\"}]",
            "toolResult(bash): [pruned: this bash result was removed from the context]",
            "assistant: did 1",
            StackingExampleTest.POP + "S23",
            "user: task 4");

    Path file = LastSession.file(home, work);
    try (Session session = Session.open(file)) {
      List<SessionEntry.Custom> custom =
          session.entries().stream()
              .filter(e -> e instanceof SessionEntry.Custom)
              .map(e -> (SessionEntry.Custom) e)
              .toList();
      assertThat(custom)
          .as("one pop and one prune: the cancelled dialogs added nothing")
          .extracting(SessionEntry.Custom::customType)
          .containsExactly("stack_pop", "prune");
      String task2 =
          session.entries().stream()
              .filter(e ->
                  e instanceof SessionEntry.Message m
                      && m.message() instanceof AgentMessage.User u
                      && u.content().text("").equals("task 2"))
              .findFirst()
              .orElseThrow()
              .id();
      assertThat(custom.getFirst().data().orElseThrow().get("backToId").textValue())
          .isEqualTo(task2);
      assertThat(custom.getFirst().data().orElseThrow().get("summary").textValue())
          .isEqualTo("S23");
      assertThat(Json.write(custom.get(1).data().orElseThrow()))
          .isEqualTo("{\"choices\":[{\"toolCallId\":\"c1\",\"strategy\":\"remove\"}]}");
    }
  }

  /**
   * Waits for a dialog whose title holds {@code title}, showing {@code rows} (number, then label).
   */
  private void awaitDialog(String title, String... rows) throws Exception {
    tmux.awaitScreen(
        s -> {
          int open = s.lastIndexOf(DIALOG_OPEN);
          if (open < 0) {
            return false;
          }
          String dialog =
              s.substring(s.lastIndexOf(title, open) < 0 ? open : s.lastIndexOf(title, open), open);
          return dialog.contains(title) && List.of(rows).stream().allMatch(dialog::contains);
        },
        "the dialog " + title);
  }
}
