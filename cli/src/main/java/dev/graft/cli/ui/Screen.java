package dev.graft.cli.ui;

import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import java.util.function.IntSupplier;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import org.jline.utils.WCWidth;

/**
 * Everything graft prints in the interactive mode goes through here, one writer at a time: streamed
 * text, whole lines, a spinner while waiting. Text from the model or a tool is cleaned of control
 * characters (so it cannot move the cursor or change the terminal); styles are ANSI codes on a
 * terminal and nothing on plain output. While a dialog is open, output is held and shown when it
 * closes; while the editor is open, lines are printed above it.
 */
public final class Screen {
  /** Text styles; on plain output every style is no style. */
  public enum Style {
    DIM("2"),
    BOLD("1"),
    RED("31"),
    GREEN("32"),
    YELLOW("33"),
    CYAN("36"),
    MAGENTA("35"),
    DIM_ITALIC("2;3"),
    BOLD_CYAN("1;36");

    private final String sgr;

    Style(String sgr) {
      this.sgr = sgr;
    }
  }

  /** The editor, while it is open: lines are printed above it rather than into it. */
  public interface Above {
    boolean reading();

    void print(String line);
  }

  private static final String[] FRAMES = {"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"};
  private static final int INTERVAL_MS = 80;

  private final PrintWriter out;
  private final boolean ansi;
  private final IntSupplier width;
  private final Object lock = new Object();
  private volatile Above above;
  private boolean atLineStart = true;
  private final StreamingWordWrap wrap = new StreamingWordWrap();
  private StringBuilder held;
  private String spinnerText;
  private boolean spinnerShown;
  private int frame;

  /** The spinner's frames and interval: graft's own, or a script's (ctx.ui.setWorkingIndicator). */
  private String[] frames = FRAMES;

  private volatile int intervalMs = INTERVAL_MS;

  /** False while a script hides the working line (ctx.ui.setWorkingVisible(false)). */
  private boolean spinnerVisible = true;

  private Thread spinnerThread;

  private Screen(PrintWriter out, boolean ansi, IntSupplier width) {
    this.out = out;
    this.ansi = ansi;
    this.width = width;
  }

  /** A terminal: styles, a spinner, lines fitted to {@code width}. */
  public static Screen terminal(PrintWriter out, IntSupplier width) {
    return new Screen(out, true, width);
  }

  /** Plain output (a pipe, a dumb terminal): no styles, no spinner, nothing cut. */
  public static Screen plain(PrintWriter out) {
    return new Screen(out, false, () -> 0);
  }

  public boolean ansi() {
    return ansi;
  }

  /** Columns of the terminal; 0 when unknown (nothing is cut then). */
  public int width() {
    return width.getAsInt();
  }

  public void setAbove(Above above) {
    this.above = above;
  }

  /** {@code text} cleaned and styled. */
  public String style(Style style, String text) {
    String clean = clean(text);
    return ansi && !clean.isEmpty() ? "\033[" + style.sgr + "m" + clean + "\033[0m" : clean;
  }

  /**
   * Streamed text (the model's answer as it arrives), cleaned, optionally styled, and on a terminal
   * wrapped at word boundaries to its width at the time.
   */
  public void write(String text, Style style) {
    String clean = clean(text);
    if (clean.isEmpty()) {
      return;
    }
    synchronized (lock) {
      UnaryOperator<String> styling =
          style == null || !ansi ? s -> s : s -> "\033[" + style.sgr + "m" + s + "\033[0m";
      emit(wrap.feed(clean, ansi ? width() : 0, styling));
      atLineStart = wrap.column() == 0;
    }
  }

  /** One line (already styled with {@link #style}; plain text must come through {@link #clean}). */
  public void line(String line) {
    Above editor = above;
    if (editor != null && editor.reading()) {
      editor.print(line);
      return;
    }
    synchronized (lock) {
      String prefix = atLineStart ? "" : "\n";
      emit(prefix + line + "\n");
      atLineStart = true;
      wrap.reset();
    }
  }

  /** Ends a partly written line. */
  public void endLine() {
    synchronized (lock) {
      if (!atLineStart) {
        emit("\n");
        atLineStart = true;
      }
      wrap.reset();
    }
  }

  /** Shows a spinner with {@code text} on the current (empty) line until the next output. */
  public void spin(String text) {
    if (!ansi) {
      return;
    }
    synchronized (lock) {
      spinnerText = text;
      if (spinnerThread == null) {
        spinnerThread = Thread.ofPlatform().daemon().name("graft-spinner").start(this::spinLoop);
      }
      drawSpinner();
    }
  }

  /** Changes the spinner's text when one is showing (a script's working message). */
  public void respin(String text) {
    synchronized (lock) {
      if (spinnerText != null) {
        spinnerText = text;
        drawSpinner();
      }
    }
  }

  /** Shows or hides the spinner's line (the spinner keeps running: shown again, it is current). */
  public void spinnerVisible(boolean visible) {
    synchronized (lock) {
      spinnerVisible = visible;
      if (visible) {
        drawSpinner();
      } else {
        eraseSpinner();
        out.flush();
      }
    }
  }

