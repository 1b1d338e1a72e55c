package dev.graft.cli.interactive;

import dev.graft.cli.ui.HookUi;
import dev.graft.cli.tui.Key;
import dev.graft.cli.tui.KeyDecoder;
import dev.graft.cli.ui.Screen;
import dev.graft.cli.ui.TerminalUi;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.jline.terminal.Attributes;
import org.jline.terminal.Size;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/**
 * The interactive mode on a terminal (JLine). While agent work runs, the keyboard is read in raw
 * mode with Ctrl+C as a key: Esc and Ctrl+C interrupt, printable keys are kept as type-ahead for
 * the next prompt. The keyboard lock is shared with the dialogs, so that a dialog opened during
 * a run (by a hook script) gets the keys.
 */
final class TerminalFrontend implements Frontend {
  private final Terminal terminal;
  private final Screen screen;
  private final TerminalUi ui;
  private final TerminalEditor editor;
  private final ReentrantLock keyboard = new ReentrantLock(true);
  private final StringBuilder typeAhead = new StringBuilder();
  private volatile Size size;
  private volatile Interrupts interrupts = ctrlC -> {};

  private TerminalFrontend(Terminal terminal, Path historyFile) {
    this.terminal = terminal;
    // Raw from start to end (Ctrl+C still signals): keys typed while a command runs are neither
    // echoed into the output nor translated (Enter stays \r), and the editor gets them as typed.
    terminal.enterRawMode();
    this.size = terminal.getSize();
    this.screen = Screen.terminal(terminal.writer(), () -> size.getColumns());
    this.ui = new TerminalUi(terminal, screen, keyboard);
    this.editor = new TerminalEditor(terminal, historyFile, screen);
    screen.setAbove(editor);
    terminal.handle(Terminal.Signal.WINCH, s -> size = terminal.getSize());
    terminal.handle(Terminal.Signal.INT, s -> interrupts.interrupted(true));
  }

  /**
   * Opens the process's terminal; empty when JLine can only offer a dumb one. FFM is used when
   * native access is enabled (the launcher enables it), else JLine runs stty.
   */
  static Optional<TerminalFrontend> open(Path historyFile) {
    boolean nativeAccess = TerminalFrontend.class.getModule().isNativeAccessEnabled();
    try {
      Terminal terminal = TerminalBuilder.builder()
          .system(true)
          .providers(nativeAccess ? "ffm,exec" : "exec")
          .dumb(true)
          .build();
      if (terminal.getType() == null || terminal.getType().startsWith("dumb")) {
        terminal.close();
        return Optional.empty();
      }
      return Optional.of(new TerminalFrontend(terminal, historyFile));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  @Override
  public void onInterrupt(Interrupts handler) {
    this.interrupts = handler;
  }

  @Override
  public void completeWith(Completions completions) {
    editor.completeWith(completions);
  }

  @Override
  public Screen screen() {
    return screen;
  }

  @Override
  public HookUi ui() {
    return ui;
  }

  @Override
  public EditorInput read(String initial) {
    screen.stopSpinner();
    screen.endLine();
    try {
      return editor.read(initial);
    } finally {
      size = terminal.getSize(); // the editor handles resizes while it reads
    }
  }

  @Override
  public <T> T await(Future<T> work) throws ExecutionException, InterruptedException {
    Attributes saved = terminal.enterRawMode();
    Attributes raw = terminal.getAttributes();
    raw.setLocalFlag(Attributes.LocalFlag.ISIG, false);
    terminal.setAttributes(raw);
    KeyDecoder keys = new KeyDecoder(terminal.reader()::read);
    try {
      while (!work.isDone()) {
        if (!keyboard.tryLock(50, TimeUnit.MILLISECONDS)) {
          continue; // a dialog has the keyboard
        }
        try {
          Optional<Key> key = keys.next(50);
          key.ifPresent(this::handle);
        } finally {
          keyboard.unlock();
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      terminal.setAttributes(saved);
    }
    return work.get();
  }

  private void handle(Key key) {
    if (key.isCtrl('c')) {
      interrupts.interrupted(true);
      return;
    }
    switch (key.kind()) {
      case ESCAPE -> interrupts.interrupted(false);
      case BACKSPACE -> {
        synchronized (typeAhead) {
          if (!typeAhead.isEmpty()) {
            typeAhead.setLength(typeAhead.length() - 1);
          }
        }
      }
      case CHAR -> {
        if (key.printable()) {
          synchronized (typeAhead) {
            typeAhead.appendCodePoint(key.codePoint());
          }
        }
      }
      default -> {}
    }
  }

  @Override
  public String takeTypeAhead() {
    synchronized (typeAhead) {
      String text = typeAhead.toString();
      typeAhead.setLength(0);
      return text;
    }
  }

  @Override
  public void close() {
    ui.close();
    screen.stopSpinner();
    try {
      terminal.close();
    } catch (IOException e) {
      // the terminal is going away with the process
    }
  }
}
