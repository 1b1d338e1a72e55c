package dev.graft.runtime.llm;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.StopReason;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Reads Chat Completions chunks. Text and reasoning arrive as deltas of one choice; tool calls
 * arrive as fragments keyed by {@code index}, the first usually carrying id and name; usage comes
 * in a last chunk with empty {@code choices} (when {@code include_usage} was asked for); {@code
 * data: [DONE]} ends the stream. Some servers send {@code {"error": ...}} mid-stream.
 *
 * <p>A text or thinking block ends when content of another kind begins, so a UI sees complete
 * blocks in order; tool calls stay open until the stream ends, since fragments of several calls may
 * interleave.
 */
final class OpenAiStreamReader implements WireProtocol.StreamReader {
  private final TurnBuilder turn;
  private int text = -1;
  private int thinking = -1;
  private final Map<Integer, Integer> callsByIndex = new HashMap<>();
  private final Map<String, Integer> callsById = new HashMap<>();
  private final List<Integer> calls = new ArrayList<>();
  private StopReason stop = StopReason.STOP;
  private String failure;
  private boolean sawFinish;
  private boolean sawDone;

  OpenAiStreamReader(TurnBuilder turn) {
    this.turn = turn;
  }

  @Override
  public void onEvent(SseEvent event) throws StreamFailure {
    chunk(event.data().strip(), true);
  }

  private void chunk(String data, boolean whole) throws StreamFailure {
    if (data.equals("[DONE]")) {
      sawDone = true;
      return;
    }
    if (data.isEmpty()) {
      return;
    }
    JsonNode chunk;
    try {
      chunk = Json.parse(data);
    } catch (Exception e) {
      if (whole && data.indexOf('\n') > 0) {
        // Some servers omit the blank line between events, so several chunks arrive as one
        // multi-line event; each line is then a chunk of its own.
        for (String line : data.split("\n")) {
          chunk(line.strip(), false);
        }
        return;
      }
      throw new StreamFailure(
          ErrorKind.PROTOCOL,
          "Could not parse a chunk from the server as JSON: " + clip(data),
          false);
    }
    if (chunk.path("error").isObject() || chunk.path("error").isTextual()) {
      String message = HttpErrors.messageIn(chunk);
      ErrorKind kind = errorKind(chunk.get("error"));
      // An upstream failure or overload (OpenRouter relays them as chunks) is worth another try.
      boolean transient_ =
          (kind == ErrorKind.SERVER || kind == ErrorKind.RATE_LIMIT)
              && !HttpErrors.quotaExhausted(Json.write(chunk));
      throw new StreamFailure(
          kind, "Server reported an error mid-stream: " + clip(message), transient_);
    }
    if (chunk.path("id").isTextual()) {
      turn.extra("responseId", chunk.get("id").textValue());
    }
    if (chunk.path("model").isTextual()
        && !chunk.get("model").textValue().isEmpty()
        && !chunk.get("model").textValue().equals(turn.model().id())) {
      turn.extra("responseModel", chunk.get("model").textValue());
    }
    if (chunk.path("usage").isObject()) {
      usage(chunk.get("usage"));
    }
    JsonNode choice = chunk.path("choices").path(0);
    if (!choice.isObject()) {
      return;
    }
    if (!chunk.path("usage").isObject() && choice.path("usage").isObject()) {
      usage(choice.get("usage")); // Moonshot puts usage in the choice
    }
    JsonNode finish = choice.path("finish_reason");
    if (finish.isTextual()) {
      sawFinish = true;
      finishReason(finish.textValue());
    }
    JsonNode delta = choice.path("delta");
    if (!delta.isObject()) {
      return;
    }
    JsonNode content = delta.path("content");
    if (content.isTextual()) {
      text(content.textValue());
    } else if (content.isArray()) {
      // Mistral's reasoning models send parts: {"type":"thinking","thinking":[{"type":"text",...}]}
      // and {"type":"text","text":...}, in order, sometimes both in one chunk.
      for (JsonNode part : content) {
        switch (part.path("type").asText("")) {
          case "text" -> text(part.path("text").asText(""));
          case "thinking" -> {
            JsonNode parts = part.path("thinking");
            if (parts.isTextual()) {
              thinking(parts.textValue(), null);
            }
            for (JsonNode p : parts) {
              thinking(p.isTextual() ? p.textValue() : p.path("text").asText(""), null);
            }
          }
          default -> {}
        }
      }
    }
    // A refusal (OpenAI) is the answer the user gets: shown as text rather than dropped.
    if (delta.path("refusal").isTextual()) {
      text(delta.get("refusal").textValue());
    }
    for (String field : OpenAiProtocol.REASONING_FIELDS) {
      JsonNode r = delta.path(field);
      if (r.isTextual() && !r.textValue().isEmpty()) {
        thinking(r.textValue(), field);
        break; // servers that send several fields send the same text in each
      }
    }
    if (delta.path("tool_calls").isArray()) {
      for (JsonNode call : delta.get("tool_calls")) {
        toolCall(call);
      }
    }
    if (delta.path("reasoning_details").isArray()) {
      for (JsonNode detail : delta.get("reasoning_details")) {
        if (detail.path("type").asText().equals("reasoning.encrypted")
            && detail.path("id").isTextual()
            && detail.has("data")) {
          Integer index = callsById.get(detail.get("id").textValue());
          if (index != null && turn.isOpen(index)) {
            turn.blockExtra(index).put("thoughtSignature", Json.write(detail));
          }
        }
      }
    }
  }

