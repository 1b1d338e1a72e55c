package dev.graft.runtime.tools;

/**
 * Sizes of text in UTF-8, the unit every byte limit is in. A lone surrogate counts as the three
 * bytes of the replacement character it is written as.
 */
final class Utf8 {
  private Utf8() {}

  static long length(CharSequence text) {
    long bytes = 0;
    int n = text.length();
    for (int i = 0; i < n; i++) {
      char c = text.charAt(i);
      if (c < 0x80) {
        bytes += 1;
      } else if (c < 0x800) {
        bytes += 2;
      } else if (Character.isHighSurrogate(c)
          && i + 1 < n
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        bytes += 4;
        i++;
      } else {
        bytes += 3;
      }
    }
    return bytes;
  }

  /** Bytes of one code unit (or pair starting at {@code i}); see {@link #length}. */
  static int length(CharSequence text, int i) {
    char c = text.charAt(i);
    if (c < 0x80) {
      return 1;
    }
    if (c < 0x800) {
      return 2;
    }
    boolean pair =
        Character.isHighSurrogate(c)
            && i + 1 < text.length()
            && Character.isLowSurrogate(text.charAt(i + 1));
    if (pair) {
      return 4;
    }
    return 3;
  }

  /** The longest end of {@code text} that fits in {@code maxBytes}, never splitting a character. */
  static String suffix(String text, long maxBytes) {
    long bytes = 0;
    int start = text.length();
    while (start > 0) {
      int previous = start - 1;
      if (Character.isLowSurrogate(text.charAt(previous))
          && previous > 0
          && Character.isHighSurrogate(text.charAt(previous - 1))) {
        previous--;
      }
      int size = length(text, previous);
      if (bytes + size > maxBytes) {
        break;
      }
      bytes += size;
      start = previous;
    }
    return text.substring(start);
  }
}
