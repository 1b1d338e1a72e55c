package dev.graft.scripting;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.graalvm.polyglot.PolyglotException;

/**
 * Watches the guest code the owner thread runs, one {@link Run} at a time: a run past the spin
 * limit is interrupted (the script stays loaded); a run during which the heap fills is cancelled
 * (the script is stopped). Also serves as the timer for handler timeouts.
 */
final class Watchdog implements AutoCloseable {
  private static final long TICK_MILLIS = 50;
  private static final Duration INTERRUPT_WAIT = Duration.ofSeconds(2);

  /** Why a run was ended from outside. */
  enum Stop { SPUN, MEMORY }

  /** One uninterrupted stretch of guest code in one script's context. */
  static final class Run {
    final LoadedScript script;
    final long startNanos = System.nanoTime();
    final long liveBytesBefore;
    volatile Stop stop;

    Run(LoadedScript script, long liveBytesBefore) {
      this.script = script;
      this.liveBytesBefore = liveBytesBefore;
    }
  }

  private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "graft-script-watchdog");
    t.setDaemon(true);
    return t;
  });
  private final HeapGuard heap;
  private final ScriptSettings settings;
  private volatile Run current;

  Watchdog(ScriptSettings settings) {
    this.settings = settings;
    this.heap = new HeapGuard(settings.heapLimit(), this::checkHeap);
    timer.scheduleWithFixedDelay(this::tick, TICK_MILLIS, TICK_MILLIS, TimeUnit.MILLISECONDS);
  }

  Run begin(LoadedScript script) {
    Run run = new Run(script, heap.liveBytes());
    current = run;
    return run;
  }

  void end(Run run) {
    if (current == run) {
      current = null;
    }
  }

  ScheduledFuture<?> schedule(Runnable task, Duration delay) {
    return timer.schedule(task, delay.toNanos(), TimeUnit.NANOSECONDS);
  }

  long heapMaxBytes() {
    return heap.maxBytes();
  }

  /** Cancels the running script when the heap filled while it ran. */
  private void checkHeap() {
    Run run = current;
    if (run != null && run.stop == null && heap.exceeded(settings.heapLimit(), run.liveBytesBefore)) {
      run.stop = Stop.MEMORY;
      run.script.cancel();
    }
  }

  private void tick() {
    checkHeap();
    Run run = current;
    if (run == null || run.stop != null) {
      return;
    }
    if (System.nanoTime() - run.startNanos > settings.spinLimit().toNanos()) {
      run.stop = Stop.SPUN;
      try {
        run.script.context().interrupt(INTERRUPT_WAIT);
      } catch (TimeoutException | PolyglotException | IllegalStateException e) {
        run.script.cancel();
      }
    }
  }

  @Override
  public void close() {
    heap.close();
    timer.shutdownNow();
  }
}
