package dev.graft.cli.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.cli.e2e.LastSession;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * stacking.js: the context the model gets once a session holds pops and compactions, step by step
 * with entry ids for indexes: a compaction, a pop that reaches back across it, a later compaction
 * (which wins over the pop: "later wins", docs/compaction.md).
 */
class StackingExampleTest {
  static final String C =
      "The conversation history before this point was compacted into the following summary:\n\n<summary>\n";
  static final String PRE = "user: The conversation before the popped work, summarised:\n\n";
  static final String POP = "user: Work that was done and popped off the stack, summarised:\n\n";

  @TempDir Path home;
  @TempDir Path work;
  String script;
  int runs;

  @BeforeEach
  void project() throws Exception {
    Files.createDirectories(work.resolve("proj"));
    script = ExampleRun.EXAMPLES.resolve("stacking.js").toString();
  }

  private Path sessionFile() {
    return LastSession.file(home, work.resolve("proj"));
  }

  /**
   * Runs the prompts (print mode, continuing the session) with one scripted answer "did N" each.
   */
  private ExampleRun tasks(String mode, int... numbers) throws Exception {
    StringBuilder turns = new StringBuilder();
    List<String> args = new ArrayList<>(List.of(mode.equals("json") ? "--mode" : "-p"));
    if (mode.equals("json")) {
      args.add("json");
    }
    if (runs++ > 0) {
      args.add("-c");
    }
    Path file = work.resolve("turns" + runs + ".jsonl");
    for (int n : numbers) {
      turns.append("{\"text\": \"did ").append(n).append("\"}\n");
    }
    Files.writeString(file, turns);
    args.addAll(
        List.of(
            "-s", script, "--provider", "scripted", "--model", file.toString(), "--cwd", "proj"));
    for (int n : numbers) {
      args.add("task " + n);
    }
    ExampleRun run = ExampleRun.print(home, work, args.toArray(String[]::new));
    assertThat(run.exitCode()).as(run.err()).isZero();
    return run;
  }

  /** The id of the user message "task N". */
  private String task(int n) throws Exception {
    try (Session s = Session.open(sessionFile())) {
      return s.entries().stream()
          .filter(e ->
              e instanceof SessionEntry.Message m
                  && m.message() instanceof AgentMessage.User u
                  && u.content().text("").equals("task " + n))
          .findFirst()
          .orElseThrow()
          .id();
    }
  }

  private void compact(String summary, int firstKeptTask) throws Exception {
    String kept = task(firstKeptTask);
    try (Session s = Session.open(sessionFile())) {
      s.appendCompaction(summary, kept, 1000, Optional.empty(), false);
    }
  }

  private static List<String> turns(int... numbers) {
    List<String> out = new ArrayList<>();
    for (int n : numbers) {
      out.add("user: task " + n);
      out.add("assistant: did " + n);
    }
    return out;
  }

  private static List<String> concat(List<String> a, String... b) {
    List<String> out = new ArrayList<>(a);
    out.addAll(List.of(b));
    return out;
  }

  @Test
  void aCompactionThenAPopAcrossItThenALaterCompaction() throws Exception {
    tasks("print", 1, 2, 3, 4, 5);
    compact("C1", 4);
    ExampleRun afterC1 = tasks("print", 6, 7);
    assertThat(afterC1.context(0))
        .as("[C1, msg4, msg5, ...]: no pop, graft's own context")
        .isEqualTo(
            concat(
                List.of("user: " + C + "C1\n</summary>"),
                concat(turns(4, 5), "user: task 6").toArray(String[]::new)));

    // /pop back to task 2: behind the compaction, so with a prePopSummary of what came before.
    ObjectNode pop =
        Json.object().put("backToId", task(2)).put("summary", "S1").put("prePopSummary", "P1");
    try (Session s = Session.open(sessionFile())) {
      s.appendCustomEntry("stack_pop", Optional.of(pop));
    }
    ExampleRun afterPop = tasks("json", 10, 11, 12);
    assertThat(afterPop.context(0))
        .as("[P1, S1, msg10+]")
        .containsExactly(PRE + "P1", POP + "S1", "user: task 10");
    assertThat(afterPop.context(2))
        .containsExactly(
            PRE + "P1",
            POP + "S1",
            "user: task 10",
            "assistant: did 10",
            "user: task 11",
            "assistant: did 11",
            "user: task 12");

    compact("C2", 11);
    ExampleRun afterC2 = tasks("print", 13);
    assertThat(afterC2.lastContext())
        .as("[C2, msg11, msg12]: the later compaction wins over the pop")
        .isEqualTo(
            concat(
                List.of("user: " + C + "C2\n</summary>"),
                concat(turns(11, 12), "user: task 13").toArray(String[]::new)));
  }

