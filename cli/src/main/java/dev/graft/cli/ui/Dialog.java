package dev.graft.cli.ui;

import dev.graft.cli.tui.Key;
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

  static String title(Screen screen, String title, OptionalLong secondsLeft) {
    return screen.style(Screen.Style.BOLD_CYAN, title)
        + (secondsLeft.isPresent() ? " " + screen.style(Screen.Style.DIM, "(" + secondsLeft.getAsLong() + "s)") : "");
  }
}
