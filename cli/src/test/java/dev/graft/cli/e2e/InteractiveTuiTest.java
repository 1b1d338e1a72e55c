package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The terminal UI in a real pseudo-terminal ({@link TmuxTerminal}), one test per group of features:
 * what a turn shows (markdown, diffs, live tool output, the footer), the editor while the agent
 * works (steering), the editor's completions, pastes and keys, and the conversation after moving in
 * the tree or resuming.
 */
class InteractiveTuiTest {
  @TempDir Path dir;
  private TmuxTerminal tmux;
  private Path home;
  private Path work;
  private Path requests;

  @AfterEach
  void stopTmux() throws Exception {
    if (tmux != null) {
      tmux.close();
    }
  }

  private void start(String turns, String... extra) throws Exception {
    home = Files.createDirectories(dir.resolve("home"));
    work = Files.createDirectories(dir.resolve("work"));
    requests = dir.resolve("requests.jsonl");
    Files.writeString(work.resolve("turns.jsonl"), turns);
    List<String> args =
        new ArrayList<>(List.of("--provider", "scripted", "--model", "turns.jsonl"));
    args.addAll(List.of(extra));
    tmux =
        TmuxTerminal.start(
            dir,
            work,
            Map.of("GRAFT_HOME", home.toString(), "GRAFT_RECORD_REQUESTS", requests.toString()),
            args);
    tmux.awaitPrompt();
  }

  private List<JsonNode> requests() throws Exception {
    List<JsonNode> out = new ArrayList<>();
    for (String line : Files.readAllLines(requests)) {
      out.add(Json.parse(line));
    }
    return out;
  }

  /** The texts of a request's messages, "role: text". */
  private static List<String> messages(JsonNode request) {
    List<String> out = new ArrayList<>();
    for (JsonNode m : request.get("messages")) {
      JsonNode c = m.get("content");
      String text =
          c.isTextual()
              ? c.textValue()
              : c.findValuesAsText("text").stream().collect(Collectors.joining(" "));
      out.add(m.get("role").textValue() + ": " + text);
    }
    return out;
  }

  /**
   * Markdown rendered, the edit's diff, bash live then collapsed and expanded, the footer while
   * working.
   */
  @Test
  void aTurnShowsMarkdownADiffLiveBashAndTheFooterThroughout() throws Exception {
    String answer =
        "# Result\\n\\nThe file says **hello**. A table:\\n\\n| name | n |\\n|------|--:|\\n| 日本語 | 1 |\\n| emoji 😀 | 22 |\\n\\n"
            + "```python\\ndef add(a, b):\\n    return a + b  # sum\\n```\\n\\n- one\\n- two";
    start(
        """
        {"toolCalls": [{"name": "read", "arguments": {"path": "a.txt"}}]}
        {"toolCalls": [{"name": "edit", "arguments": {"path": "a.txt", "oldText": "second line", "newText": "2nd line"}}]}
        {"toolCalls": [{"name": "bash", "arguments": {"command": "for i in $(seq 1 40); do echo line $i; sleep 0.15; done"}}]}
        """
            + "{\"text\": \""
            + answer
            + "\", \"chunkSize\": 6, \"delayMs\": 10}\n");
    Files.writeString(work.resolve("a.txt"), "hello file\nsecond line\n");
    tmux.submit("go");
    tmux.awaitScreen(
        s -> s.contains("● read a.txt\n   hello file\n   second line"), "read's first lines");
    tmux.awaitScreen(s -> s.contains("   -2 second line\n   +2 2nd line"), "edit's numbered diff");
    // bash streams its output while it runs, with the time it has run; the footer stays
    tmux.awaitScreen(
        s ->
            s.contains("running, ")
                && Pattern.compile("\n   line (1[0-9]|2[0-9])\n").matcher(s).find()
                && s.contains("scripted/scripted • medium")
                && s.contains("Working… ("),
        "bash's output while it runs");
    tmux.awaitScreen(
        s ->
            s.contains("   … 34 earlier lines (Ctrl+O to expand)\n   line 35")
                && s.contains("   line 40\n"),
        "bash's last lines once it ended");
    tmux.awaitScreen(
        s -> s.contains("┌──") && s.contains("│ 日本語   │  1 │") && s.contains("│ emoji 😀 │ 22 │"),
        "the table");
    tmux.awaitPrompt();
    String shown = tmux.screen();
    assertThat(shown)
        .contains(
            "\n Result\n", "The file says hello. A table:", "  def add(a, b):", " - one\n - two")
        .doesNotContain("# Result")
        .doesNotContain("**hello**")
        .doesNotContain("|------|");
    assertThat(tmux.screenWithColours())
        .as("the code is coloured")
        .containsPattern("\033\\[[0-9;]*mdef\033\\[");
    assertThat(shown).doesNotContain("   line 3\n");
    tmux.keys("C-o");
    tmux.awaitScreen(
        s -> s.contains("   line 1\n   line 2\n   line 3\n") && !s.contains("earlier lines"),
        "the whole output, expanded");
  }

