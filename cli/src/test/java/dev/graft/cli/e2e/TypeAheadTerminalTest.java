package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.session.SessionEntry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Keys typed while graft starts, before its first screen ({@link TmuxTerminal}): the terminal holds
 * them in its line mode, which turns Enter into a line feed. They count as the keys they were.
 */
class TypeAheadTerminalTest {
  @TempDir Path dir;
  private TmuxTerminal tmux;

  @AfterEach
  void stopTmux() throws Exception {
    if (tmux != null) {
      tmux.close();
    }
  }

  @Test
  void keysTypedBeforeTheFirstScreenAreKeptAndEnterSends() throws Exception {
    Path home = Files.createDirectories(dir.resolve("home"));
    Path work = Files.createDirectories(dir.resolve("work"));
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"Hello from the model.\"}\n");
    tmux =
        TmuxTerminal.start(
            dir,
            work,
            Map.of("GRAFT_HOME", home.toString()),
            List.of("--provider", "scripted", "--model", "turns.jsonl"));
    // At once, while the JVM starts: a bare Enter, a prompt with Enter, and a draft.
    tmux.keys("Enter");
    tmux.type("hello");
    tmux.keys("Enter");
    tmux.type("draft");
    assertThat(tmux.screen())
        .as("the keys went ahead of graft's first screen")
        .doesNotContain("Enter sends");

    tmux.awaitScreen(
        s -> s.contains("Hello from the model.") && s.contains("> draft"),
        "the answer to the prompt typed ahead, and the draft in the editor");
    List<String> lines = tmux.screen().lines().toList();
    int draft = lines.indexOf("> draft");
    assertThat(lines.get(draft + 1))
        .as("the editor holds the draft alone, with no empty line from the Enter typed ahead")
        .matches("─+");
    List<String> sent =
        LastSession.entries(home, work).stream()
            .filter(SessionEntry.Message.class::isInstance)
            .map(e -> ((SessionEntry.Message) e).message())
            .filter(AgentMessage.User.class::isInstance)
            .map(m -> ((AgentMessage.User) m).content().text(""))
            .toList();
    assertThat(sent).containsExactly("hello");
  }
}
