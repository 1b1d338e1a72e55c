package dev.graft.cli.tui;

/**
 * Measuring and cutting styled text: a line is text with SGR escape sequences (colours, bold) in
 * it, which take no columns. Widths are the terminal's: CJK and emoji take two columns, combining
 * marks none (JLine's wcwidth), counted by grapheme cluster ({@link Graphemes}). Text from outside
 * (the model, tools, scripts) must go through {@link #clean} before it is styled, so that the only
 * escape sequences are ours.
 */
public final class Ansi {
  public static final String RESET = "\033[0m";

  private Ansi() {}

  /**
   * The columns {@code line} takes on a terminal; escape sequences take none. Counted by grapheme
   * cluster, as the reference's visibleWidth: a flag or an emoji family takes two.
   */
  public static int width(String line) {
    int n = line.length();
    boolean simple = true;
    for (int i = 0; i < n; i++) {
      char c = line.charAt(i);
      if (c < 0x20 || c >= 0x7f) {
        simple = false;
        break;
      }
    }
    if (simple) {
      return n;
    }
    String text = strip(line);
    int width = 0;
    for (int i = 0, end = text.length(); i < end; ) {
      int next = Graphemes.end(text, i);
      width += Graphemes.width(text, i, next);
      i = next;
    }
    return width;
  }

  /** Columns of one code point: 0 for controls and combining marks, 2 for wide ones. */
  public static int columns(int cp) {
    return Graphemes.columns(cp);
  }

  /**
   * The end of the grapheme cluster (one character as a reader sees it) that starts at {@code i}, a
   * text position of {@code line}: an escape sequence ends a cluster.
   */
  public static int clusterEnd(String line, int i) {
    return Graphemes.end(line, i);
  }

  /** The columns of the cluster {@code line[start, end)} (from {@link #clusterEnd}). */
  public static int clusterWidth(String line, int start, int end) {
    return Graphemes.width(line, start, end);
  }

  /**
   * The index just past the escape sequence starting at {@code i} (CSI, OSC, APC or a two-character
   * one).
   */
  public static int skipEscape(String s, int i) {
    int n = s.length();
    if (i + 1 >= n) {
      return n;
    }
    char kind = s.charAt(i + 1);
    if (kind == '[') {
      int j = i + 2;
      while (j < n && (s.charAt(j) < 0x40 || s.charAt(j) > 0x7e)) {
        j++;
      }
      return Math.min(n, j + 1);
    }
    if (kind == ']' || kind == '_' || kind == 'P') {
      int j = i + 2;
      while (j < n) {
        char c = s.charAt(j);
        if (c == '\007') {
          return j + 1;
        }
        if (c == '\033' && j + 1 < n && s.charAt(j + 1) == '\\') {
          return j + 2;
        }
        j++;
      }
      return n;
    }
    return i + 2;
  }

  /** {@code line} without escape sequences. */
  public static String strip(String line) {
    if (line.indexOf('\033') < 0) {
      return line;
    }
    StringBuilder b = new StringBuilder(line.length());
    for (int i = 0; i < line.length(); ) {
      if (line.charAt(i) == '\033') {
        i = skipEscape(line, i);
      } else {
        b.append(line.charAt(i++));
      }
    }
    return b.toString();
  }

  /**
   * {@code line} cut to {@code columns}, ending in {@code ellipsis} (plain text, counted in the
   * columns) when something was cut; the styles are reset after a cut.
   */
  public static String truncate(String line, int columns, String ellipsis) {
    if (columns <= 0) {
      return "";
    }
    if (width(line) <= columns) {
      return line;
    }
    int room = Math.max(0, columns - width(ellipsis));
    StringBuilder b = new StringBuilder();
    int used = 0;
    for (int i = 0; i < line.length(); ) {
      char c = line.charAt(i);
      if (c == '\033') {
        int end = skipEscape(line, i);
        b.append(line, i, end);
        i = end;
        continue;
      }
      int end = clusterEnd(line, i);
      int w = clusterWidth(line, i, end);
      if (used + w > room) {
        break;
      }
      b.append(line, i, end);
      used += w;
      i = end;
    }
    if (b.indexOf("\033") >= 0) {
      b.append(RESET);
    }
    return b.append(ellipsis.length() > columns ? "" : ellipsis).toString();
  }

  /**
   * {@code line} with {@code insert} placed where column {@code column} starts (at the end, padded,
   * when it is shorter).
   */
  public static String insertAt(String line, int column, String insert) {
    int used = 0;
    for (int i = 0; i < line.length(); ) {
      char c = line.charAt(i);
      if (c == '\033') {
        i = skipEscape(line, i);
        continue;
      }
      if (used >= column) {
        return line.substring(0, i) + insert + line.substring(i);
      }
      int end = clusterEnd(line, i);
      used += clusterWidth(line, i, end);
      i = end;
    }
    return line + " ".repeat(Math.max(0, column - used)) + insert;
  }

  /** {@code line} padded with spaces to {@code columns} (unchanged when it is as wide or wider). */
  public static String pad(String line, int columns) {
    int w = width(line);
    return w >= columns ? line : line + " ".repeat(columns - w);
  }

  /**
   * Removes control characters (escape sequences included) except newlines, and turns tabs into
   * {@code tabWidth} spaces: text from the model, a tool or a script can then neither move the
   * cursor nor change the terminal, and its width is what {@link #width} says.
   */
  public static String clean(String text, int tabWidth) {
    if (text == null) {
      return "";
    }
    StringBuilder b = null;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      boolean control = (c < 0x20 && c != '\n') || c == 0x7f || (c >= 0x80 && c < 0xa0);
      if (control) {
        if (b == null) {
          b = new StringBuilder(text.length()).append(text, 0, i);
        }
        if (c == '\t') {
          b.append(" ".repeat(tabWidth));
        }
      } else if (b != null) {
        b.append(c);
      }
    }
    return b == null ? text : b.toString();
  }

  /** {@link #clean} with tabs as three spaces, as the reference shows them. */
  public static String clean(String text) {
    return clean(text, 3);
  }
}
