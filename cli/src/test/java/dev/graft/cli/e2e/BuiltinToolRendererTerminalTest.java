package dev.graft.cli.e2e;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A script that replaces the built-in read, as the reference's built-in-tool-renderer example does,
 * in a real pseudo-terminal ({@link TmuxTerminal}): the run says so, the built-in runs through
 * createReadTool, and the script's renderCall and renderResult draw the call.
 */
class BuiltinToolRendererTerminalTest {
  @TempDir Path dir;
  private TmuxTerminal tmux;

  @AfterEach
  void stopTmux() throws Exception {
    if (tmux != null) {
      tmux.close();
    }
  }

  private static final String SCRIPT =
      """
      import { createReadTool } from "@mariozechner/pi-coding-agent";
      import { Text } from "@mariozechner/pi-tui";

      export default function (pi) {
        const read = createReadTool(process.cwd());
        pi.registerTool({
          name: "read", label: "read", description: read.description, parameters: read.parameters,
          execute: (id, params, signal, onUpdate) => read.execute(id, params, signal, onUpdate),
          renderCall: (args, theme) => new Text(theme.bold("reading ") + args.path, 0, 0),
          renderResult: (result) => new Text(result.content[0].text.split("\\n").length + " lines read", 0, 0),
        });
      }
      """;

  @Test
  void theReplacedReadIsAnnouncedRunsTheBuiltInAndIsDrawnByTheScript() throws Exception {
    Path home = Files.createDirectories(dir.resolve("home"));
    Path work = Files.createDirectories(dir.resolve("work"));
    Files.writeString(work.resolve("compact.ts"), SCRIPT);
    Files.writeString(work.resolve("notes.txt"), "one\ntwo\nthree");
    Files.writeString(
        work.resolve("turns.jsonl"),
        """
        {"toolCalls": [{"name": "read", "arguments": {"path": "notes.txt"}}]}
        {"text": "read it"}
        """);
    tmux =
        TmuxTerminal.start(
            dir,
            work,
            Map.of("GRAFT_HOME", home.toString()),
            List.of("--provider", "scripted", "--model", "turns.jsonl", "-s", "compact.ts"));
    tmux.awaitPrompt();
    tmux.awaitScreen(
        s -> s.contains("script compact.ts replaces built-in tool read"), "the notice");
    tmux.submit("go");
    tmux.awaitScreen(
        s -> s.contains("reading notes.txt\n 3 lines read"), "the call drawn by its renderers");
    tmux.awaitScreen(s -> s.contains("read it") && TmuxTerminal.idle(s), "the answer");
  }
}
