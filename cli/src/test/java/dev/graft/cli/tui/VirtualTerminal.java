package dev.graft.cli.tui;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * A small terminal emulator for tests: a screen of cells with a scrollback, understanding what
 * graft's renderer writes (text, CR, LF, cursor moves, line and screen erasing, synchronized
 * output, the cursor's visibility) and ignoring colours. Wide characters take two cells; writing in
 * the last column leaves a pending wrap, as xterm does; a row the terminal wrapped into the next
 * one is marked so, and {@link #joinedText} joins them, as a selection in a terminal does.
 */
final class VirtualTerminal implements TerminalPort {
  private int columns;
  private int rows;
  private final List<String> scrollback = new ArrayList<>();
  private final List<Boolean> scrollbackWrapped = new ArrayList<>();
  private final Set<StringBuilder> wrapped = Collections.newSetFromMap(new IdentityHashMap<>());
  private List<StringBuilder> screen = new ArrayList<>();
  private int row;
  private int col;
  private boolean pendingWrap;
  private final StringBuilder pending = new StringBuilder();
  long bytesWritten;

  VirtualTerminal(int columns, int rows) {
    this.columns = columns;
    this.rows = rows;
    for (int i = 0; i < rows; i++) {
      screen.add(new StringBuilder());
    }
  }

  @Override
  public int columns() {
    return columns;
  }

  @Override
  public int rows() {
    return rows;
  }

  /**
   * Resizes as a terminal without reflow does: lines are cut or padded, the cursor kept on screen.
   */
  void resize(int newColumns, int newRows) {
    while (screen.size() > newRows) {
      if (row > 0) {
        StringBuilder first = screen.removeFirst();
        scrollback.add(first.toString());
        scrollbackWrapped.add(wrapped.remove(first));
        row--;
      } else {
        screen.removeLast();
      }
    }
    while (screen.size() < newRows) {
      screen.add(new StringBuilder());
    }
    for (StringBuilder line : screen) {
      if (line.length() > newColumns) {
        line.setLength(newColumns);
      }
    }
    columns = newColumns;
    rows = newRows;
    col = Math.min(col, columns - 1);
  }

  @Override
  public void write(String text) {
    pending.append(text);
    bytesWritten += text.length();
  }

  @Override
  public void flush() {
    String s = pending.toString();
    pending.setLength(0);
    for (int i = 0; i < s.length(); ) {
      char c = s.charAt(i);
      if (c == '\033') {
        i = escape(s, i);
        continue;
      }
      int cp = s.codePointAt(i);
      i += Character.charCount(cp);
      switch (cp) {
        case '\r' -> {
          col = 0;
          pendingWrap = false;
        }
        case '\n' -> lineFeed();
        default -> put(cp);
      }
    }
  }

  private void put(int cp) {
    int w = Ansi.columns(cp);
    if (w == 0) {
      return;
    }
    if (pendingWrap || col + w > columns) {
      wrapped.add(screen.get(row));
      col = 0;
      lineFeed();
      pendingWrap = false;
    }
    StringBuilder line = screen.get(row);
    while (cellLength(line) < col) {
      line.append(' ');
    }
    // replace the cells at col..col+w
    String before = cut(line.toString(), col);
    String after = skipCells(line.toString(), col + w);
    line.setLength(0);
    line.append(before).appendCodePoint(cp).append(after);
    col += w;
    if (col >= columns) {
      col = columns - 1;
      pendingWrap = true;
    }
  }

  private static int cellLength(CharSequence line) {
    return Ansi.width(line.toString());
  }

  private static String cut(String line, int cells) {
    StringBuilder b = new StringBuilder();
    int used = 0;
    for (int i = 0; i < line.length() && used < cells; ) {
      int cp = line.codePointAt(i);
      used += Ansi.columns(cp);
      b.appendCodePoint(cp);
      i += Character.charCount(cp);
    }
    while (used < cells) {
      b.append(' ');
      used++;
    }
    return b.toString();
  }

  private static String skipCells(String line, int cells) {
    int used = 0;
    int i = 0;
    while (i < line.length() && used < cells) {
      int cp = line.codePointAt(i);
      used += Ansi.columns(cp);
      i += Character.charCount(cp);
    }
    return line.substring(i);
  }

  private void lineFeed() {
    pendingWrap = false;
    if (row == rows - 1) {
      StringBuilder first = screen.removeFirst();
      scrollback.add(first.toString());
      scrollbackWrapped.add(wrapped.remove(first));
      screen.add(new StringBuilder());
    } else {
      row++;
    }
  }

  private int escape(String s, int i) {
    int end = Ansi.skipEscape(s, i);
    if (end - i >= 3 && s.charAt(i + 1) == '[') {
      String params = s.substring(i + 2, end - 1);
      char fin = s.charAt(end - 1);
      int n = params.isEmpty() || !params.matches("\\d+") ? 1 : Integer.parseInt(params);
      switch (fin) {
        case 'A' -> {
          row = Math.max(0, row - n);
          pendingWrap = false;
        }
        case 'B' -> {
          row = Math.min(rows - 1, row + n);
          pendingWrap = false;
        }
        case 'G' -> {
          col = Math.min(columns - 1, n - 1);
          pendingWrap = false;
        }
        case 'H' -> {
          row = 0;
          col = 0;
          pendingWrap = false;
        }
        case 'K' -> {
          if (params.equals("2")) {
            screen.get(row).setLength(0);
            wrapped.remove(screen.get(row));
          } else {
            StringBuilder line = screen.get(row);
            line.replace(0, line.length(), cut(line.toString(), col).stripTrailing());
          }
        }
        case 'J' -> {
          if (params.equals("2")) {
            screen.forEach(l -> l.setLength(0));
            wrapped.clear();
          } else if (params.equals("3")) {
            scrollback.clear();
            scrollbackWrapped.clear();
          } else {
            StringBuilder line = screen.get(row);
            line.replace(0, line.length(), cut(line.toString(), col).stripTrailing());
            for (int r = row + 1; r < rows; r++) {
              screen.get(r).setLength(0);
            }
          }
        }
        default -> {}
      }
    }
    return end;
  }

  /**
   * The scrollback and the screen, each line without trailing spaces, the empty lines at the end
   * left out.
   */
  List<String> text() {
    List<String> all = new ArrayList<>(scrollback.stream().map(String::stripTrailing).toList());
    screen.forEach(l -> all.add(l.toString().stripTrailing()));
    while (!all.isEmpty() && all.getLast().isEmpty()) {
      all.removeLast();
    }
    return all;
  }

  /** As {@link #text}, with each row the terminal wrapped joined to the next. */
  List<String> joinedText() {
    List<String> rows = new ArrayList<>(scrollback);
    List<Boolean> joins = new ArrayList<>(scrollbackWrapped);
    for (StringBuilder l : screen) {
      rows.add(l.toString());
      joins.add(wrapped.contains(l));
    }
    List<String> all = new ArrayList<>();
    StringBuilder line = new StringBuilder();
    for (int i = 0; i < rows.size(); i++) {
      line.append(rows.get(i));
      if (!joins.get(i)) {
        all.add(line.toString().stripTrailing());
        line.setLength(0);
      }
    }
    if (!line.isEmpty()) {
      all.add(line.toString().stripTrailing());
    }
    while (!all.isEmpty() && all.getLast().isEmpty()) {
      all.removeLast();
    }
    return all;
  }

  /** The screen's rows (without trailing spaces). */
  List<String> screen() {
    return screen.stream().map(l -> l.toString().stripTrailing()).toList();
  }

  int cursorRow() {
    return row;
  }

  int cursorColumn() {
    return col;
  }
}
