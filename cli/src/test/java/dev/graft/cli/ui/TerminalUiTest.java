package dev.graft.cli.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.cli.tui.Component;
import dev.graft.cli.tui.Container;
import dev.graft.cli.tui.KeyDecoder;
import dev.graft.cli.tui.TerminalPort;
import dev.graft.cli.tui.Text;
import dev.graft.cli.tui.Theme;
import dev.graft.cli.tui.Tui;
import dev.graft.runtime.concurrent.AbortSignal;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The dialogs on the terminal UI: keys in, the frames and the transcript out. */
class TerminalUiTest {
  private static final List<Choice> CHOICES =
      List.of(Choice.of("alpha"), Choice.of("beta"), Choice.of("gamma"));

  private final LinkedBlockingQueue<Integer> keys = new LinkedBlockingQueue<>();
  private final StringBuilder drawn = new StringBuilder();
  private Tui tui;
  private TerminalUi ui;
  private final Container slot = new Container();

  @BeforeEach
  void open() {
    TerminalPort port =
        new TerminalPort() {
          @Override
          public int columns() {
            return 80;
          }

          @Override
          public int rows() {
            return 24;
          }

          @Override
          public void write(String text) {
            synchronized (drawn) {
              drawn.append(text);
            }
          }

          @Override
          public void flush() {}
        };
    tui = new Tui(port);
    tui.bottom().add(slot);
    slot.add(new Text("> editor", 0));
    ui =
        new TerminalUi(
            tui,
            Theme.plain(),
            new TerminalUi.Place() {
              @Override
              public void open(Component dialog) {
                slot.clear();
                slot.add(dialog);
                tui.setFocus(dialog);
              }

              @Override
              public void close(Component dialog) {
                slot.clear();
                slot.add(new Text("> editor", 0));
                tui.setFocus(null);
              }

              @Override
              public void record(String line) {
                tui.append(new Text(line, 0));
              }

              @Override
              public void statusesChanged() {}
            });
    KeyDecoder.Source source =
        timeout -> {
          try {
            Integer c = keys.poll(timeout, TimeUnit.MILLISECONDS);
            return c == null ? KeyDecoder.TIMEOUT : c;
          } catch (InterruptedException e) {
            return KeyDecoder.EOF;
          }
        };
    tui.start(source);
  }

  @AfterEach
  void close() {
    ui.close();
    tui.stop();
  }

  private void press(String sequence) {
    sequence.chars().forEach(keys::add);
  }

  private String output() {
    synchronized (drawn) {
      return drawn.toString();
    }
  }

