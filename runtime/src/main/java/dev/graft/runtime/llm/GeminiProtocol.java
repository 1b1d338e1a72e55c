package dev.graft.runtime.llm;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.MessageContent;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Google's Gemini API ({@code POST {baseUrl}/models/{id}:streamGenerateContent?alt=sse}, key in
 * {@code x-goog-api-key}): contents of user and model turns, function declarations and responses,
 * thinking by budget (Gemini 2.5) or by level (Gemini 3), thought signatures sent back on the parts
 * they came with. Shapes follow the reference's {@code google} provider.
 */
final class GeminiProtocol implements WireProtocol {
  /** Thought signatures are base64; anything else was not Google's and would be refused. */
  private static final Pattern BASE64 = Pattern.compile("^[A-Za-z0-9+/]+={0,2}$");

  private static final Pattern MAJOR = Pattern.compile("^gemini(?:-live)?-(\\d+)");

  @Override
  public String label(Model model) {
    return model.provider().equals("google") ? "Gemini API" : model.provider() + " API";
  }

  @Override
  public PreparedRequest prepare(LlmRequest request, ApiKey key) throws StreamFailure {
    Model model = request.model();
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("content-type", "application/json");
    headers.put("accept", "text/event-stream");
    if (key.present()) {
      headers.put("x-goog-api-key", key.value());
    }
    headers.putAll(model.headers());
    byte[] body = Json.writeBytes(body(request));
    String path =
        "/models/"
            + URLEncoder.encode(model.id(), StandardCharsets.UTF_8)
            + ":streamGenerateContent?alt=sse";
    return new PreparedRequest(AnthropicProtocol.endpoint(model.baseUrl(), path), headers, body);
  }

  @Override
  public StreamReader reader(LlmRequest request, TurnBuilder turn) {
    return new GeminiStreamReader(turn);
  }

  static ObjectNode body(LlmRequest request) {
    Model model = request.model();
    ObjectNode body = Json.object();
    body.set("contents", contents(request));
    if (!request.systemPrompt().isEmpty()) {
      body.putObject("systemInstruction")
          .putArray("parts")
          .addObject()
          .put("text", Surrogates.strip(request.systemPrompt()));
    }
    if (!request.tools().isEmpty()) {
      ArrayNode declarations = body.putArray("tools").addObject().putArray("functionDeclarations");
      for (ToolSpec tool : request.tools()) {
        declarations
            .addObject()
            .put("name", tool.name())
            .put("description", tool.description())
            .set("parametersJsonSchema", tool.parameters().deepCopy());
      }
    }
    ObjectNode config = body.putObject("generationConfig");
    config.put("maxOutputTokens", request.effectiveMaxTokens());
    thinking(config, request);
    return body;
  }

  /**
   * Thinking on: thought summaries with a level (Gemini 3) or a budget (2.5). Off: a zero budget,
   * or the lowest level where a model cannot switch thinking off (Gemini 3), without summaries.
   */
  private static void thinking(ObjectNode config, LlmRequest request) {
    Model model = request.model();
    if (!model.reasoning()) {
      return;
    }
    String id = model.id().toLowerCase(Locale.ROOT);
    boolean level = ThinkingStyle.of(model) == ThinkingStyle.EFFORT;
    ObjectNode thinking = config.putObject("thinkingConfig");
    if (request.thinking() == ThinkingLevel.OFF) {
      if (level) {
        thinking.put(
            "thinkingLevel",
            model
                .thinking()
                .mapped(ThinkingLevel.OFF)
                .orElse(id.contains("-pro") ? "LOW" : "MINIMAL"));
      } else {
        thinking.put("thinkingBudget", 0);
      }
      return;
    }
    ThinkingLevel clamped = model.thinking().clamp(request.thinking(), true);
    ThinkingLevel effort = clamped == ThinkingLevel.XHIGH ? ThinkingLevel.HIGH : clamped;
    thinking.put("includeThoughts", true);
    if (level) {
      thinking.put(
          "thinkingLevel",
          model.thinking().mapped(clamped).orElse(effort.wire().toUpperCase(Locale.ROOT)));
    } else {
      thinking.put("thinkingBudget", budget(id, effort));
    }
  }

  /** The reference's budgets per level; -1 lets the model decide. */
  static int budget(String id, ThinkingLevel level) {
    int[] table;
    if (id.contains("2.5-pro")) {
      table = new int[] {128, 2048, 8192, 32768};
    } else if (id.contains("2.5-flash-lite")) {
      table = new int[] {512, 2048, 8192, 24576};
    } else if (id.contains("2.5-flash")) {
      table = new int[] {128, 2048, 8192, 24576};
    } else {
      return -1;
    }
    return switch (level) {
      case MINIMAL -> table[0];
      case LOW -> table[1];
      case MEDIUM -> table[2];
      default -> table[3];
    };
  }

