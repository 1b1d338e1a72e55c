package dev.graft.runtime.llm;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.concurrent.AbortSignal;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.StopReason;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.UnaryOperator;

/**
 * Streams turns from an HTTP API that answers with server-sent events, retrying what is worth
 * retrying: a failure before the answer began (HTTP 429, 5xx, a refused connection) and one that
 * cut the answer short (an overloaded or error event, a dropped connection, a stream that ended
 * early). A retry is announced with {@link StreamEvent.Retry}, which voids what the attempt
 * streamed, so no partial answer is kept. The request's {@link AutoRetry} may switch retries off,
 * or end a wait, which fails the call with the error it was to retry. Error text is redacted of the
 * credentials sent.
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
  public AgentMessage.Assistant stream(LlmRequest request, Consumer<? super StreamEvent> listener) {
    TurnBuilder turn = new TurnBuilder(request.model(), clock.getAsLong(), listener);
    Redaction redaction = Redaction.of(key, request.model().headers());
    try {
      return run(request, turn, redaction);
    } catch (ListenerFailure e) {
      throw e.original();
    } catch (RuntimeException e) {
      // A bug or an unexpected payload: still a turn that failed, not a crash of the caller.
      if (turn.result().isPresent()) {
        throw e;
      }
      return turn.fail(
          ErrorKind.OTHER,
          redaction.apply(protocol.label(request.model()) + " stream failed: " + e));
    }
  }

  private AgentMessage.Assistant run(LlmRequest request, TurnBuilder turn, Redaction redaction) {
    AbortSignal signal = request.signal();
    HttpSettings settings = transport.settings();
    PreparedRequest prepared;
    try {
      prepared = withHookedBody(protocol.prepare(request, key), request);
    } catch (StreamFailure f) {
      return turn.fail(f.kind(), redaction.apply(f.getMessage()));
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
      String message = redaction.apply(failure.getMessage());
      if (!failure.retryable()
          || attempt >= settings.maxAttempts()
          || !request.autoRetry().enabled()) {
        return turn.fail(failure.kind(), message);
      }
      int failed = attempt;
      Duration delay = failure.retryAfter().orElseGet(() -> backoff(settings, failed));
      if (failure.retryAfter().isPresent() && delay.compareTo(settings.maxRetryDelay()) > 0) {
        return turn.fail(
            failure.kind(),
            message
                + " (the server asked to retry after "
                + Durations.describe(delay)
                + ", longer than graft waits)");
      }
      // the wait is taken before the retry is told, so that an abort_retry sent on seeing
      // auto_retry_start finds it
      AutoRetry.Wait wait = request.autoRetry().begin();
      try {
        turn.retry(attempt, settings.maxAttempts() - 1, delay, failure.kind(), message);
      } catch (RuntimeException e) {
        request.autoRetry().discard(wait);
        throw e;
      }
      try {
        if (!request.autoRetry().await(wait, delay, signal)) {
          // the wait was ended (the reference's abort_retry): the call fails as it failed
          return turn.fail(failure.kind(), message);
        }
      } catch (StreamFailure aborted) {
        return turn.fail(ErrorKind.ABORTED, "Request was aborted");
      }
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

  /**
   * The request with the body the request's payload hook ({@code before_provider_request}) makes of
   * it; the same request when the hook changes nothing. A body that is not an object (a script
   * answered a string) is sent as the JSON it is: the provider says what is wrong.
   */
  private static PreparedRequest withHookedBody(PreparedRequest prepared, LlmRequest request) {
    if (request.payloadHook() == UnaryOperator.<JsonNode>identity()) {
      return prepared;
    }
    try {
      JsonNode body = Json.MAPPER.readTree(prepared.body());
      JsonNode hooked = request.payloadHook().apply(body);
      if (hooked == null || hooked == body) {
        return prepared;
      }
      return new PreparedRequest(
          prepared.uri(), prepared.headers(), Json.MAPPER.writeValueAsBytes(hooked));
    } catch (IOException e) {
      return prepared;
    }
  }
}
