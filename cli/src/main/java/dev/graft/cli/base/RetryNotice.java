package dev.graft.cli.base;

import dev.graft.runtime.events.AgentEvent;
import java.util.Locale;
import java.util.Optional;

/** The one-line notices every mode shows when a model call is retried, worded once. */
public final class RetryNotice {
  private RetryNotice() {}

  /** "retrying (1/2) in 1.5 s: ... (the partial answer above is discarded)". */
  public static String starting(AgentEvent.AutoRetryStart r, boolean partialShown) {
    return "retrying ("
        + r.attempt()
        + "/"
        + r.maxAttempts()
        + ") in "
        + seconds(r.delayMs())
        + ": "
        + firstLine(r.errorMessage())
        + (partialShown ? " (the partial answer above is discarded)" : "");
  }

  /** A line only when the retries ended without an answer. */
  public static Optional<String> ending(AgentEvent.AutoRetryEnd r) {
    if (r.success()) {
      return Optional.empty();
    }
    return Optional.of("gave up after " + r.attempt() + (r.attempt() == 1 ? " retry" : " retries"));
  }

  private static String seconds(long ms) {
    return ms < 1000 ? ms + " ms" : String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
  }

  private static String firstLine(String text) {
    String line = text.strip().lines().findFirst().orElse("");
    return line.length() > 200 ? line.substring(0, 199) + "…" : line;
  }
}
