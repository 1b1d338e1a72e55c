package dev.graft.cli.base;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;

/**
 * Passes what is written on to {@code target} and keeps a copy of each line graft itself wrote
 * (those that start with {@code graft: }) until {@link #release}: the interactive mode shows again
 * what it warned of while starting, as its first drawing clears the terminal.
 */
public final class HeldLines extends Writer {
  private static final String PREFIX = "graft: ";

  private final PrintWriter target;
  private final StringBuilder line = new StringBuilder();
  private final List<String> held = new ArrayList<>();
  private boolean holding = true;

  public HeldLines(PrintWriter target) {
    this.target = target;
  }

  /** A writer over this one, flushing at each line, as graft's error stream does. */
  public PrintWriter writer() {
    return new PrintWriter(this, true);
  }

  @Override
  public synchronized void write(char[] chars, int off, int len) {
    target.write(chars, off, len);
    if (!holding) {
      return;
    }
    for (int i = off; i < off + len; i++) {
      char c = chars[i];
      if (c == '\n') {
        String text = line.toString().stripTrailing();
        line.setLength(0);
        if (text.startsWith(PREFIX)) {
          held.add(text.substring(PREFIX.length()));
        }
      } else {
        line.append(c);
      }
    }
  }

  /** The lines held, without their {@code graft: }; from now on nothing more is kept. */
  public synchronized List<String> release() {
    holding = false;
    line.setLength(0);
    return List.copyOf(held);
  }

  @Override
  public void flush() {
    target.flush();
  }

  @Override
  public void close() throws IOException {
    flush();
  }
}
