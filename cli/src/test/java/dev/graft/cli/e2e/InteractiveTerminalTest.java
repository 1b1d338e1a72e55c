package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The interactive mode in a real pseudo-terminal ({@link TmuxTerminal}): the built-in keys and
 * commands.
 */
class InteractiveTerminalTest {
  private static final String SLOW =
      "This is a slow answer that goes on and on so that there is time to press Ctrl+C long before it ends;"
          + " it goes on and on and on and on and on.";
  private static final String TURNS =
      """
      {"thinking": "The user wants the file read.", "toolCalls": [{"name": "read", "arguments": {"path": "a.txt"}}]}
      {"text": "The file says: hello file.", "chunkSize": 4, "delayMs": 20}
      {"text": "## Goal\\nThe summary of the scripted session."}
      """
          + "{\"text\": \""
          + SLOW
          + "\", \"chunkSize\": 2, \"delayMs\": 120}\n";

  @TempDir Path dir;
  private TmuxTerminal tmux;

  @AfterEach
  void stopTmux() throws Exception {
    if (tmux != null) {
      tmux.close();
    }
  }

  @Test
  void aSessionDrivenWithKeys() throws Exception {
    Path home = Files.createDirectories(dir.resolve("home"));
    Path work = Files.createDirectories(dir.resolve("work"));
    Files.writeString(work.resolve("a.txt"), "hello file\n");
    Files.writeString(work.resolve("turns.jsonl"), TURNS);
    // keep only the newest message when compacting, so that /compact has something to summarize
    Files.writeString(home.resolve("settings.json"), "{\"compaction\": {\"keepRecentTokens\": 1}}");
    tmux =
        TmuxTerminal.start(
            dir,
            work,
            Map.of("GRAFT_HOME", home.toString()),
            List.of("--provider", "scripted", "--model", "turns.jsonl"));

    tmux.awaitScreen(
        s -> s.contains("scripted/scripted • medium") && TmuxTerminal.idle(s),
        "the footer and the prompt");

    tmux.submit("read the file");
    tmux.awaitScreen(
        s -> s.contains("● read a.txt\n   hello file"), "the tool call and its result");
    tmux.awaitScreen(s -> s.contains("The file says: hello file."), "the streamed answer");
    assertThat(tmux.screen()).contains("The user wants the file read."); // the thinking, dimmed

    tmux.submit("!echo hi");
    tmux.awaitScreen(s -> s.contains("$ echo hi\n  hi\n"), "the shell command's output");

    tmux.submit("/compact");
    tmux.awaitScreen(s -> s.contains("✓ compacted the context"), "the compaction");

    tmux.submit("/tree");
    tmux.awaitScreen(
        s -> s.contains("Go back to") && s.contains("← here") && s.contains("1-9 pick"),
        "the tree picker");
    tmux.keys("Up");
    tmux.keys("Enter");
    tmux.awaitScreen(
        s -> s.contains("Summarize the branch you leave?") && s.contains("No summary"),
        "the summary choice");
    tmux.keys("Enter");
    tmux.awaitScreen(s -> s.contains("Label for this point"), "the label input");
    tmux.keys("Enter");
    tmux.awaitScreen(s -> s.contains("Moved to !echo hi"), "the move");

    tmux.submit("slow please");
    tmux.awaitScreen(s -> s.contains("This is a slow"), "the start of the slow answer");
    tmux.tmux("resize-window", "-t", "graft", "-x", "50"); // narrower while the answer streams
    tmux.awaitScreen(s -> s.contains("time to press"), "more of the slow answer after the resize");
    tmux.keys("C-c");
    tmux.awaitScreen(s -> s.contains("⏹ aborted"), "the abort");
    String shown = tmux.screen();
    assertThat(shown).doesNotContain("it goes on and on and on and on and on.");
    // Wrapped at words to the new width: no word is cut (the last one may be, by the abort).
    String answer =
        shown.substring(shown.indexOf("This is a slow"), shown.indexOf("⏹ aborted")).strip();
    List<String> words = List.of(answer.split("\\s+"));
    List<String> original = List.of(SLOW.split("\\s+"));
    assertThat(words.subList(0, words.size() - 1)).allMatch(original::contains);
    assertThat(answer.lines()).hasSizeGreaterThan(1).allMatch(l -> l.length() < 50);

    tmux.submit("/quit");
    assertThat(tmux.awaitExit()).isEqualTo("0");

    List<JsonNode> lines = sessionLines(home);
    JsonNode bash = only(lines, l -> l.at("/message/role").asText().equals("bashExecution"));
    assertThat(bash.at("/message/command").asText()).isEqualTo("echo hi");
    assertThat(bash.at("/message/output").asText()).isEqualTo("hi\n");
    JsonNode compaction = only(lines, l -> l.path("type").asText().equals("compaction"));
    assertThat(compaction.path("summary").asText())
        .startsWith("## Goal\nThe summary of the scripted session.");
    JsonNode marker = only(lines, l -> l.path("customType").asText().equals("graft.leaf"));
    assertThat(marker.at("/data/leafId").asText())
        .as("/tree moved the leaf to the shell command")
        .isEqualTo(bash.path("id").asText());
    JsonNode slow =
        only(lines, l -> l.at("/message/content/0/text").asText().equals("slow please"));
    assertThat(slow.path("parentId").asText())
        .as("the next prompt branches off there")
        .isEqualTo(bash.path("id").asText());
    JsonNode aborted =
        only(lines, l -> l.path("parentId").asText().equals(slow.path("id").asText()));
    assertThat(aborted.at("/message/stopReason").asText()).isEqualTo("aborted");
    assertThat(aborted.at("/message/content/0/text").asText()).startsWith("This is a slow");
    assertThat(Files.readString(home.resolve("history")))
        .contains(":read the file", ":!echo hi", ":/tree", ":slow please");
  }

