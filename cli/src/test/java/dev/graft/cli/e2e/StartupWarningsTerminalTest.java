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
 * What graft warns of while it starts (a broken settings.json, a provider name in auth.json that is
 * a typo) stays on the interactive screen, whose first drawing clears what stderr showed.
 */
class StartupWarningsTerminalTest {
  @TempDir Path dir;
  private TmuxTerminal tmux;

  @AfterEach
  void stopTmux() throws Exception {
    if (tmux != null) {
      tmux.close();
    }
  }

  @Test
  void theConfigurationsWarningsShowOnTheScreenOnce() throws Exception {
    Path home = Files.createDirectories(dir.resolve("home"));
    Path work = Files.createDirectories(dir.resolve("work"));
    Files.writeString(home.resolve("settings.json"), "{ \"theme\": ");
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"Hello from the model.\"}\n");
    tmux =
        TmuxTerminal.start(
            dir,
            work,
            Map.of("GRAFT_HOME", home.toString()),
            List.of("-c", "--provider", "scripted", "--model", "turns.jsonl"));
    tmux.awaitScreen(s -> s.contains("scripted/scripted"), "the footer");
    tmux.submit("hi");
    tmux.awaitScreen(s -> s.contains("Hello from the model."), "the answer");

    List<String> lines = tmux.screen().lines().toList();
    assertThat(lines)
        .as("the settings.json warning, once")
        .filteredOn(l -> l.contains("settings.json"))
        .hasSize(1);
    assertThat(lines)
        .as("the note that -c found no session, once")
        .filteredOn(l -> l.contains("no earlier session in"))
        .hasSize(1);
    tmux.submit("/quit");
    assertThat(tmux.awaitExit()).isEqualTo("0");
  }
}
