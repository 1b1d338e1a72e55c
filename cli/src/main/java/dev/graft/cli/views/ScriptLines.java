package dev.graft.cli.views;

import dev.graft.cli.tui.Ansi;
import dev.graft.cli.tui.Tui;

/**
 * A line a script's component drew, made safe to draw: its colours and text attributes (SGR
 * sequences) stay, as does the reference's cursor marker where graft's caret goes (when the
 * component has the keys); every other escape sequence and control character is dropped (a tab is
 * three spaces), so a script cannot move the cursor, clear the screen or change the terminal; then
 * it is cut to the width.
 */
public final class ScriptLines {
  /** The reference's cursor marker ({@code CURSOR_MARKER} of pi-tui). */
  static final String CURSOR_MARKER = "\033_pi:c\007";

  private ScriptLines() {}

  /**
   * {@code line} cleaned and cut to {@code width} columns; the cursor marker becomes graft's caret
   * when {@code caret}.
   */
  public static String clean(String line, int width, boolean caret) {
    StringBuilder b = new StringBuilder(line.length());
    for (int i = 0; i < line.length(); ) {
      char c = line.charAt(i);
      if (c == '\033') {
        int end = Ansi.skipEscape(line, i);
        String seq = line.substring(i, end);
        if (sgr(seq)) {
          b.append(seq);
        } else if (caret && seq.equals(CURSOR_MARKER)) {
          b.append(Tui.CARET);
        }
        i = end;
        continue;
      }
      if (c == '\t') {
        b.append("   ");
      } else if (!(c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0))) {
        b.append(c);
      }
      i++;
    }
    String clean = b.toString();
    return Ansi.width(clean) > width ? Ansi.truncate(clean, width, "") : clean;
  }

  /** Whether {@code seq} is a complete SGR sequence (ESC [ digits, ; or : ... m). */
  static boolean sgr(String seq) {
    if (seq.length() < 3 || seq.charAt(1) != '[' || seq.charAt(seq.length() - 1) != 'm') {
      return false;
    }
    for (int i = 2; i < seq.length() - 1; i++) {
      char c = seq.charAt(i);
      if (!(c >= '0' && c <= '9') && c != ';' && c != ':') {
        return false;
      }
    }
    return true;
  }
}
