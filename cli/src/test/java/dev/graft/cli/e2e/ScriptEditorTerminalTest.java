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
 * A script's own editor (ctx.ui.setEditorComponent) in a real pseudo-terminal: a modal editor as
 * the reference's modal-editor.ts example has it takes the keys, shows its mode in its border and
 * submits to the model; setEditorComponent(undefined) gives graft's editor back; an editor whose
 * render throws gives graft's editor back with the text and a notice.
 */
class ScriptEditorTerminalTest {
  @TempDir Path dir;
  private TmuxTerminal tmux;

  @AfterEach
  void stopTmux() throws Exception {
    if (tmux != null) {
      tmux.close();
    }
  }

  private static final String MODAL =
      """
      import { CustomEditor } from "@mariozechner/pi-coding-agent";
      import { matchesKey, truncateToWidth, visibleWidth } from "@mariozechner/pi-tui";

      const NORMAL_KEYS = { h: "\\x1b[D", l: "\\x1b[C", "0": "\\x01", $: "\\x05", x: "\\x1b[3~", i: null };

      class ModalEditor extends CustomEditor {
        mode = "insert";
        handleInput(data) {
          if (matchesKey(data, "escape")) {
            if (this.mode === "insert") this.mode = "normal";
            else super.handleInput(data);
            return;
          }
          if (this.mode === "insert") { super.handleInput(data); return; }
          if (data in NORMAL_KEYS) {
            if (data === "i") this.mode = "insert";
            else super.handleInput(NORMAL_KEYS[data]);
            return;
          }
          if (data.length === 1 && data.charCodeAt(0) >= 32) return;
          super.handleInput(data);
        }
        render(width) {
          const lines = super.render(width);
          const label = this.mode === "normal" ? " NORMAL " : " INSERT ";
          const last = lines.length - 1;
          lines[last] = truncateToWidth(lines[last], width - label.length, "") + label;
          return lines;
        }
      }

      export default function (pi) {
        pi.on("session_start", (_event, ctx) => {
          ctx.ui.setEditorComponent((tui, theme, kb) => new ModalEditor(tui, theme, kb));
        });
        pi.registerCommand("plain", { handler: async (args, ctx) => {
          ctx.ui.setEditorComponent(undefined);
          ctx.ui.notify("plain editor: " + String(ctx.ui.getEditorComponent()), "info");
        } });
      }
      """;

  private static final String HOSTILE =
      """
      import { CustomEditor } from "@mariozechner/pi-coding-agent";
      class Fragile extends CustomEditor {
        render(width) {
          if (this.getText().includes("boom")) throw new Error("the editor exploded");
          return ["fragile editor", ...super.render(width)];
        }
      }
      export default function (pi) {
        pi.on("session_start", (_event, ctx) => {
          ctx.ui.setEditorComponent((tui, theme, kb) => new Fragile(tui, theme, kb));
        });
      }
      """;

  private void start(String script, String turns) throws Exception {
    Path home = Files.createDirectories(dir.resolve("home"));
    Path work = Files.createDirectories(dir.resolve("work"));
    Files.writeString(work.resolve("editor.ts"), script);
    Files.writeString(work.resolve("turns.jsonl"), turns);
    tmux =
        TmuxTerminal.start(
            dir,
            work,
            Map.of("GRAFT_HOME", home.toString()),
            List.of("--provider", "scripted", "--model", "turns.jsonl", "-s", "editor.ts"));
  }

  @Test
  void aModalEditorTakesTheKeysShowsItsModeAndSubmits() throws Exception {
    start(MODAL, "{\"text\": \"the model's answer\"}\n");
    tmux.awaitScreen(s -> s.contains("─ INSERT"), "the script's editor in insert mode");
    tmux.type("hello modal");
    tmux.awaitScreen(s -> s.contains("hello modal"), "the text typed");
    tmux.keys("Escape");
    tmux.awaitScreen(s -> s.contains("─ NORMAL"), "normal mode");
    // h moves left (twice: onto the "a"), x deletes under the cursor
    tmux.keys("h");
    tmux.keys("h");
    tmux.keys("x");
    tmux.awaitScreen(s -> s.contains("hello modl"), "the normal mode's keys");
    tmux.keys("i");
    tmux.awaitScreen(s -> s.contains("─ INSERT"), "insert mode again");
    tmux.keys("Enter");
    tmux.awaitScreen(
        s -> s.contains("the model's answer") && !s.contains(" to interrupt)"),
        "the prompt sent and answered");
    assertThat(tmux.screen()).contains("hello modl").doesNotContain(">");
    // the script's editor is empty again, and a command typed in it runs
    tmux.type("/plain");
    tmux.keys("Enter");
    tmux.awaitScreen(
        s -> s.contains("plain editor: undefined") && TmuxTerminal.idle(s), "graft's editor back");
    assertThat(tmux.screen()).doesNotContain("─ INSERT");
  }

  @Test
  void anEditorWhoseRenderThrowsGivesGraftsEditorBackWithTheText() throws Exception {
    start(HOSTILE, "{\"text\": \"unused\"}\n");
    tmux.awaitScreen(s -> s.contains("fragile editor"), "the script's editor");
    tmux.type("boom");
    tmux.awaitScreen(
        s ->
            TmuxTerminal.flat(s).contains("the editor exploded")
                && TmuxTerminal.flat(s).contains("(graft's editor is back)")
                && s.contains("> boom"),
        "graft's editor back, with the text and a notice");
    assertThat(tmux.screen()).doesNotContain("fragile editor");
  }
}
