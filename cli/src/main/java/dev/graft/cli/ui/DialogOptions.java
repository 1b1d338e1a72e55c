package dev.graft.cli.ui;

import dev.graft.runtime.concurrent.AbortSignal;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How long a dialog may stay open and what may close it from outside: when the timeout passes or
 * the signal is aborted, the dialog closes with a cancelled (empty) result. With {@code
 * callerConfirms}, whoever asked says the answer in its own words, so the terminal leaves only a
 * cancel in the transcript, not the answer a second time.
 */
public record DialogOptions(
    Optional<Duration> timeout, AbortSignal signal, boolean callerConfirms) {
  public static final DialogOptions NONE = new DialogOptions(Optional.empty(), AbortSignal.never());

  /** A built-in command's picker: the command confirms the choice itself. */
  public static final DialogOptions CONFIRMED_BY_CALLER =
      new DialogOptions(Optional.empty(), AbortSignal.never(), true);

  public DialogOptions {
    timeout = timeout == null ? Optional.empty() : timeout;
    timeout.ifPresent(t -> {
      if (t.isNegative() || t.isZero()) {
        throw new IllegalArgumentException("a dialog timeout must be positive, not " + t);
      }
    });
    Objects.requireNonNull(signal, "signal");
  }

  public DialogOptions(Optional<Duration> timeout, AbortSignal signal) {
    this(timeout, signal, false);
  }

  public static DialogOptions timeout(Duration timeout) {
    return new DialogOptions(Optional.of(timeout), AbortSignal.never());
  }

  /** The moment (System.nanoTime) the dialog gives up, or Long.MAX_VALUE. */
  long deadlineNanos(long startNanos) {
    return timeout.map(t -> startNanos + t.toNanos()).orElse(Long.MAX_VALUE);
  }
}
