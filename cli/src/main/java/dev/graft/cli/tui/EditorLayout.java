package dev.graft.cli.tui;

import java.util.ArrayList;
import java.util.List;

/**
 * The editor's text laid out in rows of a width: each line of the text is word-wrapped (a row
 * breaks after the last space that fits, and inside a word only when the word alone is wider than
 * the row), keeping the offsets of each row so that the caret can be placed and moved by row.
 */
final class EditorLayout {
  /**
   * A row: the text's chars {@code [start, end)}; {@code lineEnd} when it ends a line of the text.
   */
  record Row(int start, int end, boolean lineEnd) {}

  private final List<Row> rows;

  private EditorLayout(List<Row> rows) {
    this.rows = rows;
  }

  List<Row> rows() {
    return rows;
  }

  static EditorLayout of(String text, int width) {
    int w = Math.max(1, width);
    List<Row> rows = new ArrayList<>();
    int lineStart = 0;
    while (true) {
      int nl = text.indexOf('\n', lineStart);
      int lineEnd = nl < 0 ? text.length() : nl;
      wrapLine(text, lineStart, lineEnd, w, rows);
      if (nl < 0) {
        break;
      }
      lineStart = nl + 1;
    }
    return new EditorLayout(rows);
  }

  private static void wrapLine(String text, int start, int end, int width, List<Row> rows) {
    if (start == end) {
      rows.add(new Row(start, end, true));
      return;
    }
    int pos = start;
    while (pos < end) {
      int used = 0;
      int i = pos;
      int lastBreak = -1; // just after a space
      while (i < end) {
        int cp = text.codePointAt(i);
        int w = Ansi.columns(cp);
        if (used + w > width) {
          break;
        }
        used += w;
        i += Character.charCount(cp);
        if (cp == ' ') {
          lastBreak = i;
        }
      }
      if (i >= end) {
        rows.add(new Row(pos, end, true));
        return;
      }
      // a space right at the edge may stay on this row
      if (text.charAt(i) == ' ') {
        lastBreak = i + 1;
      }
      int breakAt =
          lastBreak > pos
              ? lastBreak
              : Math.max(i, pos + Character.charCount(text.codePointAt(pos)));
      rows.add(new Row(pos, breakAt, false));
      pos = breakAt;
    }
  }

  /**
   * The row the caret at {@code offset} is on: a caret at a soft break goes to the start of the
   * next row.
   */
  int rowOf(int offset) {
    for (int r = 0; r < rows.size(); r++) {
      Row row = rows.get(r);
      if (offset >= row.start() && (offset < row.end() || offset == row.end() && row.lineEnd())) {
        return r;
      }
    }
    return rows.size() - 1;
  }

  /** The caret's column in its row. */
  int columnOf(String text, int offset) {
    Row row = rows.get(rowOf(offset));
    return Ansi.width(text.substring(row.start(), offset));
  }

  /** The offset in row {@code r} nearest to column {@code column}. */
  int offsetAt(String text, int r, int column) {
    Row row = rows.get(r);
    int used = 0;
    int i = row.start();
    int last = row.lineEnd() ? row.end() : Math.max(row.start(), row.end() - 1);
    while (i < last) {
      int cp = text.codePointAt(i);
      int w = Ansi.columns(cp);
      if (used + w > column) {
        break;
      }
      used += w;
      i += Character.charCount(cp);
    }
    return i;
  }
}
