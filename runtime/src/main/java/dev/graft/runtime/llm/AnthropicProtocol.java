package dev.graft.runtime.llm;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.MessageContent;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Anthropic Messages API: request bodies as the reference writes them (system prompt, last tool
 * and last user block marked for prompt caching; thinking budgets per level, or adaptive thinking
 * on the models that have it) and the matching headers.
 */
final class AnthropicProtocol implements WireProtocol {
  static final String VERSION = "2023-06-01";
  static final String INTERLEAVED_THINKING_BETA = "interleaved-thinking-2025-05-14";
  static final String FINE_GRAINED_TOOL_STREAMING_BETA = "fine-grained-tool-streaming-2025-05-14";

  /** Thinking budgets per level, in tokens (the reference's defaults). */
  static final Map<ThinkingLevel, Integer> BUDGETS =
      Map.of(
          ThinkingLevel.MINIMAL, 1024,
          ThinkingLevel.LOW, 2048,
          ThinkingLevel.MEDIUM, 8192,
          ThinkingLevel.HIGH, 16384);

  private static final int MIN_OUTPUT_TOKENS = 1024;

  @Override
  public String label(Model model) {
    return model.provider().equals("anthropic") ? "Anthropic API" : model.provider() + " API";
  }

  @Override
  public PreparedRequest prepare(LlmRequest request, ApiKey key) throws StreamFailure {
    Model model = request.model();
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("content-type", "application/json");
    headers.put("accept", "text/event-stream");
    headers.put("anthropic-version", VERSION);
    if (key.present()) {
      headers.put("x-api-key", key.value());
    }
    List<String> betas = new ArrayList<>();
    if (!request.tools().isEmpty() && !eagerToolStreaming(model)) {
      betas.add(FINE_GRAINED_TOOL_STREAMING_BETA);
    }
    if (!adaptiveThinking(model)) {
      // Adaptive models interleave thinking and tool use natively; the beta is deprecated there.
      betas.add(INTERLEAVED_THINKING_BETA);
    }
    if (!betas.isEmpty()) {
      headers.put("anthropic-beta", String.join(",", betas));
    }
    headers.putAll(model.headers());
    byte[] body = Json.writeBytes(body(request));
    return new PreparedRequest(endpoint(model.baseUrl(), "/v1/messages"), headers, body);
  }

  @Override
  public StreamReader reader(LlmRequest request, TurnBuilder turn) {
    return new AnthropicStreamReader(turn);
  }

  static URI endpoint(String baseUrl, String path) throws StreamFailure {
    String base = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
    try {
      URI uri = URI.create(base + path);
      if (uri.getScheme() == null || uri.getHost() == null) {
        throw new IllegalArgumentException("not an absolute http(s) URL");
      }
      return uri;
    } catch (IllegalArgumentException e) {
      throw new StreamFailure(
          ErrorKind.INVALID_REQUEST,
          "Invalid base URL \"" + baseUrl + "\": " + e.getMessage(),
          false);
    }
  }

  /**
   * Claude 4.6 and later decide themselves how long to think, guided by an effort (the reference
   * lists Opus 4.6/4.7 and Sonnet 4.6; graft also takes later versions, whose APIs refuse budgets);
   * models.json's {@code thinkingStyle} decides for any model.
   */
  static boolean adaptiveThinking(Model model) {
    return ThinkingStyle.of(model) == ThinkingStyle.EFFORT;
  }

  static boolean eagerToolStreaming(Model model) {
    return model.compat().path("supportsEagerToolInputStreaming").asBoolean(true);
  }

