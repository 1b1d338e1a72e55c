package dev.graft.cli.tui;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.Optional;
import org.jline.terminal.Attributes;
import org.jline.terminal.Size;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/**
 * The process's terminal through JLine, in raw mode from start to end with Ctrl+C as a key (so a
 * key typed right after it is not lost) and bracketed paste on. It is the renderer's output and the
 * source of keys; a resize asks the UI for a frame.
 */
public final class JLineTerminal implements TerminalPort, AutoCloseable {
  private final Terminal terminal;
  private final PrintWriter writer;
  private final Attributes saved;
  private volatile Size size;

  private JLineTerminal(Terminal terminal) {
    this.terminal = terminal;
    this.writer = terminal.writer();
    this.saved = terminal.enterRawMode();
    Attributes raw = terminal.getAttributes();
    raw.setLocalFlag(Attributes.LocalFlag.ISIG, false);
    raw.setInputFlag(Attributes.InputFlag.IXON, false);
    terminal.setAttributes(raw);
    this.size = terminal.getSize();
    writer.print("\033[?2004h");
    writer.flush();
  }

  /**
   * The process's terminal; empty when JLine can only offer a dumb one. FFM is used when native
   * access is enabled (the launcher enables it), else JLine runs stty.
   */
  public static Optional<JLineTerminal> open() {
    boolean nativeAccess = JLineTerminal.class.getModule().isNativeAccessEnabled();
    try {
      Terminal terminal =
          TerminalBuilder.builder()
              .system(true)
              .providers(nativeAccess ? "ffm,exec" : "exec")
              .dumb(true)
              .build();
      if (terminal.getType() == null || terminal.getType().startsWith("dumb")) {
        terminal.close();
        return Optional.empty();
      }
      return Optional.of(new JLineTerminal(terminal));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /** A terminal made by the caller (tests: pipes). */
  public static JLineTerminal of(Terminal terminal) {
    return new JLineTerminal(terminal);
  }

  /** Asks {@code tui} for a frame when the window is resized. */
  public void onResize(Runnable resized) {
    terminal.handle(
        Terminal.Signal.WINCH,
        s -> {
          size = terminal.getSize();
          resized.run();
        });
  }

  /** Where a SIGINT sent from outside goes (Ctrl+C itself arrives as a key). */
  public void onInterrupt(Runnable interrupted) {
    terminal.handle(Terminal.Signal.INT, s -> interrupted.run());
  }

  /** Where keys come from; those typed before raw mode began count as the keys they were. */
  public KeyDecoder.Source keys() {
    return new TypeAhead(timeout -> terminal.reader().read(timeout));
  }

  @Override
  public int columns() {
    int c = size.getColumns();
    return c > 0 ? c : 80;
  }

  @Override
  public int rows() {
    int r = size.getRows();
    return r > 0 ? r : 24;
  }

  @Override
  public void write(String text) {
    writer.write(text);
  }

  @Override
  public void flush() {
    writer.flush();
  }

  /** Sets the window's title (OSC 0); control characters are dropped. */
  public void title(String title) {
    writer.write("\033]0;" + title.replaceAll("\\p{Cntrl}", "") + "\007");
    writer.flush();
  }

  @Override
  public void close() {
    writer.print("\033[?2004l\033[?25h");
    writer.flush();
    terminal.setAttributes(saved);
    try {
      terminal.close();
    } catch (IOException e) {
      // the terminal goes away with the process
    }
  }
}
