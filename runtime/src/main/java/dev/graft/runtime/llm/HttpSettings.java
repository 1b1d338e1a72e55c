package dev.graft.runtime.llm;

import java.time.Duration;
import java.util.Objects;

/**
 * Timeouts and retry behaviour of the HTTP providers.
 *
 * @param connectTimeout how long to wait for a TCP/TLS connection
 * @param idleTimeout how long a response may send no bytes at all (before the headers, or between
 *     chunks) before graft gives up; generous, since reasoning models can think silently for
 *     minutes
 * @param maxAttempts attempts per turn, the first included, for retryable failures (HTTP 408, 409,
 *     429, 5xx, overloaded, connection failures), before or after content streamed (a turn cut
 *     mid-stream is retried whole, its partial output dropped)
 * @param initialBackoff the wait before the first retry when the server names none; doubles per
 *     retry, with up to 25% jitter
 * @param maxBackoff the cap on the computed wait
 * @param maxRetryDelay the longest {@code retry-after} graft honours; a server asking for more
 *     fails the turn at once, with the requested delay in the message
 */
public record HttpSettings(
    Duration connectTimeout,
    Duration idleTimeout,
    int maxAttempts,
    Duration initialBackoff,
    Duration maxBackoff,
    Duration maxRetryDelay) {

  /** Said when the idle timeout runs out: the setting a user changes it with. */
  static final String IDLE_TIMEOUT_SETTING =
      "(retry.provider.timeoutMs in settings.json sets this wait)";

  public static final HttpSettings DEFAULTS =
      new HttpSettings(
          Duration.ofSeconds(30),
          Duration.ofMinutes(5),
          3,
          Duration.ofMillis(500),
          Duration.ofSeconds(8),
          Duration.ofSeconds(60));

  public HttpSettings {
    positive(connectTimeout, "connectTimeout");
    positive(idleTimeout, "idleTimeout");
    Objects.requireNonNull(initialBackoff, "initialBackoff");
    Objects.requireNonNull(maxBackoff, "maxBackoff");
    Objects.requireNonNull(maxRetryDelay, "maxRetryDelay");
    if (maxAttempts < 1) {
      throw new IllegalArgumentException("maxAttempts must be at least 1");
    }
    if (initialBackoff.isNegative() || maxBackoff.isNegative() || maxRetryDelay.isNegative()) {
      throw new IllegalArgumentException("backoff durations must not be negative");
    }
  }

  private static void positive(Duration d, String name) {
    Objects.requireNonNull(d, name);
    if (d.isZero() || d.isNegative()) {
      throw new IllegalArgumentException(name + " must be positive");
    }
  }

  public HttpSettings withIdleTimeout(Duration idle) {
    return new HttpSettings(
        connectTimeout, idle, maxAttempts, initialBackoff, maxBackoff, maxRetryDelay);
  }

  public HttpSettings withBackoff(Duration initial, Duration max) {
    return new HttpSettings(connectTimeout, idleTimeout, maxAttempts, initial, max, maxRetryDelay);
  }

  public HttpSettings withMaxAttempts(int attempts) {
    return new HttpSettings(
        connectTimeout, idleTimeout, attempts, initialBackoff, maxBackoff, maxRetryDelay);
  }

  public HttpSettings withMaxRetryDelay(Duration max) {
    return new HttpSettings(
        connectTimeout, idleTimeout, maxAttempts, initialBackoff, maxBackoff, max);
  }
}
