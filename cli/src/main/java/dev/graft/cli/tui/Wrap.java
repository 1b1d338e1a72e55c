package dev.graft.cli.tui;

import java.util.ArrayList;
import java.util.List;

/**
 * Word-wrapping styled text to a width: lines break between words, never inside one unless the word
 * alone is wider than the line; a style that is open at a break is closed at the end of the line
 * and opened again on the next, so that every line can be redrawn on its own.
 */
public final class Wrap {
  /**
   * Starts a row that continues the one above it, which is as wide as the terminal: the renderer
   * writes it without a line break, so the terminal wraps the two rows softly and a selection or a
   * copy joins them. Takes no columns.
   */
  static final String CONTINUED = "\033_graft:w\007";

  private Wrap() {}

  /** {@code text} (styled; newlines break lines) as lines of at most {@code width} columns. */
  public static List<String> lines(String text, int width) {
    return lines(text, width, false);
  }

  /**
   * As {@link #lines(String, int)}, but a word wider than the line (a long path) is never broken by
   * graft: it gets rows of its own, each after the first {@link #CONTINUED}, for the terminal to
   * wrap softly, and what follows it starts on a new row.
   */
  public static List<String> softLines(String text, int width) {
    return lines(text, width, true);
  }

  private static List<String> lines(String text, int width, boolean soft) {
    List<String> out = new ArrayList<>();
    int start = 0;
    String carried = "";
    while (true) {
      int nl = text.indexOf('\n', start);
      String paragraph = text.substring(start, nl < 0 ? text.length() : nl);
      carried = paragraph(carried + paragraph, Math.max(1, width), soft, out);
      if (nl < 0) {
        return out;
      }
      start = nl + 1;
    }
  }

  /** Wraps one paragraph into {@code out}; returns the styles still open at its end. */
  private static String paragraph(String text, int width, boolean soft, List<String> out) {
    if (Ansi.width(text) <= width) {
      out.add(text);
      return openStyles("", text);
    }
    StringBuilder line = new StringBuilder();
    int lineWidth = 0;
    String active = "";
    String lineStart = "";
    int i = 0;
    int n = text.length();
    while (i < n) {
      // the next token: a run of spaces, or a word (escape sequences go with what follows them)
      int tokenStart = i;
      int j = i;
      int tokenWidth = 0;
      boolean space = false;
      boolean decided = false;
      while (j < n) {
        char c = text.charAt(j);
        if (c == '\033') {
          j = Ansi.skipEscape(text, j);
          continue;
        }
        boolean isSpace = c == ' ';
        if (!decided) {
          space = isSpace;
          decided = true;
        } else if (isSpace != space) {
          break;
        }
        int end = Ansi.clusterEnd(text, j);
        tokenWidth += Ansi.clusterWidth(text, j, end);
        j = end;
      }
      String token = text.substring(tokenStart, j);
      i = j;
      if (space) {
        if (lineWidth + tokenWidth <= width) {
          line.append(token);
          lineWidth += tokenWidth;
        } else {
          // spaces at a break are dropped, but their styles are kept
          line.append(escapesOf(token));
          lineWidth = width + 1; // forces the break before the next word
        }
        active = openStyles(active, token);
        continue;
      }
      if (lineWidth + tokenWidth > width && lineWidth > 0) {
        out.add(finish(trimTrailingSpaces(line.toString()), active));
        line.setLength(0);
        line.append(active);
        lineStart = active;
        lineWidth = 0;
      }
      if (tokenWidth <= width - lineWidth) {
        line.append(token);
        lineWidth += tokenWidth;
        active = openStyles(active, token);
        continue;
      }
      // a word wider than the line: broken at the edge (soft: in rows the terminal joins)
      String rowStart = soft ? CONTINUED : "";
      for (int k = 0; k < token.length(); ) {
        char c = token.charAt(k);
        if (c == '\033') {
          int end = Ansi.skipEscape(token, k);
          String escape = token.substring(k, end);
          line.append(escape);
          active = openStyles(active, escape);
          k = end;
          continue;
        }
        int end = Ansi.clusterEnd(token, k);
        int w = Ansi.clusterWidth(token, k, end);
        if (lineWidth + w > width && lineWidth > 0) {
          out.add(finish(line.toString(), active));
          line.setLength(0);
          line.append(rowStart).append(active);
          lineStart = rowStart + active;
          lineWidth = 0;
        }
        line.append(token, k, end);
        lineWidth += w;
        k = end;
      }
      if (soft) {
        lineWidth = width + 1; // what follows starts on a new row
      }
    }
    if (line.length() > 0 || out.isEmpty()) {
      String last = trimTrailingSpaces(line.toString());
      if (!last.equals(lineStart) || out.isEmpty()) {
        out.add(last);
      }
    }
    return active;
  }

  private static String finish(String line, String active) {
    return active.isEmpty() ? line : line + Ansi.RESET;
  }

  private static String trimTrailingSpaces(String line) {
    int end = line.length();
    while (end > 0 && line.charAt(end - 1) == ' ') {
      end--;
    }
    return end == line.length() ? line : line.substring(0, end);
  }

  private static String escapesOf(String token) {
    if (token.indexOf('\033') < 0) {
      return "";
    }
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < token.length(); ) {
      if (token.charAt(i) == '\033') {
        int end = Ansi.skipEscape(token, i);
        b.append(token, i, end);
        i = end;
      } else {
        i++;
      }
    }
    return b.toString();
  }

  /**
   * The SGR sequences open after {@code text}, given those open before it: a reset clears them,
   * anything else is added (replaying them in order gives the same state).
   */
  static String openStyles(String before, String text) {
    if (text.indexOf('\033') < 0) {
      return before;
    }
    StringBuilder active = new StringBuilder(before);
    for (int i = 0; i < text.length(); ) {
      if (text.charAt(i) != '\033') {
        i++;
        continue;
      }
      int end = Ansi.skipEscape(text, i);
      if (end - i >= 3 && text.charAt(i + 1) == '[' && text.charAt(end - 1) == 'm') {
        String params = text.substring(i + 2, end - 1);
        if (params.isEmpty() || params.equals("0")) {
          active.setLength(0);
        } else {
          active.append(text, i, end);
        }
      }
      i = end;
    }
    return active.toString();
  }
}
