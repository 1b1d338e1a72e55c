package dev.graft.runtime.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.StopReason;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads a Responses API event stream. Output items arrive in order: {@code
 * response.output_item.added} opens a reasoning, message or function_call item, deltas fill it
 * ({@code reasoning_summary_text}, {@code reasoning_text}, {@code output_text}, {@code refusal},
 * {@code function_call_arguments}), {@code response.output_item.done} closes it with its final
 * form, and {@code response.completed} (or {@code .incomplete}) carries the status and usage.
 *
 * <p>A reasoning item's final form (with its encrypted content) becomes the thinking block's
 * signature, to be sent back next turn; a message's id and phase become the text block's {@code
 * textSignature}; a call's id is {@code call_id|item_id}, as the reference stores them.
 */
final class OpenAiResponsesStreamReader implements WireProtocol.StreamReader {
  private final TurnBuilder turn;

  /** Output item id to the block holding it. */
  private final Map<String, Integer> items = new HashMap<>();

  private final Map<String, Integer> summaryParts = new HashMap<>();
  private int current = -1;
  private StopReason stop;
  private String failure;

  OpenAiResponsesStreamReader(TurnBuilder turn) {
    this.turn = turn;
  }

  @Override
  public void onEvent(SseEvent event) throws StreamFailure {
    String data = event.data().strip();
    if (data.isEmpty() || data.equals("[DONE]")) {
      return;
    }
    JsonNode json;
    try {
      json = Json.parse(data);
    } catch (Exception e) {
      throw new StreamFailure(
          ErrorKind.PROTOCOL,
          "Could not parse a Responses API event as JSON: " + clip(data),
          false);
    }
    String type = json.path("type").asText(event.event());
    switch (type) {
      case "response.created", "response.in_progress" -> responseId(json.path("response"));
      case "response.output_item.added" -> itemAdded(json.path("item"));
      case "response.reasoning_summary_part.added" -> {
        int index = block(json);
        int part = summaryParts.merge(json.path("item_id").asText(""), 1, Integer::sum);
        if (index >= 0 && part > 1) {
          turn.appendThinking(
              index, "\n\n"); // parts are joined by a blank line, as the reference shows them
        }
      }
      case "response.reasoning_summary_text.delta", "response.reasoning_text.delta" -> {
        int index = block(json);
        if (index >= 0) {
          turn.appendThinking(index, json.path("delta").asText(""));
        }
      }
      case "response.output_text.delta", "response.refusal.delta" -> {
        int index = block(json);
        if (index >= 0) {
          turn.appendText(index, json.path("delta").asText(""));
        }
      }
      case "response.function_call_arguments.delta" -> {
        int index = block(json);
        if (index >= 0) {
          turn.appendToolArguments(index, json.path("delta").asText(""));
        }
      }
      case "response.output_item.done" -> itemDone(json.path("item"));
      case "response.completed", "response.incomplete" -> completed(json.path("response"));
      case "response.failed" -> {
        JsonNode error = json.path("response").path("error");
        String code = error.path("code").asText("unknown");
        throw new StreamFailure(
            kind(code),
            "OpenAI response failed: " + code + ": " + error.path("message").asText("no message"),
            transientCode(code));
      }
      case "error" -> {
        String code = json.path("code").asText(json.path("error").path("code").asText(""));
        String message =
            json.path("message").asText(json.path("error").path("message").asText(data));
        throw new StreamFailure(
            kind(code),
            "Server reported an error mid-stream: "
                + (code.isEmpty() ? "" : code + ": ")
                + clip(message),
            transientCode(code));
      }
      default -> {} // content_part, *.done and events newer than this code
    }
  }

  private void responseId(JsonNode response) {
    if (response.path("id").isTextual()) {
      turn.extra("responseId", response.get("id").textValue());
    }
  }

