package dev.graft.runtime.llm;

import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A response body read chunk by chunk on the caller's thread, with an idle timeout and cancellation
 * from any thread. The JDK's {@code ofInputStream()} offers neither: a blocked {@code read()}
 * cannot time out, and closing the stream from another thread does not reliably wake it. Chunks are
 * requested one at a time, so a slow reader holds at most one in memory.
 */
final class ResponseBody implements HttpResponse.BodySubscriber<ResponseBody> {
  private static final Object END = new Object();
  private static final Object CANCELLED = new Object();

  private record Failure(Throwable cause) {}

  private final BlockingQueue<Object> queue = new LinkedBlockingQueue<>();
  private final String host;
  private Flow.Subscription subscription;
  private boolean cancelled;
  private boolean finished;

  ResponseBody(String host) {
    this.host = host;
  }

  @Override
  public CompletionStage<ResponseBody> getBody() {
    // Complete at once: the caller gets the response as soon as the headers arrive.
    return CompletableFuture.completedFuture(this);
  }

  @Override
  public void onSubscribe(Flow.Subscription s) {
    boolean cancelNow;
    synchronized (this) {
      subscription = s;
      cancelNow = cancelled;
    }
    if (cancelNow) {
      s.cancel();
    } else {
      s.request(1);
    }
  }

  @Override
  public void onNext(List<ByteBuffer> item) {
    queue.add(item);
  }

  @Override
  public void onError(Throwable throwable) {
    queue.add(new Failure(throwable));
  }

  @Override
  public void onComplete() {
    queue.add(END);
  }

  /**
   * The next chunk, or null at the end of the body.
   *
   * @throws StreamFailure on idle timeout, a broken connection, or {@link #cancel()}
   */
  List<ByteBuffer> next(Duration idleTimeout) throws StreamFailure {
    if (finished) {
      return null;
    }
    Object item;
    try {
      item = queue.poll(idleTimeout.toNanos(), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      cancel();
      throw StreamFailure.aborted();
    }
    if (item == null) {
      cancel();
      throw new StreamFailure(
          ErrorKind.TIMEOUT,
          "No data from "
              + host
              + " for "
              + Durations.describe(idleTimeout)
              + " "
              + HttpSettings.IDLE_TIMEOUT_SETTING,
          false);
    }
    if (item == END) {
      finished = true;
      return null;
    }
    if (item == CANCELLED) {
      finished = true;
      throw StreamFailure.aborted();
    }
    if (item instanceof Failure f) {
      finished = true;
      throw new StreamFailure(
          ErrorKind.NETWORK,
          "Connection to " + host + " broke while streaming: " + Durations.describeCause(f.cause()),
          true);
    }
    requestMore();
    @SuppressWarnings("unchecked")
    List<ByteBuffer> chunk = (List<ByteBuffer>) item;
    return chunk;
  }

  /** Stops reading: releases the connection and wakes a blocked {@link #next}. Idempotent. */
  void cancel() {
    Flow.Subscription s;
    synchronized (this) {
      if (cancelled) {
        return;
      }
      cancelled = true;
      s = subscription;
    }
    if (s != null) {
      s.cancel();
    }
    queue.add(CANCELLED);
  }

  private void requestMore() {
    Flow.Subscription s;
    synchronized (this) {
      s = cancelled ? null : subscription;
    }
    if (s != null) {
      s.request(1);
    }
  }
}
