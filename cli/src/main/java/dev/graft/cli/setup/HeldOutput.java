package dev.graft.cli.setup;

import java.io.PrintWriter;
import java.io.Writer;

/**
 * Text held back until {@link #release}, then written to the target in the order it came, and
 * everything after it written through: what the scripts print while they load beside the session
 * comes out where it did when they loaded after it. Any thread.
 */
final class HeldOutput extends Writer {
  private final PrintWriter target;
  private StringBuilder held = new StringBuilder();
  private boolean dropped;

  HeldOutput(PrintWriter target) {
    this.target = target;
  }

  /** A printer over this output that flushes at every line, as the error stream does. */
  PrintWriter printer() {
    return new PrintWriter(this, true);
  }

  @Override
  public synchronized void write(char[] text, int offset, int length) {
    if (dropped) {
      return;
    }
    if (held != null) {
      held.append(text, offset, length);
    } else {
      target.write(text, offset, length);
    }
  }

  @Override
  public synchronized void flush() {
    if (held == null) {
      target.flush();
    }
  }

  /** Writes out what was held; from now on everything is written through. */
  synchronized void release() {
    if (held != null && !dropped) {
      target.write(held.toString());
      target.flush();
      held = null;
    }
  }

  /** Drops what was held and what comes: a run that failed first never got to print it. */
  synchronized void discard() {
    if (held != null) {
      dropped = true;
      held = null;
    }
  }

  @Override
  public void close() {
    flush();
  }
}
