package dev.graft.cli.tui;

import java.util.List;

/**
 * Draws frames on a terminal in its normal screen, below what was printed before, redrawing only
 * the lines that changed since the last frame: the cursor moves up to the first changed line, and
 * from there the lines are written again, each cleared first; lines no longer there are erased. A
 * frame is one write inside synchronized output (DEC mode 2026), so a terminal that supports it
 * never shows half a frame.
 *
 * <p>Rows are counted from the first line of the live frame. Lines above it were {@link #commit
 * committed}: they stay in the scrollback and are never drawn again, except by a full redraw (after
 * a resize, or when a line above the screen's top changed), which clears the screen and the
 * scrollback and writes everything again, so that what the scrollback holds is what graft shows.
 *
 * <p>Each line is one row. A row that starts with {@link Wrap#CONTINUED} below a row as wide as the
 * terminal is written without a line break: the terminal wraps into it softly (a long path stays
 * one line for selecting and copying), and a change in it rewrites the line from its first row.
 */
final class Renderer {
  static final String SYNC_START = "\033[?2026h";
  static final String SYNC_END = "\033[?2026l";

  private final TerminalPort out;
  private List<String> lines = List.of();
  private int cursor; // the row the terminal's cursor is on
  private int bottom =
      -1; // the lowest row written so far: rows below it are not on the screen's known part
  private int width = -1;
  private int height = -1;
  private long fullRedraws;
  private boolean started;

  Renderer(TerminalPort out) {
    this.out = out;
  }

  /** The terminal's cursor in a frame: where the editor's caret is, or none (cursor hidden). */
  record Caret(int row, int column) {}

  /** How many full redraws were made (for tests and the benchmark). */
  long fullRedraws() {
    return fullRedraws;
  }

  int width() {
    return width;
  }

  /** Whether the terminal's size differs from the last frame's (a full redraw is due). */
  boolean resized() {
    return started && (out.columns() != width || out.rows() != height);
  }

  /** Whether row {@code row} of the last frame is still on the screen. */
  private boolean visible(int row, int rows) {
    return row > bottom - rows;
  }

  /**
   * Draws {@code next}; returns false when it could not (a line above the screen's top changed, or
   * the size changed) and the caller must {@link #redraw} everything instead.
   */
  boolean draw(List<String> next, Caret caret) {
    int columns = out.columns();
    int rows = out.rows();
    if (!started) {
      width = columns;
      height = rows;
      started = true;
      StringBuilder b = new StringBuilder(SYNC_START).append('\r');
      writeLines(b, next, 0, columns);
      finish(b, next, caret);
      return true;
    }
    if (columns != width || rows != height) {
      return false;
    }
    int common = Math.min(lines.size(), next.size());
    int first = 0;
    while (first < common && lines.get(first).equals(next.get(first))) {
      first++;
    }
    // a row the terminal wrapped softly is written again from the start of its line
    while (first > 0 && (continued(next, first) || continued(lines, first))) {
      first--;
    }
    if (first == lines.size() && first == next.size()) {
      StringBuilder b = new StringBuilder(SYNC_START);
      finish(b, next, caret);
      return true;
    }
    if (first < lines.size() && !visible(first, rows)) {
      return false;
    }
    StringBuilder b = new StringBuilder(SYNC_START);
    int clearFrom = -1;
    if (first < next.size()) {
      if (first <= bottom) {
        moveTo(b, first);
      } else {
        // below everything written so far: new lines at the bottom
        moveTo(b, bottom);
        while (cursor < first) {
          newline(b);
        }
      }
      writeLines(b, next, first, columns);
    }
    if (next.size() < lines.size()) {
      clearFrom = next.size();
    }
    if (clearFrom >= 0) {
      // erase what is left of the old frame below the new one
      if (next.isEmpty()) {
        moveTo(b, 0);
        b.append("\r\033[J");
      } else {
        moveTo(b, next.size() - 1);
        b.append("\r\033[1B\033[J\033[1A");
      }
    }
    finish(b, next, caret);
    return true;
  }

