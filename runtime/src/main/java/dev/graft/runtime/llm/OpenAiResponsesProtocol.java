package dev.graft.runtime.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.MessageContent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * OpenAI's Responses API ({@code POST {baseUrl}/responses}), which OpenAI's own models are called
 * through: function tools with a reasoning effort (which Chat Completions refuses for gpt-5.4 and
 * later), reasoning summaries, and reasoning carried from turn to turn as encrypted items ({@code
 * include: ["reasoning.encrypted_content"]}, {@code store: false}: nothing is kept on OpenAI's
 * side). Request and message shapes follow the reference's {@code openai-responses}.
 */
final class OpenAiResponsesProtocol implements WireProtocol {

  @Override
  public String label(Model model) {
    return model.provider().equals("openai") ? "OpenAI API" : model.provider() + " API";
  }

  @Override
  public PreparedRequest prepare(LlmRequest request, ApiKey key) throws StreamFailure {
    Model model = request.model();
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("content-type", "application/json");
    headers.put("accept", "text/event-stream");
    if (key.present()) {
      headers.put("authorization", "Bearer " + key.value());
    }
    headers.putAll(model.headers());
    byte[] body = Json.writeBytes(body(request));
    return new PreparedRequest(
        AnthropicProtocol.endpoint(model.baseUrl(), "/responses"), headers, body);
  }

  @Override
  public StreamReader reader(LlmRequest request, TurnBuilder turn) {
    return new OpenAiResponsesStreamReader(turn);
  }

  static ObjectNode body(LlmRequest request) {
    Model model = request.model();
    ObjectNode body = Json.object();
    body.put("model", model.id());
    body.set("input", input(request));
    body.put("stream", true);
    body.put("store", false);
    CacheRetention retention = request.cacheRetention();
    if (retention != CacheRetention.NONE && request.sessionId().isPresent()) {
      body.put("prompt_cache_key", request.sessionId().get());
    }
    if (retention == CacheRetention.LONG
        && model.compat().path("supportsLongCacheRetention").asBoolean(true)) {
      body.put("prompt_cache_retention", "24h");
    }
    body.put("max_output_tokens", request.effectiveMaxTokens());
    if (!request.tools().isEmpty()) {
      ArrayNode tools = body.putArray("tools");
      for (ToolSpec tool : request.tools()) {
        tools
            .addObject()
            .put("type", "function")
            .put("name", tool.name())
            .put("description", tool.description())
            .put("strict", false)
            .set("parameters", tool.parameters().deepCopy());
      }
    }
    reasoning(body, request);
    return body;
  }

  /**
   * An effort and summaries when thinking is on; when it is off, the model's "off" effort if it has
   * one, and otherwise no reasoning parameter at all (never a higher effort than asked for).
   */
  private static void reasoning(ObjectNode body, LlmRequest request) {
    Model model = request.model();
    if (!model.reasoning()) {
      return;
    }
    ThinkingMap map = model.thinking();
    if (request.thinking() == ThinkingLevel.OFF) {
      if (map.supports(ThinkingLevel.OFF, true)) {
        body.putObject("reasoning").put("effort", map.mapped(ThinkingLevel.OFF).orElse("none"));
      }
      return;
    }
    ThinkingLevel level = map.clamp(request.thinking(), true);
    String effort = map.mapped(level).orElse(level.wire());
    body.putObject("reasoning").put("effort", effort).put("summary", "auto");
    body.putArray("include").add("reasoning.encrypted_content");
  }

  /** Call ids are {@code call_id|item_id}; each part limited to what the API accepts. */
  static String normalizeToolCallId(String id) {
    int bar = id.indexOf('|');
    if (bar < 0) {
      return clean(id);
    }
    return clean(id.substring(0, bar)) + "|" + clean(id.substring(bar + 1));
  }

  private static String clean(String part) {
    String c = part.replaceAll("[^a-zA-Z0-9_-]", "_");
    return c.length() > 64 ? c.substring(0, 64) : c;
  }

  static ArrayNode input(LlmRequest request) {
    Model model = request.model();
    ArrayNode out = Json.array();
    if (!request.systemPrompt().isEmpty()) {
      out.addObject()
          .put("role", model.reasoning() ? "developer" : "system")
          .put("content", Surrogates.strip(request.systemPrompt()));
    }
    int index = 0;
    for (Transcript.Turn turn :
        Transcript.of(request.messages(), model, OpenAiResponsesProtocol::normalizeToolCallId)) {
      switch (turn) {
        case Transcript.User u -> user(u, out);
        case Transcript.Assistant a -> assistant(a, index, out);
        case Transcript.ToolResult r -> toolResult(r, model, out);
      }
      index++;
    }
    return out;
  }