  private void text(String delta) {
    if (delta.isEmpty()) {
      return;
    }
    if (text < 0 || !turn.isOpen(text)) {
      closeThinking();
      text = turn.openText();
    }
    turn.appendText(text, delta);
  }

  /** Reasoning text; {@code field} names the delta field it came in, to send it back there. */
  private void thinking(String delta, String field) {
    if (delta.isEmpty()) {
      return;
    }
    if (thinking < 0 || !turn.isOpen(thinking)) {
      closeText();
      thinking = turn.openThinking();
      if (field != null) {
        turn.blockExtra(thinking).put("thinkingSignature", field);
      }
    }
    turn.appendThinking(thinking, delta);
  }

  private void toolCall(JsonNode call) {
    Integer streamIndex = call.path("index").isInt() ? call.get("index").intValue() : null;
    String id = call.path("id").isTextual() ? call.get("id").textValue() : "";
    String name = call.path("function").path("name").asText("");
    Integer index = streamIndex != null ? callsByIndex.get(streamIndex) : null;
    if (index == null && !id.isEmpty()) {
      index = callsById.get(id);
    }
    if (index == null) {
      closeText();
      closeThinking();
      // Some local servers send no id; the tool result must still point at this call.
      String callId =
          id.isEmpty()
              ? "call_" + UUID.randomUUID().toString().replace("-", "").substring(0, 24)
              : id;
      index = turn.openToolCall(callId, name);
      calls.add(index);
      callsById.put(callId, index);
    } else {
      if (turn.toolCallId(index).isEmpty() && !id.isEmpty()) {
        turn.toolCallId(index, id);
      }
      if (turn.toolCallName(index).isEmpty() && !name.isEmpty()) {
        turn.toolCallName(index, name);
      }
    }
    if (streamIndex != null) {
      callsByIndex.putIfAbsent(streamIndex, index);
    }
    if (!id.isEmpty()) {
      callsById.putIfAbsent(id, index);
    }
    JsonNode args = call.path("function").path("arguments");
    if (args.isTextual()) {
      turn.appendToolArguments(index, args.textValue());
    } else if (args.isObject()) {
      turn.appendToolArguments(index, Json.write(args)); // a few servers send an object
    }
  }

  @Override
  public StopReason onEnd(boolean truncated) throws StreamFailure {
    if (!sawFinish && !sawDone) {
      throw new StreamFailure(
          ErrorKind.PROTOCOL,
          "The server's stream ended before the response was complete"
              + (truncated ? " (the connection closed in the middle of an event)" : ""),
          true);
    }
    if (failure != null) {
      throw new StreamFailure(ErrorKind.OTHER, failure, false);
    }
    return stop;
  }

  private void closeText() {
    if (text >= 0 && turn.isOpen(text)) {
      turn.close(text);
    }
  }

  private void closeThinking() {
    if (thinking >= 0 && turn.isOpen(thinking)) {
      turn.close(thinking);
    }
  }

  private void finishReason(String reason) {
    switch (reason) {
      case "stop", "end" -> stop = StopReason.STOP;
      case "length" -> stop = StopReason.LENGTH;
      case "tool_calls", "function_call" -> stop = StopReason.TOOL_USE;
      default -> failure = "Provider finish_reason: " + reason;
    }
  }

  /** Normalises usage: graft's input excludes cached tokens, as Anthropic reports it. */
  private void usage(JsonNode u) {
    long prompt = u.path("prompt_tokens").asLong(0);
    // OpenAI: prompt_tokens_details.cached_tokens; DeepSeek: prompt_cache_hit_tokens;
    // Moonshot: cached_tokens at the top level.
    long reported =
        u.path("prompt_tokens_details").path("cached_tokens").isNumber()
            ? u.path("prompt_tokens_details").path("cached_tokens").asLong()
            : u.path("prompt_cache_hit_tokens").isNumber()
                ? u.path("prompt_cache_hit_tokens").asLong()
                : u.path("cached_tokens").asLong(0);
    long cacheWrite = u.path("prompt_tokens_details").path("cache_write_tokens").asLong(0);
    // Some servers count this request's cache writes as cached too; do not count them twice.
    long cacheRead = cacheWrite > 0 ? Math.max(0, reported - cacheWrite) : reported;
    long input = Math.max(0, prompt - cacheRead - cacheWrite);
    long output = u.path("completion_tokens").asLong(0);
    turn.usage(turn.model().cost().usage(input, output, cacheRead, cacheWrite));
  }

  private static ErrorKind errorKind(JsonNode error) {
    String code = error.path("code").asText("") + " " + error.path("type").asText("");
    if (code.contains("429") || code.contains("rate_limit")) {
      return ErrorKind.RATE_LIMIT;
    }
    if (code.contains("401") || code.contains("403") || code.contains("auth")) {
      return ErrorKind.AUTHENTICATION;
    }
    if (code.contains("50") || code.contains("server_error") || code.contains("overloaded")) {
      return ErrorKind.SERVER;
    }
    return ErrorKind.OTHER;
  }

  private static String clip(String s) {
    String one = s == null ? "" : s.replaceAll("\\s+", " ").strip();
    return one.length() <= 300 ? one : one.substring(0, 300) + "…";
  }
}
