package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What graft's own lines look like in the transcript of a real pseudo-terminal: a choice made in a
 * picker said once, NO_COLOR dropping colours but not bold or the mark of the user's message, and
 * the tables of /hotkeys and /help wrapping under their own column.
 */
class TranscriptLinesTerminalTest {
  private static final String MODELS =
      """
      {"providers": {"ollama": {"models": [{"id": "qwen3:8b", "reasoning": true}, {"id": "llama3"}]}}}
      """;

  @TempDir Path dir;
  private TmuxTerminal tmux;

  @AfterEach
  void stopTmux() throws Exception {
    if (tmux != null) {
      tmux.close();
    }
  }

  private void start(String turns, Map<String, String> env) throws Exception {
    Path home = Files.createDirectories(dir.resolve("home"));
    Path work = Files.createDirectories(dir.resolve("work"));
    Files.writeString(home.resolve("models.json"), MODELS);
    Files.writeString(work.resolve("turns.jsonl"), turns);
    Map<String, String> all = new HashMap<>(env);
    all.put("GRAFT_HOME", home.toString());
    tmux =
        TmuxTerminal.start(
            dir, work, all, List.of("--provider", "scripted", "--model", "turns.jsonl"));
    tmux.awaitPrompt();
  }

  private static long count(String screen, String text) {
    return screen.split(Pattern.quote(text), -1).length - 1;
  }

  /** /thinking, /settings → Theme and Ctrl+L each say the choice once, in one wording. */
  @Test
  void aChoiceMadeInAPickerIsShownOnce() throws Exception {
    start("{\"text\": \"unused\"}\n", Map.of());
    tmux.submit("/thinking");
    tmux.awaitScreen(s -> s.contains("1-9 pick"), "the thinking picker");
    tmux.keys("3");
    tmux.awaitScreen(s -> s.contains("Thinking level: low"), "the level chosen");
    tmux.submit("/settings");
    tmux.awaitScreen(s -> s.contains("Hide thinking"), "the settings");
    tmux.keys("3");
    tmux.awaitScreen(s -> s.contains("› 1 dark"), "the themes");
    tmux.keys("2");
    // Esc once the settings list is back with the new theme: one typed while the list reopens
    // reaches the prompt instead, and the list stays open.
    tmux.awaitScreen(
        s -> s.contains("Theme: light") && s.contains("Theme  light"), "the settings again");
    tmux.keys("Escape");
    tmux.awaitPrompt();
    tmux.keys("C-l");
    tmux.awaitScreen(s -> s.contains("ollama/llama3"), "the model picker");
    tmux.type("qwen");
    tmux.keys("Enter");
    tmux.awaitScreen(s -> s.contains("Model: ollama/qwen3:8b"), "the model chosen");
    tmux.awaitPrompt();
    String shown = tmux.screen();
    assertThat(count(shown, "Thinking level: low")).as(shown).isEqualTo(1);
    assertThat(count(shown, "Theme: light")).as(shown).isEqualTo(1);
    assertThat(count(shown, "Model: ollama/qwen3:8b")).as(shown).isEqualTo(1);
    assertThat(shown).doesNotContain("Thinking: ");
  }

  /**
   * NO_COLOR drops colours only: a heading stays bold, the user's message stays marked (inverse),
   * and no colour sequence reaches the terminal.
   */
  @Test
  void noColorKeepsBoldAndMarksTheUsersMessage() throws Exception {
    start(
        "{\"text\": \"# Findings\\n\\nThe answer has **strong** words.\"}\n",
        Map.of("NO_COLOR", "1"));
    tmux.submit("what did you find");
    tmux.awaitScreen(s -> s.contains("strong words"), "the answer");
    tmux.awaitPrompt();
    String coloured = tmux.screenWithColours();
    List<String> lines = coloured.lines().toList();
    String heading = lines.stream().filter(l -> l.contains("Findings")).findFirst().orElseThrow();
    String user =
        lines.stream().filter(l -> l.contains("what did you find")).findFirst().orElseThrow();
    String strong = lines.stream().filter(l -> l.contains("strong")).findFirst().orElseThrow();
    assertThat(heading).as(coloured).containsPattern(attribute(1));
    assertThat(strong).as(coloured).containsPattern(attribute(1) + "strong");
    assertThat(user).as(coloured).containsPattern(attribute(7) + " what did you find");
    // no foreground or background colour: 30-37, 39-47, 49, 90-97, 100-107, 38;…, 48;…
    assertThat(coloured)
        .as(coloured)
        .doesNotContainPattern("\033\\[[0-9;]*\\b(3[0-8]|4[0-8]|9[0-7]|10[0-7])[;m]");
  }

  /** A select graphic rendition turning attribute {@code n} on (tmux joins them: 1;4m). */
  private static String attribute(int n) {
    return "\033\\[(?:[0-9]+;)*" + n + "(?:;[0-9]+)*m";
  }

  /** At 80 columns a long description goes on under its own column, not at column 0. */
  @Test
  void hotkeysAndHelpWrapUnderTheirDescriptionColumn() throws Exception {
    start("{\"text\": \"unused\"}\n", Map.of());
    tmux.tmux("resize-window", "-t", "graft", "-x", "80");
    tmux.awaitScreen(
        s -> s.lines().anyMatch(l -> l.equals("─".repeat(80))), "the editor 80 columns wide");
    tmux.submit("/hotkeys");
    tmux.awaitScreen(s -> s.contains("(sent"), "the hotkeys");
    List<String> hotkeys = tmux.screen().lines().toList();
    assertContinuedUnder(hotkeys, "app.clear", "app.exit", 48);
    assertContinuedUnder(hotkeys, "  Pastes", "────", 21);
    tmux.submit("/help");
    tmux.awaitScreen(s -> s.contains("all keys, and how"), "the help");
    List<String> help = tmux.screen().lines().toList();
    assertContinuedUnder(help, "  Enter  ", "  Alt+Enter", 24);
    assertContinuedUnder(help, "  !cmd, !!cmd", "  In pickers", 24);
  }

  /**
   * The last row holding {@code first} is followed, up to the next row holding {@code next}, by at
   * least one row, each indented by {@code column} spaces.
   */
  private static void assertContinuedUnder(
      List<String> lines, String first, String next, int column) {
    int at =
        IntStream.range(0, lines.size())
            .filter(i -> lines.get(i).contains(first))
            .reduce((a, b) -> b)
            .orElseThrow();
    int end =
        IntStream.range(at + 1, lines.size())
            .filter(i -> lines.get(i).contains(next))
            .findFirst()
            .orElseThrow();
    List<String> rest = lines.subList(at + 1, end);
    String shown = String.join("\n", lines.subList(at, end));
    assertThat(rest).as(shown).isNotEmpty();
    assertThat(rest)
        .as(shown)
        .allMatch(l -> l.startsWith(" ".repeat(column)) && !l.isBlank() && l.length() <= 80);
  }
}
