package dev.graft.runtime.agent;

import dev.graft.runtime.concurrent.AbortSignal;
import java.util.Optional;
import java.util.function.Function;

/**
 * The one job {@link AgentSession} does at a time: a run, a compaction, a tree move, a session
 * switch or the user's shell command. {@link #take} either gives the slot to the caller or refuses
 * with the caller's message; the {@link Lease} it returns frees the slot once, when closed. While a
 * job holds the slot, its signal is {@link #current()}, which is how an abort reaches it.
 */
final class JobSlot {
  private volatile AbortSignal job;

  /** The slot, held by one job until {@link #close()}; closing it again does nothing. */
  final class Lease implements AutoCloseable {
    private final AbortSignal signal;
    private boolean closed;

    private Lease(AbortSignal signal) {
      this.signal = signal;
    }

    /** What stops this job. */
    AbortSignal signal() {
      return signal;
    }

    @Override
    public void close() {
      synchronized (JobSlot.this) {
        if (!closed) {
          closed = true;
          job = null;
          JobSlot.this.notifyAll();
        }
      }
    }
  }

  /**
   * Takes the slot for a job that {@code signal} stops, or throws an {@link IllegalStateException}
   * with {@code refusal} when another job holds it.
   */
  synchronized Lease take(AbortSignal signal, String refusal) {
    if (job != null) {
      throw new IllegalStateException(refusal);
    }
    job = signal;
    return new Lease(signal);
  }

  /** The running job's signal; empty when no job holds the slot. */
  Optional<AbortSignal> current() {
    return Optional.ofNullable(job);
  }

  boolean isFree() {
    return job == null;
  }

  /**
   * Runs {@code decision} (told whether a job holds the slot) while no job can take or free it, so
   * that what it decides (queue a message, record it) holds until it returns. It must not block.
   */
  synchronized <T> T decide(Function<Boolean, T> decision) {
    return decision.apply(job != null);
  }

  /** Blocks until no job holds the slot. */
  synchronized void awaitFree() throws InterruptedException {
    while (job != null) {
      wait();
    }
  }
}