  /**
   * While the agent works the editor takes text; Enter steers, Alt+Enter queues a follow-up, Alt+Up
   * takes them back.
   */
  @Test
  void theEditorStaysLiveEnterSteersAndAltEnterFollowsUp() throws Exception {
    start(
        """
        {"text": "A slow answer that goes on and on so that there is time to type while it streams.", "chunkSize": 2, "delayMs": 150}
        {"text": "Got the steering."}
        {"text": "Got the follow-up."}
        {"text": "Slow again, slow again, slow again, slow again, slow again.", "chunkSize": 2, "delayMs": 150}
        {"text": "Got the edited one."}
        """);
    tmux.submit("go slow");
    tmux.awaitScreen(s -> s.contains("A slow answer"), "the answer streaming");
    tmux.type("steer me");
    tmux.keys("Enter");
    tmux.type("follow me");
    tmux.keys("M-Enter");
    tmux.awaitScreen(
        s -> s.contains("↳ steer: steer me") && s.contains("↳ follow-up: follow me"), "the queue");
    tmux.awaitScreen(s -> s.contains("Got the follow-up."), "both delivered");
    List<JsonNode> sent = requests();
    assertThat(messages(sent.get(1))).endsWith("user: steer me");
    assertThat(messages(sent.get(2)))
        .endsWith("user: steer me", "assistant: Got the steering.", "user: follow me");

    tmux.submit("again");
    tmux.awaitScreen(s -> s.contains("Slow again"), "the second slow answer");
    tmux.type("queued then edited");
    tmux.keys("M-Enter");
    tmux.awaitScreen(s -> s.contains("↳ follow-up: queued then edited"), "the follow-up queued");
    tmux.keys("M-Up");
    tmux.awaitScreen(
        s -> s.contains("> queued then edited") && !s.contains("↳ follow-up"),
        "the follow-up back in the editor");
    tmux.awaitScreen(
        s -> s.contains("slow again.") && !s.contains(" to interrupt)"), "the run's end");
    tmux.type(" now");
    tmux.keys("Enter");
    tmux.awaitScreen(s -> s.contains("Got the edited one."), "the edited message's answer");
    assertThat(messages(requests().getLast())).last().isEqualTo("user: queued then edited now");
  }

  /** A command or !cmd sent while the agent works runs when it is done; the model never gets it. */
  @Test
  void commandsAndShellCommandsTypedWhileTheAgentWorksWaitForIt() throws Exception {
    start(
        """
        {"text": "A slow answer that goes on and on so that there is time to type while it streams.", "chunkSize": 2, "delayMs": 150}
        {"text": "unused"}
        """);
    tmux.submit("go slow");
    tmux.awaitScreen(s -> s.contains("A slow answer"), "the answer streaming");
    tmux.type("/session");
    tmux.keys("Enter");
    tmux.type("!echo from-the-shell");
    tmux.keys("Enter");
    tmux.awaitScreen(
        s -> s.contains("/session waits until the agent is done"), "the command waiting");
    tmux.awaitScreen(
        s -> s.contains("Messages:  1 user, 1 assistant") && s.contains("\n  from-the-shell"),
        "the command and the shell command run after the turn");
    assertThat(requests()).hasSize(1);
    assertThat(tmux.screen()).doesNotContain("↳ steer");
  }

