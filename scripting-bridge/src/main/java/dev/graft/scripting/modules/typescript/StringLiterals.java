package dev.graft.scripting.modules.typescript;

/**
 * The value of a JavaScript string literal or a template without substitutions, as written in the
 * source.
 */
final class StringLiterals {
  private StringLiterals() {}

  /**
   * {@code literal} (quotes or backquotes included) with its escapes decoded; null if it is not
   * one.
   */
  static String cook(String literal) {
    if (literal.length() < 2) {
      return null;
    }
    StringBuilder out = new StringBuilder(literal.length());
    int last = literal.length() - 1;
    for (int i = 1; i < last; i++) {
      char c = literal.charAt(i);
      if (c != '\\') {
        out.append(c);
        continue;
      }
      if (++i >= last) {
        return null;
      }
      char e = literal.charAt(i);
      switch (e) {
        case 'n' -> out.append('\n');
        case 'r' -> out.append('\r');
        case 't' -> out.append('\t');
        case 'b' -> out.append('\b');
        case 'f' -> out.append('\f');
        case 'v' -> out.append('\u000B');
        case '0' -> out.append('\0');
        case '\r' -> {
          if (i + 1 < last && literal.charAt(i + 1) == '\n') {
            i++;
          }
        }
        case '\n', '\u2028', '\u2029' -> {}
        case 'x' -> {
          if (i + 2 >= last) {
            return null;
          }
          try {
            out.append((char) Integer.parseInt(literal.substring(i + 1, i + 3), 16));
          } catch (NumberFormatException bad) {
            return null;
          }
          i += 2;
        }
        case 'u' -> {
          int close;
          int code;
          try {
            if (i + 1 < last && literal.charAt(i + 1) == '{') {
              close = literal.indexOf('}', i);
              code = Integer.parseInt(literal.substring(i + 2, close), 16);
            } else {
              close = i + 4;
              code = Integer.parseInt(literal.substring(i + 1, i + 5), 16);
            }
          } catch (RuntimeException bad) {
            return null;
          }
          out.appendCodePoint(code);
          i = close;
        }
        default -> out.append(e);
      }
    }
    return out.toString();
  }
}
