package dev.graft.scripting;

import dev.graft.scripting.api.ScriptSettings;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.graalvm.polyglot.PolyglotException;

/**
 * Watches the guest code the owner thread runs, one {@link Run} at a time: a run whose script code
 * has used more than the spin limit of the owner thread's CPU time (or three times the limit in
 * wall time, whichever comes first) is interrupted, and the script stays loaded; a run during which
 * the heap fills is cancelled, and the script is stopped. CPU time rather than wall time, so that a
 * busy machine does not get correct scripts interrupted. The bridge's own work inside a run
 * (setting up a context, converting JSON) does not count: it is bounded by the handler timeout
 * instead. Also serves as the timer for handler timeouts.
 *
 * <p>Interrupting and cancelling run on a stopper thread of their own, never on the watchdog's: a
 * built-in that never polls for interrupts ({@code Array.prototype.indexOf} over an array-like of
 * length 2**40) makes both wait for good. A run that is still going {@link #STALL_WAIT} after it
 * was told to stop is declared stuck and handed to the {@code stuck} callback, which abandons its
 * thread.
 */
final class Watchdog implements AutoCloseable {
  private static final long TICK_MILLIS = 50;
  private static final Duration INTERRUPT_WAIT = Duration.ofSeconds(2);
  private static final int WALL_FACTOR = 3;

  /** How long a run may take to stop once interrupted or cancelled before it is declared stuck. */
  static final Duration STALL_WAIT = Duration.ofSeconds(4);

  /**
   * What a byte of module source may take to parse and evaluate, with room to spare: a generated
   * 1.5 MB CommonJS module (NpmDependenciesTest's) took 8 to 10 s in the interpreter with the
   * machine's load average at 20, about 6 µs a byte; granted 20 µs.
   */
  static final long MODULE_NANOS_PER_BYTE = 20_000;

  /**
   * Why a run was ended from outside: script code spun, bridge work took too long, reading an
   * answer (its getters, toJSON) took longer than the spin limit, the heap filled.
   */
  enum Stop {
    SPUN,
    BRIDGE,
    ANSWER,
    MEMORY
  }

  /** One uninterrupted stretch of guest code in one script's context. */
  static final class Run {
    final LoadedScript script;
    final Thread owner = Thread.currentThread();
    final long thread = owner.threadId();

    /**
     * What the script was doing ("agent_start handler", "loading"), for the message if it gets
     * stuck.
     */
    final String what;

    final long liveBytesBefore;

    /**
     * Time granted on top of the spin limit for the modules this run loaded (nanoseconds): module
     * code graft parsed and evaluated, as much as its size takes ({@link #moduleLoaded}).
     */
    volatile long moduleAllowance;

    /** Bytes of module source this run loaded. */
    volatile long moduleBytes;

    /** Wall and CPU time when script code started, moved forward by the bridge's work. */
    volatile long wallStart = System.nanoTime();

    volatile long cpuStart;

    /** When the current bridge work started (wall time); 0 while script code runs. */
    volatile long bridgeSince;

    /** The current bridge work's limit (nanoseconds) and what stops it when exceeded. */
    volatile long bridgeLimit;

    volatile Stop bridgeStop;

    /** The thread's CPU time when the current bridge work started. */
    volatile long bridgeCpuSince;

    /**
     * The run this one is nested in (guest code describing an error inside a handler's run), if
     * any.
     */
    Run outer;

    volatile Stop stop;

    /** Set once the run has left guest code ({@link #end}). */
    volatile boolean ended;

    /** When it was told to stop (nanoTime). */
    volatile long stoppedAt;

    /** Set once the run was declared stuck and its thread abandoned. */
    volatile boolean abandoned;

    Run(LoadedScript script, long liveBytesBefore, long cpuNow) {
      this.script = script;
      this.what = script.doing();
      this.liveBytesBefore = liveBytesBefore;
      this.cpuStart = cpuNow;
    }
  }