  /** Ctrl+D while the agent works aborts the run and quits, rather than waiting for its end. */
  @Test
  void ctrlDWhileTheAgentWorksQuitsAtOnce() throws Exception {
    start(
        """
        {"toolCalls": [{"name": "bash", "arguments": {"command": "echo started; sleep 600"}}]}
        {"text": "unused"}
        """);
    tmux.submit("go");
    tmux.awaitScreen(s -> s.contains("   started\n"), "the command running");
    tmux.keys("C-d");
    assertThat(tmux.awaitExit()).isEqualTo("0");
    assertThat(tmux.screen()).contains("quitting…", "Command aborted", "session saved in");
  }

  /**
   * The / and @ lists as you type, Tab on paths, folded pastes, word wrap, Ctrl+O, Ctrl+C and the
   * key after it.
   */
  @Test
  void completionsPastesWrappingAndTheKeysAroundCtrlC() throws Exception {
    start("{\"text\": \"got it\"}\n{\"text\": \"got the paste\"}\n");
    Files.createDirectories(work.resolve("src/main"));
    Files.writeString(work.resolve("src/main/App.java"), "class App {}\n");
    tmux.type("/");
    tmux.awaitScreen(
        s -> s.contains("› /help ") && s.contains("/model ") && s.contains("  ↓ 10 more"),
        "the command list, without Tab");
    tmux.type("tre");
    tmux.awaitScreen(s -> s.contains("› /tree ") && !s.contains("/model "), "the list filtered");
    tmux.keys("C-u");
    tmux.type("look at @App");
    tmux.awaitScreen(s -> s.contains("› src/main/App.java"), "the files matching @App");
    tmux.keys("Tab");
    tmux.awaitScreen(s -> s.contains("> look at @src/main/App.java"), "the file taken");
    tmux.keys("C-u");
    tmux.type("cat sr");
    tmux.keys("Tab");
    tmux.awaitScreen(
        s -> s.contains("> cat src/main/App.java"), "Tab completing the path down to the file");
    tmux.keys("C-u");

    // Ctrl+O with a half-typed line toggles the tool output; it does not send the line
    tmux.type("half typed");
    tmux.keys("C-o");
    Thread.sleep(300);
    assertThat(tmux.screen()).contains("> half typed").doesNotContain("got it");
    // Ctrl+C clears a draft; a second Ctrl+C within a second that clears another draft does not
    // quit
    tmux.keys("C-c");
    tmux.type("another draft");
    tmux.keys("C-c");
    tmux.type("x"); // typed right after Ctrl+C: not lost
    tmux.awaitScreen(
        s -> s.lines().anyMatch(l -> l.strip().equals("> x")), "the key typed after Ctrl+C");
    tmux.keys("C-u");

    Path paste = dir.resolve("paste.txt");
    Files.writeString(
        paste,
        IntStream.rangeClosed(1, 300)
                .mapToObj(i -> "pasted line " + i)
                .collect(Collectors.joining("\n"))
            + "\n");
    tmux.tmux("load-buffer", "-b", "p", paste.toString());
    tmux.tmux("paste-buffer", "-p", "-b", "p", "-t", "graft");
    tmux.awaitScreen(
        s -> s.contains("> [paste #1 +300 lines]") && !s.contains("pasted line 2"),
        "the paste folded");
    tmux.type(" what is this?");
    tmux.keys("Enter");
    tmux.awaitScreen(s -> s.contains("got it"), "the answer");
    String sent = messages(requests().getLast()).getLast();
    assertThat(sent)
        .startsWith("user: pasted line 1\npasted line 2\n")
        .contains("pasted line 300\n")
        .endsWith(" what is this?");

    // the editor wraps between words
    tmux.tmux("resize-window", "-t", "graft", "-x", "40");
    // tmux applies the size, and graft redraws for it, after the command returns: typed before,
    // the line would be drawn at the old width.
    tmux.awaitScreen(
        s ->
            s.lines().allMatch(l -> l.length() <= 40)
                && s.lines().anyMatch(l -> l.equals("─".repeat(40))),
        "the editor redrawn 40 columns wide");
    String words =
        "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa";
    tmux.type(words);
    tmux.awaitScreen(s -> s.contains("oscar papa"), "the long line typed");
    List<String> lines = tmux.screen().lines().toList();
    List<Integer> rules =
        IntStream.range(0, lines.size()).filter(i -> lines.get(i).matches("─+")).boxed().toList();
    List<String> rows = lines.subList(rules.get(rules.size() - 2) + 1, rules.getLast());
    assertThat(rows).hasSizeGreaterThan(2).allMatch(r -> r.length() <= 40);
    String typed = rows.stream().map(String::strip).collect(Collectors.joining(" "));
    assertThat(typed).isEqualTo("> " + words);
  }

