package dev.graft.cli.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.cli.tui.Key;
import dev.graft.cli.tui.Theme;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class DialogKeysTest {
  private final Theme screen = Theme.plain();

  @Test
  void aPickerShowsNumberedRowsTheCursorAndACountdown() {
    PickDialog pick =
        new PickDialog(
            screen, "Model", List.of(new Choice("a/one", "first"), Choice.of("b/two")), 1, 10);
    Dialog.Frame frame = pick.render(OptionalLong.of(7), 80);
    assertThat(frame.lines())
        .containsExactly(
            "Model (7s)",
            "  type to filter",
            "  1 a/one  first",
            "› 2 b/two",
            "  ↑↓ move · 1-9 pick · type to filter · Enter select · Esc cancel");
    assertThat(pick.key(Key.of(Key.Kind.UP))).isEmpty();
    assertThat(pick.key(Key.of(Key.Kind.ENTER))).contains(OptionalInt.of(0));
    assertThat(pick.key(Key.of(Key.Kind.ESCAPE))).contains(OptionalInt.empty());
  }

  @Test
  void whileAFilterIsTypedThePickersHintOffersNoDigits() {
    PickDialog pick =
        new PickDialog(screen, "Model", List.of(Choice.of("a/one1"), Choice.of("b/two")), 0, 10);
    assertThat(pick.key(Key.character('o'))).isEmpty();
    assertThat(pick.render(OptionalLong.empty(), 80).lines())
        .as("digits go into the filter now, and the rows carry no numbers")
        .endsWith("  ↑↓ move · type to filter · Enter select · Esc cancel");
  }

  @Test
  void aPickerCutsLongRowsToTheWidthAndSaysWhatIsOffScreen() {
    List<Choice> many =
        IntStream.rangeClosed(1, 20)
            .mapToObj(i -> Choice.of("entry " + i + " " + "x".repeat(60)))
            .toList();
    PickDialog pick = new PickDialog(screen, "Tree", many, 19, 3);
    List<String> lines = pick.render(OptionalLong.empty(), 40).lines();
    assertThat(lines).contains("  ↑ 17 more");
    assertThat(lines.stream().filter(l -> l.contains("entry")).toList())
        .hasSize(3)
        .allMatch(l -> l.length() <= 40 && l.endsWith("…"));
  }

  @Test
  void confirmAnswersWithYNOrEnterAndCancelsWithEscOrCtrlC() {
    assertThat(new ConfirmDialog(screen, "Run it?", "rm -rf build").key(Key.character('Y')))
        .contains(Optional.of(true));
    assertThat(new ConfirmDialog(screen, "Run it?", "").key(Key.character('n')))
        .contains(Optional.of(false));
    ConfirmDialog moved = new ConfirmDialog(screen, "Run it?", "");
    assertThat(moved.key(Key.of(Key.Kind.RIGHT))).isEmpty();
    assertThat(moved.key(Key.of(Key.Kind.ENTER))).contains(Optional.of(false));
    assertThat(new ConfirmDialog(screen, "Run it?", "").key(Key.of(Key.Kind.ESCAPE)))
        .contains(Optional.empty());
    assertThat(new ConfirmDialog(screen, "Run it?", "").key(Key.ctrl('c')))
        .contains(Optional.empty());
  }

  @Test
  void inputEditsTheLineAndSubmitsOrCancels() {
    InputDialog input = new InputDialog(screen, "Label", "a name", "ab");
    for (Key k :
        List.of(
            Key.of(Key.Kind.LEFT),
            Key.character('X'),
            Key.of(Key.Kind.END),
            Key.character('c'),
            Key.of(Key.Kind.BACKSPACE),
            Key.of(Key.Kind.HOME),
            Key.of(Key.Kind.DELETE))) {
      assertThat(input.key(k)).isEmpty();
    }
    assertThat(input.render(OptionalLong.empty(), 80).lines().get(1)).isEqualTo("› Xb");
    assertThat(input.key(Key.of(Key.Kind.ENTER))).contains(Optional.of("Xb"));
    assertThat(
            new InputDialog(screen, "Label", "", "")
                .render(OptionalLong.empty(), 80)
                .lines()
                .get(1))
        .isEqualTo("› ");
    assertThat(new InputDialog(screen, "Label", "", "x").key(Key.of(Key.Kind.ESCAPE)))
        .contains(Optional.empty());
    assertThat(new InputDialog(screen, "Label", "", "").key(Key.ctrl('d')))
        .contains(Optional.empty());
  }

  @Test
  void textFromOutsideCannotCarryEscapeSequences() {
    assertThat(Screen.clean("red \033[31mtext\033[0m\r\n\tend\u0007"))
        .isEqualTo("red [31mtext[0m\n\tend");
    assertThat(Screen.fit("abcdef", 5)).isEqualTo("abcd…");
    assertThat(Screen.fit("abcde", 5)).isEqualTo("abcde");
    assertThat(Screen.fit("line\nnext", 0)).isEqualTo("line next");
  }
}
