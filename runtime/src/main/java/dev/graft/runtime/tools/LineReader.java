package dev.graft.runtime.tools;

import java.io.IOException;
import java.io.Reader;

/**
 * Splits text into lines on {@code \n} as JavaScript's {@code split("\n")} does: a text ending in a
 * newline has a last, empty line, and an empty text is one empty line. Each line comes with its
 * size in UTF-8; lines longer than a cap are kept only up to the cap (their size is still whole),
 * so a file with one enormous line does not have to fit in memory.
 */
final class LineReader {
  record Line(String text, long bytes, boolean cut) {}

  private final Reader in;
  private final int maxKeptChars;
  private final char[] buffer = new char[8192];
  private int position;
  private int limit;
  private boolean finished;

  LineReader(Reader in, int maxKeptChars) {
    this.in = in;
    this.maxKeptChars = maxKeptChars;
  }

  /** The next line, or null after the last one. */
  Line next() throws IOException {
    if (finished) {
      return null;
    }
    StringBuilder text = new StringBuilder();
    long bytes = 0;
    boolean cut = false;
    boolean pendingHigh = false;
    while (true) {
      if (position == limit) {
        limit = in.read(buffer);
        position = 0;
        if (limit < 0) {
          finished = true;
          limit = 0;
          return new Line(text.toString(), bytes + (pendingHigh ? 3 : 0), cut);
        }
      }
      char c = buffer[position++];
      if (c == '\n') {
        return new Line(text.toString(), bytes + (pendingHigh ? 3 : 0), cut);
      }
      if (pendingHigh) {
        pendingHigh = false;
        if (Character.isLowSurrogate(c)) {
          bytes += 4;
          if (text.length() < maxKeptChars) {
            text.append(c);
          } else {
            cut = true;
          }
          continue;
        }
        bytes += 3;
      }
      if (Character.isHighSurrogate(c)) {
        pendingHigh = true;
      } else {
        bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
      }
      if (text.length() < maxKeptChars) {
        text.append(c);
      } else {
        cut = true;
      }
    }
  }
}
