package dev.graft.runtime.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Set;

/**
 * How an OpenAI-compatible server departs from OpenAI, as in the reference's {@code
 * OpenAICompletionsCompat}: detected from the provider name and base URL, then overridden field by
 * field by the model's {@code compat} object from models.json.
 */
record OpenAiCompat(
    boolean supportsStore,
    boolean supportsDeveloperRole,
    boolean supportsReasoningEffort,
    boolean supportsUsageInStreaming,
    String maxTokensField,
    boolean requiresToolResultName,
    boolean requiresAssistantAfterToolResult,
    boolean requiresThinkingAsText,
    boolean requiresReasoningContentOnAssistantMessages,
    String thinkingFormat,
    boolean supportsStrictMode,
    boolean anthropicCacheControl,
    boolean supportsLongCacheRetention) {

  static final Set<String> THINKING_FORMATS =
      Set.of("openai", "openrouter", "deepseek", "zai", "qwen", "qwen-chat-template");
  static final Set<String> MAX_TOKENS_FIELDS = Set.of("max_completion_tokens", "max_tokens");

  /** The compat fields models.json may set for this API, with their JSON types. */
  static final Set<String> BOOLEAN_FIELDS =
      Set.of(
          "supportsStore",
          "supportsDeveloperRole",
          "supportsReasoningEffort",
          "supportsUsageInStreaming",
          "requiresToolResultName",
          "requiresAssistantAfterToolResult",
          "requiresThinkingAsText",
          "requiresReasoningContentOnAssistantMessages",
          "supportsStrictMode",
          "supportsLongCacheRetention");

  static final Set<String> STRING_FIELDS =
      Set.of("maxTokensField", "thinkingFormat", "cacheControlFormat");

  static OpenAiCompat of(Model model) {
    String provider = model.provider();
    String url = model.baseUrl();
    boolean zai = provider.equals("zai") || url.contains("api.z.ai");
    boolean moonshot = provider.startsWith("moonshotai") || url.contains("api.moonshot.");
    boolean grok = provider.equals("xai") || url.contains("api.x.ai");
    boolean deepseek = provider.equals("deepseek") || url.contains("deepseek.com");
    boolean openrouter = provider.equals("openrouter") || url.contains("openrouter.ai");
    boolean nonStandard =
        provider.equals("cerebras")
            || url.contains("cerebras.ai")
            || grok
            || url.contains("chutes.ai")
            || deepseek
            || zai
            || moonshot
            || provider.equals("opencode")
            || url.contains("opencode.ai");
    boolean maxTokens = url.contains("chutes.ai") || moonshot;
    ObjectNode o = model.compat();
    return new OpenAiCompat(
        bool(o, "supportsStore", !nonStandard),
        bool(o, "supportsDeveloperRole", !nonStandard),
        bool(o, "supportsReasoningEffort", !grok && !zai && !moonshot),
        bool(o, "supportsUsageInStreaming", true),
        text(o, "maxTokensField", maxTokens ? "max_tokens" : "max_completion_tokens"),
        bool(o, "requiresToolResultName", false),
        bool(o, "requiresAssistantAfterToolResult", false),
        bool(o, "requiresThinkingAsText", false),
        bool(o, "requiresReasoningContentOnAssistantMessages", deepseek),
        text(
            o,
            "thinkingFormat",
            deepseek ? "deepseek" : zai ? "zai" : openrouter ? "openrouter" : "openai"),
        bool(o, "supportsStrictMode", !moonshot),
        text(
                o,
                "cacheControlFormat",
                openrouter && model.id().startsWith("anthropic/") ? "anthropic" : "")
            .equals("anthropic"),
        bool(o, "supportsLongCacheRetention", true));
  }

  private static boolean bool(ObjectNode o, String field, boolean fallback) {
    JsonNode v = o.get(field);
    return v != null && v.isBoolean() ? v.booleanValue() : fallback;
  }

  private static String text(ObjectNode o, String field, String fallback) {
    JsonNode v = o.get(field);
    return v != null && v.isTextual() ? v.textValue() : fallback;
  }
}