  /** Gemini 3 and later take images inside a function response; older models in a user turn. */
  static boolean imagesInFunctionResponse(String modelId) {
    Matcher m = MAJOR.matcher(modelId.toLowerCase(Locale.ROOT));
    return !m.find() || Integer.parseInt(m.group(1)) >= 3;
  }

  static ArrayNode contents(LlmRequest request) {
    Model model = request.model();
    ArrayNode out = Json.array();
    for (Transcript.Turn turn : Transcript.of(request.messages(), model, id -> id)) {
      switch (turn) {
        case Transcript.User u -> user(u, out);
        case Transcript.Assistant a -> assistant(a, out);
        case Transcript.ToolResult r -> toolResult(r, model, out);
      }
    }
    return out;
  }

  private static void user(Transcript.User u, ArrayNode out) {
    ArrayNode parts = Json.array();
    if (u.content() instanceof MessageContent.PlainText p) {
      parts.addObject().put("text", Surrogates.strip(p.text()));
    } else {
      for (ContentBlock b : u.content().asBlocks()) {
        switch (b) {
          case ContentBlock.Text t -> parts.addObject().put("text", Surrogates.strip(t.text()));
          case ContentBlock.Image img -> parts.add(inline(img));
          default -> {}
        }
      }
    }
    if (!parts.isEmpty()) {
      out.addObject().put("role", "user").set("parts", parts);
    }
  }

  private static ObjectNode inline(ContentBlock.Image img) {
    ObjectNode part = Json.object();
    part.putObject("inlineData").put("mimeType", img.mimeType()).put("data", img.data());
    return part;
  }

  private static void assistant(Transcript.Assistant a, ArrayNode out) {
    ArrayNode parts = Json.array();
    for (ContentBlock b : a.content()) {
      switch (b) {
        case ContentBlock.Text t -> {
          if (!t.text().isBlank()) {
            ObjectNode part = parts.addObject().put("text", Surrogates.strip(t.text()));
            signature(part, Json.text(t.extra(), "textSignature").orElse(""), a.sameModel());
          }
        }
        case ContentBlock.Thinking t -> {
          if (!t.thinking().isBlank()) {
            ObjectNode part =
                parts.addObject().put("thought", true).put("text", Surrogates.strip(t.thinking()));
            signature(part, t.signature().orElse(""), a.sameModel());
          }
        }
        case ContentBlock.ToolCall c -> {
          ObjectNode part = parts.addObject();
          part.putObject("functionCall").put("name", c.name()).set("args", c.arguments());
          signature(part, Json.text(c.extra(), "thoughtSignature").orElse(""), a.sameModel());
        }
        default -> {}
      }
    }
    if (!parts.isEmpty()) {
      out.addObject().put("role", "model").set("parts", parts);
    }
  }

  private static void signature(ObjectNode part, String signature, boolean sameModel) {
    if (sameModel
        && !signature.isEmpty()
        && signature.length() % 4 == 0
        && BASE64.matcher(signature).matches()) {
      part.put("thoughtSignature", signature);
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
    String value =
        Surrogates.strip(
            !text.isEmpty() ? text.toString() : images.isEmpty() ? "" : "(see attached image)");
    ObjectNode response = Json.object();
    ObjectNode fn = response.putObject("functionResponse").put("name", r.toolName());
    fn.putObject("response").put(r.isError() ? "error" : "output", value);
    boolean nested = imagesInFunctionResponse(model.id());
    if (!images.isEmpty() && nested) {
      ArrayNode parts = fn.putArray("parts");
      images.forEach(img -> parts.add(inline(img)));
    }
    // All function responses of a turn go back in one user turn.
    ObjectNode last = out.isEmpty() ? null : (ObjectNode) out.get(out.size() - 1);
    boolean merge =
        last != null
            && last.path("role").asText().equals("user")
            && last.path("parts").path(0).has("functionResponse");
    if (merge) {
      ((ArrayNode) last.get("parts")).add(response);
    } else {
      out.addObject().put("role", "user").putArray("parts").add(response);
    }
    if (!images.isEmpty() && !nested) {
      ArrayNode parts = out.addObject().put("role", "user").putArray("parts");
      parts.addObject().put("text", "Tool result image:");
      images.forEach(img -> parts.add(inline(img)));
    }
  }
}