  /**
   * The spinner's frames (cleaned of control characters, so drawn in graft's colour; none: only the
   * text) and interval in milliseconds; empty and 0 restore graft's own.
   */
  public void indicator(Optional<List<String>> custom, int interval) {
    synchronized (lock) {
      frames =
          custom
              .map(f ->
                  f.stream()
                      .map(x -> clean(withoutEscapes(x)).replaceAll("[\\n\\t]", ""))
                      .toArray(String[]::new))
              .orElse(FRAMES);
      intervalMs = interval > 0 ? interval : INTERVAL_MS;
      frame = 0;
      drawSpinner();
    }
  }

  /**
   * Sets the terminal window's title (an OSC 0 sequence; nothing without ANSI); control characters
   * are dropped.
   */
  public void title(String title) {
    if (!ansi) {
      return;
    }
    String clean = title.replaceAll("\\p{Cntrl}", "");
    synchronized (lock) {
      out.print("\u001b]0;" + clean + "\u0007");
      out.flush();
    }
  }

  public void stopSpinner() {
    synchronized (lock) {
      spinnerText = null;
      eraseSpinner();
    }
  }

  /** Holds output back (a dialog is drawing); {@link #release} prints what was held. */
  public void hold() {
    synchronized (lock) {
      eraseSpinner();
      out.flush();
      held = new StringBuilder();
    }
  }

  public void release() {
    synchronized (lock) {
      StringBuilder pending = held;
      held = null;
      if (pending != null && !pending.isEmpty()) {
        out.print(pending);
        out.flush();
      }
    }
  }

  /** Runs {@code drawing} with the screen to itself (for dialogs that draw directly). */
  public void exclusive(Runnable drawing) {
    synchronized (lock) {
      drawing.run();
    }
  }

  private void emit(String text) {
    if (held != null) {
      held.append(text);
      return;
    }
    eraseSpinner();
    out.print(text);
    out.flush();
  }

  private void spinLoop() {
    while (true) {
      try {
        Thread.sleep(intervalMs);
      } catch (InterruptedException e) {
        return;
      }
      synchronized (lock) {
        frame = frames.length == 0 ? 0 : (frame + 1) % frames.length;
        drawSpinner();
      }
    }
  }

  private void drawSpinner() {
    if (spinnerText == null || held != null || !atLineStart || !spinnerVisible) {
      return;
    }
    String glyph =
        frames.length == 0 ? "" : "\033[36m" + frames[frame % frames.length] + "\033[0m ";
    int glyphWidth =
        frames.length == 0
            ? 0
            : frames[frame % frames.length].codePointCount(
                    0, frames[frame % frames.length].length())
                + 1;
    String text = fit(spinnerText, Math.max(0, width() - glyphWidth - 1));
    out.print("\r" + glyph + "\033[2m" + text + "\033[0m\033[K");
    out.flush();
    spinnerShown = true;
  }

  private void eraseSpinner() {
    if (spinnerShown) {
      out.print("\r\033[K");
      spinnerShown = false;
    }
  }

  /**
   * {@code text} without its whole escape sequences (CSI such as colours, OSC such as titles),
   * where {@link #clean} drops only their control characters: for a script's text that is styled
   * for the reference's terminal (a working message, indicator frames), which graft styles itself.
   */
  public static String withoutEscapes(String text) {
    return text == null ? "" : ESCAPES.matcher(text).replaceAll("");
  }

  /**
   * {@code text} without its colour sequences (SGR), every other escape sequence left for {@code
   * ScriptText.safeLine} to show: a script's notice or status styled for the reference's terminal,
   * which graft styles itself, while a script clearing the screen or setting the title is seen.
   */
  public static String withoutColours(String text) {
    return text == null ? "" : COLOURS.matcher(text).replaceAll("");
  }

  private static final Pattern COLOURS = Pattern.compile("\u001b\\[[0-9;:]*m");

  private static final Pattern ESCAPES =
      Pattern.compile("\u001b\\[[0-?]*[ -/]*[@-~]|\u001b\\][^\u0007\u001b]*(\u0007|\u001b\\\\)?");

  /** Removes control characters (escape sequences included) except newlines and tabs. */
  public static String clean(String text) {
    if (text == null) {
      return "";
    }
    StringBuilder b = null;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      boolean control =
          (c < 0x20 && c != '\n' && c != '\t') || c == 0x7f || (c >= 0x80 && c < 0xa0);
      if (control) {
        if (b == null) {
          b = new StringBuilder(text.length()).append(text, 0, i);
        }
        if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
          continue;
        }
      } else if (b != null) {
        b.append(c);
      }
    }
    return b == null ? text : b.toString();
  }

  /** {@code text} on one line, cut to {@code columns} (with …); unchanged when columns is 0. */
  public static String fit(String text, int columns) {
    String flat = clean(text).replace('\n', ' ').replace('\t', ' ');
    if (columns <= 0) {
      return flat;
    }
    int used = 0;
    for (int i = 0; i < flat.length(); ) {
      int cp = flat.codePointAt(i);
      int w = Math.max(0, WCWidth.wcwidth(cp));
      if (used + w > columns - 1 && i + Character.charCount(cp) < flat.length()
          || used + w > columns) {
        return flat.substring(0, i) + "…";
      }
      used += w;
      i += Character.charCount(cp);
    }
    return flat;
  }
}
