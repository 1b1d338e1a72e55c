package dev.graft.runtime.llm;

import dev.graft.runtime.concurrent.AbortSignal;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** A wait (retry backoff, a scripted delay) that ends early when the turn is aborted. */
final class AbortableSleep {
  private AbortableSleep() {}

  /** Waits {@code delay}; fails with an aborted {@link StreamFailure} if the signal fires. */
  static void sleep(Duration delay, AbortSignal signal) throws StreamFailure {
    if (delay.isZero() || delay.isNegative()) {
      if (signal.aborted()) {
        throw StreamFailure.aborted();
      }
      return;
    }
    CountDownLatch latch = new CountDownLatch(1);
    Runnable wake = latch::countDown;
    signal.onAbort(wake);
    try {
      latch.await(delay.toNanos(), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw StreamFailure.aborted();
    } finally {
      signal.removeListener(wake);
    }
    if (signal.aborted()) {
      throw StreamFailure.aborted();
    }
  }
}
