package dev.graft.runtime.llm;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.StopReason;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * Reads the Messages API event stream: {@code message_start}, then per content block {@code
 * content_block_start}, deltas and {@code content_block_stop}, then {@code message_delta} with the
 * stop reason and final usage, and {@code message_stop}. {@code error} events end the turn; {@code
 * ping} and unknown events are ignored.
 */
final class AnthropicStreamReader implements WireProtocol.StreamReader {
  private static final Set<String> MESSAGE_EVENTS =
      Set.of(
          "message_start",
          "message_delta",
          "message_stop",
          "content_block_start",
          "content_block_delta",
          "content_block_stop");

  /** Error types worth another attempt, if nothing streamed yet. */
  private static final Set<String> TRANSIENT =
      Set.of("overloaded_error", "api_error", "rate_limit_error");

  private final TurnBuilder turn;

  /** Anthropic's block index to the content index in the message. */
  private final Map<Integer, Integer> blocks = new HashMap<>();

  private long input;
  private long output;
  private long cacheRead;
  private long cacheWrite;
  private StopReason stop = StopReason.STOP;
  private String failure;
  private boolean sawStart;
  private boolean sawStop;

  AnthropicStreamReader(TurnBuilder turn) {
    this.turn = turn;
  }

  @Override
  public void onEvent(SseEvent event) throws StreamFailure {
    String name = event.event();
    if (name.equals("error")) {
      throw streamError(event.data());
    }
    if (!name.isEmpty() && !MESSAGE_EVENTS.contains(name)) {
      return; // ping, and events newer than this code
    }
    JsonNode json = parse(event);
    String type = json.path("type").asText(name);
    switch (type) {
      case "message_start" -> {
        sawStart = true;
        JsonNode message = json.path("message");
        if (message.path("id").isTextual()) {
          turn.extra("responseId", message.get("id").textValue());
        }
        JsonNode usage = message.path("usage");
        input = usage.path("input_tokens").asLong(0);
        output = usage.path("output_tokens").asLong(0);
        cacheRead = usage.path("cache_read_input_tokens").asLong(0);
        cacheWrite = usage.path("cache_creation_input_tokens").asLong(0);
        updateUsage();
      }
      case "content_block_start" ->
          blockStart(json.path("index").asInt(-1), json.path("content_block"));
      case "content_block_delta" -> blockDelta(json.path("index").asInt(-1), json.path("delta"));
      case "content_block_stop" -> {
        Integer index = blocks.remove(json.path("index").asInt(-1));
        if (index != null) {
          turn.close(index);
        }
      }
      case "message_delta" -> {
        JsonNode reason = json.path("delta").path("stop_reason");
        if (reason.isTextual()) {
          stopReason(reason.textValue());
        }
        // Proxies may omit fields here; keep what message_start said.
        JsonNode usage = json.path("usage");
        input = usage.path("input_tokens").isNumber() ? usage.get("input_tokens").asLong() : input;
        output =
            usage.path("output_tokens").isNumber() ? usage.get("output_tokens").asLong() : output;
        cacheRead =
            usage.path("cache_read_input_tokens").isNumber()
                ? usage.get("cache_read_input_tokens").asLong()
                : cacheRead;
        cacheWrite =
            usage.path("cache_creation_input_tokens").isNumber()
                ? usage.get("cache_creation_input_tokens").asLong()
                : cacheWrite;
        updateUsage();
      }
      case "message_stop" -> sawStop = true;
      case "error" -> throw streamError(event.data());
      default -> {}
    }
  }

  @Override
  public StopReason onEnd(boolean truncated) throws StreamFailure {
    if (!sawStop) {
      String how = truncated ? " (the connection closed in the middle of an event)" : "";
      throw new StreamFailure(
          ErrorKind.PROTOCOL,
          "Anthropic stream ended before message_stop" + how,
          // Nothing streamed yet means nothing is lost by asking again.
          true);
    }
    if (failure != null) {
      throw new StreamFailure(ErrorKind.OTHER, failure, false);
    }
    return stop;
  }

  private JsonNode parse(SseEvent event) throws StreamFailure {
    try {
      return Json.parse(event.data());
    } catch (Exception first) {
      try {
        return Json.parse(JsonRepair.repair(event.data()));
      } catch (Exception e) {
        throw new StreamFailure(
            ErrorKind.PROTOCOL,
            "Could not parse Anthropic event "
                + (event.event().isEmpty() ? "" : event.event() + " ")
                + "as JSON: "
                + clip(event.data()),
            false);
      }
    }
  }