  private static void user(Transcript.User u, ArrayNode out) {
    ArrayNode content = Json.array();
    if (u.content() instanceof MessageContent.PlainText p) {
      content.addObject().put("type", "input_text").put("text", Surrogates.strip(p.text()));
    } else {
      for (ContentBlock b : u.content().asBlocks()) {
        switch (b) {
          case ContentBlock.Text t ->
              content.addObject().put("type", "input_text").put("text", Surrogates.strip(t.text()));
          case ContentBlock.Image img -> content.add(image(img));
          default -> {}
        }
      }
    }
    if (!content.isEmpty()) {
      out.addObject().put("role", "user").set("content", content);
    }
  }

  private static ObjectNode image(ContentBlock.Image img) {
    return Json.object()
        .put("type", "input_image")
        .put("detail", "auto")
        .put("image_url", "data:" + img.mimeType() + ";base64," + img.data());
  }

  private static void assistant(Transcript.Assistant a, int index, ArrayNode out) {
    for (ContentBlock b : a.content()) {
      switch (b) {
        case ContentBlock.Thinking t -> reasoningItem(t, a.sameModel()).ifPresent(out::add);
        case ContentBlock.Text t -> {
          if (t.text().isBlank()) {
            continue;
          }
          ObjectNode message = out.addObject().put("type", "message").put("role", "assistant");
          message
              .putArray("content")
              .addObject()
              .put("type", "output_text")
              .put("text", Surrogates.strip(t.text()))
              .putArray("annotations");
          message.put("status", "completed");
          Optional<JsonNode> signature =
              Json.text(t.extra(), "textSignature").flatMap(OpenAiResponsesProtocol::parse);
          String id =
              signature
                  .map(s -> s.path("id").asText(""))
                  .filter(s -> !s.isEmpty() && s.length() <= 64)
                  .orElse("msg_" + index);
          message.put("id", id);
          signature
              .map(s -> s.path("phase"))
              .filter(JsonNode::isTextual)
              .ifPresent(p -> message.set("phase", p));
        }
        case ContentBlock.ToolCall c -> {
          String[] parts = c.id().split("\\|", 2);
          ObjectNode call = out.addObject().put("type", "function_call");
          if (parts.length == 2 && a.sameModel() && parts[1].startsWith("fc")) {
            call.put("id", parts[1]);
          }
          call.put("call_id", parts[0])
              .put("name", c.name())
              .put("arguments", Json.write(c.arguments()));
        }
        default -> {}
      }
    }
  }

  /** The reasoning item the API sent, kept as the thinking block's signature; only ours go back. */
  private static Optional<JsonNode> reasoningItem(ContentBlock.Thinking t, boolean sameModel) {
    if (!sameModel) {
      return Optional.empty();
    }
    return t.signature()
        .flatMap(OpenAiResponsesProtocol::parse)
        .filter(item -> item.path("type").asText().equals("reasoning"));
  }

  private static Optional<JsonNode> parse(String json) {
    if (!json.startsWith("{")) {
      return Optional.empty();
    }
    try {
      return Optional.of(Json.parse(json));
    } catch (Exception notJson) {
      return Optional.empty();
    }
  }

  private static void toolResult(Transcript.ToolResult r, Model model, ArrayNode out) {
    StringBuilder text = new StringBuilder();
    List<ContentBlock.Image> images = new ArrayList<>();
    for (ContentBlock b : r.content()) {
      if (b instanceof ContentBlock.Text t) {
        if (!text.isEmpty()) {
          text.append('\n');
        }
        text.append(t.text());
      } else if (b instanceof ContentBlock.Image img && model.images()) {
        images.add(img);
      }
    }
    ObjectNode item =
        out.addObject()
            .put("type", "function_call_output")
            .put("call_id", r.toolCallId().split("\\|", 2)[0]);
    if (images.isEmpty()) {
      item.put(
          "output", Surrogates.strip(text.isEmpty() ? "(see attached image)" : text.toString()));
    } else {
      ArrayNode parts = item.putArray("output");
      if (!text.isEmpty()) {
        parts.addObject().put("type", "input_text").put("text", Surrogates.strip(text.toString()));
      }
      images.forEach(img -> parts.add(image(img)));
    }
  }
}
