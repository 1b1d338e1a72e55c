package dev.graft.scripting;

import dev.graft.scripting.api.ScriptLog;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.BiConsumer;

/**
 * A context's stdout or stderr (GraalJS warnings such as an unhandled promise rejection) cut into
 * lines for the {@link ScriptLog}. Nothing a script prints is dropped, but a line is capped.
 */
final class LogStream extends OutputStream {
  static final int MAX_LINE = 16 * 1024;

  private final ByteArrayOutputStream line = new ByteArrayOutputStream();
  private final BiConsumer<ScriptLog.Level, String> sink;
  private final ScriptLog.Level level;

  LogStream(BiConsumer<ScriptLog.Level, String> sink, ScriptLog.Level level) {
    this.sink = sink;
    this.level = level;
  }

  @Override
  public synchronized void write(int b) {
    if (b == '\n') {
      flushLine();
    } else if (line.size() < MAX_LINE + 4) {
      line.write(b);
    }
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
    if (line.size() > 0) {
      flushLine();
    }
  }

  private void flushLine() {
    String text = line.toString(StandardCharsets.UTF_8);
    line.reset();
    sink.accept(level, text);
  }
}
