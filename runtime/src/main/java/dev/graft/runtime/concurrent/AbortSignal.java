package dev.graft.runtime.concurrent;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Tells long work (a model stream, a tool, a hook) that the user gave up on it. Work checks {@link
 * #aborted()} or registers a listener; it never throws into the caller by itself.
 */
public final class AbortSignal {
  private final AtomicReference<String> reason = new AtomicReference<>();
  private final List<Runnable> listeners = new CopyOnWriteArrayList<>();

  /** A signal that is never aborted. */
  public static AbortSignal never() {
    return new AbortSignal();
  }

  public boolean aborted() {
    return reason.get() != null;
  }

  /** Why it was aborted ("aborted" when no reason was given); empty string when not aborted. */
  public String reason() {
    String r = reason.get();
    return r == null ? "" : r;
  }

  /** Runs {@code listener} once when aborted (at once if already aborted). */
  public void onAbort(Runnable listener) {
    listeners.add(listener);
    if (aborted() && listeners.remove(listener)) {
      listener.run();
    }
  }

  public void removeListener(Runnable listener) {
    listeners.remove(listener);
  }

  /** Aborts; listeners run on the calling thread. Aborting twice does nothing the second time. */
  public void abort(String why) {
    if (reason.compareAndSet(null, why == null || why.isBlank() ? "aborted" : why)) {
      for (Runnable listener : listeners) {
        if (listeners.remove(listener)) {
          listener.run();
        }
      }
    }
  }

  public void abort() {
    abort("aborted");
  }
}