  /** Bad input from scripts and the keyboard: one line each, and the session goes on. */
  @Test
  void failingAndAbortedScriptCommandsAndCancelledDialogsLeaveTheSessionIntact() throws Exception {
    Path home = Files.createDirectories(dir.resolve("home"));
    Path work = Files.createDirectories(dir.resolve("work"));
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"still here\"}\n");
    Files.writeString(
        work.resolve("bad.js"),
        """
        export default function (graft) {
          graft.registerCommand("boom", { description: "a bug", handler: async () => { const x = undefined; return x.y; } });
          graft.registerCommand("hang", { description: "never ends", handler: (args, ctx) => {
            ctx.ui.notify("hanging", "info");
            return new Promise(() => {});
          } });
          graft.registerCommand("ask", { description: "asks twice", handler: async (args, ctx) => {
            const sure = await ctx.ui.confirm("Sure?", "really");
            const name = await ctx.ui.input("Name?", "");
            ctx.ui.setStatus("ask", `asked: ${sure} ${name}`);
          } });
        }
        """);
    tmux =
        TmuxTerminal.start(
            dir,
            work,
            Map.of("GRAFT_HOME", home.toString()),
            List.of("--provider", "scripted", "--model", "turns.jsonl", "-s", "bad.js"));

    tmux.submit("/boom");
    tmux.awaitScreen(
        s ->
            TmuxTerminal.flat(s)
                .contains(
                    "✗ "
                        + work.resolve("bad.js")
                        + ": /boom command failed: TypeError: Cannot read property 'y' of undefined (at bad.js:2) "),
        "the failure");
    tmux.submit("/hang");
    tmux.awaitScreen(s -> s.contains("ℹ hanging"), "the command running");
    tmux.keys("C-c");
    tmux.awaitScreen(s -> s.contains("⏹ /hang aborted"), "the abort");
    tmux.submit("/nosuchcommand");
    tmux.awaitScreen(
        s -> s.contains("unknown command /nosuchcommand (/help lists the commands)"),
        "the unknown command");
    tmux.submit("/ask");
    tmux.awaitScreen(s -> s.contains("Sure?") && s.contains("really"), "the confirmation");
    tmux.keys("C-c");
    tmux.awaitScreen(s -> s.contains("Sure?: cancelled") && s.contains("Name?"), "the next dialog");
    tmux.type("bob");
    tmux.keys("Enter");
    tmux.awaitScreen(
        s -> s.lines().anyMatch(l -> l.strip().equals("asked: false bob")),
        "the script's status in the footer");

    tmux.submit("hello");
    tmux.awaitScreen(s -> s.contains("still here"), "the answer");
    tmux.submit("/quit");
    assertThat(tmux.awaitExit()).isEqualTo("0");
    String shown = tmux.screen();
    assertThat(shown).doesNotContain("quitting").doesNotContain("Exception");
    List<JsonNode> lines = sessionLines(home);
    assertThat(lines)
        .filteredOn(l -> l.path("type").asText().equals("message"))
        .extracting(l -> l.at("/message/role").asText())
        .containsExactly("user", "assistant");
  }

  @Test
  void whatTheScriptsLoadReportsIsSaidOnTheScreenNotOnlyOnTheClearedStderr() throws Exception {
    Path home = Files.createDirectories(dir.resolve("home"));
    Path work = Files.createDirectories(dir.resolve("work"));
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"still here\"}\n");
    Files.writeString(
        work.resolve("broken.js"),
        """
        export default function (graft) {
          graft.on("context", (event) => {
            return { messages: event.messages ;
          });
        }
        """);
    Files.writeString(
        work.resolve("typo.js"),
        "export default function (graft) { graft.on(\"tool_cal\", () => {}); }\n");
    tmux =
        TmuxTerminal.start(
            dir,
            work,
            Map.of("GRAFT_HOME", home.toString()),
            List.of(
                "--provider",
                "scripted",
                "--model",
                "turns.jsonl",
                "-s",
                "broken.js",
                "-s",
                "typo.js"));
    tmux.awaitPrompt();
    tmux.awaitScreen(
        s ->
            TmuxTerminal.flat(s)
                .contains(
                    "[typo.js] pi.on: unknown event \"tool_cal\": graft never emits it, so this"
                        + " handler is never called (did you mean \"tool_call\"?)"),
        "the warning its load gave");
    tmux.awaitScreen(
        s ->
            TmuxTerminal.flat(s)
                .contains(
                    "script "
                        + work.resolve("broken.js")
                        + " not loaded: loading failed: SyntaxError: Expected comma but found ;"
                        + " (at broken.js:3)"),
        "the load failure");
    tmux.submit("hello");
    tmux.awaitScreen(s -> s.contains("still here"), "the answer: the run goes on");
  }

  private static List<JsonNode> sessionLines(Path home) throws IOException {
    try (Stream<Path> files = Files.walk(home.resolve("sessions"))) {
      List<Path> sessions = files.filter(p -> p.toString().endsWith(".jsonl")).toList();
      assertThat(sessions).hasSize(1);
      List<JsonNode> lines = new ArrayList<>();
      for (String line : Files.readAllLines(sessions.getFirst())) {
        lines.add(Json.parse(line));
      }
      return lines;
    }
  }

  private static JsonNode only(List<JsonNode> lines, Predicate<JsonNode> which) {
    List<JsonNode> found = lines.stream().filter(which).toList();
    assertThat(found).hasSize(1);
    return found.getFirst();
  }
}
