package dev.graft.cli.modes;

import java.io.IOException;
import java.io.Reader;
import java.util.Optional;

/**
 * Reads RPC mode's command lines (ended by {@code \n}, a {@code \r} before it dropped) keeping at
 * most {@code max} characters of each: a longer line is read to its end and dropped, and said so,
 * so that one oversized line costs no more memory than the cap and the next line is read as usual.
 */
final class RpcLineReader {
  /** The longest command line RPC mode reads, in characters (docs/rpc.md, Bad input). */
  static final int MAX_LINE = 16 << 20;

  /** One line: its text, or how long it was when it was longer than the cap. */
  record Line(Optional<String> text, long length) {}

  private final Reader in;
  private final int max;
  private final char[] buffer = new char[8192];
  private int position;
  private int limit;

  RpcLineReader(Reader in, int max) {
    this.in = in;
    this.max = max;
  }

  /** The next line, or empty at the end of the input. */
  Optional<Line> next() throws IOException {
    StringBuilder text = new StringBuilder();
    long length = 0;
    boolean any = false;
    while (true) {
      if (position == limit) {
        limit = in.read(buffer, 0, buffer.length);
        position = 0;
        if (limit <= 0) {
          limit = 0;
          return any ? Optional.of(line(text, length)) : Optional.empty();
        }
      }
      any = true;
      int start = position;
      while (position < limit && buffer[position] != '\n') {
        position++;
      }
      int n = position - start;
      if (length + n <= max) {
        text.append(buffer, start, n);
      } else if (length <= max) {
        text.setLength(0); // too long: nothing of it is kept
        text.trimToSize();
      }
      length += n;
      if (position < limit) {
        position++; // the '\n'
        return Optional.of(line(text, length));
      }
    }
  }

  private Line line(StringBuilder text, long length) {
    if (length > max) {
      return new Line(Optional.empty(), length);
    }
    int end = text.length();
    if (end > 0 && text.charAt(end - 1) == '\r') {
      text.setLength(end - 1);
    }
    return new Line(Optional.of(text.toString()), length);
  }
}
