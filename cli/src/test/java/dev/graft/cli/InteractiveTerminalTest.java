package dev.graft.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The interactive mode in a real pseudo-terminal: graft runs inside a detached tmux session
 * (120×40, on a socket of its own), keys are sent with send-keys and the screen is read with
 * capture-pane, polled until what is expected shows up.
 */
class InteractiveTerminalTest {
  private static final Duration WAIT = Duration.ofSeconds(15);
  private static final String SLOW = "This is a slow answer that goes on and on so that there is time to press Ctrl+C long before it ends;"
      + " it goes on and on and on and on and on.";
  private static final String TURNS = """
      {"thinking": "The user wants the file read.", "toolCalls": [{"name": "read", "arguments": {"path": "a.txt"}}]}
      {"text": "The file says: hello file.", "chunkSize": 4, "delayMs": 20}
      {"text": "## Goal\\nThe summary of the scripted session."}
      """ + "{\"text\": \"" + SLOW + "\", \"chunkSize\": 2, \"delayMs\": 120}\n";

  @TempDir Path dir;
  private Path socket;

  @AfterEach
  void stopTmux() throws Exception {
    if (socket != null) {
      run(List.of("tmux", "-S", socket.toString(), "kill-server"));
    }
  }

  @Test
  void aSessionDrivenWithKeys() throws Exception {
    requireTmux();
    Path home = Files.createDirectories(dir.resolve("home"));
    Path work = Files.createDirectories(dir.resolve("work"));
    Files.writeString(work.resolve("a.txt"), "hello file\n");
    Files.writeString(work.resolve("turns.jsonl"), TURNS);
    // keep only the newest message when compacting, so that /compact has something to summarize
    Files.writeString(home.resolve("settings.json"), "{\"compaction\": {\"keepRecentTokens\": 1}}");
    Path exit = dir.resolve("exit-code");
    Path script = dir.resolve("graft.sh");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Files.writeString(script, "cd '" + work + "'\n"
        + "GRAFT_HOME='" + home + "' '" + java + "' --enable-native-access=ALL-UNNAMED -cp '" + System.getProperty("java.class.path") + "'"
        + " dev.graft.cli.Main --provider scripted --model turns.jsonl\n"
        + "echo $? > '" + exit + "'\n");
    socket = dir.resolve("tmux.sock");
    tmux("new-session", "-d", "-s", "graft", "-x", "120", "-y", "40", "sh '" + script + "'");

    awaitScreen(s -> s.contains("scripted/scripted · thinking off") && s.contains("> "), "the status line and the prompt");

    type("read the file");
    keys("Enter");
    awaitScreen(s -> s.contains("● read a.txt") && s.contains("⎿ read: hello file"), "the tool call and its result");
    awaitScreen(s -> s.contains("The file says: hello file."), "the streamed answer");
    assertThat(screen()).contains("The user wants the file read."); // the thinking, dimmed

    type("!echo hi");
    keys("Enter");
    awaitScreen(s -> s.contains("$ echo hi\nhi\n"), "the shell command's output");

    type("/compact");
    keys("Enter");
    awaitScreen(s -> s.contains("✓ compacted the context"), "the compaction");

    type("/tree");
    keys("Enter");
    awaitScreen(s -> s.contains("Go back to") && s.contains("← here") && s.contains("1-9 pick"), "the tree picker");
    keys("Up");
    keys("Enter");
    awaitScreen(s -> s.contains("Summarize the branch you leave?") && s.contains("No summary"), "the summary choice");
    keys("Enter");
    awaitScreen(s -> s.contains("Label for this point"), "the label input");
    keys("Enter");
    awaitScreen(s -> s.contains("Moved to !echo hi"), "the move");

    type("slow please");
    keys("Enter");
    awaitScreen(s -> s.contains("This is a slow"), "the start of the slow answer");
    tmux("resize-window", "-t", "graft", "-x", "50"); // narrower while the answer streams
    awaitScreen(s -> s.contains("time to press"), "more of the slow answer after the resize");
    keys("C-c");
    awaitScreen(s -> s.contains("⏹ aborted"), "the abort");
    String shown = screen();
    assertThat(shown).doesNotContain("it goes on and on and on and on and on.");
    // Wrapped at words to the new width: no word is cut (the last one may be, by the abort).
    String answer = shown.substring(shown.indexOf("This is a slow"), shown.indexOf("aborting…")).strip();
    List<String> words = List.of(answer.split("\\s+"));
    List<String> original = List.of(SLOW.split("\\s+"));
    assertThat(words.subList(0, words.size() - 1)).allMatch(original::contains);
    assertThat(answer.lines()).hasSizeGreaterThan(1).allMatch(l -> l.length() < 50);

    type("/quit");
    keys("Enter");
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (!Files.exists(exit) && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    assertThat(exit).as("graft exited").exists();
    assertThat(Files.readString(exit).strip()).isEqualTo("0");

    List<JsonNode> lines = sessionLines(home);
    JsonNode bash = only(lines, l -> l.at("/message/role").asText().equals("bashExecution"));
    assertThat(bash.at("/message/command").asText()).isEqualTo("echo hi");
    assertThat(bash.at("/message/output").asText()).isEqualTo("hi\n");
    JsonNode compaction = only(lines, l -> l.path("type").asText().equals("compaction"));
    assertThat(compaction.path("summary").asText()).startsWith("## Goal\nThe summary of the scripted session.");
    JsonNode marker = only(lines, l -> l.path("customType").asText().equals("graft.leaf"));
    assertThat(marker.at("/data/leafId").asText()).as("/tree moved the leaf to the shell command").isEqualTo(bash.path("id").asText());
    JsonNode slow = only(lines, l -> l.at("/message/content").asText().equals("slow please"));
    assertThat(slow.path("parentId").asText()).as("the next prompt branches off there").isEqualTo(bash.path("id").asText());
    JsonNode aborted = only(lines, l -> l.path("parentId").asText().equals(slow.path("id").asText()));
    assertThat(aborted.at("/message/stopReason").asText()).isEqualTo("aborted");
    assertThat(aborted.at("/message/content/0/text").asText()).startsWith("This is a slow");
    assertThat(Files.readString(home.resolve("history"))).contains(":read the file", ":!echo hi", ":/tree", ":slow please");
  }

  private static void requireTmux() throws Exception {
    try {
      Process p = new ProcessBuilder("tmux", "-V").redirectErrorStream(true).start();
      if (p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0) {
        return;
      }
    } catch (IOException e) {
      // not installed
    }
    fail("tmux is needed to test the interactive mode in a pseudo-terminal: install it (apt-get install tmux) and run the test again");
  }

  private void tmux(String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("tmux", "-S", socket.toString()));
    command.addAll(List.of(args));
    String output = run(command);
    if (output == null) {
      fail("tmux " + String.join(" ", args) + " failed");
    }
  }

  private void type(String text) throws Exception {
    tmux("send-keys", "-t", "graft", "-l", text);
  }

  private void keys(String key) throws Exception {
    tmux("send-keys", "-t", "graft", key);
  }

  private String screen() throws Exception {
    String out = run(List.of("tmux", "-S", socket.toString(), "capture-pane", "-p", "-J", "-t", "graft", "-S", "-500"));
    return out == null ? "" : out;
  }

  private void awaitScreen(Predicate<String> condition, String what) throws Exception {
    long deadline = System.nanoTime() + WAIT.toNanos();
    String last = "";
    while (System.nanoTime() < deadline) {
      last = screen();
      if (condition.test(last)) {
        return;
      }
      Thread.sleep(100);
    }
    fail("waited " + WAIT.toSeconds() + " s for " + what + "; the screen shows:\n" + last);
  }

  /** Runs a command; its output, or null when it failed. */
  private static String run(List<String> command) throws Exception {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0 ? out : null;
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
