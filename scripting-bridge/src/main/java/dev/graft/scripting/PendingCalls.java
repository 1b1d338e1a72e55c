package dev.graft.scripting;

import dev.graft.scripting.api.Failure;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * What one script still owes and awaits: the calls into it waiting for a promise, and the host work
 * it awaits (dialogs, processes, model calls). A script with neither is idle, and a retired one is
 * closed then. {@link GuestCalls} keeps it; {@link RunningScripts} fails what is left when the
 * script ends. Owner thread only.
 */
final class PendingCalls {
  private final Set<PendingCall> calls = new LinkedHashSet<>();
  private int hostWaits;

  /**
   * The future of the latest host call the script awaits (an AbortSignal may cancel it, see
   * WebGlobals).
   */
  private CompletableFuture<?> lastAwaited;

  void add(PendingCall call) {
    calls.add(call);
  }

  /** False when the call was not waiting (it answered, timed out or was failed already). */
  boolean remove(PendingCall call) {
    return calls.remove(call);
  }

  boolean contains(PendingCall call) {
    return calls.contains(call);
  }

  boolean isEmpty() {
    return calls.isEmpty();
  }

  /**
   * Every waiting call fails, its timer disarmed, with what {@code why} makes of it; none waits
   * after.
   */
  void failAll(Function<PendingCall, Failure> why) {
    List<PendingCall> waiting = List.copyOf(calls);
    calls.clear();
    for (PendingCall call : waiting) {
      call.disarm();
      call.fail(why.apply(call));
    }
  }

  /** The script awaits {@code future} from now until {@link #hostWaitEnded}. */
  void hostWaitStarted(CompletableFuture<?> future) {
    hostWaits++;
    lastAwaited = future;
  }

  void hostWaitEnded() {
    hostWaits--;
  }

  boolean awaitsHost() {
    return hostWaits > 0;
  }

  /** The future of the latest host call the script awaits, once. */
  Optional<CompletableFuture<?>> takeLastAwaited() {
    CompletableFuture<?> f = lastAwaited;
    lastAwaited = null;
    return Optional.ofNullable(f);
  }

  boolean idle() {
    return calls.isEmpty() && hostWaits == 0;
  }
}
