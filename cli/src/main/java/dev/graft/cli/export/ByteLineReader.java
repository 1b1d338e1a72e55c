package dev.graft.cli.export;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Reads a file's lines as bytes, split at {@code '\n'} exactly as the session index splits them (a
 * {@code '\r'} stays part of its line), so a line read here equals the session's raw line.
 */
final class ByteLineReader {
  private final InputStream in;
  private static final int CHUNK = 1 << 20;
  private byte[] buf = new byte[CHUNK];
  private int start;
  private int end;
  private boolean eof;
  private long consumed;

  ByteLineReader(InputStream in) {
    this.in = in;
  }

  /** Bytes of the file consumed so far (lines returned and their newlines). */
  long consumed() {
    return consumed;
  }

  /** The next line without its newline, or null at the end of the file. */
  byte[] next() throws IOException {
    int scanned = 0; // bytes after start already known to hold no newline
    while (true) {
      for (int i = start + scanned; i < end; i++) {
        if (buf[i] == '\n') {
          byte[] line = Arrays.copyOfRange(buf, start, i);
          consumed += i + 1 - start;
          start = i + 1;
          if (buf.length > CHUNK && end - start < CHUNK) {
            // a long line is done: its buffer is not kept for the lines after it
            buf = Arrays.copyOfRange(buf, start, start + CHUNK);
            end -= start;
            start = 0;
          }
          return line;
        }
      }
      scanned = end - start;
      if (eof) {
        if (scanned == 0) {
          return null;
        }
        byte[] line = Arrays.copyOfRange(buf, start, end);
        consumed += scanned;
        start = end;
        return line;
      }
      fill();
    }
  }

  private void fill() throws IOException {
    if (start > 0) {
      System.arraycopy(buf, start, buf, 0, end - start);
      end -= start;
      start = 0;
    }
    if (end == buf.length) {
      buf = Arrays.copyOf(buf, buf.length * 2); // a line longer than the buffer
    }
    int n = in.read(buf, end, buf.length - end);
    if (n < 0) {
      eof = true;
    } else {
      end += n;
    }
  }
}
