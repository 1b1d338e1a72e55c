package dev.graft.cli.views;

import dev.graft.cli.tui.Key;

/**
 * A key as a terminal sends it, for a script component's {@code handleInput} (the reference's
 * components read raw input): a character, Ctrl and a letter as its control character, Alt as Esc
 * before the key, named keys as xterm's CSI sequences with the modifier parameter, keys legacy
 * input cannot tell apart (Shift+Enter, Ctrl+Shift+P) in kitty's CSI u form, a paste bracketed. The
 * built-in {@code matchesKey} reads every form written here.
 */
public final class KeyData {
  private KeyData() {}

  /** {@code key} as terminal input; "" for a key that has none (the end of input). */
  public static String of(Key key) {
    int m = key.modifiers();
    return switch (key.kind()) {
      case CHAR -> character(key.codePoint(), m);
      case ENTER -> m == 0 ? "\r" : m == Key.ALT ? "\033\r" : csiU(13, m);
      case TAB -> m == 0 ? "\t" : m == Key.SHIFT ? "\033[Z" : csiU(9, m);
      case BACKSPACE -> m == 0 ? "\u007f" : m == Key.ALT ? "\033\u007f" : csiU(127, m);
      case ESCAPE -> m == 0 ? "\033" : csiU(27, m);
      case UP -> letter('A', m);
      case DOWN -> letter('B', m);
      case RIGHT -> letter('C', m);
      case LEFT -> letter('D', m);
      case HOME -> letter('H', m);
      case END -> letter('F', m);
      case INSERT -> tilde(2, m);
      case DELETE -> tilde(3, m);
      case PAGE_UP -> tilde(5, m);
      case PAGE_DOWN -> tilde(6, m);
      case PASTE -> "\033[200~" + key.text() + "\033[201~";
      case OTHER, EOF -> "";
    };
  }

  private static String character(int cp, int m) {
    String ch = Character.toString(cp);
    if (m == 0 || m == Key.SHIFT) {
      return ch;
    }
    if ((m & Key.CTRL) != 0) {
      String control = control(cp);
      if (control != null && (m & Key.SHIFT) == 0) {
        return (m & Key.ALT) != 0 ? "\033" + control : control;
      }
      return csiU(Character.toLowerCase(cp), m);
    }
    if (m == Key.ALT) {
      return "\033" + ch;
    }
    return csiU(cp, m);
  }

  /** Ctrl and {@code cp} as a control character (a letter, space or one of @[\]^_), or null. */
  private static String control(int cp) {
    int c = Character.toLowerCase(cp);
    if (c >= 'a' && c <= 'z') {
      return Character.toString(c - 'a' + 1);
    }
    return switch (c) {
      case ' ', '@' -> "\u0000";
      case '[' -> "\033";
      case '\\' -> "\u001c";
      case ']' -> "\u001d";
      case '^' -> "\u001e";
      case '_', '-' -> "\u001f";
      default -> null;
    };
  }

  /** xterm's modifier parameter: 1 + Shift 1, Alt 2, Ctrl 4. */
  private static int parameter(int m) {
    return 1
        + ((m & Key.SHIFT) != 0 ? 1 : 0)
        + ((m & Key.ALT) != 0 ? 2 : 0)
        + ((m & Key.CTRL) != 0 ? 4 : 0);
  }

  private static String letter(char last, int m) {
    return m == 0 ? "\033[" + last : "\033[1;" + parameter(m) + last;
  }

  private static String tilde(int code, int m) {
    return m == 0 ? "\033[" + code + "~" : "\033[" + code + ";" + parameter(m) + "~";
  }

  private static String csiU(int code, int m) {
    return "\033[" + code + (m == 0 ? "" : ";" + parameter(m)) + "u";
  }
}
