package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.scripting.api.EventContext;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The built-in "@mariozechner/pi-tui" (and "@earendil-works/pi-tui") and the components of
 * "@mariozechner/pi-coding-agent": what the reference's examples use behaves as the reference's.
 */
class PiTuiModuleTest {
  @TempDir Path temp;

  /**
   * What {@code body} (a handler's body, which returns a value) answers, run in a script with the
   * modules imported.
   */
  private Object run(String body) {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "t.js",
          """
          import { Text, Box, Container, Spacer, Markdown, SelectList, Input, Editor, TruncatedText, matchesKey, parseKey,
            Key, truncateToWidth, visibleWidth, wrapTextWithAnsi, CURSOR_MARKER, isKeyRelease, fuzzyFilter }
            from "@mariozechner/pi-tui";
          import * as earendil from "@earendil-works/pi-tui";
          import { DynamicBorder, BorderedLoader, keyHint, getMarkdownTheme, getSelectListTheme }
            from "@mariozechner/pi-coding-agent";
          export default function (pi) {
            pi.on("agent_start", async (event, ctx) => {
          """
              + body
              + """
                });
              }
              """);
      assertThat(f.load().problems()).isEmpty();
      f.engine.useTerminal(
          new ScriptViewsTest.TestTerminal(
              Map.of("accent", "<a>", "border", "<b>", "dim", "<d>", "muted", "<m>"), Map.of()));
      List<HandlerOutcome> out =
          f.engine.emit("agent_start", ScriptFixture.json("{}"), EventContext.EMPTY);
      if (out.get(0) instanceof HandlerOutcome.Failed failed) {
        throw new AssertionError(failed.failure().message());
      }
      return ((HandlerOutcome.Answered) out.get(0)).value().toString();
    }
  }

  @Test
  void widthsAreCountedAsGraftsTerminalCountsThem() {
    assertThat(
            run(
                """
                return [visibleWidth("abc"), visibleWidth("日本"), visibleWidth("e\\u0301"), visibleWidth("\\x1b[31mred\\x1b[39m"),
                  visibleWidth("🙂"), visibleWidth("a\\tb"), visibleWidth(CURSOR_MARKER + "x")];
                """))
        .isEqualTo("[3,4,1,3,2,5,1]");
  }

  @Test
  void truncateAndWrapKeepStylesAndCountWideCharacters() {
    assertThat(
            run(
                """
                return [truncateToWidth("hello world", 8), truncateToWidth("hello", 8), truncateToWidth("hello", 8, "…", true),
                  truncateToWidth("日本語です", 5, ""), truncateToWidth("\\x1b[31mredredred\\x1b[39m", 5, "."),
                  wrapTextWithAnsi("one two three four", 9), wrapTextWithAnsi("\\x1b[1mbold words here\\x1b[22m", 10),
                  wrapTextWithAnsi("abcdefghij", 4)];
                """))
        .isEqualTo(
            "[\"hello\\u001B[0m...\\u001B[0m\",\"hello\",\"hello   \",\"日本\\u001B[0m\","
                + "\"\\u001B[31mredr\\u001B[0m.\\u001B[0m\",[\"one two\",\"three\",\"four\"],"
                + "[\"\\u001B[1mbold words\",\"\\u001B[1mhere\\u001B[22m\"],[\"abcd\",\"efgh\",\"ij\"]]");
  }

  @Test
  void keysGraftSendsMatchTheReferencesKeyIds() {
    assertThat(
            run(
                """
                const cases = [["\\x1b", Key.escape], ["\\r", Key.enter], ["\\x03", Key.ctrl("c")], ["\\x1b[A", Key.up],
                  ["\\x1b[1;5C", "ctrl+right"], ["\\x1b[Z", Key.shift("tab")], ["\\x1b[13;2u", "shift+enter"], ["\\x1bx", Key.alt("x")],
                  ["\\x1b[3~", Key.delete], ["\\x1b[5~", Key.pageUp], ["\\x7f", Key.backspace], ["a", "a"], ["A", "shift+a"],
                  [" ", Key.space], ["\\x1b[112;6u", Key.ctrlShift("p")], ["\\x1bOB", "down"], ["\\x1b[H", "home"]];
                const misses = cases.filter(([data, id]) => !matchesKey(data, id)).map(([data, id]) => id);
                return { misses, upIsNotDown: matchesKey("\\x1b[A", "down"), parsed: parseKey("\\x1b[1;3D"), release: isKeyRelease("a"),
                  sameModule: earendil.Text === Text };
                """))
        .isEqualTo(
            "{\"misses\":[],\"upIsNotDown\":false,\"parsed\":\"alt+left\",\"release\":false,\"sameModule\":true}");
  }

  @Test
  void textBoxContainerAndSpacerLayOutAsTheReferences() {
    assertThat(
            run(
                """
                const c = new Container();
                c.addChild(new Text("hello world", 1, 1));
                c.addChild(new Spacer(1));
                const box = new Box(2, 0, (t) => "[" + t + "]");
                box.addChild(new Text("x", 0, 0));
                c.addChild(box);
                c.addChild(new Text("", 0, 0));
                c.addChild(new TruncatedText("a long line of text", 0, 0));
                c.addChild(new DynamicBorder());
                return c.render(10);
                """))
        .isEqualTo(
            "[\"          \",\" hello    \",\" world    \",\"          \",\"\",\"[  x       ]\","
                + "\"a long \\u001B[0m...\\u001B[0m\",\"<b>──────────\\u001B[39m\"]");
  }

  @Test
  void selectListMovesWrapsSelectsAndCancels() {
    assertThat(
            run(
                """
                const list = new SelectList([{ value: "a", label: "Alpha" }, { value: "b", label: "Beta", description: "second" },
                  { value: "c", label: "Gamma" }], 2, getSelectListTheme());
                const seen = [];
                list.onSelect = (item) => seen.push("select " + item.value);
                list.onCancel = () => seen.push("cancel");
                list.onSelectionChange = (item) => seen.push("at " + item.value);
                const first = list.render(30);
                list.handleInput("\\x1b[A");
                list.handleInput("\\r");
                list.handleInput("\\x1b");
                return { first, seen, after: list.render(30) };
                """))
        .isEqualTo(
            "{\"first\":[\"<a>→ Alpha\\u001B[39m\",\"  Beta\",\"<m>  (1/3)\\u001B[39m\"],"
                + "\"seen\":[\"at c\",\"select c\",\"cancel\"],\"after\":[\"  Beta\",\"<a>→ Gamma\\u001B[39m\",\"<m>  (3/3)\\u001B[39m\"]}");
  }

  @Test
  void inputAndEditorTakeTypingAndSubmit() {
    assertThat(
            run(
                """
                const input = new Input();
                let submitted;
                input.onSubmit = (v) => { submitted = v; };
                for (const k of ["h", "i", "!", "\\x7f", "\\x1b[D", "\\x01", ">"]) input.handleInput(k);
                input.handleInput("\\r");
                const editor = new Editor(undefined, { borderColor: (s) => s });
                let text;
                editor.onSubmit = (t) => { text = t; };
                for (const k of ["a", "\\x1b[13;2u", "b"]) editor.handleInput(k);
                const lines = editor.render(6);
                editor.handleInput("\\r");
                input.focused = true;
                return { submitted, line: input.render(12)[0], text, lines, after: editor.getText() };
                """))
        .isEqualTo(
            "{\"submitted\":\">hi\",\"line\":\"> >\\u001B_pi:c\\u0007\\u001B[7mh\\u001B[27mi       \","
                + "\"text\":\"a\\nb\",\"lines\":[\"──────\",\"a     \",\"b\\u001B[7m \\u001B[27m    \",\"──────\"],"
                + "\"after\":\"\"}");
  }

  @Test
  void editorEditsAsTheReferencesDoes() {
    assertThat(
            run(
                """
                const type = (e, keys) => { for (const k of keys) e.handleInput(k); return e.getText(); };
                const e = new Editor(undefined, { borderColor: (s) => "[" + s + "]" });
                const changes = [];
                e.onChange = (t) => changes.push(t);
                const out = {};
                // word moves and deletes, Ctrl+A/E, Ctrl+K then Ctrl+Y, Ctrl+C left to the app
                out.words = type(e, [..."one two three", "\\x1bb", "\\x1bb", "X", "\\x05", "\\x17", "\\x01", "\\x0b",
                  "\\x19", "\\x19", "\\x03"]);
                out.changes = changes.length;
                // "\\" then Enter is a new line; Enter submits the trimmed text and empties the editor
                let submitted;
                e.onSubmit = (t) => { submitted = t; };
                e.setText("  first");
                type(e, ["\\\\", "\\r", ..."second  "]);
                out.twoLines = e.getLines();
                e.handleInput("\\r");
                out.submitted = submitted;
                out.empty = e.getText();
                // history: Up on an empty editor brings the last prompts back, Down goes forward again
                e.addToHistory("older");
                e.addToHistory("newer");
                out.history = [type(e, ["\\x1b[A"]), type(e, ["\\x1b[A"]), type(e, ["\\x1b[B"]), type(e, ["\\x1b[B"])];
                // a long line wraps at spaces to the width (one column kept for the cursor)
                e.setText("aaa bbb ccc");
                out.wrapped = e.render(8);
                // Up moves by wrapped line, keeping the column
                type(e, ["\\x1b[A", "Z"]);
                out.afterUp = e.getText();
                // padding, and the cursor in the middle of a line
                const p = new Editor(undefined, { borderColor: (s) => s }, { paddingX: 1 });
                type(p, ["a", "b", "\\x1b[D"]);
                out.padded = p.render(6);
                // many lines scroll; the borders say how many are hidden
                const tall = new Editor({ terminal: { rows: 10 } }, { borderColor: (s) => s });
                tall.setText("1\\n2\\n3\\n4\\n5\\n6\\n7");
                out.tall = tall.render(16);
                // a bracketed paste is inserted as typed text, tabs as spaces
                const q = new Editor(undefined, {});
                q.handleInput("\\x1b[200~x\\ty\\r\\nz\\x1b[201~");
                out.paste = q.getText();
                return out;
                """))
        .isEqualTo(
            "{\"words\":\"one Xtwo one Xtwo \",\"changes\":18,"
                + "\"twoLines\":[\"  first\",\"second  \"],\"submitted\":\"first\\nsecond\",\"empty\":\"\","
                + "\"history\":[\"newer\",\"older\",\"newer\",\"\"],"
                + "\"wrapped\":[\"[────────]\",\"aaa bbb \",\"ccc\\u001B[7m \\u001B[27m    \",\"[────────]\"],"
                + "\"afterUp\":\"aaaZ bbb ccc\","
                + "\"padded\":[\"──────\",\" a\\u001B[7mb\\u001B[27m   \",\"──────\"],"
                + "\"tall\":[\"─── ↑ 2 more ───\",\"3               \",\"4               \",\"5               \","
                + "\"6               \",\"7\\u001B[7m \\u001B[27m              \",\"────────────────\"],"
                + "\"paste\":\"x    y\\nz\"}");
  }

  /**
   * Left, Right, Backspace and Delete step over a grapheme cluster (an emoji family, a letter with
   * its accent, a flag), as the reference's Intl.Segmenter does; Up and Down keep the column.
   */
  @Test
  void editorAndInputStepOverWholeCharacters() {
    assertThat(
            run(
                """
                const type = (e, keys) => { for (const k of keys) e.handleInput(k); return e.getText(); };
                const out = {};
                const e = new Editor(undefined, { borderColor: (s) => s });
                type(e, [..."x\\u{1F468}\\u200d\\u{1F469}\\u200d\\u{1F467}e\\u0301\\u{1F1EF}\\u{1F1F5}y"]);
                out.leftTwice = type(e, ["\\x1b[D", "\\x1b[D", "|"]);
                out.backTwice = type(e, ["\\x7f", "\\x7f"]);
                out.deleteAfterX = type(e, ["\\x01", "\\x1b[C", "\\x1b[3~"]);
                out.rightOverFlag = type(e, ["\\x1b[C", "#"]);
                out.cursorCell = e.render(12)[1];
                const i = new Input();
                for (const k of [..."a\\u{1F468}\\u200d\\u{1F469}\\u200d\\u{1F467}e\\u0301b", "\\x1b[D", "\\x1b[D", "\\x7f",
                  "\\x1b[D", "|"]) i.handleInput(k);
                out.input = i.getValue();
                const v = new Editor(undefined, { borderColor: (s) => s });
                v.setText("e\\u0301e\\u0301e\\u0301x\\nabcdef");
                out.down = type(v, ["\\x1b[A", "\\x01", "\\x1b[C", "\\x1b[C", "\\x1b[B", "|"]);
                return out;
                """))
        .isEqualTo(
            "{\"leftTwice\":\"x\uD83D\uDC68\u200D\uD83D\uDC69\u200D\uD83D\uDC67e\u0301|\uD83C\uDDEF\uD83C\uDDF5y\","
                + "\"backTwice\":\"x\uD83D\uDC68\u200D\uD83D\uDC69\u200D\uD83D\uDC67\uD83C\uDDEF\uD83C\uDDF5y\","
                + "\"deleteAfterX\":\"x\uD83C\uDDEF\uD83C\uDDF5y\","
                + "\"rightOverFlag\":\"x\uD83C\uDDEF\uD83C\uDDF5#y\","
                + "\"cursorCell\":\"x\uD83C\uDDEF\uD83C\uDDF5#\\u001B[7my\\u001B[27m       \","
                + "\"input\":\"|ae\u0301b\","
                + "\"down\":\"e\u0301e\u0301e\u0301x\\nab|cdef\"}");
  }

  @Test
  void markdownIsDrawnByGraftAndHintsAndLoadersUseTheTheme() {
    assertThat(
            run(
                """
                const md = new Markdown("# Title", 1, 0, getMarkdownTheme());
                const loader = new BorderedLoader({ requestRender() {} }, ctx.ui.theme, "Working");
                const lines = loader.render(30);
                loader.dispose();
                return { md: md.render(20), hint: keyHint("tui.select.cancel", "cancel"), loader: lines,
                  fuzzy: fuzzyFilter(["apple", "banana", "grape"], "ape", (s) => s) };
                """))
        .isEqualTo(
            "{\"md\":[\" md:# Title@18\"],\"hint\":\"<d>escape/ctrl+c\\u001B[39m<m> cancel\\u001B[39m\","
                + "\"loader\":[\"<b>"
                + "─".repeat(30)
                + "\\u001B[39m\",\"\",\" <a>⠋\\u001B[39m <m>Working\\u001B[39m"
                + " ".repeat(14)
                + "\",\"\",\" <d>escape/ctrl+c\\u001B[39m<m> cancel\\u001B[39m   \",\"\",\"<b>"
                + "─".repeat(30)
                + "\\u001B[39m\"],"
                + "\"fuzzy\":[\"apple\",\"grape\"]}");
  }
}
