package dev.graft.runtime.llm;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.concurrent.AbortSignal;
import dev.graft.runtime.message.AgentMessage;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * One call to a model: everything a provider needs to produce the next assistant turn.
 *
 * @param model the model to call
 * @param systemPrompt the system prompt; empty for none
 * @param messages the conversation, already converted by {@code LlmMessages.convert}: user,
 *     assistant and tool-result messages (other roles are ignored)
 * @param tools the tools the model may call
 * @param thinking the reasoning level; ignored for models without reasoning
 * @param maxTokens the most output tokens; 0 uses {@link Model#defaultMaxTokens()}
 * @param signal aborts the call from any thread
 * @param cacheRetention prompt caching preference
 * @param sessionId identifies the session for providers that route caches by it
 * @param payloadHook what the provider's request body becomes before it is sent (the hooks' {@code
 *     before_provider_request}); the body itself by default
 * @param autoRetry whether a failure worth retrying is retried, and the way to end the wait before
 *     the next attempt (the session's); on, and never ended, by default
 */
public record LlmRequest(
    Model model,
    String systemPrompt,
    List<AgentMessage> messages,
    List<ToolSpec> tools,
    ThinkingLevel thinking,
    int maxTokens,
    AbortSignal signal,
    CacheRetention cacheRetention,
    Optional<String> sessionId,
    UnaryOperator<JsonNode> payloadHook,
    AutoRetry autoRetry) {

  public LlmRequest(
      Model model,
      String systemPrompt,
      List<AgentMessage> messages,
      List<ToolSpec> tools,
      ThinkingLevel thinking,
      int maxTokens,
      AbortSignal signal,
      CacheRetention cacheRetention,
      Optional<String> sessionId) {
    this(
        model,
        systemPrompt,
        messages,
        tools,
        thinking,
        maxTokens,
        signal,
        cacheRetention,
        sessionId,
        null,
        null);
  }

  public LlmRequest {
    Objects.requireNonNull(model, "model");
    systemPrompt = systemPrompt == null ? "" : systemPrompt;
    messages = List.copyOf(messages);
    tools = tools == null ? List.of() : List.copyOf(tools);
    thinking = thinking == null ? ThinkingLevel.OFF : thinking;
    if (maxTokens < 0) {
      throw new IllegalArgumentException("maxTokens must not be negative");
    }
    signal = signal == null ? AbortSignal.never() : signal;
    cacheRetention = cacheRetention == null ? CacheRetention.SHORT : cacheRetention;
    sessionId = sessionId == null ? Optional.empty() : sessionId;
    payloadHook = payloadHook == null ? UnaryOperator.identity() : payloadHook;
    autoRetry = autoRetry == null ? new AutoRetry() : autoRetry;
  }

  /**
   * This request with {@code hook} deciding what the provider's request body becomes before it is
   * sent.
   */
  public LlmRequest withPayloadHook(UnaryOperator<JsonNode> hook) {
    return new LlmRequest(
        model,
        systemPrompt,
        messages,
        tools,
        thinking,
        maxTokens,
        signal,
        cacheRetention,
        sessionId,
        hook,
        autoRetry);
  }

  /** A request with no thinking, default output limit, short caching and no abort signal. */
  public static LlmRequest of(
      Model model, String systemPrompt, List<AgentMessage> messages, List<ToolSpec> tools) {
    return new LlmRequest(
        model, systemPrompt, messages, tools, ThinkingLevel.OFF, 0, null, null, null);
  }

  /** This request with {@code retry} switching its retries and ending their waits. */
  public LlmRequest withAutoRetry(AutoRetry retry) {
    return new LlmRequest(
        model,
        systemPrompt,
        messages,
        tools,
        thinking,
        maxTokens,
        signal,
        cacheRetention,
        sessionId,
        payloadHook,
        retry);
  }

  public LlmRequest withThinking(ThinkingLevel level) {
    return new LlmRequest(
        model,
        systemPrompt,
        messages,
        tools,
        level,
        maxTokens,
        signal,
        cacheRetention,
        sessionId,
        payloadHook,
        autoRetry);
  }

  public LlmRequest withMaxTokens(int tokens) {
    return new LlmRequest(
        model,
        systemPrompt,
        messages,
        tools,
        thinking,
        tokens,
        signal,
        cacheRetention,
        sessionId,
        payloadHook,
        autoRetry);
  }

  public LlmRequest withSignal(AbortSignal abort) {
    return new LlmRequest(
        model,
        systemPrompt,
        messages,
        tools,
        thinking,
        maxTokens,
        abort,
        cacheRetention,
        sessionId,
        payloadHook,
        autoRetry);
  }

  public LlmRequest withCacheRetention(CacheRetention retention) {
    return new LlmRequest(
        model,
        systemPrompt,
        messages,
        tools,
        thinking,
        maxTokens,
        signal,
        retention,
        sessionId,
        payloadHook,
        autoRetry);
  }

  public LlmRequest withSessionId(String id) {
    return new LlmRequest(
        model,
        systemPrompt,
        messages,
        tools,
        thinking,
        maxTokens,
        signal,
        cacheRetention,
        Optional.ofNullable(id),
        payloadHook,
        autoRetry);
  }

  public LlmRequest withModel(Model other) {
    return new LlmRequest(
        other,
        systemPrompt,
        messages,
        tools,
        thinking,
        maxTokens,
        signal,
        cacheRetention,
        sessionId,
        payloadHook,
        autoRetry);
  }

  /** The output limit to send: the caller's, or the model's default. */
  int effectiveMaxTokens() {
    return maxTokens > 0 ? maxTokens : model.defaultMaxTokens();
  }
}