  /** Waits until {@code text} was drawn. */
  private void drawn(String text) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!output().contains(text) && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertThat(output()).contains(text);
  }

  @Test
  void arrowsAndEnterChooseAndTheChoiceIsLeftInTheTranscript() throws Exception {
    var answer = ui.pick("Pick one", CHOICES, 0, DialogOptions.NONE);
    drawn("1-9 pick");
    press("\033[B\033[B\033[A\r");
    assertThat(answer.get(5, TimeUnit.SECONDS)).isEqualTo(OptionalInt.of(1));
    drawn("Pick one: beta");
    assertThat(output()).contains("alpha", "gamma");
  }

  /**
   * A command that says the choice itself gets no answer line, and a cancel leaves no line either:
   * the editor is back, as after the reference's selectors.
   */
  @Test
  void aChoiceItsCallerConfirmsLeavesNothingInTheTranscript() throws Exception {
    var chosen = ui.pick("Level", CHOICES, 0, DialogOptions.CONFIRMED_BY_CALLER);
    drawn("1-9 pick");
    press("2");
    assertThat(chosen.get(5, TimeUnit.SECONDS)).isEqualTo(OptionalInt.of(1));
    var cancelled = ui.pick("Other", CHOICES, 0, DialogOptions.CONFIRMED_BY_CALLER);
    drawn("Other");
    press("\033");
    assertThat(cancelled.get(5, TimeUnit.SECONDS)).isEmpty();
    var next = ui.input("Next", "", DialogOptions.NONE);
    drawn("Next");
    press("x\r");
    assertThat(next.get(5, TimeUnit.SECONDS)).contains("x");
    drawn("Next: x");
    assertThat(output()).doesNotContain("Level: beta").doesNotContain("Other: cancelled");
  }

  /** A built-in command's dialog leaves its answer, but nothing when it is left with Esc. */
  @Test
  void aBuiltInCommandsDialogLeavesItsAnswerButNoCancel() throws Exception {
    var chosen = ui.pick("Settings", CHOICES, 0, DialogOptions.BUILT_IN);
    drawn("1-9 pick");
    press("2");
    assertThat(chosen.get(5, TimeUnit.SECONDS)).isEqualTo(OptionalInt.of(1));
    drawn("Settings: beta");
    var picker = ui.pick("Resume", CHOICES, 0, DialogOptions.BUILT_IN);
    drawn("Resume");
    press("\033");
    assertThat(picker.get(5, TimeUnit.SECONDS)).isEmpty();
    var field = ui.input("Tokens", "", DialogOptions.BUILT_IN);
    drawn("Tokens");
    press("\033");
    assertThat(field.get(5, TimeUnit.SECONDS)).isEmpty();
    var next = ui.input("Next", "", DialogOptions.NONE);
    drawn("Next");
    press("\033");
    assertThat(next.get(5, TimeUnit.SECONDS)).isEmpty();
    drawn("Next: cancelled"); // a script's dialog still says it was cancelled
    assertThat(output()).doesNotContain("Resume: cancelled").doesNotContain("Tokens: cancelled");
  }

  @Test
  void typingFiltersAndANumberPicks() throws Exception {
    var filtered = ui.pick("Pick one", CHOICES, 0, DialogOptions.NONE);
    drawn("1-9 pick");
    press("mm\r");
    assertThat(filtered.get(5, TimeUnit.SECONDS)).isEqualTo(OptionalInt.of(2));
    var numbered = ui.select("Pick one", List.of("x", "y", "z"), DialogOptions.NONE);
    drawn("3 z");
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
  void dialogsAskedForTogetherComeOneAfterTheOther() throws Exception {
    var first = ui.confirm("First?", "", DialogOptions.NONE);
    var second = ui.input("Second", "", DialogOptions.NONE);
    drawn("First?");
    press("y");
    assertThat(first.get(5, TimeUnit.SECONDS)).contains(true);
    drawn("Second");
    press("two\r");
    assertThat(second.get(5, TimeUnit.SECONDS)).contains("two");
    drawn("Second: two");
  }

  @Test
  void aTimeoutClosesTheDialogWithACountdownShown() throws Exception {
    long start = System.nanoTime();
    var answer =
        ui.confirm("Proceed?", "nobody answers", DialogOptions.timeout(Duration.ofMillis(1500)));
    assertThat(answer.get(5, TimeUnit.SECONDS)).isEmpty();
    assertThat(Duration.ofNanos(System.nanoTime() - start))
        .isBetween(Duration.ofMillis(1400), Duration.ofSeconds(4));
    drawn("Proceed?: cancelled");
    assertThat(output()).contains("Proceed? (2s)");
  }

  @Test
  void anAbortedSignalClosesTheDialog() throws Exception {
    AbortSignal signal = new AbortSignal();
    var answer = ui.input("Label", "", new DialogOptions(Optional.empty(), signal));
    drawn("Enter submit");
    assertThat(answer).isNotDone();
    signal.abort();
    assertThat(answer.get(5, TimeUnit.SECONDS)).isEmpty();
  }

  @Test
  void confirmAndInputAnswer() throws Exception {
    var yes = ui.confirm("Proceed?", "", DialogOptions.NONE);
    drawn("Proceed?");
    press("y");
    assertThat(yes.get(5, TimeUnit.SECONDS)).contains(true);
    var text = ui.input("Label", "a name", "pre", DialogOptions.NONE);
    drawn("Enter submit");
    press("fix\r");
    assertThat(text.get(5, TimeUnit.SECONDS)).contains("prefix");
  }

  @Test
  void aNotificationDuringADialogShowsAboveItAndTheDialogStays() throws Exception {
    var answer = ui.pick("Pick one", CHOICES, 0, DialogOptions.NONE);
    drawn("1-9 pick");
    ui.notify("a script says hello", HookUi.NotifyLevel.WARNING);
    drawn("a script says hello");
    assertThat(answer).isNotDone();
    press("\r");
    assertThat(answer.get(5, TimeUnit.SECONDS)).isEqualTo(OptionalInt.of(0));
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