  static ObjectNode body(LlmRequest request) {
    Model model = request.model();
    ObjectNode cacheControl = cacheControl(request);
    ObjectNode body = Json.object();
    body.put("model", model.id());
    body.set("messages", messages(request, cacheControl));
    int maxTokens = request.effectiveMaxTokens();
    ObjectNode thinking = null;
    ObjectNode outputConfig = null;
    if (model.reasoning()) {
      ThinkingLevel level = request.thinking();
      if (level == ThinkingLevel.OFF) {
        thinking = Json.object().put("type", "disabled");
      } else if (adaptiveThinking(model)) {
        thinking = Json.object().put("type", "adaptive").put("display", "summarized");
        outputConfig = Json.object().put("effort", effort(model, level));
      } else {
        ThinkingLevel clamped = level == ThinkingLevel.XHIGH ? ThinkingLevel.HIGH : level;
        int budget = BUDGETS.get(clamped);
        // The budget counts against max_tokens, so raise the limit to keep room for the answer.
        maxTokens = (int) Math.min((long) maxTokens + budget, model.maxTokens());
        if (maxTokens <= budget) {
          budget = Math.max(0, maxTokens - MIN_OUTPUT_TOKENS);
        }
        thinking =
            Json.object()
                .put("type", "enabled")
                .put("budget_tokens", budget > 0 ? budget : 1024)
                .put("display", "summarized");
      }
    }
    body.put("max_tokens", maxTokens);
    body.put("stream", true);
    if (!request.systemPrompt().isEmpty()) {
      ObjectNode system =
          Json.object().put("type", "text").put("text", Surrogates.strip(request.systemPrompt()));
      if (cacheControl != null) {
        system.set("cache_control", cacheControl.deepCopy());
      }
      body.set("system", Json.array().add(system));
    }
    if (!request.tools().isEmpty()) {
      body.set("tools", tools(request.tools(), eagerToolStreaming(model), cacheControl));
    }
    if (thinking != null) {
      body.set("thinking", thinking);
    }
    if (outputConfig != null) {
      body.set("output_config", outputConfig);
    }
    return body;
  }

  private static String effort(Model model, ThinkingLevel level) {
    var mapped = model.thinking().mapped(level);
    if (mapped.isPresent()) {
      return mapped.get();
    }
    return switch (level) {
      case MINIMAL, LOW -> "low";
      case MEDIUM -> "medium";
      default -> "high";
    };
  }

  private static ObjectNode cacheControl(LlmRequest request) {
    return switch (request.cacheRetention()) {
      case NONE -> null;
      case SHORT -> Json.object().put("type", "ephemeral");
      case LONG -> {
        ObjectNode c = Json.object().put("type", "ephemeral");
        if (request.model().compat().path("supportsLongCacheRetention").asBoolean(true)) {
          c.put("ttl", "1h");
        }
        yield c;
      }
    };
  }

  private static ArrayNode tools(List<ToolSpec> tools, boolean eager, ObjectNode cacheControl) {
    ArrayNode out = Json.array();
    for (int i = 0; i < tools.size(); i++) {
      ToolSpec tool = tools.get(i);
      ObjectNode t = out.addObject();
      t.put("name", tool.name());
      t.put("description", tool.description());
      if (eager) {
        t.put("eager_input_streaming", true);
      }
      ObjectNode schema = t.putObject("input_schema");
      schema.put("type", "object");
      schema.set(
          "properties",
          tool.parameters().path("properties").isObject()
              ? tool.parameters().get("properties").deepCopy()
              : Json.object());
      schema.set(
          "required",
          tool.parameters().path("required").isArray()
              ? tool.parameters().get("required").deepCopy()
              : Json.array());
      if (cacheControl != null && i == tools.size() - 1) {
        t.set("cache_control", cacheControl.deepCopy());
      }
    }
    return out;
  }

  /** Anthropic accepts tool ids of letters, digits, _ and -, at most 64 long. */
  static String normalizeToolCallId(String id) {
    String clean = id.replaceAll("[^a-zA-Z0-9_-]", "_");
    return clean.length() > 64 ? clean.substring(0, 64) : clean;
  }

  private static ArrayNode messages(LlmRequest request, ObjectNode cacheControl) {
    List<Transcript.Turn> turns =
        Transcript.of(request.messages(), request.model(), AnthropicProtocol::normalizeToolCallId);
    ArrayNode out = Json.array();
    for (int i = 0; i < turns.size(); i++) {
      switch (turns.get(i)) {
        case Transcript.User u -> user(u, out);
        case Transcript.Assistant a -> assistant(a, out);
        case Transcript.ToolResult first -> {
          // Consecutive results go back together, in one user message.
          ArrayNode results = Json.array();
          results.add(toolResult(first));
          while (i + 1 < turns.size() && turns.get(i + 1) instanceof Transcript.ToolResult next) {
            results.add(toolResult(next));
            i++;
          }
          out.addObject().put("role", "user").set("content", results);
        }
      }
    }
    if (cacheControl != null && !out.isEmpty()) {
      ObjectNode last = (ObjectNode) out.get(out.size() - 1);
      if (last.path("role").asText().equals("user")) {
        if (last.get("content").isTextual()) {
          ObjectNode text =
              Json.object().put("type", "text").put("text", last.get("content").textValue());
          text.set("cache_control", cacheControl.deepCopy());
          last.set("content", Json.array().add(text));
        } else {
          ArrayNode content = (ArrayNode) last.get("content");
          ObjectNode block = (ObjectNode) content.get(content.size() - 1);
          block.set("cache_control", cacheControl.deepCopy());
        }
      }
    }
    return out;
  }

