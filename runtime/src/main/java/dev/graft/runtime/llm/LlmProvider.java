package dev.graft.runtime.llm;

import dev.graft.runtime.message.AgentMessage;
import java.util.function.Consumer;

/**
 * Streams one assistant turn from a model.
 *
 * <p>{@link #stream} runs on the caller's thread and hands every {@link StreamEvent} to {@code
 * listener} on that same thread, in order: {@link StreamEvent.Start}, then start/delta/end events
 * per content block, then exactly one {@link StreamEvent.Done} or {@link StreamEvent.Error}. It
 * returns the final message, the one the last event carries. An agent loop therefore reads as
 * straight-line code:
 *
 * <pre>{@code
 * AgentMessage.Assistant reply = provider.stream(request, ui::render);
 * if (reply.toolCalls().isEmpty()) { ... }
 * }</pre>
 *
 * <p>Failures (HTTP errors, broken streams, timeouts, a missing API key) never surface as
 * exceptions: they end the turn with an {@code Error} event whose message has stop reason {@code
 * error} or {@code aborted} and an {@code errorMessage}. To abort mid-stream, call {@code abort()}
 * on the request's {@link dev.graft.runtime.concurrent.AbortSignal} from any thread; the call then
 * returns promptly with stop reason {@code aborted} and whatever content had arrived.
 *
 * <p>An exception thrown by {@code listener} is the caller's own: the provider releases the
 * connection and rethrows it unchanged.
 */
public interface LlmProvider {

  AgentMessage.Assistant stream(LlmRequest request, Consumer<? super StreamEvent> listener);
}
