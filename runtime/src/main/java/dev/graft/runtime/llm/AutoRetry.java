package dev.graft.runtime.llm;

import dev.graft.runtime.concurrent.AbortSignal;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The switch on a session's automatic retries (the reference's {@code retry.enabled}, its RPC
 * {@code set_auto_retry}) and the way to end a retry's wait without ending the turn (its {@code
 * abort_retry}). The providers' retry loop asks it before each retry and waits through it; any
 * thread may switch it or end the waits.
 *
 * <p>A model call may take its own view, {@link #forCall}: the same switch and the same {@link
 * #cancelWait}, but {@link #takeCancelled} tells of that call's waits only, so that a compaction's
 * cancelled wait is not taken for the agent's.
 */
public final class AutoRetry {
  private final AutoRetry session; // whose switch this follows; null when it is the session's
  private volatile boolean enabled = true;
  private final Set<Wait> waits; // the session's, shared by its calls' views
  private final AtomicBoolean cancelled = new AtomicBoolean();

  public AutoRetry() {
    session = null;
    waits = ConcurrentHashMap.newKeySet();
  }

  private AutoRetry(AutoRetry session) {
    this.session = session;
    waits = session.waits;
  }

  /** A view for one model call: this switch and its {@link #cancelWait}, its own cancels told. */
  public AutoRetry forCall() {
    return new AutoRetry(session == null ? this : session);
  }

  /** Whether a failed model call that is worth retrying is retried (true unless switched off). */
  public boolean enabled() {
    return session == null ? enabled : session.enabled();
  }

  public void setEnabled(boolean on) {
    if (session == null) {
      enabled = on;
    } else {
      session.setEnabled(on);
    }
  }

  /**
   * Ends the waits before the next attempt that are under way: each call then fails with the error
   * that was to be retried. A wait that is already over is left alone: its retry goes on. Returns
   * whether there was a wait to end.
   */
  public boolean cancelWait() {
    boolean any = false;
    for (Wait wait : waits) {
      any |= wait.cancel();
    }
    return any;
  }

  /**
   * Whether a wait of this view's was ended by {@link #cancelWait} since last asked; asking clears
   * it (the caller says so once, in its {@code auto_retry_end}).
   */
  public boolean takeCancelled() {
    return cancelled.getAndSet(false);
  }

  /**
   * A wait before a retry, taken before the retry is told ({@code auto_retry_start}): a {@link
   * #cancelWait} that follows the telling always finds it, even before the waiting begins. Pass it
   * to {@link #await(Wait, Duration, AbortSignal)}, which ends it.
   */
  Wait begin() {
    Wait wait = new Wait(this);
    waits.add(wait);
    return wait;
  }

  /**
   * Waits {@code delay} before a retry. Returns false when {@link #cancelWait} ended the wait (no
   * retry then); fails with an aborted {@link StreamFailure} when {@code turn} is aborted.
   */
  boolean await(Duration delay, AbortSignal turn) throws StreamFailure {
    return await(begin(), delay, turn, AbortableSleep::sleep);
  }

  /** As {@link #await(Duration, AbortSignal)}, for a wait {@link #begin} took. */
  boolean await(Wait wait, Duration delay, AbortSignal turn) throws StreamFailure {
    return await(wait, delay, turn, AbortableSleep::sleep);
  }

  /** How a wait is slept: {@link AbortableSleep#sleep}, or a test's. */
  interface Sleep {
    void sleep(Duration delay, AbortSignal signal) throws StreamFailure;
  }

  boolean await(Duration delay, AbortSignal turn, Sleep sleep) throws StreamFailure {
    return await(begin(), delay, turn, sleep);
  }

  private boolean await(Wait wait, Duration delay, AbortSignal turn, Sleep sleep)
      throws StreamFailure {
    Runnable relay = wait.signal::abort;
    turn.onAbort(relay);
    try {
      if (!wait.signal.aborted()) { // not cancelled since it was taken
        sleep.sleep(delay, wait.signal);
      }
    } catch (StreamFailure f) {
      if (turn.aborted()) {
        throw f;
      }
    } finally {
      waits.remove(wait);
      turn.removeListener(relay);
    }
    // the wait's end and a cancel race for it: the first decides, so never both
    return wait.end();
  }

  /** Drops a wait {@link #begin} took that will not be waited (the retry was not told). */
  void discard(Wait wait) {
    waits.remove(wait);
  }

  /** One wait before a retry, ended once: by its end, or by a cancel. */
  static final class Wait {
    final AbortSignal signal = new AbortSignal();
    private final AutoRetry owner;
    private final AtomicBoolean over = new AtomicBoolean();

    Wait(AutoRetry owner) {
      this.owner = owner;
    }

    /** Cancels the wait unless it is over; whether it did. */
    boolean cancel() {
      if (!over.compareAndSet(false, true)) {
        return false;
      }
      owner.cancelled.set(true);
      signal.abort("retry cancelled");
      return true;
    }

    /** Ends the wait unless a cancel did first; whether the retry goes on. */
    boolean end() {
      return over.compareAndSet(false, true);
    }
  }
}
