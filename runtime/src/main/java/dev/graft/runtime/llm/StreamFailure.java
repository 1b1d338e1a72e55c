package dev.graft.runtime.llm;

import java.time.Duration;
import java.util.Optional;

/**
 * Why an attempt to stream a turn failed, with what the retry loop needs to decide: whether trying
 * again could help, and how long the server asked us to wait.
 */
final class StreamFailure extends Exception {
  private final ErrorKind kind;
  private final boolean retryable;
  private final Duration retryAfter;

  StreamFailure(ErrorKind kind, String message, boolean retryable) {
    this(kind, message, retryable, null);
  }

  StreamFailure(ErrorKind kind, String message, boolean retryable, Duration retryAfter) {
    // No stack trace: these are expected outcomes, reported to the user as text.
    super(message, null, false, false);
    this.kind = kind;
    this.retryable = retryable;
    this.retryAfter = retryAfter;
  }

  static StreamFailure aborted() {
    return new StreamFailure(ErrorKind.ABORTED, "Request was aborted", false);
  }

  ErrorKind kind() {
    return kind;
  }

  boolean retryable() {
    return retryable;
  }

  Optional<Duration> retryAfter() {
    return Optional.ofNullable(retryAfter);
  }
}