  @Test
  void stackingKeepsWhatPruningDidInEitherOrder() throws Exception {
    Files.writeString(
        work.resolve("turns1.jsonl"),
        """
        {"toolCalls": [{"name": "bash", "arguments": {"command": "echo hi"}, "id": "c1"}]}
        {"text": "did 1"}
        {"text": "did 2"}
        {"text": "did 3"}
        """);
    ExampleRun first =
        ExampleRun.print(
            home,
            work,
            "-p",
            "--provider",
            "scripted",
            "--model",
            "turns1.jsonl",
            "--cwd",
            "proj",
            "task 1",
            "task 2",
            "task 3");
    assertThat(first.exitCode()).as(first.err()).isZero();
    ObjectNode pop = Json.object().put("backToId", task(3)).put("summary", "S");
    ObjectNode prune =
        (ObjectNode)
            Json.parse("{\"choices\": [{\"toolCallId\": \"c1\", \"strategy\": \"remove\"}]}");
    String popped;
    try (Session s = Session.open(sessionFile())) {
      s.appendCustomEntry("prune", Optional.of(prune));
      popped = s.appendCustomEntry("stack_pop", Optional.of(pop));
    }
    String pruning = ExampleRun.EXAMPLES.resolve("pruning.js").toString();
    List<String> expected =
        List.of(
            "user: task 1",
            "assistant: [bash {\"command\":\"echo hi\"}]",
            "toolResult(bash): [pruned: this bash result was removed from the context]",
            "assistant: did 1",
            "user: task 2",
            "assistant: did 2",
            POP + "S",
            "user: task 4");
    Files.writeString(work.resolve("four.jsonl"), "{\"text\": \"did 4\"}\n");
    for (List<String> order : List.of(List.of(pruning, script), List.of(script, pruning))) {
      try (Session s = Session.open(sessionFile())) {
        s.branch(popped); // back to the pop, so each run answers task 4 from there
      }
      ExampleRun run =
          ExampleRun.print(
              home,
              work,
              "-p",
              "-c",
              "-s",
              order.get(0),
              "-s",
              order.get(1),
              "--provider",
              "scripted",
              "--model",
              "four.jsonl",
              "--cwd",
              "proj",
              "task 4");
      assertThat(run.exitCode()).as(run.err()).isZero();
      assertThat(run.lastContext()).as(order.toString()).isEqualTo(expected);
    }
  }

  /** The summary is ctx.complete, the host's model call: here a scripted turn. */
  @Test
  void popPicksThePromptInTheInteractiveModeSummarisesThroughTheModelAndPopsIt() throws Exception {
    Files.writeString(
        work.resolve("turns.jsonl"),
        """
        {"text": "did 1"}
        {"text": "did 2"}
        {"text": "did 3"}
        {"text": "S23"}
        {"text": "did 4"}
        """);
    // /pop's dialog lists the prompts newest first: 1) task 3, 2) task 2, 3) task 1.
    ExampleRun run =
        ExampleRun.run(
            home,
            work,
            "task 1\ntask 2\ntask 3\n/pop\n2\ntask 4\n/quit\n",
            "-s",
            script,
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "--cwd",
            "proj");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains("Pop back to which prompt?")
        .contains("2) 2: task 2")
        .contains("Popped 2 turns into a summary");
    assertThat(run.requests()).hasSize(5);
    assertThat(run.requests().get(3).get("systemPrompt").textValue())
        .startsWith("You summarise coding-agent conversations");
    assertThat(run.context(3))
        .containsExactly(
            "user: <conversation>\n[User]: task 2\n\n[Assistant]: did 2\n\n[User]: task 3\n\n"
                + "[Assistant]: did 3\n</conversation>\n\nSummarise this as work that is done (a subtask that returned). Be concise.");
    assertThat(run.context(4))
        .containsExactly("user: task 1", "assistant: did 1", POP + "S23", "user: task 4");
  }
}
