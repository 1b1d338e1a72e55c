package dev.graft.runtime.json;

/** UTF-8 checks and encoding over byte arrays, without a decoder's buffers. */
final class Utf8 {
  private Utf8() {}

  /** Whether {@code b[from, to)} is well-formed UTF-8 (no overlong forms, no surrogates). */
  static boolean isValid(byte[] b, int from, int to) {
    int i = from;
    while (i < to) {
      int c = b[i] & 0xFF;
      if (c < 0x80) {
        i++;
        continue;
      }
      int n;
      int min;
      if (c >= 0xC2 && c <= 0xDF) {
        n = 1;
        min = 0x80;
      } else if (c >= 0xE0 && c <= 0xEF) {
        n = 2;
        min = 0x800;
      } else if (c >= 0xF0 && c <= 0xF4) {
        n = 3;
        min = 0x10000;
      } else {
        return false;
      }
      if (i + n >= to) {
        return false;
      }
      int cp = c & (0x3F >> n);
      for (int k = 1; k <= n; k++) {
        int d = b[i + k] & 0xFF;
        if ((d & 0xC0) != 0x80) {
          return false;
        }
        cp = cp << 6 | (d & 0x3F);
      }
      if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
        return false;
      }
      i += n + 1;
    }
    return true;
  }

  /** The bytes code point {@code cp} takes. */
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
