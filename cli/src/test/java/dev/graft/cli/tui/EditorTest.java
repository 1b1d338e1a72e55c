package dev.graft.cli.tui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The editor's keys, wrapping, pastes, history and completions, without a terminal. */
class EditorTest {
  private final List<String> sent = new ArrayList<>();
  private final Editor editor = new Editor(Theme.plain(), History.load(null), () -> 24);

  EditorTest() {
    editor.onSubmit(sent::add);
  }

  private void type(String text) {
    text.codePoints().forEach(cp -> editor.handleKey(Key.character(cp)));
  }

  private List<String> shown(int width) {
    return editor.render(width).stream().map(l -> l.replace(Tui.CARET, "")).toList();
  }

  @Test
  void wrapsBetweenWordsAndSendsTheTextWithEnter() {
    type("alpha bravo charlie delta echo foxtrot");
    assertThat(shown(20).stream().map(String::stripTrailing))
        .containsExactly(
            "─".repeat(20), "> alpha bravo", "  charlie delta", "  echo foxtrot", "─".repeat(20));
    editor.handleKey(Key.of(Key.Kind.ENTER));
    assertThat(sent).containsExactly("alpha bravo charlie delta echo foxtrot");
    assertThat(editor.isEmpty()).isTrue();
  }

  @Test
  void aBackslashBeforeEnterAndShiftEnterMakeNewLines() {
    type("one\\");
    editor.handleKey(Key.of(Key.Kind.ENTER));
    type("two");
    editor.handleKey(Key.of(Key.Kind.ENTER, Key.SHIFT));
    type("three");
    assertThat(editor.text()).isEqualTo("one\ntwo\nthree");
    assertThat(sent).isEmpty();
  }

  @Test
  void aBigPasteFoldsIntoAMarkerAndIsSentWhole() {
    StringBuilder paste = new StringBuilder();
    for (int i = 1; i <= 300; i++) {
      paste.append("line ").append(i).append('\n');
    }
    editor.handleKey(Key.paste(paste.toString()));
    type(" explain");
    assertThat(shown(60).get(1)).isEqualTo("> [paste #1 +300 lines] explain ");
    editor.handleKey(Key.of(Key.Kind.ENTER));
    assertThat(sent.getFirst()).startsWith("line 1\nline 2\n").endsWith("line 300\n explain");
  }

  @Test
  void backspaceAfterAMarkerRemovesItWhole() {
    editor.handleKey(Key.paste("x".repeat(2000)));
    assertThat(editor.text()).isEqualTo("[paste #1 2000 chars]");
    editor.handleKey(Key.of(Key.Kind.BACKSPACE));
    assertThat(editor.text()).isEmpty();
  }

  @Test
  void upAndDownWalkTheHistoryAndCtrlRSearchesIt() {
    type("first");
    editor.handleKey(Key.of(Key.Kind.ENTER));
    type("second");
    editor.handleKey(Key.of(Key.Kind.ENTER));
    type("draft");
    editor.handleKey(Key.of(Key.Kind.UP));
    assertThat(editor.text()).isEqualTo("second");
    editor.handleKey(Key.of(Key.Kind.UP));
    assertThat(editor.text()).isEqualTo("first");
    editor.handleKey(Key.of(Key.Kind.DOWN));
    editor.handleKey(Key.of(Key.Kind.DOWN));
    assertThat(editor.text()).isEqualTo("draft");
    editor.clear();
    editor.handleKey(Key.ctrl('r'));
    type("fir");
    assertThat(shown(60).get(1)).isEqualTo("(reverse-i-search)`fir': first");
    editor.handleKey(Key.of(Key.Kind.ENTER));
    assertThat(editor.text()).isEqualTo("first");
    assertThat(sent).containsExactly("first", "second");
  }

  @Test
  void upAndDownWalkPastACommandFromTheHistoryWithoutOpeningItsList() {
    editor.addCompletionSource((before, explicit) ->
        before.startsWith("/thinking ")
            ? Optional.of(
                new CompletionSource.Completions(
                    10,
                    List.of(
                        CompletionSource.Item.of("low", ""), CompletionSource.Item.of("high", ""))))
            : Optional.empty());
    type("first");
    editor.handleKey(Key.of(Key.Kind.ENTER));
    type("/thinking ");
    editor.handleKey(Key.of(Key.Kind.ESCAPE));
    editor.handleKey(Key.of(Key.Kind.ENTER));
    editor.handleKey(Key.of(Key.Kind.UP));
    assertThat(editor.text()).isEqualTo("/thinking ");
    assertThat(editor.popupOpen()).isFalse();
    editor.handleKey(Key.of(Key.Kind.UP));
    assertThat(editor.text()).isEqualTo("first");
    editor.handleKey(Key.of(Key.Kind.DOWN));
    editor.handleKey(Key.of(Key.Kind.DOWN));
    assertThat(editor.text()).isEmpty();
  }

  @Test
  void emacsKeysEditAndUndo() {
    type("hello big world");
    editor.handleKey(Key.ctrl('w'));
    assertThat(editor.text()).isEqualTo("hello big ");
    editor.handleKey(Key.ctrl('a'));
    editor.handleKey(Key.ctrl('k'));
    assertThat(editor.text()).isEmpty();
    editor.handleKey(Key.ctrl('y'));
    assertThat(editor.text()).isEqualTo("hello big ");
    editor.handleKey(Key.ctrl('_'));
    assertThat(editor.text()).isEmpty();
  }

  @Test
  void theFirstKeyOpensTheListAndEnterOnACommandSendsIt() {
    editor.addCompletionSource((before, explicit) ->
        before.startsWith("/")
            ? Optional.of(
                new CompletionSource.Completions(
                    0,
                    List.of(
                        new CompletionSource.Item("/help", "/help", "help", true),
                        new CompletionSource.Item("/hotkeys", "/hotkeys", "keys", true))))
            : Optional.empty());
    type("/");
    assertThat(editor.popupOpen()).isTrue();
    assertThat(String.join("\n", shown(40))).contains("› /help", "/hotkeys");
    editor.handleKey(Key.of(Key.Kind.DOWN));
    editor.handleKey(Key.of(Key.Kind.ENTER));
    assertThat(sent).containsExactly("/hotkeys ");
  }

  @Test
  void tabTakesTheCommonPartOfSeveralAndAllOfOne() {
    editor.addCompletionSource((before, explicit) ->
        explicit && before.endsWith("sr")
            ? Optional.of(
                new CompletionSource.Completions(
                    before.length() - 2,
                    List.of(
                        CompletionSource.Item.of("src/main/", ""),
                        CompletionSource.Item.of("src/test/", ""))))
            : Optional.empty());
    type("cat sr");
    editor.handleKey(Key.of(Key.Kind.TAB));
    assertThat(editor.text()).isEqualTo("cat src/");
    assertThat(editor.popupOpen()).isTrue();
  }
}
