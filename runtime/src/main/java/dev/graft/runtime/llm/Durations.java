package dev.graft.runtime.llm;

import java.net.ConnectException;
import java.time.Duration;
import java.util.Locale;

/** Human wording for durations and low-level causes in error messages. */
final class Durations {
  private Durations() {}

  static String describe(Duration d) {
    long ms = d.toMillis();
    if (ms < 1000) {
      return ms + " ms";
    }
    if (ms % 1000 == 0) {
      return (ms / 1000) + " s";
    }
    return String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
  }

  /** The most specific message in a cause chain, with its type when the message is empty. */
  static String describeCause(Throwable t) {
    Throwable root = t;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String m = root.getMessage();
    if (m == null || m.isBlank()) {
      m = t.getMessage();
    }
    if ((m == null || m.isBlank()) && t instanceof ConnectException) {
      // the JDK's client says nothing more when the port is closed (a bare ClosedChannelException)
      return "connection refused: is the server running?";
    }
    return m == null || m.isBlank() ? root.getClass().getSimpleName() : m;
  }
}
