package dev.graft.cli.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A script's working indicator (ctx.ui.setWorkingIndicator) on the terminal's spinner. */
class ScreenIndicatorTest {
  private final StringWriter out = new StringWriter();
  private final Screen screen = Screen.terminal(new PrintWriter(out, true), () -> 80);

  /** What the spinner's line shows now: the text after the last carriage return. */
  private String lastDraw() {
    String s = out.toString();
    return s.substring(s.lastIndexOf('\r') + 1);
  }

  @Test
  void customFramesAreDrawnWithoutTheirOwnEscapesAndNoFramesLeaveOnlyTheText() {
    screen.indicator(
        Optional.of(List.of("\u001b[38;2;155;86;63m●\u001b[39m", "\u001b]0;evil\u0007•")), 10_000);
    screen.spin("Working");
    assertThat(lastDraw()).isEqualTo("\033[36m●\033[0m \033[2mWorking\033[0m\033[K");

    screen.indicator(Optional.of(List.of()), 0);
    assertThat(lastDraw()).isEqualTo("\033[2mWorking\033[0m\033[K");

    screen.indicator(Optional.empty(), 0);
    assertThat(lastDraw())
        .matches("\033\\[36m[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]\033\\[0m \033\\[2mWorking\033\\[0m\033\\[K");
    screen.stopSpinner();
    assertThat(out.toString()).doesNotContain("evil").doesNotContain("[38;2");
  }

  @Test
  void aHiddenWorkingLineIsErasedAndDrawnAgainWhenShown() {
    screen.indicator(Optional.of(List.of("*")), 10_000);
    screen.spin("Working");
    screen.spinnerVisible(false);
    assertThat(lastDraw()).isEqualTo("\033[K");
    screen.respin("Still working");
    assertThat(out.toString()).doesNotContain("Still working");
    screen.spinnerVisible(true);
    assertThat(lastDraw()).isEqualTo("\033[36m*\033[0m \033[2mStill working\033[0m\033[K");
    screen.stopSpinner();
  }

  @Test
  void withoutEscapesDropsWholeSequencesWhereCleanDropsOnlyTheirControlCharacters() {
    String styled = "\u001b[38;2;155;86;63mWorking... (custom)\u001b[39m";
    assertThat(Screen.withoutEscapes(styled)).isEqualTo("Working... (custom)");
    assertThat(Screen.clean(styled)).isEqualTo("[38;2;155;86;63mWorking... (custom)[39m");
    assertThat(Screen.withoutEscapes("a\u001b]0;title\u0007b")).isEqualTo("ab");
  }

  @Test
  void withoutColoursDropsOnlyColoursAndLeavesOtherSequencesToBeShown() {
    // a script's notice coloured with theme.fg: shown as text; one clearing the screen: seen
    String hostile = "\u001b[1;38;5;180mdone\u001b[39m\u001b[2J\u001b]0;title\u0007";
    assertThat(Screen.withoutColours(hostile)).isEqualTo("done\u001b[2J\u001b]0;title\u0007");
  }
}
