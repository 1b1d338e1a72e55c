package dev.graft.runtime.json;

/** UTF-8 checks and encoding over byte arrays, without a decoder's buffers. */
public final class Utf8 {
  /** What {@link #sequenceEnd} gives for a sequence that runs past the end. */
  public static final int TRUNCATED = -2;

  /** What {@link #sequenceEnd} gives for bytes that are not UTF-8. */
  public static final int MALFORMED = -1;

  private Utf8() {}

  /** Whether {@code b[from, to)} is well-formed UTF-8 (no overlong forms, no surrogates). */
  static boolean isValid(byte[] b, int from, int to) {
    int i = from;
    while (i < to) {
      if (b[i] >= 0) {
        i++;
      } else {
        i = sequenceEnd(b, i, to);
        if (i < 0) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * The index after the well-formed sequence whose lead byte (0x80 or more) is at {@code at} in
   * {@code b[.., to)}: no overlong form, no surrogate, nothing above U+10FFFF. {@link #MALFORMED}
   * when it is not one; {@link #TRUNCATED} when its lead byte is sound but it runs past {@code to}.
   */
  public static int sequenceEnd(byte[] b, int at, int to) {
    int c = b[at] & 0xff;
    int need;
    int min = 0x80;
    int max = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) {
      need = 1;
    } else if (c >= 0xe0 && c <= 0xef) {
      need = 2;
      if (c == 0xe0) {
        min = 0xa0;
      } else if (c == 0xed) {
        max = 0x9f;
      }
    } else if (c >= 0xf0 && c <= 0xf4) {
      need = 3;
      if (c == 0xf0) {
        min = 0x90;
      } else if (c == 0xf4) {
        max = 0x8f;
      }
    } else {
      return MALFORMED;
    }
    if (at + need >= to) {
      return TRUNCATED;
    }
    int second = b[at + 1] & 0xff;
    if (second < min || second > max) {
      return MALFORMED;
    }
    for (int i = 2; i <= need; i++) {
      if ((b[at + i] & 0xc0) != 0x80) {
        return MALFORMED;
      }
    }
    return at + need + 1;
  }

  /** The bytes code point {@code cp} takes. */
  /**
   * The UTF-16 length of the JSON string whose escaped, valid UTF-8 text is {@code b[from, to)}: an
   * escape is one unit, a character of four UTF-8 bytes two. What Jackson's string limit counts.
   */
  public static long jsonStringUnits(byte[] b, int from, int to) {
    long units = 0;
    for (int i = from; i < to; i++) {
      int c = b[i] & 0xff;
      if (c == '\\') {
        i += b[i + 1] == 'u' ? 5 : 1;
        units++;
      } else if ((c & 0xc0) != 0x80) { // not a continuation byte
        units += c >= 0xf0 ? 2 : 1;
      }
    }
    return units;
  }

  static int length(int cp) {
    return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }

  /** Writes code point {@code cp} at {@code at}; returns the index after it. */
  static int encode(int cp, byte[] out, int at) {
    if (cp < 0x80) {
      out[at++] = (byte) cp;
    } else if (cp < 0x800) {
      out[at++] = (byte) (0xC0 | cp >> 6);
      out[at++] = (byte) (0x80 | cp & 0x3F);
    } else if (cp < 0x10000) {
      out[at++] = (byte) (0xE0 | cp >> 12);
      out[at++] = (byte) (0x80 | cp >> 6 & 0x3F);
      out[at++] = (byte) (0x80 | cp & 0x3F);
    } else {
      out[at++] = (byte) (0xF0 | cp >> 18);
      out[at++] = (byte) (0x80 | cp >> 12 & 0x3F);
      out[at++] = (byte) (0x80 | cp >> 6 & 0x3F);
      out[at++] = (byte) (0x80 | cp & 0x3F);
    }
    return at;
  }
}
