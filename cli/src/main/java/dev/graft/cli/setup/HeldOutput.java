package dev.graft.cli.setup;

import java.io.PrintWriter;
import java.io.Writer;

/**
 * Text held back until {@link #release}, then written to the target in the order it came, and
 * everything after it written through: what the scripts print while they load beside the session
 * comes out where it did when they loaded after it. Written through, a line goes to the target in
 * one write, so that it is not cut by a line another thread prints to the target. Any thread.
 */
final class HeldOutput extends Writer {
  private final PrintWriter target;
  private final StringBuilder pending = new StringBuilder();
  private boolean holding = true;
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
    pending.append(text, offset, length);
    if (!holding) {
      int end = pending.lastIndexOf("\n");
      if (end >= 0) {
        target.write(pending.substring(0, end + 1));
        pending.delete(0, end + 1);
      }
    }
  }

  @Override
  public synchronized void flush() {
    if (!holding && !dropped) {
      if (!pending.isEmpty()) {
        target.write(pending.toString());
        pending.setLength(0);
      }
      target.flush();
    }
  }

  /** Writes out what was held; from now on everything is written through. */
  synchronized void release() {
    if (holding && !dropped) {
      holding = false;
      flush();
    }
  }

  /** Drops what was held and what comes: a run that failed first never got to print it. */
  synchronized void discard() {
    if (holding) {
      dropped = true;
      pending.setLength(0);
    }
  }

  @Override
  public void close() {
    flush();
  }
}
