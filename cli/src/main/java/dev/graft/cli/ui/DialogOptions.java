package dev.graft.cli.ui;

import dev.graft.runtime.concurrent.AbortSignal;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How long a dialog may stay open, what may close it from outside, and what it leaves in the
 * transcript: when the timeout passes or the signal is aborted, the dialog closes with a cancelled
 * (empty) result.
 */
public record DialogOptions(Optional<Duration> timeout, AbortSignal signal, Left left) {
  /** What a closed dialog leaves in the transcript. */
  public enum Left {
    /** Its answer, or that it was cancelled: a script's dialog. */
    ANSWER_OR_CANCEL,
    /**
     * Its answer only: a built-in command's dialog. A cancel leaves nothing, as the reference's
     * selectors leave nothing: the editor is simply back.
     */
    ANSWER,
    /** Nothing: a built-in command that says what came of the choice in its own words. */
    NOTHING
  }

  public static final DialogOptions NONE = new DialogOptions(Optional.empty(), AbortSignal.never());

  /** A built-in command's dialog: its answer is left in the transcript, a cancel is not. */
  public static final DialogOptions BUILT_IN =
      new DialogOptions(Optional.empty(), AbortSignal.never(), Left.ANSWER);

  /** A built-in command's picker whose command confirms the choice itself: nothing is left. */
  public static final DialogOptions CONFIRMED_BY_CALLER =
      new DialogOptions(Optional.empty(), AbortSignal.never(), Left.NOTHING);

  public DialogOptions {
    timeout = timeout == null ? Optional.empty() : timeout;
    timeout.ifPresent(t -> {
      if (t.isNegative() || t.isZero()) {
        throw new IllegalArgumentException("a dialog timeout must be positive, not " + t);
      }
    });
    Objects.requireNonNull(signal, "signal");
    Objects.requireNonNull(left, "left");
  }

  public DialogOptions(Optional<Duration> timeout, AbortSignal signal) {
    this(timeout, signal, Left.ANSWER_OR_CANCEL);
  }

  public static DialogOptions timeout(Duration timeout) {
    return new DialogOptions(Optional.of(timeout), AbortSignal.never());
  }

  /** Whether a cancel leaves a line in the transcript. */
  boolean leavesCancel() {
    return left == Left.ANSWER_OR_CANCEL;
  }

  /** Whether an answer leaves a line in the transcript. */
  boolean leavesAnswer() {
    return left != Left.NOTHING;
  }

  /** The moment (System.nanoTime) the dialog gives up, or Long.MAX_VALUE. */
  long deadlineNanos(long startNanos) {
    return timeout.map(t -> startNanos + t.toNanos()).orElse(Long.MAX_VALUE);
  }
}
