package dev.graft.cli.ui;

import dev.graft.cli.tui.Ansi;
import dev.graft.cli.tui.Key;
import dev.graft.cli.tui.Theme;
import dev.graft.cli.tui.ThemeRole;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/** One dialog's look and key handling, apart from the terminal that shows it. */
interface Dialog<T> {

  /** Lines to draw (styled) and where the cursor goes. */
  record Frame(List<String> lines, int cursorRow, int cursorColumn) {
    public Frame {
      lines = List.copyOf(lines);
    }
  }

  Frame render(OptionalLong secondsLeft, int columns);

  /** The answer this key gives, or empty to go on. */
  Optional<T> key(Key key);

  /** The answer when the dialog is cancelled, times out or is aborted. */
  T cancelled();

  /** A line left in the transcript once the dialog closed, if any. */
  Optional<String> record(T result);

  static String title(Theme theme, String title, OptionalLong secondsLeft) {
    return accent(theme, title)
        + (secondsLeft.isPresent()
            ? " " + theme.fg(ThemeRole.MUTED, "(" + secondsLeft.getAsLong() + "s)")
            : "");
  }

  /** Text in the accent colour, bold. */
  static String accent(Theme theme, String text) {
    return theme.fg(ThemeRole.ACCENT, theme.bold(Ansi.clean(text)));
  }

  /**
   * {@code text} cleaned, on one line, cut to {@code columns} with …; unchanged when columns is 0
   * or less.
   */
  static String fit(String text, int columns) {
    String flat = Ansi.clean(text).replace('\n', ' ');
    return columns <= 0 ? flat : Ansi.truncate(flat, columns, "…");
  }
}
