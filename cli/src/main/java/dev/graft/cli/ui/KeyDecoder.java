package dev.graft.cli.ui;

import java.io.IOException;
import java.util.Optional;

/**
 * Turns the characters a terminal sends in raw mode into {@link Key}s: control characters,
 * CSI and SS3 escape sequences (arrows, Home/End, PageUp/PageDown, Delete) and a lone Esc, told
 * apart from the start of a sequence by a short wait.
 */
public final class KeyDecoder {
  /** Where characters come from: {@link #TIMEOUT} when none arrived in time, {@link #EOF} at the end. */
  @FunctionalInterface
  public interface Source {
    int read(long timeoutMillis) throws IOException;
  }

  public static final int TIMEOUT = -2;
  public static final int EOF = -1;
  private static final long SEQUENCE_WAIT_MILLIS = 40;

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
      case '\r', '\n' -> Key.of(Key.Kind.ENTER);
      case 127, 8 -> Key.of(Key.Kind.BACKSPACE);
      case '\t' -> Key.of(Key.Kind.TAB);
      case 1 -> Key.of(Key.Kind.CTRL_A);
      case 3 -> Key.of(Key.Kind.CTRL_C);
      case 4 -> Key.of(Key.Kind.CTRL_D);
      case 5 -> Key.of(Key.Kind.CTRL_E);
      case 14 -> Key.of(Key.Kind.CTRL_N);
      case 16 -> Key.of(Key.Kind.CTRL_P);
      case 21 -> Key.of(Key.Kind.CTRL_U);
      case 23 -> Key.of(Key.Kind.CTRL_W);
      default -> {
        if (c < 0x20) {
          yield Key.of(Key.Kind.OTHER);
        }
        if (Character.isHighSurrogate((char) c)) {
          int low = source.read(SEQUENCE_WAIT_MILLIS);
          if (low >= 0 && Character.isLowSurrogate((char) low)) {
            yield Key.character(Character.toCodePoint((char) c, (char) low));
          }
          yield Key.of(Key.Kind.OTHER);
        }
        yield Key.character(c);
      }
    };
  }

  private Key escape() throws IOException {
    int next = source.read(SEQUENCE_WAIT_MILLIS);
    return switch (next) {
      case TIMEOUT, EOF -> Key.of(Key.Kind.ESCAPE);
      case '[' -> csi();
      case 'O' -> ss3();
      case '\r', '\n' -> Key.of(Key.Kind.ALT_ENTER);
      case 27 -> Key.of(Key.Kind.ESCAPE);
      default -> Key.of(Key.Kind.OTHER); // Alt+character
    };
  }

  /** ESC [ parameters final: the final byte names the key, a parameter before ~ for some. */
  private Key csi() throws IOException {
    StringBuilder params = new StringBuilder();
    while (true) {
      int c = source.read(SEQUENCE_WAIT_MILLIS);
      if (c < 0) {
        return Key.of(Key.Kind.OTHER);
      }
      if (c >= 0x40 && c <= 0x7e) {
        return switch (c) {
          case 'A' -> Key.of(Key.Kind.UP);
          case 'B' -> Key.of(Key.Kind.DOWN);
          case 'C' -> Key.of(Key.Kind.RIGHT);
          case 'D' -> Key.of(Key.Kind.LEFT);
          case 'H' -> Key.of(Key.Kind.HOME);
          case 'F' -> Key.of(Key.Kind.END);
          case '~' -> tilde(params.toString());
          default -> Key.of(Key.Kind.OTHER);
        };
      }
      if (params.length() > 16) {
        return Key.of(Key.Kind.OTHER);
      }
      params.append((char) c);
    }
  }

  private static Key tilde(String params) {
    String first = params.contains(";") ? params.substring(0, params.indexOf(';')) : params;
    return switch (first) {
      case "1", "7" -> Key.of(Key.Kind.HOME);
      case "4", "8" -> Key.of(Key.Kind.END);
      case "3" -> Key.of(Key.Kind.DELETE);
      case "5" -> Key.of(Key.Kind.PAGE_UP);
      case "6" -> Key.of(Key.Kind.PAGE_DOWN);
      default -> Key.of(Key.Kind.OTHER);
    };
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
