package dev.graft.cli.tui;

import java.io.IOException;
import java.util.Optional;

/**
 * Turns the characters a terminal sends in raw mode into {@link Key}s: control characters (Ctrl and
 * a letter), Alt as an Esc before the key, CSI and SS3 sequences with xterm's modifier parameter
 * (Ctrl+Right is {@code ESC [ 1 ; 5 C}), xterm's modifyOtherKeys and the kitty protocol's {@code
 * CSI u} forms, bracketed pastes (one {@link Key.Kind#PASTE} key) and a lone Esc, told apart from
 * the start of a sequence by a short wait.
 */
public final class KeyDecoder {
  /**
   * Where characters come from: {@link #TIMEOUT} when none arrived in time, {@link #EOF} at the
   * end.
   */
  @FunctionalInterface
  public interface Source {
    int read(long timeoutMillis) throws IOException;
  }

  public static final int TIMEOUT = -2;
  public static final int EOF = -1;
  private static final long SEQUENCE_WAIT_MILLIS = 40;
  private static final long PASTE_WAIT_MILLIS = 1000;
  private static final String PASTE_END = "\033[201~";

  private final Source source;

  public KeyDecoder(Source source) {
    this.source = source;
  }

  /** The next key, or empty when nothing was pressed within {@code timeoutMillis}. */
  public Optional<Key> next(long timeoutMillis) throws IOException {
    int c = source.read(timeoutMillis);
    if (c == TIMEOUT) {
      return Optional.empty();
    }
    return Optional.of(decode(c));
  }

  private Key decode(int c) throws IOException {
    return switch (c) {
      case EOF -> Key.of(Key.Kind.EOF);
      case 27 -> escape();
      case '\r' -> Key.of(Key.Kind.ENTER);
      case '\n' -> Key.ctrl('j');
      case 127, 8 -> Key.of(Key.Kind.BACKSPACE);
      case '\t' -> Key.of(Key.Kind.TAB);
      case 0 -> new Key(Key.Kind.CHAR, ' ', Key.CTRL, "");
      default -> {
        if (c < 0x20) {
          yield Key.ctrl(
              (char) (c + 0x60 < 0x7b ? c + 0x60 : c + 0x40)); // 1-26: a-z; 28-31: \ ] ^ _
        }
        yield Key.character(codePoint(c));
      }
    };
  }

  private int codePoint(int c) throws IOException {
    if (Character.isHighSurrogate((char) c)) {
      int low = source.read(SEQUENCE_WAIT_MILLIS);
      if (low >= 0 && Character.isLowSurrogate((char) low)) {
        return Character.toCodePoint((char) c, (char) low);
      }
      return 0xfffd;
    }
    return c;
  }

  private Key escape() throws IOException {
    int next = source.read(SEQUENCE_WAIT_MILLIS);
    return switch (next) {
      case TIMEOUT, EOF -> Key.of(Key.Kind.ESCAPE);
      case '[' -> csi();
      case 'O' -> ss3();
      case '\r', '\n' -> Key.of(Key.Kind.ENTER, Key.ALT);
      case 127, 8 -> Key.of(Key.Kind.BACKSPACE, Key.ALT);
      case 27 -> Key.of(Key.Kind.ESCAPE);
      default -> {
        Key key = decode(next);
        yield new Key(key.kind(), key.codePoint(), key.modifiers() | Key.ALT, key.text());
      }
    };
  }

  /** ESC [ parameters final. */
  private Key csi() throws IOException {
    StringBuilder params = new StringBuilder();
    while (true) {
      int c = source.read(SEQUENCE_WAIT_MILLIS);
      if (c < 0) {
        return Key.of(Key.Kind.OTHER);
      }
      if (c >= 0x40 && c <= 0x7e) {
        return csiKey(params.toString(), (char) c);
      }
      if (params.length() > 32) {
        return Key.of(Key.Kind.OTHER);
      }
      params.append((char) c);
    }
  }

