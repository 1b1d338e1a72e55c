package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Paths wider than the terminal ({@link TmuxTerminal}, 120 columns): graft never breaks one, the
 * terminal wraps it softly, so that it reads, and is copied, whole.
 */
class LongPathsTerminalTest {
  private static final String LONG =
      "a-directory-whose-name-is-long-enough-to-need-wrapping/"
          + "and-another-one-below-it-that-is-long-as-well";

  @TempDir Path dir;
  private TmuxTerminal tmux;

  @AfterEach
  void stopTmux() throws Exception {
    if (tmux != null) {
      tmux.close();
    }
  }

  @Test
  void sessionExportAndQuitPrintLongPathsWhole() throws Exception {
    Path home = Files.createDirectories(dir.resolve("home-" + LONG));
    Path work = Files.createDirectories(dir.resolve("work-" + LONG));
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"Hello from the model.\"}\n");
    tmux =
        TmuxTerminal.start(
            dir,
            work,
            Map.of("GRAFT_HOME", home.toString()),
            List.of("--provider", "scripted", "--model", "turns.jsonl"));
    tmux.submit("hi");
    tmux.awaitScreen(s -> s.contains("Hello from the model."), "the answer");
    Path session = LastSession.file(home, work);
    assertThat(session.toString().length()).isGreaterThan(2 * 120);
    String export =
        work.resolve(session.getFileName().toString().replace(".jsonl", ".html")).toString();

    tmux.submit("/session");
    tmux.awaitScreen(s -> s.contains("Cost:"), "the session's lines");
    tmux.submit("/export");
    tmux.awaitScreen(s -> s.contains("Exported to"), "the export's line");
    tmux.submit("/quit");
    assertThat(tmux.awaitExit()).isEqualTo("0");

    // capture-pane -J joins the rows the terminal wrapped: a path graft broke stays in pieces
    List<String> lines = tmux.screen().lines().toList();
    assertThat(lines)
        .as("/session's file and directory, the export and the quit line, each path whole")
        .contains(work.toString(), export)
        .filteredOn(session.toString()::equals)
        .hasSize(2);
    int file = lines.indexOf("File:");
    assertThat(file).isNotNegative();
    assertThat(lines.get(file + 1)).isEqualTo(session.toString());
    assertThat(lines.get(file + 2)).startsWith("Id:");
    int saved = lines.indexOf("session saved in");
    assertThat(lines.subList(saved, saved + 3))
        .containsExactly("session saved in", session.toString(), "(continue it with graft -c)");
    assertThat(lines).allMatch(l -> l.length() <= 120 || l.startsWith("/"));
  }
}