  /** Clears the screen and the scrollback, then writes {@code committed} and {@code next}. */
  void redraw(List<String> committed, List<String> next, Caret caret) {
    fullRedraws++;
    int columns = out.columns();
    width = columns;
    height = out.rows();
    started = true;
    StringBuilder b = new StringBuilder(SYNC_START).append("\033[H\033[2J\033[3J");
    for (int i = 0; i < committed.size(); i++) {
      if (i > 0 && !softWrap(committed, i, columns)) {
        b.append("\r\n");
      }
      appendLine(b, committed.get(i), columns);
    }
    if (!committed.isEmpty() && !next.isEmpty()) {
      b.append("\r\n");
    }
    lines = List.of();
    cursor = -1;
    bottom = -1;
    if (next.isEmpty()) {
      lines = List.copyOf(next);
      b.append(SYNC_END);
      out.write(b.toString());
      out.flush();
      return;
    }
    cursor = 0;
    writeLines(b, next, 0, columns);
    finish(b, next, caret);
  }

  /**
   * The first {@code count} lines of the frame stay in the scrollback; rows are counted after them
   * from now on.
   */
  void commit(int count) {
    if (count <= 0) {
      return;
    }
    lines = lines.subList(Math.min(count, lines.size()), lines.size());
    cursor -= count;
    bottom -= count;
  }

  /** Leaves the frame: the cursor goes below it, shown, so that what is printed next follows it. */
  void close() {
    StringBuilder b = new StringBuilder();
    if (!lines.isEmpty()) {
      moveTo(b, lines.size() - 1);
      b.append("\r\n");
    }
    b.append("\033[?25h");
    out.write(b.toString());
    out.flush();
    lines = List.of();
    cursor = 0;
    bottom = 0;
  }

  private void writeLines(StringBuilder b, List<String> next, int from, int columns) {
    for (int i = from; i < next.size(); i++) {
      if (i > from && softWrap(next, i, columns)) {
        // the row above filled the width: the terminal wraps to this row as it is written
        // (erasing the row first would erase the one above, the cursor being still there)
        cursor++;
        bottom = Math.max(bottom, cursor);
        appendLine(b, next.get(i), columns);
        if (Ansi.width(next.get(i)) < columns) {
          b.append("\033[K");
        }
        continue;
      }
      if (i > from) {
        newline(b);
      }
      b.append("\033[2K");
      appendLine(b, next.get(i), columns);
    }
    if (from < next.size()) {
      cursor = next.size() - 1;
      bottom = Math.max(bottom, cursor);
    }
  }

  /** Whether row {@code i} continues the row above it ({@link Wrap#CONTINUED}). */
  private static boolean continued(List<String> rows, int i) {
    return i < rows.size() && rows.get(i).startsWith(Wrap.CONTINUED);
  }

  /**
   * Whether row {@code i} is written without a line break before it, for the terminal to wrap the
   * row above into it: it says it continues that row, and that row fills the width.
   */
  private static boolean softWrap(List<String> rows, int i, int columns) {
    return continued(rows, i) && Ansi.width(rows.get(i - 1)) >= columns;
  }

  private static void appendLine(StringBuilder b, String line, int columns) {
    if (line.startsWith(Wrap.CONTINUED)) {
      line = line.substring(Wrap.CONTINUED.length());
    }
    String shown = Ansi.width(line) > columns ? Ansi.truncate(line, columns, "") : line;
    b.append(shown);
    if (shown.indexOf('\033') >= 0) {
      b.append(Ansi.RESET);
    }
  }

  /** Moves down one row, to a new row when at the bottom of what was written. */
  private void newline(StringBuilder b) {
    b.append("\r\n");
    cursor++;
    bottom = Math.max(bottom, cursor);
  }

  /** Moves the cursor to {@code row} (at most the lowest row written) and to column 0. */
  private void moveTo(StringBuilder b, int row) {
    int target = Math.min(row, bottom);
    if (target < cursor) {
      b.append("\033[").append(cursor - target).append('A');
    } else if (target > cursor) {
      b.append("\033[").append(target - cursor).append('B');
    }
    b.append('\r');
    cursor = target;
  }

  private void finish(StringBuilder b, List<String> next, Caret caret) {
    lines = List.copyOf(next);
    if (caret != null && caret.row() >= 0 && caret.row() < next.size()) {
      moveTo(b, caret.row());
      if (caret.column() > 0) {
        b.append("\033[").append(caret.column() + 1).append('G');
      }
    } else if (!next.isEmpty()) {
      moveTo(b, next.size() - 1);
    }
    b.append("\033[?25l").append(SYNC_END);
    out.write(b.toString());
    out.flush();
  }
}
