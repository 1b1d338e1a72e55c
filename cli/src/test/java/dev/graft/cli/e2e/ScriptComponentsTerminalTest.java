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
 * What a script draws, in a real pseudo-terminal ({@link TmuxTerminal}): a widget that ticks on a
 * timer, a ctx.ui.custom dialog answering keys, a footer in place of graft's, a message renderer's
 * component and a tool's renderCall and renderResult; and the way out of a dialog whose script
 * never lets go.
 */
class ScriptComponentsTerminalTest {
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
      import { Box, SelectList, Text, truncateToWidth } from "@mariozechner/pi-tui";
      import { DynamicBorder, getSelectListTheme } from "@mariozechner/pi-coding-agent";
      import { Type } from "typebox";

      export default function (pi) {
        pi.on("session_start", (event, ctx) => {
          let ticks = 0;
          ctx.ui.setWidget("ticker", (tui, theme) => {
            const timer = setInterval(() => { ticks++; tui.requestRender(); }, 200);
            return { render: (w) => [theme.fg("accent", "ticker " + ticks)], invalidate() {}, dispose() { clearInterval(timer); } };
          });
          ctx.ui.setWidget("below", ["a widget below the editor"], { placement: "belowEditor" });
        });
        pi.registerCommand("colour", { description: "pick a colour", handler: async (args, ctx) => {
          const colour = await ctx.ui.custom((tui, theme, kb, done) => {
            const list = new SelectList([{ value: "red" }, { value: "green" }, { value: "blue", description: "the sky" }],
              5, getSelectListTheme());
            list.onSelect = (item) => done(item.value);
            list.onCancel = () => done(null);
            const border = new DynamicBorder((s) => theme.fg("accent", s));
            return {
              render: (w) => [...border.render(w), " Which colour?", ...list.render(w), ...border.render(w)],
              handleInput: (data) => { list.handleInput(data); tui.requestRender(); },
              invalidate() {},
            };
          });
          pi.sendMessage({ customType: "colour", content: String(colour), display: true });
        } });
        pi.registerCommand("clingy", { handler: async (args, ctx) => {
          const answer = await ctx.ui.custom(() => ({ render: () => ["I never call done()"], handleInput() {}, invalidate() {} }));
          ctx.ui.notify("clingy gave " + answer, "info");
        } });
        pi.registerCommand("footer", { handler: async (args, ctx) => {
          ctx.ui.setFooter((tui, theme, data) => ({
            render: (w) => [truncateToWidth(theme.fg("dim", "my footer: " + [...data.getExtensionStatuses().values()].join(",")), w)],
            invalidate() {},
          }));
          ctx.ui.setStatus("mode", "planning");
        } });
        pi.registerMessageRenderer("colour", (message, { expanded }, theme) => {
          const box = new Box(1, 0, (t) => theme.bg("customMessageBg", t));
          box.addChild(new Text(theme.fg("success", "chosen: ") + message.content + (expanded ? " (expanded)" : ""), 0, 0));
          return box;
        });
        pi.registerTool({
          name: "greet", label: "Greet", description: "Greets someone", parameters: Type.Object({ who: Type.String() }),
          async execute(id, params) { return { content: [{ type: "text", text: "hi " + params.who }], details: { who: params.who } }; },
          renderCall: (args, theme) => new Text(theme.bold("greeting ") + args.who, 0, 0),
          renderResult: (result, options, theme) => new Text("greeted " + result.details.who + " by renderResult", 0, 0),
        });
      }
      """;

  private void start(String turns) throws Exception {
    Path home = Files.createDirectories(dir.resolve("home"));
    Path work = Files.createDirectories(dir.resolve("work"));
    Files.writeString(work.resolve("draws.ts"), SCRIPT);
    Files.writeString(work.resolve("turns.jsonl"), turns);
    tmux =
        TmuxTerminal.start(
            dir,
            work,
            Map.of("GRAFT_HOME", home.toString()),
            List.of("--provider", "scripted", "--model", "turns.jsonl", "-s", "draws.ts"));
    tmux.awaitPrompt();
  }

  @Test
  void aWidgetADialogAFooterAMessageAndAToolAreDrawnByTheScript() throws Exception {
    start(
        """
        {"toolCalls": [{"name": "greet", "arguments": {"who": "Ada"}}]}
        {"text": "greeted"}
        """);
    // the widget ticks on its own, above the editor; the lines below it
    tmux.awaitScreen(s -> s.contains("ticker 3"), "the ticking widget");
    tmux.awaitScreen(
        s -> s.matches("(?s).*ticker \\d+\\n─+\\n>\\s*\\n─+\\n a widget below the editor\\n.*"),
        "the widgets around the editor");
    tmux.submit("/colour");
    tmux.awaitScreen(s -> s.contains(" Which colour?\n→ red\n  green\n  blue"), "the dialog");
    tmux.keys("Down");
    tmux.awaitScreen(s -> s.contains("  red\n→ green"), "green chosen");
    tmux.keys("Enter");
    // the message the command sent, drawn by its renderer's component
    tmux.awaitScreen(
        s -> s.contains("chosen: green") && TmuxTerminal.idle(s), "the rendered message");
    tmux.keys("C-o");
    tmux.awaitScreen(s -> s.contains("chosen: green (expanded)"), "the message expanded");
    tmux.keys("C-o");
    tmux.submit("/footer");
    tmux.awaitScreen(s -> s.contains("my footer: planning"), "the script's footer");
    assertThat(tmux.screen()).doesNotContain("scripted/scripted • medium");
    tmux.submit("go");
    tmux.awaitScreen(
        s -> s.contains("greeting Ada\n greeted Ada by renderResult"),
        "the tool drawn by its renderers");
    tmux.awaitScreen(s -> s.contains("greeted") && TmuxTerminal.idle(s), "the answer");
  }

  @Test
  void escTwiceLeavesADialogWhoseScriptNeverLetsGo() throws Exception {
    start("{\"text\": \"unused\"}\n");
    tmux.submit("/clingy");
    tmux.awaitScreen(s -> s.contains("I never call done()"), "the dialog");
    tmux.keys("Escape");
    tmux.awaitScreen(
        s -> s.contains("I never call done()\nEsc again closes it"),
        "the hint after the first Esc");
    tmux.keys("Escape");
    tmux.awaitScreen(
        s -> s.contains("clingy gave undefined") && TmuxTerminal.idle(s), "the editor back");
  }
}