  /**
   * /tree draws with box characters, the branch's conversation is drawn again with its summary;
   * /resume too.
   */
  @Test
  void theTreeDrawsBranchesAndTheConversationIsDrawnAgainAfterAMove() throws Exception {
    start(
        """
        {"text": "first answer"}
        {"text": "second answer"}
        {"text": "## Summary\\nThe abandoned branch asked a second question."}
        {"text": "third answer"}
        """);
    tmux.submit("first question");
    tmux.awaitScreen(s -> s.contains("first answer"), "the first answer");
    tmux.submit("second question");
    tmux.awaitScreen(s -> s.contains("second answer"), "the second answer");
    tmux.submit("/tree");
    tmux.awaitScreen(s -> s.contains("Go back to") && s.contains("← here"), "the tree");
    tmux.tmux("resize-window", "-t", "graft", "-x", "70");
    tmux.awaitScreen(
        s ->
            s.lines().filter(l -> l.startsWith("Go back to")).count() == 1
                && s.contains("1-9 pick"),
        "the tree drawn once after the resize");
    tmux.keys("2"); // the first answer
    tmux.awaitScreen(s -> s.contains("Summarize the branch you leave?"), "the summary choice");
    tmux.keys("2");
    tmux.awaitScreen(s -> s.contains("Label for this point"), "the label");
    tmux.keys("Enter");
    tmux.awaitScreen(
        s ->
            s.contains("⎇ summary of the branch left (") && s.contains(" lines, Ctrl+O to expand)"),
        "the branch summary, collapsed");
    String shown = tmux.screen();
    assertThat(shown)
        .contains("first question", "first answer")
        .doesNotContain("second answer")
        .doesNotContain("The abandoned branch asked");
    tmux.keys("C-o");
    tmux.awaitScreen(
        s -> s.contains("The abandoned branch asked a second question."), "the summary expanded");
    tmux.keys("C-o");
    tmux.submit("third question");
    tmux.awaitScreen(s -> s.contains("third answer"), "the answer on the new branch");
    tmux.submit("/tree");
    tmux.awaitScreen(
        s -> s.contains("├─") && s.contains("└─"), "the branches drawn with box characters");
    assertThat(tmux.screen()).doesNotContain("tq").doesNotContain("mq");
    tmux.keys("Escape");
    tmux.submit("/new");
    tmux.awaitScreen(
        s -> s.contains("New session started.") && !s.contains("first answer"),
        "the new, empty session");
    tmux.submit("/resume");
    tmux.awaitScreen(s -> s.contains("Resume a session"), "the sessions");
    tmux.keys("Enter");
    tmux.awaitScreen(
        s ->
            s.contains("Resumed")
                && s.contains("third question")
                && s.contains("third answer")
                && s.contains("⎇ summary of the branch left"),
        "the resumed conversation");
    assertThat(tmux.screen()).doesNotContain("messages so far");
  }

