package dev.graft.runtime.llm;

import dev.graft.runtime.concurrent.AbortSignal;
import dev.graft.runtime.message.AgentMessage;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Streams turns from an HTTP API that answers with server-sent events, retrying what is worth
 * retrying. A failure is retried only while the turn has streamed no content: once text has
 * reached the listener, a second attempt would show it twice.
 */
final class HttpProvider implements LlmProvider {
  private final WireProtocol protocol;
  private final HttpTransport transport;
  private final ApiKey key;
  private final LongSupplier clock;

  HttpProvider(WireProtocol protocol, HttpTransport transport, ApiKey key, LongSupplier clock) {
    this.protocol = protocol;
    this.transport = transport;
    this.key = key;
    this.clock = clock;
  }

  @Override
  public AgentMessage.Assistant stream(
      LlmRequest request, Consumer<? super StreamEvent> listener) {
    TurnBuilder turn = new TurnBuilder(request.model(), clock.getAsLong(), listener);
    try {
      return run(request, turn);
    } catch (ListenerFailure e) {
      throw e.original();
    } catch (RuntimeException e) {
      // A bug or an unexpected payload: still a turn that failed, not a crash of the caller.
      if (turn.result().isPresent()) {
        throw e;
      }
      return turn.fail(ErrorKind.OTHER, protocol.label(request.model()) + " stream failed: " + e);
    }
  }

  private AgentMessage.Assistant run(LlmRequest request, TurnBuilder turn) {
    AbortSignal signal = request.signal();
    HttpSettings settings = transport.settings();
    PreparedRequest prepared;
    try {
      prepared = protocol.prepare(request, key);
    } catch (StreamFailure f) {
      return turn.fail(f.kind(), f.getMessage());
    }
    for (int attempt = 1; ; attempt++) {
      StreamFailure failure;
      try {
        return attempt(request, prepared, turn);
      } catch (StreamFailure f) {
        failure = f;
      }
      if (signal.aborted() || failure.kind() == ErrorKind.ABORTED) {
        return turn.fail(ErrorKind.ABORTED, "Request was aborted");
      }
      if (!failure.retryable() || turn.hasContent() || attempt >= settings.maxAttempts()) {
        return turn.fail(failure.kind(), failure.getMessage());
      }
      int failed = attempt;
      Duration delay = failure.retryAfter().orElseGet(() -> backoff(settings, failed));
      if (delay.compareTo(settings.maxRetryDelay()) > 0) {
        return turn.fail(
            failure.kind(),
            failure.getMessage() + " (the server asked to retry after "
                + Durations.describe(delay) + ", longer than graft waits)");
      }
      try {
        AbortableSleep.sleep(delay, signal);
      } catch (StreamFailure aborted) {
        return turn.fail(ErrorKind.ABORTED, "Request was aborted");
      }
      turn.resetForRetry();
    }
  }

  private AgentMessage.Assistant attempt(
      LlmRequest request, PreparedRequest prepared, TurnBuilder turn) throws StreamFailure {
    AbortSignal signal = request.signal();
    Duration idle = transport.settings().idleTimeout();
    ResponseBody body = transport.open(prepared, protocol.label(request.model()), key, signal);
    Runnable onAbort = body::cancel;
    signal.onAbort(onAbort);
    try {
      turn.start();
      WireProtocol.StreamReader reader = protocol.reader(request, turn);
      SseParser parser = new SseParser();
      List<ByteBuffer> chunk;
      while ((chunk = body.next(idle)) != null) {
        for (ByteBuffer buffer : chunk) {
          for (SseEvent event : parser.feed(buffer)) {
            reader.onEvent(event);
          }
        }
        if (signal.aborted()) {
          throw StreamFailure.aborted();
        }
      }
      for (SseEvent event : parser.finish()) {
        reader.onEvent(event);
      }
      StopReason stop = reader.onEnd(parser.truncated());
      return turn.done(stop);
    } finally {
      signal.removeListener(onAbort);
      body.cancel();
    }
  }

  /** Exponential backoff with up to 25% jitter, as the reference's SDKs compute it. */
  static Duration backoff(HttpSettings settings, int attempt) {
    double base = settings.initialBackoff().toNanos() * Math.pow(2, attempt - 1);
    double capped = Math.min(base, settings.maxBackoff().toNanos());
    double jitter = 1 - ThreadLocalRandom.current().nextDouble() * 0.25;
    return Duration.ofNanos((long) (capped * jitter));
  }
}
