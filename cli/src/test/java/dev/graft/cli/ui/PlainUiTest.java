package dev.graft.cli.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.runtime.concurrent.AbortSignal;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class PlainUiTest {
  private final StringWriter out = new StringWriter();

  private PlainUi ui(String lines) {
    return new PlainUi(
        Screen.plain(new PrintWriter(out, true)),
        new LineSource(new ByteArrayInputStream(lines.getBytes(StandardCharsets.UTF_8))));
  }

  @Test
  void aNumberPicksAndWordsFilterFirst() {
    PlainUi ui = ui("gam\n1\n9\n2\n\n");
    List<Choice> choices = List.of(Choice.of("alpha"), Choice.of("beta"), Choice.of("gamma"));
    assertThat(ui.pick("Pick", choices, 0, DialogOptions.NONE).join()).isEqualTo(OptionalInt.of(2));
    assertThat(out.toString()).contains("  1) alpha", "Pick (filter: gam)\n  1) gamma");
    assertThat(ui.pick("Pick", choices, 0, DialogOptions.NONE).join())
        .isEqualTo(OptionalInt.of(1)); // 9 is no option, then 2
    assertThat(out.toString()).contains("no option 9");
    assertThat(ui.pick("Pick", choices, 0, DialogOptions.NONE).join())
        .isEmpty(); // an empty line cancels
    assertThat(ui.pick("Pick", choices, 0, DialogOptions.NONE).join())
        .isEmpty(); // so does the end of input
    assertThat(ui.available()).isFalse();
  }

  /** {@code /model sonnet}: the picker opens with the text as its filter. */
  @Test
  void aPickerMayOpenFiltered() {
    PlainUi ui = ui("1\n");
    List<Choice> choices = List.of(Choice.of("alpha"), Choice.of("beta"), Choice.of("gamma"));
    assertThat(ui.pick("Pick", choices, 0, "GAM", DialogOptions.NONE).join())
        .isEqualTo(OptionalInt.of(2));
    assertThat(out.toString()).startsWith("Pick (filter: GAM)\n  1) gamma\n");
  }

  /** An empty line leaves a built-in command's picker without a word; a script's says so. */
  @Test
  void aBuiltInCommandsPickerIsLeftSilently() {
    PlainUi ui = ui("\n\n");
    List<Choice> choices = List.of(Choice.of("alpha"), Choice.of("beta"));
    assertThat(ui.pick("Resume", choices, 0, DialogOptions.BUILT_IN).join()).isEmpty();
    assertThat(ui.pick("Theme", choices, 0, DialogOptions.CONFIRMED_BY_CALLER).join()).isEmpty();
    assertThat(out.toString()).doesNotContain("cancelled");
    assertThat(ui.pick("Script's", choices, 0, DialogOptions.NONE).join()).isEmpty();
    assertThat(out.toString()).contains("Script's: cancelled");
  }

  @Test
  void confirmAndInput() {
    PlainUi ui = ui("yes\nN\nmaybe\nmy label\n");
    assertThat(ui.confirm("Sure?", "it deletes things", DialogOptions.NONE).join()).contains(true);
    assertThat(ui.confirm("Sure?", "", DialogOptions.NONE).join()).contains(false);
    assertThat(ui.confirm("Sure?", "", DialogOptions.NONE).join()).isEmpty();
    assertThat(ui.input("Label", "a name", DialogOptions.NONE).join()).contains("my label");
    assertThat(ui.input("Label", "", DialogOptions.NONE).join()).isEmpty();
  }

  @Test
  void timeoutsAndAbortsCloseDialogsThatGetNoLine() throws IOException {
    PipedOutputStream never = new PipedOutputStream();
    PlainUi ui =
        new PlainUi(
            Screen.plain(new PrintWriter(out, true)), new LineSource(new PipedInputStream(never)));
    long start = System.nanoTime();
    assertThat(ui.input("Label", "", DialogOptions.timeout(Duration.ofMillis(300))).join())
        .isEmpty();
    assertThat(Duration.ofNanos(System.nanoTime() - start))
        .isBetween(Duration.ofMillis(250), Duration.ofSeconds(3));
    AbortSignal signal = new AbortSignal();
    CompletableFuture<OptionalInt> pick =
        CompletableFuture.supplyAsync(() ->
            ui.pick("Pick", List.of(Choice.of("a")), 0, new DialogOptions(Optional.empty(), signal))
                .join());
    signal.abort();
    assertThat(pick.join()).isEmpty();
    never.close();
  }
}
