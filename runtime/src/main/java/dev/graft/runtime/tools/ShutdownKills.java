package dev.graft.runtime.tools;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * The kills of the commands running now, run when the JVM shuts down (SIGHUP when the terminal
 * closes, SIGTERM, SIGINT, System.exit). A command leads a session of its own, so no hangup of
 * graft's terminal reaches it: without this, it and what it started would run on after graft.
 */
final class ShutdownKills {
  /** How long the shutdown waits for commands being started to be registered. */
  private static final long START_WAIT_MS = 2_000;

  private static final Set<Runnable> RUNNING = ConcurrentHashMap.newKeySet();

  /** Held shared while a command starts and registers; the shutdown takes it alone. */
  private static final ReentrantReadWriteLock STARTS = new ReentrantReadWriteLock();

  private static volatile boolean down;

  static {
    try {
      Runtime.getRuntime()
          .addShutdownHook(new Thread(ShutdownKills::killAll, "graft-commands-shutdown"));
    } catch (IllegalStateException e) {
      down = true; // the JVM is shutting down already: each command is killed as it starts
    }
  }

  private ShutdownKills() {}

  /** A command being started: {@link #add} its kill once it runs, then {@link #close}. */
  static final class Start implements AutoCloseable {
    private Start() {
      STARTS.readLock().lock();
    }

    /** Runs {@code kill} at shutdown unless {@link #remove}d first; at once if that has begun. */
    void add(Runnable kill) {
      if (down) {
        kill.run();
      } else {
        RUNNING.add(kill);
      }
    }

    @Override
    public void close() {
      STARTS.readLock().unlock();
    }
  }

  static Start start() {
    return new Start();
  }

  static void remove(Runnable kill) {
    RUNNING.remove(kill);
  }

  private static void killAll() {
    boolean alone = false;
    try {
      alone = STARTS.writeLock().tryLock(START_WAIT_MS, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    try {
      down = true;
      RUNNING.forEach(Runnable::run);
    } finally {
      if (alone) {
        STARTS.writeLock().unlock();
      }
    }
  }
}
