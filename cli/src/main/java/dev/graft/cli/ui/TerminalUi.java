package dev.graft.cli.ui;

import dev.graft.cli.tui.KeyDecoder;
import dev.graft.cli.tui.Key;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.locks.ReentrantLock;
import org.jline.terminal.Attributes;
import org.jline.terminal.Size;
import org.jline.terminal.Terminal;
import org.jline.utils.Display;

/**
 * {@link HookUi} on a JLine terminal. Dialogs are drawn below the output with JLine's
 * {@link Display} (redrawn in place as keys arrive, and at each tick for a countdown or a
 * resized terminal) and read keys in raw mode with Ctrl+C delivered as a key, so that Ctrl+C
 * cancels the dialog rather than the turn. They run one at a time on a dialog thread; the
 * {@code input} lock, shared with whatever else reads the keyboard, gives a dialog the keys.
 */
public final class TerminalUi implements HookUi {
  private static final long TICK_MILLIS = 100;

  private final Terminal terminal;
  private final Screen screen;
  private final ReentrantLock input;
  private final ExecutorService dialogs = Executors.newSingleThreadExecutor(Thread.ofPlatform().name("graft-dialog").daemon().factory());
  private final StatusTexts statuses = new StatusTexts();
  private volatile boolean closed;

  public TerminalUi(Terminal terminal, Screen screen, ReentrantLock input) {
    this.terminal = terminal;
    this.screen = screen;
    this.input = input;
  }

  @Override
  public boolean available() {
    return !closed;
  }

  @Override
  public CompletableFuture<OptionalInt> pick(String title, List<Choice> choices, int initial, DialogOptions options) {
    if (choices.isEmpty()) {
      return CompletableFuture.completedFuture(OptionalInt.empty());
    }
    return open(options, () -> new PickDialog(screen, title, choices, initial, Math.max(3, Math.min(12, rows() - 6))));
  }

  @Override
  public CompletableFuture<Optional<Boolean>> confirm(String title, String message, DialogOptions options) {
    return open(options, () -> new ConfirmDialog(screen, title, message));
  }

  @Override
  public CompletableFuture<Optional<String>> input(String title, String placeholder, String initial, DialogOptions options) {
    return open(options, () -> new InputDialog(screen, title, placeholder, initial));
  }

  @Override
  public void notify(String message, NotifyLevel level) {
    screen.line(switch (level) {
      case INFO -> screen.style(Screen.Style.CYAN, "ℹ ") + Screen.clean(message);
      case WARNING -> screen.style(Screen.Style.YELLOW, "⚠ " + message);
      case ERROR -> screen.style(Screen.Style.RED, "✗ " + message);
    });
  }

  @Override
  public void setStatus(String key, Optional<String> text) {
    statuses.set(key, text);
  }

  @Override
  public List<String> statuses() {
    return statuses.all();
  }

  /** Cancels open dialogs and refuses new ones. */
  public void close() {
    closed = true;
    dialogs.shutdownNow();
  }

  private int rows() {
    Size size = terminal.getSize();
    return size.getRows() > 0 ? size.getRows() : 24;
  }

  private <T> CompletableFuture<T> open(DialogOptions options, java.util.function.Supplier<Dialog<T>> dialog) {
    CompletableFuture<T> result = new CompletableFuture<>();
    if (closed) {
      result.complete(dialog.get().cancelled());
      return result;
    }
    dialogs.execute(() -> {
      try {
        result.complete(run(dialog.get(), options, result));
      } catch (Throwable t) {
        result.completeExceptionally(t);
      }
    });
    return result;
  }

  /** Draws the dialog and feeds it keys until it answers, is cancelled, times out or is aborted. */
  private <T> T run(Dialog<T> dialog, DialogOptions options, CompletableFuture<T> self) {
    input.lock();
    Attributes saved = terminal.enterRawMode();
    Attributes raw = terminal.getAttributes();
    raw.setLocalFlag(Attributes.LocalFlag.ISIG, false); // Ctrl+C arrives as a key: it cancels the dialog
    terminal.setAttributes(raw);
    screen.endLine();
    screen.hold();
    Display display = new Display(terminal, false);
    KeyDecoder keys = new KeyDecoder(terminal.reader()::read);
    long deadline = options.deadlineNanos(System.nanoTime());
    T result = dialog.cancelled();
    try {
      while (true) {
        long now = System.nanoTime();
        if (options.signal().aborted() || self.isDone() || closed || now >= deadline) {
          break;
        }
        OptionalLong secondsLeft = deadline == Long.MAX_VALUE ? OptionalLong.empty()
            : OptionalLong.of((deadline - now + 999_999_999L) / 1_000_000_000L);
        Size size = terminal.getSize();
        int columns = size.getColumns() > 0 ? size.getColumns() : 80;
        display.resize(Math.max(1, size.getRows()), columns);
        Dialog.Frame frame = dialog.render(secondsLeft, columns);
        List<String> lines = new ArrayList<>();
        frame.lines().forEach(l -> lines.add(l));
        display.updateAnsi(lines, new Size(columns, size.getRows()).cursorPos(frame.cursorRow(), Math.min(columns - 1, frame.cursorColumn())));
        terminal.flush();
        Optional<Key> key = keys.next(TICK_MILLIS);
        if (key.isPresent()) {
          Optional<T> answer = dialog.key(key.get());
          if (answer.isPresent()) {
            result = answer.get();
            break;
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      display.updateAnsi(List.of(), 0);
      terminal.flush();
      terminal.setAttributes(saved);
      screen.release();
      input.unlock();
    }
    dialog.record(result).ifPresent(screen::line);
    return result;
  }
}