  /**
   * A built-in command's picker left with Esc says nothing, as the reference's selectors; -r's
   * picker left with Esc ends graft with "No session selected" and exit code 0, as the reference's
   * does, instead of going on in a new session.
   */
  @Test
  void pickersLeftWithEscSayNothingAndDashRsEndsGraft() throws Exception {
    start("{\"text\": \"first answer\"}\n");
    tmux.submit("first question");
    tmux.awaitScreen(s -> s.contains("first answer"), "the answer");
    tmux.submit("/settings");
    tmux.awaitScreen(s -> s.contains("Auto-compaction"), "the settings");
    tmux.keys("Escape");
    tmux.submit("/thinking");
    tmux.awaitScreen(
        s -> s.contains("Thinking level") && s.contains("5 high"),
        "the thinking levels the scripted model offers");
    tmux.keys("Escape");
    tmux.submit("/name");
    tmux.awaitScreen(s -> s.contains("Session name"), "the name's field");
    tmux.keys("Escape");
    tmux.awaitScreen(s -> s.contains("The session has no name."), "the name unchanged");
    assertThat(tmux.screen()).doesNotContain("cancelled");
    tmux.submit("/quit");
    assertThat(tmux.awaitExit()).isEqualTo("0");
    tmux.close();

    tmux =
        TmuxTerminal.start(
            Files.createDirectories(dir.resolve("again")),
            work,
            Map.of("GRAFT_HOME", home.toString()),
            List.of("--provider", "scripted", "--model", "turns.jsonl", "-r"));
    tmux.awaitScreen(
        s -> s.contains("Resume a session") && s.contains("first question"), "the picker");
    tmux.keys("Escape");
    assertThat(tmux.awaitExit()).isEqualTo("0");
    assertThat(tmux.screen()).contains("No session selected").doesNotContain("cancelled");
    try (var files = Files.walk(home.resolve("sessions"))) {
      assertThat(files.filter(p -> p.toString().endsWith(".jsonl"))).hasSize(1);
    }
  }

  /**
   * -r in a folder without sessions opens the picker empty with the reference's hint when another
   * folder has some; Tab lists every folder's, and one of them resumes with a note of where it was
   * started (the tools keep working here, as with --session).
   */
  @Test
  void dashRInAnEmptyFolderTabsToEveryFoldersSessions() throws Exception {
    start("{\"text\": \"first answer\"}\n");
    tmux.submit("first question");
    tmux.awaitScreen(s -> s.contains("first answer"), "the answer");
    tmux.submit("/quit");
    assertThat(tmux.awaitExit()).isEqualTo("0");
    tmux.close();

    Path other = Files.createDirectories(dir.resolve("other"));
    Files.copy(work.resolve("turns.jsonl"), other.resolve("turns.jsonl"));
    tmux =
        TmuxTerminal.start(
            Files.createDirectories(dir.resolve("again")),
            other,
            Map.of("GRAFT_HOME", home.toString()),
            List.of("--provider", "scripted", "--model", "turns.jsonl", "-r"));
    tmux.awaitScreen(
        s -> s.contains("No sessions in current folder. Press Tab to view all."),
        "the empty picker with its hint");
    assertThat(tmux.screen()).doesNotContain("first question");
    tmux.keys("Tab");
    tmux.awaitScreen(
        s -> s.contains("all folders") && s.contains("first question") && s.contains("/work"),
        "every folder's sessions, with their folder");
    tmux.keys("Enter");
    tmux.awaitScreen(
        s -> s.contains("Resumed") && s.contains("first answer") && s.contains("was started in"),
        "the session of the other folder, and where it was started");
    assertThat(tmux.screen()).contains("working in " + other.toRealPath());
    List<String> lines = tmux.screen().lines().toList();
    int costs = lines.size() - 1;
    while (costs > 0 && !lines.get(costs).startsWith("$")) {
      costs--;
    }
    assertThat(lines.get(costs - 1).strip())
        .as("the footer's folder: where graft works, as the note says")
        .startsWith(other.toRealPath().toString());
  }

