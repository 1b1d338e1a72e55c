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
import java.util.Set;

/**
 * OpenAI Chat Completions ({@code POST {baseUrl}/chat/completions}), which OpenAI-compatible
 * servers (Ollama, llama.cpp, vLLM, LM Studio, OpenRouter, Groq...) also speak. Bodies follow the
 * reference, including its per-server quirks ({@link OpenAiCompat}).
 */
final class OpenAiProtocol implements WireProtocol {
  /** Delta fields servers put reasoning in; the first non-empty one is read, in this order. */
  static final List<String> REASONING_FIELDS =
      List.of("reasoning_content", "reasoning", "reasoning_text");

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
        AnthropicProtocol.endpoint(model.baseUrl(), "/chat/completions"), headers, body);
  }

  @Override
  public StreamReader reader(LlmRequest request, TurnBuilder turn) {
    return new OpenAiStreamReader(turn);
  }

  static ObjectNode body(LlmRequest request) {
    Model model = request.model();
    OpenAiCompat compat = OpenAiCompat.of(model);
    ObjectNode body = Json.object();
    body.put("model", model.id());
    ArrayNode messages = messages(request, compat);
    body.set("messages", messages);
    body.put("stream", true);
    CacheRetention retention = request.cacheRetention();
    boolean longCache = retention == CacheRetention.LONG && compat.supportsLongCacheRetention();
    if (request.sessionId().isPresent()
        && ((model.baseUrl().contains("api.openai.com") && retention != CacheRetention.NONE)
            || longCache)) {
      body.put("prompt_cache_key", request.sessionId().get());
    }
    if (longCache) {
      body.put("prompt_cache_retention", "24h");
    }
    if (compat.supportsUsageInStreaming()) {
      body.putObject("stream_options").put("include_usage", true);
    }
    if (compat.supportsStore()) {
      body.put("store", false);
    }
    body.put(compat.maxTokensField(), request.effectiveMaxTokens());
    if (!request.tools().isEmpty()) {
      body.set("tools", tools(request.tools(), compat));
    } else if (hasToolHistory(messages)) {
      // Proxies in front of Anthropic reject tool history without a tools field.
      body.set("tools", Json.array());
    }
    if (compat.anthropicCacheControl() && retention != CacheRetention.NONE) {
      ObjectNode cacheControl = Json.object().put("type", "ephemeral");
      if (longCache) {
        cacheControl.put("ttl", "1h");
      }
      applyCacheControl(messages, (ArrayNode) body.get("tools"), cacheControl);
    }
    reasoning(body, request, compat);
    return body;
  }

  private static void reasoning(ObjectNode body, LlmRequest request, OpenAiCompat compat) {
    Model model = request.model();
    if (!model.reasoning()) {
      return;
    }
    // "off" is never raised to a higher level: a model that cannot switch reasoning off then gets
    // no reasoning parameter at all (OpenAI refuses reasoning_effort beside function tools for
    // gpt-5.4 here, and a raised effort is not what the user asked for).
    ThinkingLevel level =
        request.thinking() == ThinkingLevel.OFF
            ? ThinkingLevel.OFF
            : model.thinking().clamp(request.thinking(), true);
    boolean on = level != ThinkingLevel.OFF;
    String effort = on ? model.thinking().mapped(level).orElse(level.wire()) : null;
    switch (compat.thinkingFormat()) {
      case "zai", "qwen" -> body.put("enable_thinking", on);
      case "qwen-chat-template" ->
          body.putObject("chat_template_kwargs")
              .put("enable_thinking", on)
              .put("preserve_thinking", true);
      case "deepseek" -> {
        body.putObject("thinking").put("type", on ? "enabled" : "disabled");
        if (on) {
          body.put("reasoning_effort", effort);
        }
      }
      case "openrouter" -> {
        if (on) {
          body.putObject("reasoning").put("effort", effort);
        } else if (model.thinking().supports(ThinkingLevel.OFF, true)) {
          body.putObject("reasoning")
              .put("effort", model.thinking().mapped(ThinkingLevel.OFF).orElse("none"));
        }
      }
      default -> {
        if (compat.supportsReasoningEffort()) {
          if (on) {
            body.put("reasoning_effort", effort);
          } else {
            model
                .thinking()
                .mapped(ThinkingLevel.OFF)
                .ifPresent(off -> body.put("reasoning_effort", off));
          }
        }
      }
    }
  }

  private static ArrayNode tools(List<ToolSpec> tools, OpenAiCompat compat) {
    ArrayNode out = Json.array();
    for (ToolSpec tool : tools) {
      ObjectNode fn = out.addObject().put("type", "function").putObject("function");
      fn.put("name", tool.name());
      fn.put("description", tool.description());
      fn.set("parameters", tool.parameters().deepCopy());
      if (compat.supportsStrictMode()) {
        fn.put("strict", false);
      }
    }
    return out;
  }

  private static boolean hasToolHistory(ArrayNode messages) {
    for (JsonNode m : messages) {
      if (m.path("role").asText().equals("tool") || m.has("tool_calls")) {
        return true;
      }
    }
    return false;
  }

  /**
   * OpenAI limits ids to 40 characters; Responses-API ids ({@code call|item}) keep the call part.
   */
  static String normalizeToolCallId(String id, Model model) {
    if (id.contains("|")) {
      String call = id.substring(0, id.indexOf('|')).replaceAll("[^a-zA-Z0-9_-]", "_");
      return call.length() > 40 ? call.substring(0, 40) : call;
    }
    if (model.provider().equals("openai") && id.length() > 40) {
      return id.substring(0, 40);
    }
    return id;
  }

  static ArrayNode messages(LlmRequest request, OpenAiCompat compat) {
    Model model = request.model();
    List<Transcript.Turn> turns =
        Transcript.of(request.messages(), model, id -> normalizeToolCallId(id, model));
    ArrayNode out = Json.array();
    if (!request.systemPrompt().isEmpty()) {
      String role = model.reasoning() && compat.supportsDeveloperRole() ? "developer" : "system";
      out.addObject().put("role", role).put("content", Surrogates.strip(request.systemPrompt()));
    }
    String lastRole = "";
    for (int i = 0; i < turns.size(); i++) {
      Transcript.Turn turn = turns.get(i);
      if (compat.requiresAssistantAfterToolResult()
          && lastRole.equals("toolResult")
          && turn instanceof Transcript.User) {
        out.addObject()
            .put("role", "assistant")
            .put("content", "I have processed the tool results.");
      }
      switch (turn) {
        case Transcript.User u -> {
          user(u, out);
          lastRole = "user";
        }
        case Transcript.Assistant a -> {
          assistant(a, model, compat, out);
          lastRole = "assistant";
        }
        case Transcript.ToolResult first -> {
          List<Transcript.ToolResult> group = new ArrayList<>();
          group.add(first);
          while (i + 1 < turns.size() && turns.get(i + 1) instanceof Transcript.ToolResult next) {
            group.add(next);
            i++;
          }
          lastRole = toolResults(group, model, compat, out);
        }
      }
    }
    return out;
  }

  private static void user(Transcript.User u, ArrayNode out) {
    if (u.content() instanceof MessageContent.PlainText p) {
      out.addObject().put("role", "user").put("content", Surrogates.strip(p.text()));
      return;
    }
    ArrayNode parts = Json.array();
    for (ContentBlock b : u.content().asBlocks()) {
      if (b instanceof ContentBlock.Text t) {
        parts.addObject().put("type", "text").put("text", Surrogates.strip(t.text()));
      } else if (b instanceof ContentBlock.Image img) {
        parts.add(imageUrl(img));
      }
    }
    if (!parts.isEmpty()) {
      out.addObject().put("role", "user").set("content", parts);
    }
  }

  private static ObjectNode imageUrl(ContentBlock.Image img) {
    ObjectNode part = Json.object().put("type", "image_url");
    part.putObject("image_url").put("url", "data:" + img.mimeType() + ";base64," + img.data());
    return part;
  }

  private static void assistant(
      Transcript.Assistant a, Model model, OpenAiCompat compat, ArrayNode out) {
    ObjectNode msg = Json.object().put("role", "assistant");
    if (compat.requiresAssistantAfterToolResult()) {
      msg.put("content", "");
    } else {
      msg.putNull("content");
    }
    StringBuilder text = new StringBuilder();
    ArrayNode textParts = Json.array();
    List<ContentBlock.Thinking> thinking = new ArrayList<>();
    List<ContentBlock.ToolCall> calls = new ArrayList<>();
    for (ContentBlock b : a.content()) {
      switch (b) {
        case ContentBlock.Text t when !t.text().isBlank() -> {
          text.append(Surrogates.strip(t.text()));
          textParts.addObject().put("type", "text").put("text", Surrogates.strip(t.text()));
        }
        case ContentBlock.Thinking t when !t.thinking().isBlank() -> thinking.add(t);
        case ContentBlock.ToolCall c -> calls.add(c);
        default -> {}
      }
    }
    if (!thinking.isEmpty() && compat.requiresThinkingAsText()) {
      StringBuilder joined = new StringBuilder();
      for (ContentBlock.Thinking t : thinking) {
        if (!joined.isEmpty()) {
          joined.append("\n\n");
        }
        joined.append(Surrogates.strip(t.thinking()));
      }
      ArrayNode parts = Json.array();
      parts.addObject().put("type", "text").put("text", joined.toString());
      parts.addAll(textParts);
      msg.set("content", parts);
    } else {
      // A plain string, as the API documents; some models mirror an array form back literally.
      if (!text.isEmpty()) {
        msg.put("content", text.toString());
      }
      if (!thinking.isEmpty()) {
        // The signature names the field the server streamed reasoning in (llama.cpp, gpt-oss).
        String field = thinking.getFirst().signature().orElse("");
        if (REASONING_FIELDS.contains(field)) {
          StringBuilder joined = new StringBuilder();
          for (ContentBlock.Thinking t : thinking) {
            if (!joined.isEmpty()) {
              joined.append('\n');
            }
            joined.append(Surrogates.strip(t.thinking()));
          }
          msg.put(field, joined.toString());
        }
      }
    }
    if (!calls.isEmpty()) {
      ArrayNode toolCalls = msg.putArray("tool_calls");
      ArrayNode details = Json.array();
      for (ContentBlock.ToolCall c : calls) {
        ObjectNode tc = toolCalls.addObject().put("id", c.id()).put("type", "function");
        tc.putObject("function").put("name", c.name()).put("arguments", Json.write(c.arguments()));
        Json.text(c.extra(), "thoughtSignature")
            .ifPresent(sig -> {
              try {
                details.add(Json.parse(sig));
              } catch (Exception ignored) {
                // not something the server gave us; leave it out
              }
            });
      }
      if (!details.isEmpty()) {
        msg.set("reasoning_details", details);
      }
    }
    if (compat.requiresReasoningContentOnAssistantMessages()
        && model.reasoning()
        && !msg.has("reasoning_content")) {
      msg.put("reasoning_content", "");
    }
    JsonNode content = msg.get("content");
    boolean hasContent =
        content != null
            && !content.isNull()
            && (content.isTextual() ? !content.textValue().isEmpty() : !content.isEmpty());
    if (hasContent || msg.has("tool_calls")) {
      out.add(msg);
    }
  }

  private static String toolResults(
      List<Transcript.ToolResult> group, Model model, OpenAiCompat compat, ArrayNode out) {
    ArrayNode images = Json.array();
    for (Transcript.ToolResult r : group) {
      StringBuilder text = new StringBuilder();
      for (ContentBlock b : r.content()) {
        if (b instanceof ContentBlock.Text t) {
          if (!text.isEmpty()) {
            text.append('\n');
          }
          text.append(t.text());
        } else if (b instanceof ContentBlock.Image img && model.images()) {
          images.add(imageUrl(img));
        }
      }
      ObjectNode msg = out.addObject().put("role", "tool");
      msg.put(
          "content", Surrogates.strip(text.isEmpty() ? "(see attached image)" : text.toString()));
      msg.put("tool_call_id", r.toolCallId());
      if (compat.requiresToolResultName() && !r.toolName().isEmpty()) {
        msg.put("name", r.toolName());
      }
    }
    if (images.isEmpty()) {
      return "toolResult";
    }
    // Tool messages cannot carry images; they follow in a user message.
    if (compat.requiresAssistantAfterToolResult()) {
      out.addObject().put("role", "assistant").put("content", "I have processed the tool results.");
    }
    ArrayNode parts = Json.array();
    parts.addObject().put("type", "text").put("text", "Attached image(s) from tool result:");
    parts.addAll(images);
    out.addObject().put("role", "user").set("content", parts);
    return "user";
  }

  private static final Set<String> CACHEABLE_ROLES = Set.of("user", "assistant");

  /** Anthropic-style cache markers for OpenRouter's Anthropic models. */
  private static void applyCacheControl(
      ArrayNode messages, ArrayNode tools, ObjectNode cacheControl) {
    for (JsonNode m : messages) {
      String role = m.path("role").asText();
      if (role.equals("system") || role.equals("developer")) {
        markLastText((ObjectNode) m, cacheControl);
        break;
      }
    }
    if (tools != null && !tools.isEmpty()) {
      ((ObjectNode) tools.get(tools.size() - 1)).set("cache_control", cacheControl.deepCopy());
    }
    for (int i = messages.size() - 1; i >= 0; i--) {
      ObjectNode m = (ObjectNode) messages.get(i);
      if (CACHEABLE_ROLES.contains(m.path("role").asText()) && markLastText(m, cacheControl)) {
        return;
      }
    }
  }

  private static boolean markLastText(ObjectNode message, ObjectNode cacheControl) {
    JsonNode content = message.get("content");
    if (content != null && content.isTextual()) {
      if (content.textValue().isEmpty()) {
        return false;
      }
      ObjectNode part = Json.object().put("type", "text").put("text", content.textValue());
      part.set("cache_control", cacheControl.deepCopy());
      message.set("content", Json.array().add(part));
      return true;
    }
    if (content instanceof ArrayNode parts) {
      for (int i = parts.size() - 1; i >= 0; i--) {
        if (parts.get(i).path("type").asText().equals("text")) {
          ((ObjectNode) parts.get(i)).set("cache_control", cacheControl.deepCopy());
          return true;
        }
      }
    }
    return false;
  }
}
