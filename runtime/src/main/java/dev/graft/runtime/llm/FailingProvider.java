package dev.graft.runtime.llm;

import dev.graft.runtime.message.AgentMessage;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/** A provider that can only fail, for a model that cannot be called (no key, say). */
final class FailingProvider implements LlmProvider {
  private final ErrorKind kind;
  private final String message;
  private final LongSupplier clock;

  FailingProvider(ErrorKind kind, String message, LongSupplier clock) {
    this.kind = kind;
    this.message = message;
    this.clock = clock;
  }

  @Override
  public AgentMessage.Assistant stream(LlmRequest request, Consumer<? super StreamEvent> listener) {
    TurnBuilder turn = new TurnBuilder(request.model(), clock.getAsLong(), listener);
    try {
      return turn.fail(
          request.signal().aborted() ? ErrorKind.ABORTED : kind,
          request.signal().aborted() ? "Request was aborted" : message);
    } catch (ListenerFailure e) {
      throw e.original();
    }
  }
}
