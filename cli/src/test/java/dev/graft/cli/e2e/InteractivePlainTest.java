package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.cli.Graft;
import dev.graft.cli.base.CliContext;
import dev.graft.runtime.config.GraftHome;
import dev.graft.runtime.json.Json;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The interactive mode without a terminal (stdin is not one): the same commands, answered line by
 * line, dialogs included. Runs in-process.
 */
class InteractivePlainTest {
  @TempDir Path home;
  @TempDir Path work;

  private CliRun interactive(String turns, String input, String... args) throws IOException {
    Files.writeString(work.resolve("turns.jsonl"), turns);
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CliContext context =
        new CliContext(
            Map.of("GRAFT_HOME", home.toString()),
            new GraftHome(home),
            work,
            new PrintWriter(out, true),
            new PrintWriter(err, true),
            Clock.systemUTC(),
            new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)));
    List<String> all = new ArrayList<>(List.of("--provider", "scripted", "--model", "turns.jsonl"));
    all.addAll(List.of(args));
    int code = Graft.run(context, all.toArray(String[]::new));
    return new CliRun(code, out.toString(), err.toString());
  }

  private List<JsonNode> sessionLines() throws IOException {
    try (Stream<Path> files = Files.walk(home.resolve("sessions"))) {
      Path file = files.filter(p -> p.toString().endsWith(".jsonl")).findFirst().orElseThrow();
      List<JsonNode> lines = new ArrayList<>();
      for (String line : Files.readAllLines(file)) {
        lines.add(Json.parse(line));
      }
      return lines;
    }
  }

  @Test
  void promptsShellCommandsAndSessionCommandsLineByLine() throws Exception {
    CliRun run =
        interactive(
            """
            {"thinking": "Look first.", "toolCalls": [{"name": "bash", "arguments": {"command": "echo from-tool"}}]}
            {"text": "The answer, streamed.", "chunkSize": 3}
            """,
            """
            what is here?
            !echo seen-by-model
            !!echo not-seen
            /name first run
            /label checkpoint
            /session
            /export page.html
            /export no/such/dir/page.html
            /quit
            """);

    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("Exported to " + work.resolve("page.html"), "✗ cannot write");
    assertThat(Files.readString(work.resolve("page.html"))).startsWith("<!DOCTYPE html>");
    assertThat(run.out())
        .contains(
            "> what is here?",
            "Look first.",
            "● $ echo from-tool",
            "⎿ bash: from-tool",
            "The answer, streamed.")
        .contains(
            "$ echo seen-by-model\nseen-by-model", "$ echo not-seen  (not in context)\nnot-seen")
        .contains(
            "Session named \"first run\".",
            "Labelled !echo not-seen (not in context) [checkpoint].")
        .contains("Messages:  1 user, 2 assistant, 1 tool calls, 1 tool results, 2 shell; 6 in all")
        .contains("scripted/scripted · thinking medium · context");
    List<JsonNode> lines = sessionLines();
    assertThat(lines)
        .anySatisfy(l -> {
          assertThat(l.at("/message/role").asText()).isEqualTo("bashExecution");
          assertThat(l.at("/message/command").asText()).isEqualTo("echo not-seen");
          assertThat(l.at("/message/excludeFromContext").asBoolean()).isTrue();
        });
    assertThat(lines)
        .anySatisfy(l ->
            assertThat(l.path("type").asText() + ":" + l.path("label").asText())
                .isEqualTo("label:checkpoint"));
    assertThat(lines).anySatisfy(l -> assertThat(l.path("name").asText()).isEqualTo("first run"));
  }

  @Test
  void mistakesAreOneLineAndTheSessionGoesOn() throws Exception {
    CliRun run =
        interactive(
            "{\"text\": \"still here\"}\n",
            """
            /trea
            /thinking huge
            /model nope/none
            /usr/bin is a directory, right?
            """);

    assertThat(run.exitCode()).isZero(); // the end of input ends the mode
    assertThat(run.out())
        .contains("unknown command /trea; did you mean /tree?")
        .contains("✗ unknown thinking level 'huge': use off, minimal, low, medium, high or xhigh")
        .contains("✗ unknown model 'nope/none'")
        .contains("still here");
    assertThat(sessionLines())
        .anySatisfy(l ->
            assertThat(l.at("/message/content"))
                .isEqualTo(
                    Json.parse(
                        "[{\"type\":\"text\",\"text\":\"/usr/bin is a directory, right?\"}]")));
  }

  @Test
  void treeFiltersItsRowsAndLabelsAnyEntryWithoutMoving() throws Exception {
    CliRun run =
        interactive(
            """
            {"text": "first answer"}
            {"text": "second answer"}
            """,
            """
            first question
            second question
            /tree user-only
            1
            4
            start
            3
            2

            /tree lots
            /quit
            """);

    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        // user-only: the two prompts and the filter row
        .contains(
            "  1) user: first question",
            "  2) user: second question",
            "  3) ⚙ showing user-only entries: pick to show labeled-only")
        .contains("Labelled user: first question [start]")
        .contains("  1) [start] user: first question")
        // labeled-only: the one labelled entry, then the filter row; picking it shows all
        .contains("  2) ⚙ showing labeled-only entries: pick to show all")
        .contains("⚙ showing all entries: pick to show default")
        .contains(
            "✗ /tree lots: no such filter; the filters are default, no-tools, user-only, labeled-only, all")
        .doesNotContain("Moved to");
    List<JsonNode> lines = sessionLines();
    String firstQuestion =
        lines.stream()
            .filter(l ->
                l.at("/message/content").asText().equals("first question")
                    || l.at("/message/content/0/text").asText().equals("first question"))
            .findFirst()
            .orElseThrow()
            .path("id")
            .asText();
    assertThat(lines)
        .anySatisfy(l -> {
          assertThat(l.path("type").asText()).isEqualTo("label");
          assertThat(l.path("targetId").asText()).isEqualTo(firstQuestion);
          assertThat(l.path("label").asText()).isEqualTo("start");
        });
    assertThat(lines)
        .noneSatisfy(l ->
            assertThat(l.path("customType").asText()).isEqualTo("graft.leaf")); // nothing moved
  }

  @Test
  void treeGoesBackToAUserMessageAndPutsItsTextInTheEditor() throws Exception {
    CliRun run =
        interactive(
            """
            {"text": "first answer"}
            {"text": "second answer"}
            """,
            """
            first question
            second question
            /tree
            3
            1

            /quit
            """);

    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .contains("Go back to", "  1) user: first question", "  3) user: second question", "← here")
        .contains("Summarize the branch you leave?", "1) No summary")
        .contains("Moved to user: second question")
        .contains("(editor text: second question)");
    List<JsonNode> lines = sessionLines();
    JsonNode marker = lines.getLast();
    assertThat(marker.path("customType").asText()).isEqualTo("graft.leaf");
    String firstAnswer =
        lines.stream()
            .filter(l -> l.at("/message/role").asText().equals("assistant"))
            .findFirst()
            .orElseThrow()
            .path("id")
            .asText();
    assertThat(marker.at("/data/leafId").asText()).isEqualTo(firstAnswer);
  }

  @Test
  void multiLineInputWithTrailingBackslashes() throws Exception {
    CliRun run = interactive("{\"text\": \"ok\"}\n", "one\\\ntwo\\\nthree\n");
    assertThat(run.out()).contains("> one\n  two\n  three");
    assertThat(sessionLines())
        .anySatisfy(l ->
            assertThat(l.at("/message/content"))
                .isEqualTo(Json.parse("[{\"type\":\"text\",\"text\":\"one\\ntwo\\nthree\"}]")));
  }

  @Test
  void modelAndThinkingByPickerOrByName() throws Exception {
    Files.writeString(
        home.resolve("models.json"),
        """
        {"providers": {"ollama": {"models": [{"id": "qwen3:8b", "reasoning": true, "contextWindow": 32768}, {"id": "llama3"}]}}}
        """);
    CliRun run =
        interactive(
            "",
            """
            /model
            2
            /model ollama/qwen3:8b
            /thinking
            5
            /thinking minimal
            /session
            /help
            """);

    assertThat(run.out())
        .contains(
            "Model\n",
            "1) ollama/qwen3:8b  qwen3:8b · 33k context · reasoning",
            "2) ollama/llama3  llama3 · 128k context")
        .contains("Model: ollama/llama3 (does not reason: the thinking level does not apply)")
        .contains("Model: ollama/qwen3:8b\n")
        .contains("Thinking level\n", "Thinking level: high", "Thinking level: minimal")
        .doesNotContain("Thinking: ")
        .contains("Model:     ollama/qwen3:8b (thinking minimal)")
        .contains("ollama/qwen3:8b · thinking minimal · context 0/33k")
        .contains("  /tree       Go back to any point of the session tree", "Ctrl+C twice");
  }

  @Test
  void newForkAndResumeSwitchSessions() throws Exception {
    String turns =
        """
        {"text": "answer one"}
        {"text": "answer two"}
        """;
    CliRun first =
        interactive(
            turns,
            """
            question one
            question two
            /fork
            2
            /name the fork
            /session
            /new
            /session
            """);
    assertThat(first.out())
        .contains("1) question one", "2) question two")
        .contains("Forked into a new session (", "(editor text: question two)")
        .contains(
            "Messages:  1 user, 1 assistant",
            "New session started.",
            "File:      (not written yet)");
    try (Stream<Path> files = Files.walk(home.resolve("sessions"))) {
      List<Path> sessions = files.filter(p -> p.toString().endsWith(".jsonl")).toList();
      assertThat(sessions).hasSize(2); // the first and the fork; the new one has no message yet
    }

    CliRun second =
        interactive(
            turns,
            """
            /resume
            fork
            1
            /session
            """);
    assertThat(second.out())
        .contains("Resume a session (filter: fork)", "1) the fork")
        .contains("Resumed \"the fork\"", "question one", "answer one")
        .contains("Name:      the fork", "Messages:  1 user, 1 assistant");
  }

  /**
   * -r's picker left without a choice ends graft, as the reference's does: "No session selected",
   * exit code 0, no prompt sent and no new session. /resume left so says nothing.
   */
  @Test
  void leavingTheResumePickerOfDashREndsGraft() throws Exception {
    String turns = "{\"text\": \"answer one\"}\n{\"text\": \"answer two\"}\n";
    CliRun first = interactive(turns, "question one\n/name question one\n/new\n/resume\n\n/quit\n");
    assertThat(first.out())
        .contains("answer one", "Resume a session")
        // a name that is the first message is not shown twice
        .contains("1) question one  just now · 2 messages\n")
        .doesNotContain("cancelled");

    CliRun run = interactive(turns, "\nquestion two\n", "-r", "a prompt for the new session");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .contains("Resume a session", "1) question one", "No session selected")
        .doesNotContain("cancelled")
        .doesNotContain("answer")
        .doesNotContain("session saved in");
    try (Stream<Path> files = Files.walk(home.resolve("sessions"))) {
      assertThat(files.filter(p -> p.toString().endsWith(".jsonl"))).hasSize(1);
    }
  }

  /**
   * -r with no session in any folder: the reference's picker opens empty and Esc ends it; graft
   * says so and ends too, starting no session nobody asked for.
   */
  @Test
  void dashRWithoutSessionsEndsGraft() throws Exception {
    String turns = "{\"text\": \"answer one\"}\n";
    CliRun run = interactive(turns, "question one\n", "-r", "a prompt for the new session");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .contains("No other session in " + work.toRealPath() + " or any other folder.")
        .doesNotContain("answer")
        .doesNotContain("Resume a session");
    assertThat(home.resolve("sessions"))
        .satisfiesAnyOf(
            p -> assertThat(p).doesNotExist(),
            p -> {
              try (Stream<Path> files = Files.walk(p)) {
                assertThat(files.filter(f -> f.toString().endsWith(".jsonl"))).isEmpty();
              }
            });
  }

  @Test
  void resumeListsTheFolderOfASessionGivenAsAPath() throws Exception {
    Files.createDirectories(work.resolve("notes"));
    String turns =
        """
        {"text": "answer one"}
        {"text": "answer two"}
        """;
    CliRun run =
        interactive(
            turns,
            """
            question one
            /name login notes
            /new
            question two
            /resume
            login
            1
            """,
            "--session",
            "notes/fix-login.jsonl");
    // as the reference lists the folder the session is in, /new's session and the first are found
    assertThat(run.out())
        .contains("Resume a session (filter: login)", "1) login notes")
        .contains("Resumed \"login notes\" (fix-login.jsonl)")
        // -c looks in $GRAFT_HOME/sessions only: the hint names the file instead
        .contains(
            "session saved in "
                + work.resolve("notes/fix-login.jsonl")
                + " (continue it with graft --session "
                + work.resolve("notes/fix-login.jsonl")
                + ")");
  }

  /**
   * A template or skill whose name has capitals (Fix.md, a skill named Other_Name) is sent as in
   * -p, not refused as an unknown command; a template named like a built-in command is said to be a
   * template, not a script command.
   */
  @Test
  void templatesAndSkillsWithCapitalsAreSentAndAClashIsNamedForWhatItIs() throws Exception {
    Files.createDirectories(home.resolve("prompts"));
    Files.writeString(home.resolve("prompts/Fix.md"), "Fix $1 now.\n");
    Files.writeString(home.resolve("prompts/model.md"), "Model template $1\n");
    Path skill = home.resolve("skills/Mixed/SKILL.md");
    Files.createDirectories(skill.getParent());
    Files.writeString(skill, "---\nname: Other_Name\ndescription: Mixed case.\n---\nMixed body\n");
    CliRun run =
        interactive(
            "{\"text\": \"one\"}\n{\"text\": \"two\"}\n",
            """
            /Fix parser
            /skill:Other_Name go
            /quit
            """);
    assertThat(run.exitCode()).isZero();
    assertThat(run.out() + run.err())
        .doesNotContain("unknown command")
        .doesNotContain("script command not added")
        .contains("prompt template not added: /model exists already (from built-in)");
    List<String> sent =
        sessionLines().stream()
            .filter(l -> l.at("/message/role").asText().equals("user"))
            .map(l ->
                l.at("/message/content").isTextual()
                    ? l.at("/message/content").asText()
                    : l.at("/message/content/0/text").asText())
            .toList();
    assertThat(sent).hasSize(2);
    assertThat(sent.get(0)).isEqualTo("Fix parser now.\n");
    assertThat(sent.get(1)).startsWith("<skill name=\"Other_Name\"").endsWith("go");
  }
}