  private void itemAdded(JsonNode item) {
    String id = item.path("id").asText("");
    int index;
    switch (item.path("type").asText("")) {
      case "reasoning" -> index = turn.openThinking();
      case "message" -> index = turn.openText();
      case "function_call" -> {
        index =
            turn.openToolCall(
                item.path("call_id").asText("") + "|" + id, item.path("name").asText(""));
        turn.appendToolArguments(index, item.path("arguments").asText(""));
      }
      default -> {
        return; // web search calls and other server-side items graft does not model
      }
    }
    items.put(id, index);
    current = index;
  }

  /** The open block an event belongs to: by item id, else the item last opened. */
  private int block(JsonNode event) {
    Integer index = items.get(event.path("item_id").asText(""));
    int i = index != null ? index : current;
    return turn.isOpen(i) ? i : -1;
  }

  private void itemDone(JsonNode item) {
    Integer index = items.get(item.path("id").asText(""));
    if (index == null || !turn.isOpen(index)) {
      return;
    }
    switch (item.path("type").asText("")) {
      case "reasoning" -> turn.blockExtra(index).put("thinkingSignature", Json.write(item));
      case "message" -> {
        ObjectNode signature = Json.object().put("v", 1).put("id", item.path("id").asText(""));
        if (item.path("phase").isTextual()) {
          signature.put("phase", item.get("phase").textValue());
        }
        turn.blockExtra(index).put("textSignature", Json.write(signature));
      }
      case "function_call" -> {
        // Servers that send the arguments only whole, at the end.
        String arguments = item.path("arguments").asText("");
        if (!arguments.isEmpty() && !turn.hasToolArguments(index)) {
          turn.appendToolArguments(index, arguments);
        }
      }
      default -> {}
    }
    turn.close(index);
  }

  private void completed(JsonNode response) {
    responseId(response);
    JsonNode usage = response.path("usage");
    if (usage.isObject()) {
      long cached = usage.path("input_tokens_details").path("cached_tokens").asLong(0);
      long input = Math.max(0, usage.path("input_tokens").asLong(0) - cached);
      turn.usage(
          turn.model().cost().usage(input, usage.path("output_tokens").asLong(0), cached, 0));
    }
    String status = response.path("status").asText("completed");
    switch (status) {
      case "completed", "in_progress", "queued" -> stop = StopReason.STOP;
      case "incomplete" -> {
        String reason = response.path("incomplete_details").path("reason").asText("");
        if (reason.equals("content_filter")) {
          failure =
              "The answer was withheld by OpenAI's content filter (incomplete: content_filter)";
        }
        stop = StopReason.LENGTH;
      }
      default -> failure = "OpenAI response ended with status " + status;
    }
  }

  @Override
  public StopReason onEnd(boolean truncated) throws StreamFailure {
    if (stop == null) {
      throw new StreamFailure(
          ErrorKind.PROTOCOL,
          "The Responses API stream ended before response.completed"
              + (truncated ? " (the connection closed in the middle of an event)" : ""),
          true);
    }
    if (failure != null) {
      throw new StreamFailure(ErrorKind.OTHER, failure, false);
    }
    return stop;
  }

  private static ErrorKind kind(String code) {
    if (code.contains("rate_limit")) {
      return ErrorKind.RATE_LIMIT;
    }
    if (code.contains("context_length")) {
      return ErrorKind.CONTEXT_OVERFLOW;
    }
    if (code.contains("server_error")
        || code.contains("overloaded")
        || code.equals("internal_error")) {
      return ErrorKind.SERVER;
    }
    return ErrorKind.OTHER;
  }

  private static boolean transientCode(String code) {
    return (code.contains("server_error")
            || code.contains("overloaded")
            || code.contains("rate_limit")
            || code.equals("internal_error"))
        && !code.contains("insufficient_quota");
  }

  private static String clip(String s) {
    String one = s.replaceAll("\\s+", " ").strip();
    return one.length() <= 300 ? one : one.substring(0, 300) + "…";
  }
}
