package dev.graft.cli.interactive;

import dev.graft.cli.ui.HookUi;
import dev.graft.cli.ui.LineSource;
import dev.graft.cli.ui.PlainUi;
import dev.graft.cli.ui.Screen;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;

/**
 * The interactive mode without a terminal (stdin piped, or TERM=dumb): one input per line, a
 * trailing backslash continues it on the next line; no raw mode, styles or spinner. Each input
 * is echoed after "> " so that the output reads as a transcript. SIGINT interrupts (the JDK's
 * signal handling, where the platform has it).
 */
final class PlainFrontend implements Frontend {
  private final Screen screen;
  private final LineSource lines;
  private final PlainUi ui;
  private final BooleanSupplier giveUp;
  private final Object previousHandler;
  private volatile Interrupts interrupts = ctrlC -> {};

  PlainFrontend(InputStream in, PrintWriter out, BooleanSupplier giveUp) {
    this.screen = Screen.plain(out);
    this.lines = new LineSource(in);
    this.ui = new PlainUi(screen, lines);
    this.giveUp = giveUp;
    this.previousHandler = installSigint();
  }

  @Override
  public void onInterrupt(Interrupts handler) {
    this.interrupts = handler;
  }

  private Object installSigint() {
    try {
      return sun.misc.Signal.handle(new sun.misc.Signal("INT"), s -> interrupts.interrupted(true));
    } catch (IllegalArgumentException | UnsupportedOperationException | LinkageError e) {
      return null; // no SIGINT here: the default handling stays
    }
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
    if (!initial.isEmpty()) {
      screen.line("(editor text: " + Screen.clean(initial) + ")");
    }
    StringBuilder text = new StringBuilder();
    while (true) {
      Optional<String> line = lines.next(Long.MAX_VALUE, giveUp);
      if (line.isEmpty()) {
        return text.isEmpty() ? new EditorInput.Ended() : submitted(text.toString());
      }
      String l = line.get();
      if (l.endsWith("\\")) {
        text.append(l, 0, l.length() - 1).append('\n');
        continue;
      }
      return submitted(text.append(l).toString());
    }
  }

  private EditorInput submitted(String text) {
    if (!text.isBlank()) {
      screen.line("> " + Screen.clean(text).replace("\n", "\n  "));
    }
    return new EditorInput.Submitted(text);
  }

  @Override
  public <T> T await(Future<T> work) throws ExecutionException, InterruptedException {
    return work.get();
  }

  @Override
  public String takeTypeAhead() {
    return "";
  }

  @Override
  public void close() {
    if (previousHandler instanceof sun.misc.SignalHandler handler) {
      try {
        sun.misc.Signal.handle(new sun.misc.Signal("INT"), handler);
      } catch (IllegalArgumentException e) {
        // nothing to restore
      }
    }
  }
}
