package dev.graft.runtime.llm;

import dev.graft.runtime.message.StopReason;

/** What differs between the HTTP APIs: how a request is written and how its stream is read. */
interface WireProtocol {

  /** Names the endpoint in error messages: "Anthropic API", "ollama API". */
  String label(Model model);

  /** The HTTP request for {@code request}; a failure here is a request graft cannot express. */
  PreparedRequest prepare(LlmRequest request, ApiKey key) throws StreamFailure;

  /** A reader for one attempt's event stream, reporting into {@code turn}. */
  StreamReader reader(LlmRequest request, TurnBuilder turn);

  /** Reads one attempt's server-sent events. */
  interface StreamReader {
    void onEvent(SseEvent event) throws StreamFailure;

    /**
     * The body ended. Returns how the turn ended, or fails if the stream stopped before the API's
     * end marker ({@code truncated}: the last event was cut off mid-line).
     */
    StopReason onEnd(boolean truncated) throws StreamFailure;
  }
}
