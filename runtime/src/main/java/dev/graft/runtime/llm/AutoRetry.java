package dev.graft.runtime.llm;

import dev.graft.runtime.concurrent.AbortSignal;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The switch on a session's automatic retries (the reference's {@code retry.enabled}, its RPC
 * {@code set_auto_retry}) and the way to end a retry's wait without ending the turn (its {@code
 * abort_retry}). The providers' retry loop asks it before each retry and waits through it; any
 * thread may switch it or end the wait.
 */
public final class AutoRetry {
  private volatile boolean enabled = true;
  private final AtomicReference<AbortSignal> waiting = new AtomicReference<>();
  private final AtomicBoolean cancelled = new AtomicBoolean();

  /** Whether a failed model call that is worth retrying is retried (true unless switched off). */
  public boolean enabled() {
    return enabled;
  }

  public void setEnabled(boolean on) {
    enabled = on;
  }

  /**
   * Ends the wait before the next attempt, if one is under way: the call then fails with the error
   * that was to be retried. Returns whether there was a wait to end.
   */
  public boolean cancelWait() {
    AbortSignal wait = waiting.get();
    if (wait == null) {
      return false;
    }
    cancelled.set(true);
    wait.abort("retry cancelled");
    return true;
  }

  /**
   * Whether the last wait was ended by {@link #cancelWait}; asking clears it (the caller says so
   * once, in its {@code auto_retry_end}).
   */
  public boolean takeCancelled() {
    return cancelled.getAndSet(false);
  }

  /**
   * Waits {@code delay} before a retry. Returns false when {@link #cancelWait} ended the wait (no
   * retry then); fails with an aborted {@link StreamFailure} when {@code turn} is aborted.
   */
  boolean await(Duration delay, AbortSignal turn) throws StreamFailure {
    AbortSignal wait = new AbortSignal();
    Runnable relay = wait::abort;
    turn.onAbort(relay);
    waiting.set(wait);
    try {
      AbortableSleep.sleep(delay, wait);
      return true;
    } catch (StreamFailure f) {
      if (turn.aborted()) {
        throw f;
      }
      return false;
    } finally {
      waiting.set(null);
      turn.removeListener(relay);
    }
  }
}
