package dev.graft.runtime.compaction;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.MessageCodec;
import dev.graft.runtime.message.Usage;
import java.util.List;
import java.util.OptionalInt;

/**
 * Token counts without a tokenizer, as the reference agent estimates them: characters / 4, rounded
 * up (an image counts as 4,800 characters), and the context's size as the last successful assistant
 * turn's reported usage plus estimates for what came after it. Conservative: it overestimates
 * rather than under.
 */
public final class TokenEstimate {
  private static final int IMAGE_CHARS = 4800;

  private TokenEstimate() {}

  /** The context size: reported usage up to the last assistant turn, estimates after it. */
  public record ContextTokens(
      long tokens, long usageTokens, long trailingTokens, OptionalInt lastUsageIndex) {}

  /** Estimated tokens of one message (works on any message shape, as the reference does). */
  public static long of(AgentMessage message) {
    return ofJson(MessageCodec.encode(message));
  }

  static long ofJson(JsonNode m) {
    long chars = 0;
    switch (m.path("role").asText()) {
      case "user" -> chars = contentChars(m.get("content"), false);
      case "assistant" -> {
        for (JsonNode block : m.path("content")) {
          switch (block.path("type").asText()) {
            case "text" -> chars += length(block.get("text"));
            case "thinking" -> chars += length(block.get("thinking"));
            case "toolCall" ->
                chars +=
                    length(block.get("name"))
                        + (block.has("arguments")
                            ? Json.write(Json.jsValue(block.get("arguments"))).length()
                            : "undefined".length());
            default -> {}
          }
        }
      }
      case "custom", "toolResult" -> chars = contentChars(m.get("content"), true);
      case "bashExecution" -> chars = length(m.get("command")) + length(m.get("output"));
      case "branchSummary", "compactionSummary" -> chars = length(m.get("summary"));
      default -> {
        return 0;
      }
    }
    return (chars + 3) / 4;
  }

  private static long contentChars(JsonNode content, boolean images) {
    if (content == null) {
      return 0;
    }
    if (content.isTextual()) {
      return content.textValue().length();
    }
    long chars = 0;
    for (JsonNode block : content) {
      String type = block.path("type").asText();
      if (type.equals("text")) {
        chars += length(block.get("text"));
      } else if (images && type.equals("image")) {
        chars += IMAGE_CHARS;
      }
    }
    return chars;
  }

  private static long length(JsonNode text) {
    return text != null && text.isTextual() ? text.textValue().length() : 0;
  }

  /** Tokens a usage report stands for: totalTokens, else the sum of its parts. */
  public static long ofUsage(Usage usage) {
    return usage.totalTokens() != 0
        ? usage.totalTokens()
        : usage.input() + usage.output() + usage.cacheRead() + usage.cacheWrite();
  }

  /** The size of a context about to be sent (the reference's estimateContextTokens). */
  public static ContextTokens ofContext(List<AgentMessage> messages) {
    int last = -1;
    Usage usage = null;
    for (int i = messages.size() - 1; i >= 0 && usage == null; i--) {
      if (messages.get(i) instanceof AgentMessage.Assistant a && !a.failed()) {
        usage = a.usage();
        last = i;
      }
    }
    long trailing = 0;
    for (int i = last + 1; i < messages.size(); i++) {
      trailing += of(messages.get(i));
    }
    if (usage == null) {
      return new ContextTokens(trailing, 0, trailing, OptionalInt.empty());
    }
    long used = ofUsage(usage);
    return new ContextTokens(used + trailing, used, trailing, OptionalInt.of(last));
  }
}