  private void blockStart(int index, JsonNode block) {
    String type = block.path("type").asText("");
    int contentIndex;
    switch (type) {
      case "text" -> {
        contentIndex = turn.openText();
        turn.appendText(contentIndex, block.path("text").asText(""));
      }
      case "thinking" -> {
        contentIndex = turn.openThinking();
        turn.appendThinking(contentIndex, block.path("thinking").asText(""));
        if (block.path("signature").isTextual() && !block.get("signature").textValue().isEmpty()) {
          turn.blockExtra(contentIndex)
              .put("thinkingSignature", block.get("signature").textValue());
        }
      }
      case "redacted_thinking" -> {
        // Encrypted reasoning: shown as a marker, the payload kept to send back next turn.
        contentIndex = turn.openThinking();
        turn.appendThinking(contentIndex, "[Reasoning redacted]");
        turn.blockExtra(contentIndex).put("thinkingSignature", block.path("data").asText(""));
        turn.blockExtra(contentIndex).put("redacted", true);
      }
      case "tool_use" -> {
        contentIndex =
            turn.openToolCall(block.path("id").asText(""), block.path("name").asText(""));
        JsonNode input = block.path("input");
        if (input.isObject() && !input.isEmpty()) {
          // Arguments sent whole at the start (some proxies) instead of as deltas.
          turn.appendToolArguments(contentIndex, Json.write(input));
        }
      }
      default -> {
        return; // server tool results, citations and other blocks graft does not model
      }
    }
    blocks.put(index, contentIndex);
  }

  private void blockDelta(int index, JsonNode delta) {
    Integer contentIndex = blocks.get(index);
    if (contentIndex == null) {
      return;
    }
    switch (delta.path("type").asText("")) {
      case "text_delta" -> turn.appendText(contentIndex, delta.path("text").asText(""));
      case "thinking_delta" -> turn.appendThinking(contentIndex, delta.path("thinking").asText(""));
      case "input_json_delta" ->
          turn.appendToolArguments(contentIndex, delta.path("partial_json").asText(""));
      case "signature_delta" -> {
        var extra = turn.blockExtra(contentIndex);
        extra.put(
            "thinkingSignature",
            extra.path("thinkingSignature").asText("") + delta.path("signature").asText(""));
      }
      default -> {}
    }
  }

  private void stopReason(String reason) {
    switch (reason) {
      case "end_turn", "pause_turn", "stop_sequence" -> stop = StopReason.STOP;
      case "max_tokens", "model_context_window_exceeded" -> stop = StopReason.LENGTH;
      case "tool_use" -> stop = StopReason.TOOL_USE;
      case "refusal" -> failure = "The model declined to answer (stop_reason: refusal)";
      case "sensitive" ->
          failure = "The answer was withheld by safety filters (stop_reason: sensitive)";
      default -> failure = "Unhandled stop reason from Anthropic: " + reason;
    }
  }

  private void updateUsage() {
    turn.usage(turn.model().cost().usage(input, output, cacheRead, cacheWrite));
  }

  private StreamFailure streamError(String data) {
    String type = "";
    String message = data;
    try {
      JsonNode json = Json.parse(data);
      type = json.path("error").path("type").asText("");
      String detail = HttpErrors.messageIn(json);
      if (detail != null) {
        message = detail;
      }
    } catch (Exception notJson) {
      // keep the raw text
    }
    ErrorKind kind =
        switch (type) {
          case "overloaded_error", "api_error" -> ErrorKind.SERVER;
          case "rate_limit_error" -> ErrorKind.RATE_LIMIT;
          case "authentication_error", "permission_error" -> ErrorKind.AUTHENTICATION;
          case "invalid_request_error", "not_found_error", "request_too_large" ->
              ErrorKind.INVALID_REQUEST;
          default -> ErrorKind.OTHER;
        };
    return new StreamFailure(
        kind, "Anthropic stream error: " + clip(message), TRANSIENT.contains(type));
  }

  private static String clip(String s) {
    String one = s.replaceAll("\\s+", " ").strip();
    return one.length() <= 300 ? one : one.substring(0, 300) + "…";
  }
}
