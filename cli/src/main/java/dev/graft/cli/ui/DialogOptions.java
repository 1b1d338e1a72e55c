package dev.graft.cli.ui;

import dev.graft.runtime.concurrent.AbortSignal;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How long a dialog may stay open and what may close it from outside: when the timeout passes or
 * the signal is aborted, the dialog closes with a cancelled (empty) result.
 */
public record DialogOptions(Optional<Duration> timeout, AbortSignal signal) {
  public static final DialogOptions NONE = new DialogOptions(Optional.empty(), AbortSignal.never());

  public DialogOptions {
    timeout = timeout == null ? Optional.empty() : timeout;
    timeout.ifPresent(t -> {
      if (t.isNegative() || t.isZero()) {
        throw new IllegalArgumentException("a dialog timeout must be positive, not " + t);
      }
    });
    Objects.requireNonNull(signal, "signal");
  }

  public static DialogOptions timeout(Duration timeout) {
    return new DialogOptions(Optional.of(timeout), AbortSignal.never());
  }

  /** The moment (System.nanoTime) the dialog gives up, or Long.MAX_VALUE. */
  long deadlineNanos(long startNanos) {
    return timeout.map(t -> startNanos + t.toNanos()).orElse(Long.MAX_VALUE);
  }
}
