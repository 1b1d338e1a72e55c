package dev.graft.cli.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.cli.tui.Key;
import java.util.List;
import java.util.OptionalInt;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class SelectStateTest {
  private static final List<Choice> MODELS =
      List.of(
          new Choice("anthropic/claude-sonnet-4-6", "Claude Sonnet · 200k"),
          new Choice("anthropic/claude-haiku-4-5", "Claude Haiku · 200k"),
          new Choice("openai/gpt-5.4", "GPT-5.4 · 400k"),
          new Choice("ollama/qwen3:8b", "local · 32k"));

  private static SelectState.Outcome type(SelectState s, String text) {
    SelectState.Outcome last = new SelectState.Outcome.Continue();
    for (int cp : text.codePoints().toArray()) {
      last = s.handle(Key.character(cp));
    }
    return last;
  }

  private static List<String> labels(SelectState s) {
    return s.visible().stream().map(i -> s.choice(i).label()).toList();
  }

  @Test
  void typingFiltersByEveryWordInLabelOrDetailIgnoringCase() {
    SelectState s = new SelectState(MODELS, 0);
    type(s, "CLAUDE");
    assertThat(labels(s))
        .containsExactly("anthropic/claude-sonnet-4-6", "anthropic/claude-haiku-4-5");
    type(s, " haiku");
    assertThat(labels(s)).containsExactly("anthropic/claude-haiku-4-5");
    type(s, " 200k"); // a word of the detail
    assertThat(labels(s)).containsExactly("anthropic/claude-haiku-4-5");
    type(s, "x");
    assertThat(s.visible()).isEmpty();
    assertThat(s.selected()).isEmpty();
    assertThat(s.handle(Key.of(Key.Kind.ENTER))).isInstanceOf(SelectState.Outcome.Continue.class);
    s.handle(Key.of(Key.Kind.BACKSPACE));
    assertThat(s.filter()).isEqualTo("CLAUDE haiku 200k");
    assertThat(s.handle(Key.of(Key.Kind.ENTER))).isEqualTo(new SelectState.Outcome.Chosen(1));
  }

  @Test
  void theCursorStaysOnItsOptionWhileItMatchesElseGoesToTheFirstMatch() {
    SelectState s = new SelectState(MODELS, 2); // starts on openai
    assertThat(s.selected()).isEqualTo(OptionalInt.of(2));
    type(s, "a"); // every option has an 'a'
    assertThat(s.selected()).isEqualTo(OptionalInt.of(2));
    type(s, "nth"); // anthropic only
    assertThat(s.selected()).isEqualTo(OptionalInt.of(0));
    s.handle(Key.ctrl('u'));
    assertThat(s.filter()).isEmpty();
    assertThat(s.visible()).hasSize(4);
    assertThat(s.selected()).isEqualTo(OptionalInt.of(0));
  }

  @Test
  void numberKeysPickTheRowOfTheWindowAtOnceWhenTheFilterIsEmpty() {
    SelectState s = new SelectState(MODELS, 0);
    assertThat(s.handle(Key.character('3'))).isEqualTo(new SelectState.Outcome.Chosen(2));
    assertThat(s.handle(Key.character('9')))
        .isInstanceOf(SelectState.Outcome.Continue.class); // no 9th option
    assertThat(s.handle(Key.character('0'))).isInstanceOf(SelectState.Outcome.Continue.class);
    assertThat(s.filter()).isEqualTo("0"); // 0 is not a row number: it filters
  }

  @Test
  void withAFilterNumberKeysAreTyped() {
    SelectState s = new SelectState(MODELS, 0);
    type(s, "gpt-5");
    assertThat(type(s, "4")).isInstanceOf(SelectState.Outcome.Continue.class);
    assertThat(s.filter()).isEqualTo("gpt-54");
    assertThat(s.visible()).isEmpty();
    s.handle(Key.of(Key.Kind.BACKSPACE));
    type(s, ".4");
    assertThat(labels(s)).containsExactly("openai/gpt-5.4");
  }

  @Test
  void numbersCountFromTheTopOfTheScrolledWindow() {
    List<Choice> many =
        IntStream.rangeClosed(1, 30).mapToObj(i -> Choice.of("entry " + i)).toList();
    SelectState s = new SelectState(many, 29); // starts on the last, as /tree does on the leaf
    s.setRows(5);
    assertThat(s.top()).isEqualTo(25);
    assertThat(s.handle(Key.character('1'))).isEqualTo(new SelectState.Outcome.Chosen(25));
    s.handle(Key.of(Key.Kind.HOME));
    assertThat(s.top()).isZero();
    assertThat(s.selected()).isEqualTo(OptionalInt.of(0));
    s.handle(Key.of(Key.Kind.PAGE_DOWN));
    assertThat(s.selected()).isEqualTo(OptionalInt.of(5));
    assertThat(s.top()).isEqualTo(1);
    assertThat(s.handle(Key.character('5'))).isEqualTo(new SelectState.Outcome.Chosen(5));
  }

  @Test
  void arrowsStopAtTheEndsAndEscOrCtrlCCancel() {
    SelectState s = new SelectState(MODELS, 0);
    s.handle(Key.of(Key.Kind.UP));
    assertThat(s.selected()).isEqualTo(OptionalInt.of(0));
    for (int i = 0; i < 10; i++) {
      s.handle(Key.of(Key.Kind.DOWN));
    }
    assertThat(s.selected()).isEqualTo(OptionalInt.of(3));
    assertThat(s.handle(Key.of(Key.Kind.ESCAPE))).isInstanceOf(SelectState.Outcome.Cancelled.class);
    assertThat(s.handle(Key.ctrl('c'))).isInstanceOf(SelectState.Outcome.Cancelled.class);
  }

  @Test
  void aLeadingSpaceDoesNotStartAFilter() {
    SelectState s = new SelectState(MODELS, 0);
    s.handle(Key.character(' '));
    assertThat(s.filter()).isEmpty();
    assertThat(s.handle(Key.character('2'))).isEqualTo(new SelectState.Outcome.Chosen(1));
  }

  @Test
  void anEntrysIdMatchesOnlyAsTheStartOfItNotAsAnyDigitInIt() {
    // /tree and /fork list entries with their ids: typing "number 7" found "prompt number 2"
    // too, its id 724ef4db holding a 7, where the reference finds the one message
    List<Choice> entries =
        List.of(
            Choice.withId("user: prompt number 2", "724ef4db"),
            Choice.withId("user: prompt number 7", "2c2d6cae"),
            Choice.withId("user: prompt number 9", "5ec70225"));
    SelectState s = new SelectState(entries, 0);
    type(s, "number 7");
    assertThat(labels(s)).containsExactly("user: prompt number 7");
    s.setFilter("5ec7"); // an id is found by its first characters, as graft session tree shows it
    assertThat(labels(s)).containsExactly("user: prompt number 9");
    s.setFilter("ef4d"); // not by a piece of its middle
    assertThat(s.visible()).isEmpty();
  }
}