  /**
   * --models: Ctrl+P cycles through the scope only, taking each pattern's thinking level; scripts
   * hear a model_select of source "cycle", as the reference's.
   */
  @Test
  void ctrlPCyclesThroughTheModelsOfModelsOnly() throws Exception {
    Path h = Files.createDirectories(dir.resolve("home"));
    Files.writeString(
        h.resolve("models.json"),
        """
        {"providers": {"ollama": {"models": [{"id": "qwen3:8b", "reasoning": true}, {"id": "llama3"}, {"id": "mistral"}]}}}
        """);
    Path scripts = Files.createDirectories(dir.resolve("scripts"));
    Files.writeString(
        scripts.resolve("source.js"),
        """
        export default function (graft) {
          graft.on("model_select", (event, ctx) => ctx.ui.notify("selected by " + event.source, "info"));
        }
        """);
    start(
        "{\"text\": \"unused\"}\n",
        "--models",
        "llama3,qwen*:high,nothing-like-this",
        "--scripts",
        scripts.toString());
    tmux.keys("C-p");
    tmux.awaitScreen(
        s ->
            TmuxTerminal.flat(s).contains("no model with a key matches \"nothing-like-this\"")
                && s.contains("Model: ollama/llama3")
                && s.contains("selected by cycle"),
        "the warning, the scope's first model and its source");
    tmux.keys("C-p");
    tmux.awaitScreen(
        s -> s.contains("Model: ollama/qwen3:8b (thinking high)"), "the second, at its level");
    tmux.keys("C-p");
    tmux.awaitScreen(
        s -> s.split("Model: ollama/llama3", -1).length == 3, "back to the first, not mistral");
    assertThat(tmux.screen()).doesNotContain("mistral");
  }

  /** /model and /thinking change the footer at once, not only after the next turn. */
  /**
   * Ctrl+T is remembered, as the reference's: it writes hideThinkingBlock, so the next start shows
   * thinking as it was left.
   */
  @Test
  void ctrlTIsKeptInTheUsersSettingsForTheNextStart() throws Exception {
    start("{\"thinking\": \"Look first.\", \"text\": \"done\"}\n");
    tmux.submit("go");
    tmux.awaitScreen(s -> s.contains("Look first.") && s.contains("done"), "the thinking shown");
    tmux.awaitPrompt();
    tmux.keys("C-t");
    tmux.awaitScreen(s -> s.contains("(Ctrl+T to show)"), "the thinking hidden");
    assertThat(Files.readString(home.resolve("settings.json")))
        .contains("\"hideThinkingBlock\" : true");
    tmux.keys("C-t");
    tmux.awaitScreen(s -> s.contains("Look first."), "the thinking shown again");
    assertThat(Files.readString(home.resolve("settings.json")))
        .contains("\"hideThinkingBlock\" : false");
  }

  @Test
  void theFooterFollowsTheModelAndThinkingCommands() throws Exception {
    Path h = Files.createDirectories(dir.resolve("home"));
    Files.writeString(
        h.resolve("models.json"),
        """
        {"providers": {"ollama": {"models": [{"id": "qwen3:8b", "reasoning": true, "contextWindow": 32768}]}}}
        """);
    start("{\"text\": \"unused\"}\n");
    tmux.submit("/model ollama/qwen3:8b");
    tmux.awaitScreen(
        s -> s.contains("ollama/qwen3:8b • medium") && s.contains("/33k"),
        "the model and its window in the footer");
    tmux.submit("/thinking high");
    tmux.awaitScreen(s -> s.contains("ollama/qwen3:8b • high"), "the level in the footer");
  }