  private Key csiKey(String params, char last) throws IOException {
    String[] p = params.split(";", -1);
    int modifiers = p.length > 1 ? modifiers(p[1]) : 0;
    return switch (last) {
      case 'A' -> Key.of(Key.Kind.UP, modifiers);
      case 'B' -> Key.of(Key.Kind.DOWN, modifiers);
      case 'C' -> Key.of(Key.Kind.RIGHT, modifiers);
      case 'D' -> Key.of(Key.Kind.LEFT, modifiers);
      case 'H' -> Key.of(Key.Kind.HOME, modifiers);
      case 'F' -> Key.of(Key.Kind.END, modifiers);
      case 'Z' -> Key.of(Key.Kind.TAB, Key.SHIFT);
      case 'u' -> codeKey(number(p[0]), modifiers);
      case '~' -> tilde(p, modifiers);
      default -> Key.of(Key.Kind.OTHER);
    };
  }

  private Key tilde(String[] p, int modifiers) throws IOException {
    return switch (p[0]) {
      case "1", "7" -> Key.of(Key.Kind.HOME, modifiers);
      case "4", "8" -> Key.of(Key.Kind.END, modifiers);
      case "2" -> Key.of(Key.Kind.INSERT, modifiers);
      case "3" -> Key.of(Key.Kind.DELETE, modifiers);
      case "5" -> Key.of(Key.Kind.PAGE_UP, modifiers);
      case "6" -> Key.of(Key.Kind.PAGE_DOWN, modifiers);
      case "200" -> paste();
      // xterm's modifyOtherKeys: CSI 27 ; modifiers ; code ~
      case "27" -> p.length > 2 ? codeKey(number(p[2]), modifiers) : Key.of(Key.Kind.OTHER);
      default -> Key.of(Key.Kind.OTHER);
    };
  }

  /** A key given by its code and modifiers (kitty's CSI u, xterm's modifyOtherKeys). */
  private static Key codeKey(int code, int modifiers) {
    Key base =
        switch (code) {
          case 13 -> Key.of(Key.Kind.ENTER);
          case 9 -> Key.of(Key.Kind.TAB);
          case 27 -> Key.of(Key.Kind.ESCAPE);
          case 127, 8 -> Key.of(Key.Kind.BACKSPACE);
          case -1 -> Key.of(Key.Kind.OTHER);
          default ->
              Key.character((modifiers & Key.CTRL) != 0 ? Character.toLowerCase(code) : code);
        };
    if (base.kind() == Key.Kind.CHAR && (modifiers & ~Key.SHIFT) == 0) {
      // Shift and a character is just the character (an upper-case letter, say)
      return Key.character(base.codePoint());
    }
    return new Key(base.kind(), base.codePoint(), modifiers, "");
  }

  private static int number(String s) {
    try {
      String digits = s.contains(":") ? s.substring(0, s.indexOf(':')) : s;
      return Integer.parseInt(digits);
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /** xterm's modifier parameter: 1 + (1 shift, 2 alt, 4 ctrl). */
  private static int modifiers(String param) {
    int n = number(param);
    if (n < 2) {
      return 0;
    }
    int bits = n - 1;
    return (bits & 1) | (bits & 2) | (bits & 4);
  }

  /** The text of a bracketed paste, up to ESC [ 201 ~ (or until the input pauses for a second). */
  private Key paste() throws IOException {
    StringBuilder text = new StringBuilder();
    while (true) {
      int c = source.read(PASTE_WAIT_MILLIS);
      if (c < 0) {
        break;
      }
      text.append((char) c);
      if (c == '~'
          && text.length() >= PASTE_END.length()
          && text.lastIndexOf(PASTE_END) == text.length() - PASTE_END.length()) {
        text.setLength(text.length() - PASTE_END.length());
        break;
      }
    }
    return Key.paste(text.toString());
  }

  private Key ss3() throws IOException {
    int c = source.read(SEQUENCE_WAIT_MILLIS);
    return switch (c) {
      case 'A' -> Key.of(Key.Kind.UP);
      case 'B' -> Key.of(Key.Kind.DOWN);
      case 'C' -> Key.of(Key.Kind.RIGHT);
      case 'D' -> Key.of(Key.Kind.LEFT);
      case 'H' -> Key.of(Key.Kind.HOME);
      case 'F' -> Key.of(Key.Kind.END);
      default -> Key.of(Key.Kind.OTHER);
    };
  }
}
