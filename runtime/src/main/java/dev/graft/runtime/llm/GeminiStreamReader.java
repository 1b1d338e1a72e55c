package dev.graft.runtime.llm;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.StopReason;

/**
 * Reads a Gemini {@code streamGenerateContent?alt=sse} stream: every event is a whole {@code
 * GenerateContentResponse} whose first candidate carries the next parts. A part is text, thought
 * text ({@code "thought": true}) or a function call (whole, with its arguments); any part may carry
 * a {@code thoughtSignature}, kept on its block to be sent back. The chunk with {@code
 * finishReason} ends the answer; {@code usageMetadata} arrives with the last chunks. Gemini sends
 * no end marker, so a stream without a finish reason was cut short.
 */
final class GeminiStreamReader implements WireProtocol.StreamReader {
  private final TurnBuilder turn;
  private int text = -1;
  private int thinking = -1;
  private int calls;
  private StopReason stop;
  private String failure;

  GeminiStreamReader(TurnBuilder turn) {
    this.turn = turn;
  }

  @Override
  public void onEvent(SseEvent event) throws StreamFailure {
    String data = event.data().strip();
    if (data.isEmpty()) {
      return;
    }
    JsonNode chunk;
    try {
      chunk = Json.parse(data);
    } catch (Exception e) {
      throw new StreamFailure(
          ErrorKind.PROTOCOL, "Could not parse a Gemini chunk as JSON: " + clip(data), false);
    }
    if (chunk.path("error").isObject()) {
      JsonNode error = chunk.get("error");
      int code = error.path("code").asInt(0);
      String status = error.path("status").asText("");
      throw new StreamFailure(
          code == 429 ? ErrorKind.RATE_LIMIT : code >= 500 ? ErrorKind.SERVER : ErrorKind.OTHER,
          "Server reported an error mid-stream: "
              + (status.isEmpty() ? "" : "(" + status + ") ")
              + clip(error.path("message").asText(data)),
          code == 429 || code >= 500);
    }
    if (chunk.path("responseId").isTextual()) {
      turn.extra("responseId", chunk.get("responseId").textValue());
    }
    String blocked = chunk.path("promptFeedback").path("blockReason").asText("");
    if (!blocked.isEmpty()) {
      throw new StreamFailure(
          ErrorKind.INVALID_REQUEST, "Gemini blocked the prompt (" + blocked + ")", false);
    }
    JsonNode candidate = chunk.path("candidates").path(0);
    for (JsonNode part : candidate.path("content").path("parts")) {
      part(part);
    }
    if (candidate.path("finishReason").isTextual()) {
      finish(candidate.get("finishReason").textValue());
    }
    JsonNode usage = chunk.path("usageMetadata");
    if (usage.has("promptTokenCount") || usage.has("candidatesTokenCount")) {
      long cached = usage.path("cachedContentTokenCount").asLong(0);
      long input = Math.max(0, usage.path("promptTokenCount").asLong(0) - cached);
      long output =
          usage.path("candidatesTokenCount").asLong(0) + usage.path("thoughtsTokenCount").asLong(0);
      turn.usage(turn.model().cost().usage(input, output, cached, 0));
    }
  }

  private void part(JsonNode part) {
    String signature = part.path("thoughtSignature").asText("");
    if (part.path("text").isTextual()) {
      boolean thought = part.path("thought").asBoolean(false);
      int index;
      if (thought) {
        if (thinking < 0 || !turn.isOpen(thinking)) {
          close(text);
          thinking = turn.openThinking();
        }
        index = thinking;
        turn.appendThinking(index, part.get("text").textValue());
      } else {
        if (text < 0 || !turn.isOpen(text)) {
          close(thinking);
          text = turn.openText();
        }
        index = text;
        turn.appendText(index, part.get("text").textValue());
      }
      if (!signature.isEmpty()) {
        // Kept on the block it came with; a later part of the same block may omit it.
        turn.blockExtra(index).put(thought ? "thinkingSignature" : "textSignature", signature);
      }
    }
    if (part.path("functionCall").isObject()) {
      close(text);
      close(thinking);
      JsonNode call = part.get("functionCall");
      String name = call.path("name").asText("");
      String id = call.path("id").asText("");
      calls++;
      int index =
          turn.openToolCall(
              id.isEmpty() ? name + "_" + calls + "_" + Long.toString(System.nanoTime(), 36) : id,
              name);
      turn.appendToolArguments(
          index, call.path("args").isObject() ? Json.write(call.get("args")) : "{}");
      if (!signature.isEmpty()) {
        turn.blockExtra(index).put("thoughtSignature", signature);
      }
      turn.close(index);
    }
  }

  private void close(int index) {
    if (index >= 0 && turn.isOpen(index)) {
      turn.close(index);
    }
  }

  private void finish(String reason) {
    switch (reason) {
      case "STOP" -> stop = StopReason.STOP;
      case "MAX_TOKENS" -> stop = StopReason.LENGTH;
      default -> {
        stop = StopReason.STOP;
        failure = "Gemini stopped the answer (finishReason: " + reason + ")";
      }
    }
  }

  @Override
  public StopReason onEnd(boolean truncated) throws StreamFailure {
    if (stop == null) {
      throw new StreamFailure(
          ErrorKind.PROTOCOL,
          "The Gemini stream ended without a finish reason"
              + (truncated ? " (the connection closed in the middle of an event)" : ""),
          true);
    }
    if (failure != null) {
      throw new StreamFailure(ErrorKind.OTHER, failure, false);
    }
    return stop;
  }

  private static String clip(String s) {
    String one = s.replaceAll("\\s+", " ").strip();
    return one.length() <= 300 ? one : one.substring(0, 300) + "…";
  }
}
