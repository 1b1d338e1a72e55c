package dev.graft.scripting;

import dev.graft.runtime.hooks.ScriptText;
import dev.graft.scripting.api.ScriptLog;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * A context's stdout or stderr (GraalJS warnings such as an unhandled promise rejection) cut into
 * lines for the {@link ScriptLog}. Nothing a script prints is dropped, but only the start of a long
 * line is kept: as much as graft shows of it, and the count of the characters past it.
 */
final class LogStream extends OutputStream {
  /** The bytes of a line kept: every character graft shows of it, at most 3 bytes each. */
  static final int KEPT_BYTES = ScriptText.MAX_SHOWN * 3;

  /** Where a line goes: the start of it, and how many characters after that were not kept. */
  @FunctionalInterface
  interface Sink {
    void line(ScriptLog.Level level, String text, long more);
  }

  private final ByteArrayOutputStream line = new ByteArrayOutputStream();
  private final Sink sink;
  private final ScriptLog.Level level;
  private long more;

  LogStream(Sink sink, ScriptLog.Level level) {
    this.sink = sink;
    this.level = level;
  }

  @Override
  public synchronized void write(int b) {
    if (b == '\n') {
      flushLine();
    } else if (more == 0
        && (line.size() < KEPT_BYTES || (isContinuation(b) && line.size() < KEPT_BYTES + 3))) {
      line.write(b); // past the cap, only the rest of a character begun before it
    } else if (!isContinuation(b)) {
      // A character of four bytes is two in Java's strings (a surrogate pair).
      more += (b & 0xF8) == 0xF0 ? 2 : 1;
    }
  }

  private static boolean isContinuation(int b) {
    return (b & 0xC0) == 0x80;
  }

  @Override
  public synchronized void write(byte[] b, int off, int len) {
    for (int i = off; i < off + len; i++) {
      write(b[i]);
    }
  }

  @Override
  public synchronized void flush() {}

  @Override
  public synchronized void close() {
    if (line.size() > 0 || more > 0) {
      flushLine();
    }
  }

  private void flushLine() {
    String text = line.toString(StandardCharsets.UTF_8);
    long left = more;
    line.reset();
    more = 0;
    sink.line(level, text, left);
  }
}
