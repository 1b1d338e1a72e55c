package dev.graft.cli.interactive;

import dev.graft.cli.ui.HookUi;
import dev.graft.cli.ui.LineSource;
import dev.graft.cli.ui.PlainUi;
import dev.graft.cli.ui.Screen;
import dev.graft.runtime.events.AgentEvent;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.session.Session;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * The interactive mode without a terminal (stdin piped, or TERM=dumb): one input per line, a
 * trailing backslash continues it on the next line; no raw mode, styles or spinner. Each input is
 * echoed after "> " so that the output reads as a transcript, and the status line is printed before
 * each prompt. SIGINT interrupts (the JDK's signal handling, where the platform has it).
 */
final class PlainFrontend implements Frontend {
  private final Screen screen;
  private final LineSource lines;
  private final PlainUi ui;
  private final BooleanSupplier giveUp;
  private final EventPrinter printer;
  private final CustomMessageLines custom;
  private final Object previousHandler;
  private volatile Interrupts interrupts = ctrlC -> {};
  private boolean statusDue = true;

  PlainFrontend(
      InputStream in,
      PrintWriter out,
      BooleanSupplier giveUp,
      Supplier<Session> session,
      CustomMessageLines custom) {
    this.screen = Screen.plain(out);
    this.lines = new LineSource(in);
    this.ui = new PlainUi(screen, lines);
    this.giveUp = giveUp;
    this.custom = custom;
    this.printer = new EventPrinter(screen, session, custom);
    this.previousHandler = installSigint();
  }

  @Override
  public void onInterrupt(Interrupts handler) {
    this.interrupts = handler;
  }

  private Object installSigint() {
    try {
      return Signal.handle(new Signal("INT"), s -> interrupts.interrupted(true));
    } catch (IllegalArgumentException | UnsupportedOperationException | LinkageError e) {
      return null; // no SIGINT here: the default handling stays
    }
  }

  @Override
  public HookUi ui() {
    return ui;
  }

  @Override
  public void event(AgentEvent event) {
    printer.accept(event);
  }

  @Override
  public void notice(Notice kind, String text) {
    screen.line(Screen.clean(text));
  }

  @Override
  public void showConversation(Session session, List<String> header) {
    header.forEach(l -> screen.line(Screen.clean(l)));
    Recap.print(screen, session, 4, custom);
  }

  @Override
  public ShellRun shell(String command, boolean excluded) {
    screen.line("$ " + Screen.clean(command) + (excluded ? "  (not in context)" : ""));
    return new ShellRun() {
      @Override
      public void output(String chunk) {
        screen.write(chunk, null);
      }

      @Override
      public void ended(Optional<AgentMessage.BashExecution> run) {
        screen.endLine();
        screen.line("");
      }
    };
  }

  @Override
  public void working(String message) {}

  @Override
  public void beforeInput(Supplier<String> statusLine) {
    if (statusDue) {
      screen.line(Screen.fit(statusLine.get(), 0));
      statusDue = false;
    }
  }

  @Override
  public void title(String title) {}

  @Override
  public void workingMessage(Optional<String> message) {
    printer.setWorkingMessage(message);
  }

  @Override
  public void workingVisible(boolean visible) {}

  @Override
  public void workingIndicator(Optional<List<String>> frames, int intervalMs) {}

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
      statusDue = true;
    }
    return new EditorInput.Submitted(text);
  }

  @Override
  public <T> T await(Future<T> work) throws ExecutionException, InterruptedException {
    try {
      return work.get();
    } finally {
      screen.endLine();
    }
  }

  @Override
  public String takeTypeAhead() {
    return "";
  }

  @Override
  public void close() {
    if (previousHandler instanceof SignalHandler handler) {
      try {
        Signal.handle(new Signal("INT"), handler);
      } catch (IllegalArgumentException e) {
        // nothing to restore
      }
    }
  }
}
