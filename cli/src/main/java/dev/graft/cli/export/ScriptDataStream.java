package dev.graft.cli.export;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Writes JSON into an HTML {@code <script type="application/json">} block so that nothing in it can
 * end the block: every {@code <} becomes {@code \u003c}. In valid JSON a {@code <} can only stand
 * inside a string, where the escape means the same character, so the data parses to the same value
 * while the page holds no {@code </script} or {@code <!--} that the HTML parser would act on. Byte
 * 0x3C never occurs inside a multi-byte UTF-8 sequence, so UTF-8 passes through.
 */
final class ScriptDataStream extends FilterOutputStream {
  private static final byte[] ESCAPED_LT = {'\\', 'u', '0', '0', '3', 'c'};

  ScriptDataStream(OutputStream out) {
    super(out);
  }

  @Override
  public void write(int b) throws IOException {
    if (b == '<') {
      out.write(ESCAPED_LT);
    } else {
      out.write(b);
    }
  }

  @Override
  public void write(byte[] bytes, int offset, int length) throws IOException {
    int start = offset;
    int end = offset + length;
    for (int i = offset; i < end; i++) {
      if (bytes[i] == '<') {
        out.write(bytes, start, i - start);
        out.write(ESCAPED_LT);
        start = i + 1;
      }
    }
    out.write(bytes, start, end - start);
  }

  /** Leaves the underlying stream open: the page goes on after the block. */
  @Override
  public void close() throws IOException {
    flush();
  }
}
