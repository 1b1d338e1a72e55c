package dev.graft.cli.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.runtime.concurrent.AbortSignal;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.jline.terminal.Size;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The terminal dialogs on a JLine terminal over pipes: keys in, drawing out. */
class TerminalUiTest {
  private static final List<Choice> CHOICES = List.of(Choice.of("alpha"), Choice.of("beta"), Choice.of("gamma"));

  private PipedOutputStream keys;
  private ByteArrayOutputStream drawn;
  private Terminal terminal;
  private Screen screen;
  private TerminalUi ui;

  @BeforeEach
  void open() throws IOException {
    keys = new PipedOutputStream();
    PipedInputStream in = new PipedInputStream(keys, 4096);
    drawn = new ByteArrayOutputStream();
    terminal = TerminalBuilder.builder().system(false).streams(in, drawn).type("xterm-256color").size(new Size(80, 24))
        .encoding(StandardCharsets.UTF_8).build();
    screen = Screen.terminal(new PrintWriter(terminal.writer(), true), () -> 80);
    ui = new TerminalUi(terminal, screen, new ReentrantLock(true));
  }

  @AfterEach
  void close() throws IOException {
    ui.close();
    terminal.close();
  }

  private void press(String sequence) throws IOException {
    keys.write(sequence.getBytes(StandardCharsets.UTF_8));
    keys.flush();
  }

  /** Waits until the dialog is drawn (then it reads keys raw, Ctrl+C included). */
  private void drawn(String text) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (!output().contains(text) && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertThat(output()).contains(text);
  }

  private String output() {
    return drawn.toString(StandardCharsets.UTF_8);
  }

  @Test
  void arrowsAndEnterChooseAndTheChoiceIsLeftInTheTranscript() throws Exception {
    var answer = ui.pick("Pick one", CHOICES, 0, DialogOptions.NONE);
    press("\033[B\033[B\033[A\r");
    assertThat(answer.get(5, TimeUnit.SECONDS)).isEqualTo(OptionalInt.of(1));
    drawn("Pick one: beta");
    assertThat(output()).contains("alpha", "gamma", "1-9 pick");
  }

  @Test
  void typingFiltersAndANumberPicks() throws Exception {
    var filtered = ui.pick("Pick one", CHOICES, 0, DialogOptions.NONE);
    press("mm\r");
    assertThat(filtered.get(5, TimeUnit.SECONDS)).isEqualTo(OptionalInt.of(2));
    var numbered = ui.select("Pick one", List.of("x", "y", "z"), DialogOptions.NONE);
    press("3");
    assertThat(numbered.get(5, TimeUnit.SECONDS)).contains("z");
  }

  @Test
  void escAndCtrlCCancel() throws Exception {
    var escaped = ui.pick("Pick one", CHOICES, 0, DialogOptions.NONE);
    drawn("1-9 pick");
    press("\033");
    assertThat(escaped.get(5, TimeUnit.SECONDS)).isEmpty();
    var interrupted = ui.input("Name", "", DialogOptions.NONE);
    drawn("Enter submit");
    press("ab\003");
    assertThat(interrupted.get(5, TimeUnit.SECONDS)).isEmpty();
    drawn("Name: cancelled");
    assertThat(output()).contains("Pick one: cancelled");
  }

  @Test
  void aTimeoutClosesTheDialogWithACountdownShown() throws Exception {
    long start = System.nanoTime();
    var answer = ui.confirm("Proceed?", "nobody answers", DialogOptions.timeout(Duration.ofMillis(1500)));
    assertThat(answer.get(5, TimeUnit.SECONDS)).isEmpty();
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isBetween(Duration.ofMillis(1400), Duration.ofSeconds(4));
    drawn("Proceed?: cancelled");
    assertThat(output()).contains("(2s)"); // the display redraws only the digit that changes
  }

  @Test
  void anAbortedSignalClosesTheDialog() throws Exception {
    AbortSignal signal = new AbortSignal();
    var answer = ui.input("Label", "", new DialogOptions(Optional.empty(), signal));
    Thread.sleep(200);
    assertThat(answer).isNotDone();
    signal.abort();
    assertThat(answer.get(5, TimeUnit.SECONDS)).isEmpty();
  }

  @Test
  void confirmAndInputAnswer() throws Exception {
    var yes = ui.confirm("Proceed?", "", DialogOptions.NONE);
    press("y");
    assertThat(yes.get(5, TimeUnit.SECONDS)).contains(true);
    var text = ui.input("Label", "a name", "pre", DialogOptions.NONE);
    press("fix\r");
    assertThat(text.get(5, TimeUnit.SECONDS)).contains("prefix");
  }

  @Test
  void outputDuringADialogWaitsUntilItCloses() throws Exception {
    var answer = ui.pick("Pick one", CHOICES, 0, DialogOptions.NONE);
    Thread.sleep(300);
    ui.notify("a script says hello", HookUi.NotifyLevel.WARNING);
    Thread.sleep(200);
    assertThat(output()).doesNotContain("a script says hello");
    press("\r");
    assertThat(answer.get(5, TimeUnit.SECONDS)).isEqualTo(OptionalInt.of(0));
    Thread.sleep(100);
    assertThat(output()).contains("a script says hello");
  }

  @Test
  void statusTextsAreKeptByKeyAndCleaned() {
    ui.setStatus("b", Optional.of("second\nline"));
    ui.setStatus("a", Optional.of("\033[31mfirst"));
    assertThat(ui.statuses()).containsExactly("[31mfirst", "second line");
    ui.setStatus("a", Optional.empty());
    assertThat(ui.statuses()).containsExactly("second line");
  }
}