  private static void user(Transcript.User u, ArrayNode out) {
    if (u.content() instanceof MessageContent.PlainText p) {
      if (!p.text().isBlank()) {
        out.addObject().put("role", "user").put("content", Surrogates.strip(p.text()));
      }
      return;
    }
    ArrayNode blocks = Json.array();
    for (ContentBlock b : u.content().asBlocks()) {
      switch (b) {
        case ContentBlock.Text t -> {
          if (!t.text().isBlank()) {
            blocks.addObject().put("type", "text").put("text", Surrogates.strip(t.text()));
          }
        }
        case ContentBlock.Image img -> blocks.add(image(img));
        default -> {}
      }
    }
    if (!blocks.isEmpty()) {
      out.addObject().put("role", "user").set("content", blocks);
    }
  }

  private static ObjectNode image(ContentBlock.Image img) {
    ObjectNode o = Json.object().put("type", "image");
    o.putObject("source")
        .put("type", "base64")
        .put("media_type", img.mimeType())
        .put("data", img.data());
    return o;
  }

  private static void assistant(Transcript.Assistant a, ArrayNode out) {
    ArrayNode blocks = Json.array();
    for (ContentBlock b : a.content()) {
      switch (b) {
        case ContentBlock.Text t -> {
          if (!t.text().isBlank()) {
            blocks.addObject().put("type", "text").put("text", Surrogates.strip(t.text()));
          }
        }
        case ContentBlock.Thinking t -> {
          String signature = t.signature().orElse("");
          if (t.extra().path("redacted").asBoolean(false)) {
            blocks.addObject().put("type", "redacted_thinking").put("data", signature);
          } else if (t.thinking().isBlank()) {
            // nothing to send
          } else if (signature.isBlank()) {
            // Unsigned thinking (an aborted stream) would be rejected; send it as plain text.
            blocks.addObject().put("type", "text").put("text", Surrogates.strip(t.thinking()));
          } else {
            blocks
                .addObject()
                .put("type", "thinking")
                .put("thinking", Surrogates.strip(t.thinking()))
                .put("signature", signature);
          }
        }
        case ContentBlock.ToolCall c -> {
          ObjectNode use =
              blocks.addObject().put("type", "tool_use").put("id", c.id()).put("name", c.name());
          use.set("input", c.arguments());
        }
        default -> {}
      }
    }
    if (!blocks.isEmpty()) {
      out.addObject().put("role", "assistant").set("content", blocks);
    }
  }

  private static ObjectNode toolResult(Transcript.ToolResult r) {
    ObjectNode o = Json.object().put("type", "tool_result").put("tool_use_id", r.toolCallId());
    boolean images = r.content().stream().anyMatch(ContentBlock.Image.class::isInstance);
    if (!images) {
      StringBuilder text = new StringBuilder();
      for (ContentBlock b : r.content()) {
        if (b instanceof ContentBlock.Text t) {
          if (!text.isEmpty()) {
            text.append('\n');
          }
          text.append(t.text());
        }
      }
      o.put("content", Surrogates.strip(text.toString()));
    } else {
      ArrayNode blocks = Json.array();
      boolean hasText = false;
      for (ContentBlock b : r.content()) {
        if (b instanceof ContentBlock.Text t) {
          blocks.addObject().put("type", "text").put("text", Surrogates.strip(t.text()));
          hasText = true;
        } else if (b instanceof ContentBlock.Image img) {
          blocks.add(image(img));
        }
      }
      if (!hasText) {
        blocks.insertObject(0).put("type", "text").put("text", "(see attached image)");
      }
      o.set("content", blocks);
    }
    o.put("is_error", r.isError());
    return o;
  }
}
