package dev.graft.runtime.hooks;

/**
 * Text a hook script chose (an error it threw, a console line, a notification, a status, a command
 * or session name) made fit to show: one line (a notification: a few), every control character
 * escaped so it cannot move the cursor, clear the screen, forge a line of graft's own or hide text,
 * and at most {@link #MAX_SHOWN} characters. This is the one place that does it (docs/security.md).
 *
 * <p>Escapes: {@code \n}, {@code \r} and {@code \t} as those two characters; ESC and every other C0
 * or C1 control character and DEL as {@code \xNN}; the line and paragraph separators and the
 * bidirectional marks, overrides and isolates (which reorder what follows them) as a backslash,
 * {@code u} and four hex digits.
 */
public final class ScriptText {
  /** The longest text shown, in characters; the rest is cut, saying how much. */
  public static final int MAX_SHOWN = 2000;

  private ScriptText() {}

  /** The most lines {@link #safeLines} keeps; the rest is left out, saying how many. */
  public static final int MAX_LINES = 40;

  /**
   * {@code text}'s lines (a notification may have several, as in the reference), each made safe as
   * {@link #safeLine} makes one, joined by {@code \n}: at most {@link #MAX_LINES} lines and {@link
   * #MAX_SHOWN} characters in all.
   */
  public static String safeLines(String text) {
    if (text == null) {
      return "";
    }
    // Line breaks at the end end the last line; they start no empty ones.
    String[] lines = text.split("\r\n|\n|\r");
    if (lines.length == 0) {
      lines = new String[] {""};
    }
    StringBuilder b = new StringBuilder();
    int budget = MAX_SHOWN;
    int shown = 0;
    for (; shown < lines.length && shown < MAX_LINES && budget > 0; shown++) {
      String line = lines[shown];
      if (shown > 0) {
        b.append('\n');
      }
      b.append(safeLine(line, budget));
      budget -= line.length();
    }
    int left = lines.length - shown;
    if (left > 0) {
      b.append("\n… (").append(left).append(left == 1 ? " more line)" : " more lines)");
    }
    return b.toString();
  }

  /** {@code text} on one line, escaped, cut to {@link #MAX_SHOWN} characters. */
  public static String safeLine(String text) {
    return safeLine(text, MAX_SHOWN);
  }

  /** {@code text} on one line, escaped, cut to {@code max} characters of the original. */
  public static String safeLine(String text, int max) {
    if (text == null) {
      return "";
    }
    int end = Math.min(text.length(), max);
    if (end < text.length() && end > 0 && Character.isHighSurrogate(text.charAt(end - 1))) {
      end--; // do not split a surrogate pair
    }
    StringBuilder b = null;
    for (int i = 0; i < end; i++) {
      char c = text.charAt(i);
      String escape = escape(c);
      if (escape != null && b == null) {
        b = new StringBuilder(end + 16).append(text, 0, i);
      }
      if (b != null) {
        if (escape != null) {
          b.append(escape);
        } else {
          b.append(c);
        }
      }
    }
    String line = b == null ? text.substring(0, end) : b.toString();
    return end == text.length() ? line : line + "… (" + (text.length() - end) + " more characters)";
  }

  private static String escape(char c) {
    return switch (c) {
      case '\n' -> "\\n";
      case '\r' -> "\\r";
      case '\t' -> "\\t";
      case '\u2028',
          '\u2029',
          '\u200e',
          '\u200f',
          '\u061c',
          '\u202a',
          '\u202b',
          '\u202c',
          '\u202d',
          '\u202e',
          '\u2066',
          '\u2067',
          '\u2068',
          '\u2069' ->
          String.format("\\u%04x", (int) c);
      default ->
          c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0)
              ? String.format("\\x%02x", (int) c)
              : null;
    };
  }
}
