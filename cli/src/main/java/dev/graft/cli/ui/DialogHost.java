package dev.graft.cli.ui;

import dev.graft.cli.tui.Ansi;
import dev.graft.cli.tui.Component;
import dev.graft.cli.tui.Key;
import dev.graft.cli.tui.Tui;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * A dialog on the screen, where the editor was: it draws the dialog (with its countdown) and passes
 * it the keys; when the dialog answers, is cancelled, times out or its signal is aborted, the host
 * completes the dialog's future and hands itself to {@code closed}.
 */
final class DialogHost<T> implements Component {
  private final Dialog<T> dialog;
  private final DialogOptions options;
  private final CompletableFuture<T> result;
  private final Consumer<DialogHost<T>> closed;
  private final Tui tui;
  private final long deadline;
  private T answer;
  private boolean done;

  DialogHost(
      Tui tui,
      Dialog<T> dialog,
      DialogOptions options,
      CompletableFuture<T> result,
      Consumer<DialogHost<T>> closed) {
    this.tui = tui;
    this.dialog = dialog;
    this.options = options;
    this.result = result;
    this.closed = closed;
    this.deadline = options.deadlineNanos(System.nanoTime());
    options.signal().onAbort(() -> tui.later(this::cancel));
  }

  boolean timed() {
    return deadline != Long.MAX_VALUE;
  }

  @Override
  public List<String> render(int width) {
    long now = System.nanoTime();
    if (!done && (now >= deadline || options.signal().aborted() || result.isDone())) {
      tui.later(this::cancel);
    }
    OptionalLong secondsLeft =
        deadline == Long.MAX_VALUE
            ? OptionalLong.empty()
            : OptionalLong.of(Math.max(0, (deadline - now + 999_999_999L) / 1_000_000_000L));
    Dialog.Frame frame = dialog.render(secondsLeft, width);
    List<String> lines = new ArrayList<>(frame.lines());
    if (frame.cursorRow() >= 0 && frame.cursorRow() < lines.size()) {
      lines.set(
          frame.cursorRow(),
          Ansi.insertAt(lines.get(frame.cursorRow()), frame.cursorColumn(), Tui.CARET));
    }
    return lines;
  }

  @Override
  public boolean handleKey(Key key) {
    if (!done) {
      dialog.key(key).ifPresent(this::answer);
    }
    return true;
  }

  @Override
  public boolean finished() {
    return false;
  }

  void cancel() {
    answer(dialog.cancelled());
  }

  private void answer(T value) {
    if (done) {
      return;
    }
    done = true;
    answer = value;
    closed.accept(this);
    result.complete(value);
  }

  /**
   * The line left in the transcript for the answer, as the options say: none for a cancelled
   * built-in command's dialog, nor for a choice its caller confirms itself.
   */
  Optional<String> record() {
    boolean cancelled = answer.equals(dialog.cancelled());
    if (cancelled ? !options.leavesCancel() : !options.leavesAnswer()) {
      return Optional.empty();
    }
    return dialog.record(answer);
  }
}