  private final Queue<Thread> timerThreads = new ConcurrentLinkedQueue<>();
  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "graft-script-watchdog");
        t.setDaemon(true);
        timerThreads.add(t);
        return t;
      });
  private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
  private final boolean cpuTime =
      threads.isThreadCpuTimeSupported() && threads.isThreadCpuTimeEnabled();
  private final HeapGuard heap;
  private final ScriptSettings settings;
  private final Consumer<Run> stuck;
  private volatile Run current;
  private volatile boolean abandonedAny;

  /**
   * {@code stuck} gets a run that did not stop within {@link #STALL_WAIT} of being told to (on the
   * watchdog thread).
   */
  Watchdog(ScriptSettings settings, Consumer<Run> stuck) {
    this.settings = settings;
    this.stuck = stuck;
    this.heap = new HeapGuard(settings.heapLimit(), this::checkHeap);
    timer.scheduleWithFixedDelay(this::tick, TICK_MILLIS, TICK_MILLIS, TimeUnit.MILLISECONDS);
  }

  /** On the owner thread, before guest code runs. */
  Run begin(LoadedScript script) {
    Run run = new Run(script, heap.liveBytes(), cpuNow());
    run.outer = current;
    current = run;
    return run;
  }

  /** Whether the calling thread is inside a run already. */
  boolean inRun() {
    Run run = current;
    return run != null && run.owner == Thread.currentThread();
  }

  void end(Run run) {
    run.ended = true;
    if (current == run) {
      current = run.outer != null && !run.outer.abandoned ? run.outer : null;
    }
  }

  /**
   * Runs {@code body}, the bridge's own work inside the current run (context setup, JSON
   * conversion), outside the spin budget: on a cold JVM converting a 2,000-message payload can take
   * longer than the spin limit. It is bounded by {@link ScriptSettings#bridgeLimit()}, and its size
   * by maxBridgeChars.
   */
  <T> T bridgeWork(Supplier<T> body) {
    return bridgeWork(Stop.BRIDGE, settings.bridgeLimit(), body);
  }

  /**
   * As {@link #bridgeWork(Supplier)}, for work that runs guest code graft asked for (an answer's
   * getters and toJSON, read by JSON.stringify): bounded by {@code limit}, then stopped as {@code
   * why}.
   */
  <T> T bridgeWork(Stop why, Duration limit, Supplier<T> body) {
    Run run = current;
    if (run == null || run.bridgeSince != 0) {
      return body.get();
    }
    long wall = System.nanoTime();
    long cpu = cpuNow();
    run.bridgeLimit = limit.toNanos();
    run.bridgeStop = why;
    run.bridgeCpuSince = cpu;
    run.bridgeSince = wall;
    try {
      return body.get();
    } finally {
      run.cpuStart += cpuNow() - cpu;
      run.wallStart += System.nanoTime() - wall;
      run.bridgeSince = 0;
    }
  }

  /**
   * The current run loaded a module of {@code bytes} bytes (on the owner thread, while the run
   * evaluates imports or a require): its spin limit grows by what parsing and evaluating that much
   * code costs in GraalJS's interpreter ({@link #MODULE_NANOS_PER_BYTE}), up to {@link
   * ScriptSettings#moduleBudget()} in all. A large dependency is not cut off as a runaway script
   * would be, and a small script that spins is still stopped after the spin limit.
   */
  void moduleLoaded(long bytes) {
    Run run = current;
    if (run == null || run.owner != Thread.currentThread()) {
      return;
    }
    run.moduleBytes += bytes;
    long allowance = run.moduleBytes * MODULE_NANOS_PER_BYTE;
    run.moduleAllowance = Math.min(allowance, settings.moduleBudget().toNanos());
  }

  /** What stopped the current run of {@code script}, if anything. */
  Stop stopOf(LoadedScript script) {
    Run run = current;
    return run != null && run.script == script ? run.stop : null;
  }

  ScheduledFuture<?> schedule(Runnable task, Duration delay) {
    return timer.schedule(task, delay.toNanos(), TimeUnit.NANOSECONDS);
  }

  /** Whether some run was declared stuck (its thread may still be running guest code). */
  boolean abandonedAny() {
    return abandonedAny;
  }

  long heapMaxBytes() {
    return heap.maxBytes();
  }

  private long cpuNow() {
    return cpuTime ? threads.getCurrentThreadCpuTime() : 0;
  }

  /** Cancels the running script when the heap filled while it ran. */
  private void checkHeap() {
    Run run = current;
    if (run != null
        && run.stop == null
        && heap.exceeded(settings.heapLimit(), run.liveBytesBefore)) {
      stop(run, Stop.MEMORY);
    }
  }

  private void tick() {
    checkHeap();
    Run run = current;
    if (run == null) {
      return;
    }
    long now = System.nanoTime();
    if (run.stop != null) {
      if (!run.abandoned && now - run.stoppedAt > STALL_WAIT.toNanos()) {
        run.abandoned = true;
        abandonedAny = true;
        if (current == run) {
          current = null;
        }
        stuck.accept(run);
      }
      return;
    }
    long bridgeSince = run.bridgeSince;
    if (bridgeSince != 0) {
      long wall = now - bridgeSince;
      boolean over =
          run.bridgeStop == Stop.ANSWER
              // An answer's getters are script code: CPU time, with the wall-time backstop, as for
              // spinning.
              ? (cpuTime ? threads.getThreadCpuTime(run.thread) - run.bridgeCpuSince : wall)
                      > run.bridgeLimit
                  || wall > WALL_FACTOR * run.bridgeLimit
              : wall > run.bridgeLimit;
      if (over) {
        stop(run, run.bridgeStop);
      }
      return;
    }
    long limit = settings.spinLimit().toNanos() + run.moduleAllowance;
    long wall = now - run.wallStart;
    long cpu = cpuTime ? threads.getThreadCpuTime(run.thread) - run.cpuStart : wall;
    if (cpu > limit || wall > WALL_FACTOR * limit) {
      stop(run, Stop.SPUN);
    }
  }

  /**
   * Tells {@code run} to stop, on a stopper thread: interrupted (the script stays loaded), or, for
   * a full heap or an interrupt that did not land within {@link #INTERRUPT_WAIT}, cancelled. Either
   * may wait for good on a thread stuck in a built-in; the watchdog thread never does.
   */
  private static void stop(Run run, Stop why) {
    run.stoppedAt = System.nanoTime();
    run.stop = why;
    Thread.ofPlatform()
        .name("graft-script-stopper")
        .daemon(true)
        .start(() -> {
          if (why == Stop.MEMORY) {
            run.script.cancel();
            return;
          }
          try {
            run.script.context().interrupt(INTERRUPT_WAIT);
          } catch (TimeoutException | PolyglotException | IllegalStateException e) {
            // The wait also times out when the interrupt landed and the script thread has since
            // entered the context again for a later run (the next handler, or describing what this
            // one threw): cancelling then would stop that run and the script for no fault of
            // theirs.
            if (!run.ended) {
              run.script.cancel();
            }
          }
        });
  }

  @Override
  public void close() {
    heap.close();
    timer.shutdownNow();
    try {
      // The executor counts as terminated a moment before its thread has ended; joining the
      // thread is what lets close() promise that no watchdog thread outlives the engine.
      long deadline = System.nanoTime() + INTERRUPT_WAIT.toNanos();
      timer.awaitTermination(INTERRUPT_WAIT.toMillis(), TimeUnit.MILLISECONDS);
      for (Thread t : timerThreads) {
        long left = deadline - System.nanoTime();
        if (left > 0) {
          t.join(Duration.ofNanos(left));
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
