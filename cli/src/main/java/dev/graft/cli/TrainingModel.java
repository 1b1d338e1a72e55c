package dev.graft.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.graft.runtime.json.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The loopback model of the AOT training run ({@link AotTraining}): OpenAI Chat Completions ({@code
 * POST /v1/chat/completions}) and Anthropic Messages ({@code POST /v1/messages}), both streamed, so
 * that a real run's HTTP client, SSE parsing and both protocols' classes are in the start-up cache.
 * A request answers with a tool call (read a file, or run bash) while fewer than {@code toolCalls}
 * tool results follow the last user prompt, then with a short text.
 */
final class TrainingModel implements AutoCloseable {
  private final HttpServer server;
  private final int toolCalls;
  private final boolean bashFirst;
  private final AtomicInteger ids = new AtomicInteger();

  /**
   * {@code toolCalls} a prompt, {@code read} and {@code bash} in turn, {@code bash} first if {@code
   * bashFirst}.
   */
  TrainingModel(int toolCalls, boolean bashFirst) throws IOException {
    this.toolCalls = toolCalls;
    this.bashFirst = bashFirst;
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        exchange -> {
          try (exchange) {
            answer(exchange);
          } catch (IOException | RuntimeException e) {
            System.err.println("training model: " + e);
          }
        });
    server.start();
  }

  int port() {
    return server.getAddress().getPort();
  }

  private void answer(HttpExchange exchange) throws IOException {
    JsonNode request = Json.MAPPER.readTree(exchange.getRequestBody());
    boolean anthropic = exchange.getRequestURI().getPath().endsWith("/messages");
    int results = toolResultsSincePrompt(request.path("messages"), anthropic);
    exchange.getResponseHeaders().add("content-type", "text/event-stream");
    exchange.sendResponseHeaders(200, 0);
    try (OutputStream out = exchange.getResponseBody()) {
      String id = "call_" + ids.incrementAndGet();
      if (results < toolCalls) {
        boolean read = (results % 2 == 0) != bashFirst;
        String tool = read ? "read" : "bash";
        String arguments =
            read ? "{\"path\":\"notes.txt\"}" : "{\"command\":\"head -n 3 notes.txt\"}";
        if (anthropic) {
          anthropicToolCall(out, id, tool, arguments);
        } else {
          openAiToolCall(out, id, tool, arguments);
        }
      } else if (anthropic) {
        anthropicText(out, "Done: the notes are read.");
      } else {
        openAiText(out, "Done: the notes are read.");
      }
    }
  }

  /** Tool results after the last prompt of the user's own (not one carrying tool results). */
  private static int toolResultsSincePrompt(JsonNode messages, boolean anthropic) {
    int n = 0;
    for (int i = messages.size() - 1; i >= 0; i--) {
      JsonNode m = messages.get(i);
      String role = m.path("role").asText();
      if (!anthropic && role.equals("tool")) {
        n++;
      } else if (anthropic
          && role.equals("user")
          && m.path("content").isArray()
          && !m.path("content").isEmpty()
          && m.path("content").get(0).path("type").asText().equals("tool_result")) {
        n += m.path("content").size();
      } else if (role.equals("user")) {
        return n;
      }
    }
    return n;
  }

  private static void openAiText(OutputStream out, String text) throws IOException {
    ObjectNode delta = Json.MAPPER.createObjectNode().put("role", "assistant").put("content", text);
    event(out, null, openAiChunk(delta, null));
    event(out, null, openAiChunk(Json.MAPPER.createObjectNode(), "stop"));
    event(
        out,
        null,
        "{\"choices\":[],\"usage\":{\"prompt_tokens\":100,\"completion_tokens\":10,\"total_tokens\":110}}");
    event(out, null, "[DONE]");
  }

  private static void openAiToolCall(OutputStream out, String id, String tool, String arguments)
      throws IOException {
    ObjectNode delta = Json.MAPPER.createObjectNode().put("role", "assistant");
    ArrayNode calls = delta.putArray("tool_calls");
    ObjectNode call = calls.addObject().put("index", 0).put("id", id).put("type", "function");
    call.putObject("function").put("name", tool).put("arguments", arguments);
    event(out, null, openAiChunk(delta, null));
    event(out, null, openAiChunk(Json.MAPPER.createObjectNode(), "tool_calls"));
    event(out, null, "[DONE]");
  }

  private static String openAiChunk(ObjectNode delta, String finish) {
    ObjectNode chunk =
        Json.MAPPER
            .createObjectNode()
            .put("id", "chatcmpl-training")
            .put("object", "chat.completion.chunk");
    ObjectNode choice = chunk.putArray("choices").addObject().put("index", 0);
    choice.set("delta", delta);
    if (finish == null) {
      choice.putNull("finish_reason");
    } else {
      choice.put("finish_reason", finish);
    }
    return chunk.toString();
  }

  private static void anthropicText(OutputStream out, String text) throws IOException {
    anthropicStart(out);
    event(
        out,
        "content_block_start",
        "{\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}");
    ObjectNode delta =
        Json.MAPPER.createObjectNode().put("type", "content_block_delta").put("index", 0);
    delta.putObject("delta").put("type", "text_delta").put("text", text);
    event(out, "content_block_delta", delta.toString());
    anthropicEnd(out, "end_turn");
  }

  private static void anthropicToolCall(OutputStream out, String id, String tool, String arguments)
      throws IOException {
    anthropicStart(out);
    ObjectNode start =
        Json.MAPPER.createObjectNode().put("type", "content_block_start").put("index", 0);
    start
        .putObject("content_block")
        .put("type", "tool_use")
        .put("id", id)
        .put("name", tool)
        .putObject("input");
    event(out, "content_block_start", start.toString());
    ObjectNode delta =
        Json.MAPPER.createObjectNode().put("type", "content_block_delta").put("index", 0);
    delta.putObject("delta").put("type", "input_json_delta").put("partial_json", arguments);
    event(out, "content_block_delta", delta.toString());
    anthropicEnd(out, "tool_use");
  }

  private static void anthropicStart(OutputStream out) throws IOException {
    event(
        out,
        "message_start",
        "{\"type\":\"message_start\",\"message\":{\"id\":\"msg_training\",\"type\":\"message\","
            + "\"role\":\"assistant\",\"model\":\"training\",\"content\":[],\"stop_reason\":null,\"stop_sequence\":null,"
            + "\"usage\":{\"input_tokens\":100,\"output_tokens\":1,\"cache_creation_input_tokens\":0,\"cache_read_input_tokens\":0}}}");
  }

  private static void anthropicEnd(OutputStream out, String stop) throws IOException {
    event(out, "content_block_stop", "{\"type\":\"content_block_stop\",\"index\":0}");
    event(
        out,
        "message_delta",
        "{\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\""
            + stop
            + "\",\"stop_sequence\":null},\"usage\":{\"output_tokens\":10}}");
    event(out, "message_stop", "{\"type\":\"message_stop\"}");
  }

  private static void event(OutputStream out, String name, String data) throws IOException {
    String text = (name == null ? "" : "event: " + name + "\n") + "data: " + data + "\n\n";
    out.write(text.getBytes(StandardCharsets.UTF_8));
    out.flush();
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