  /**
   * {@code /model TEXT} as the reference takes it: an exact name in any case switches at once;
   * anything else opens the picker filtered by the text.
   */
  @Test
  void theModelCommandIgnoresCaseAndOpensThePickerFilteredOtherwise() throws Exception {
    Path h = Files.createDirectories(dir.resolve("home"));
    Files.writeString(
        h.resolve("models.json"),
        """
        {"providers": {"ollama": {"models": [{"id": "qwen3:8b"}, {"id": "qwen3:32b"}, {"id": "llama3"}]}}}
        """);
    start("{\"text\": \"unused\"}\n");
    tmux.type("/model OLLAMA/Qwen3:8B");
    tmux.awaitScreen(s -> s.contains("ollama/qwen3:8b"), "the completion offered");
    tmux.keys("Escape"); // closes it: Enter would put it in the editor instead of sending
    tmux.awaitScreen(s -> !s.contains("ollama/qwen3:8b"), "the completion closed");
    tmux.keys("Enter");
    tmux.awaitScreen(s -> s.contains("Model: ollama/qwen3:8b"), "the model, named in capitals");
    tmux.type("/model LLAMA3"); // offered wherever it is in the name, as the reference does
    tmux.awaitScreen(s -> s.contains("ollama/llama3"), "the completion of a bare id");
    tmux.keys("Escape");
    tmux.awaitScreen(s -> !s.contains("ollama/llama3"), "the completion closed");
    tmux.keys("Enter");
    tmux.awaitScreen(s -> s.contains("Model: ollama/llama3"), "a bare id in capitals");
    tmux.type("/model qwen3:3");
    tmux.awaitScreen(s -> s.contains("ollama/qwen3:32b"), "the completion of a part of an id");
    tmux.keys("Escape");
    tmux.awaitScreen(s -> !s.contains("ollama/qwen3:32b"), "the completion closed");
    tmux.keys("Enter");
    tmux.awaitScreen(
        s -> s.contains("filter: qwen3:3") && s.contains("ollama/qwen3:32b"),
        "the picker, filtered by the text");
    assertThat(tmux.screen()).doesNotContain("ollama/qwen3:8b  ");
    tmux.keys("Enter");
    tmux.awaitScreen(s -> s.contains("Model: ollama/qwen3:32b"), "the model picked");
  }

  /** Model and thinking hotkeys, changed in keybindings.json; the footer follows. */
  @Test
  void keysCycleTheModelAndTheThinkingLevelAsKeybindingsSay() throws Exception {
    Path h = Files.createDirectories(dir.resolve("home"));
    Files.writeString(
        h.resolve("models.json"),
        """
        {"providers": {"ollama": {"models": [{"id": "qwen3:8b", "reasoning": true, "contextWindow": 32768}, {"id": "llama3"}]}}}
        """);
    Files.writeString(
        h.resolve("keybindings.json"),
        "{\"app.thinking.cycle\": \"ctrl+x\", \"app.nothing\": \"ctrl+q\"}");
    start("{\"text\": \"unused\"}\n");
    tmux.awaitScreen(
        s -> s.contains("keybindings.json: app.nothing is not an action graft has; ignored"),
        "the warning");
    tmux.keys("C-p");
    tmux.awaitScreen(s -> s.contains("ollama/qwen3:8b • medium"), "the next model in the footer");
    tmux.keys("C-x");
    tmux.awaitScreen(
        s -> s.contains("ollama/qwen3:8b • high"), "the next thinking level in the footer");
    tmux.keys("BTab"); // Shift+Tab is no longer bound: nothing happens
    tmux.keys("C-p");
    tmux.awaitScreen(s -> s.contains("Model: ollama/llama3"), "the model after that");
    tmux.submit("/hotkeys");
    tmux.awaitScreen(
        s -> s.contains("Ctrl+X") && s.contains("app.thinking.cycle"),
        "/hotkeys listing the changed key");
  }
}
