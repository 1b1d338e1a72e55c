package dev.graft.runtime.llm;

import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.StopReason;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Recognises "the conversation is too long for this model", which every provider words differently,
 * so that the agent can compact and retry. The patterns follow the reference's {@code
 * isContextOverflow}.
 */
public final class ContextOverflow {
  private static final List<Pattern> OVERFLOW =
      compile(
          "prompt is too long", // Anthropic
          "request_too_large", // Anthropic, request byte size (413)
          "input is too long for requested model", // Bedrock
          "exceeds the context window", // OpenAI
          "input token count.*exceeds the maximum", // Gemini
          "maximum prompt length is \\d+", // xAI
          "reduce the length of the messages", // Groq
          "maximum context length is \\d+ tokens", // OpenRouter, vLLM
          "exceeds the limit of \\d+", // GitHub Copilot
          "exceeds the available context size", // llama.cpp
          "greater than the context length", // LM Studio
          "context window exceeds limit", // MiniMax
          "exceeded model token limit", // Kimi
          "too large for model with \\d+ maximum context length", // Mistral
          "model_context_window_exceeded", // z.ai
          "prompt too long; exceeded (?:max )?context length", // Ollama
          "context[_ ]length[_ ]exceeded",
          "too many tokens",
          "token limit exceeded",
          "^4(?:00|13)\\s*(?:status code)?\\s*\\(no body\\)"); // Cerebras

  // Rate limits that happen to mention tokens ("Too many tokens, please wait") are not overflow.
  private static final List<Pattern> NOT_OVERFLOW =
      compile("^(Throttling error|Service unavailable):", "rate limit", "too many requests");

  private ContextOverflow() {}

  private static List<Pattern> compile(String... regexes) {
    return Arrays.stream(regexes).map(r -> Pattern.compile(r, Pattern.CASE_INSENSITIVE)).toList();
  }

  /** Whether a provider's error message says the input did not fit. */
  public static boolean matches(String errorMessage) {
    if (errorMessage == null || errorMessage.isEmpty()) {
      return false;
    }
    for (Pattern p : NOT_OVERFLOW) {
      if (p.matcher(errorMessage).find()) {
        return false;
      }
    }
    for (Pattern p : OVERFLOW) {
      if (p.matcher(errorMessage).find()) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether {@code message} shows a context overflow: an error saying so, or (when {@code
   * contextWindow} is positive) a server that silently accepted more input than fits, or one that
   * truncated the input to the window and left no room for output.
   */
  public static boolean isContextOverflow(AgentMessage.Assistant message, long contextWindow) {
    if (message.stoppedWith(StopReason.ERROR)
        && message.errorMessage().map(ContextOverflow::matches).orElse(false)) {
      return true;
    }
    if (contextWindow > 0) {
      long input = message.usage().input() + message.usage().cacheRead();
      if (message.stoppedWith(StopReason.STOP) && input > contextWindow) {
        return true;
      }
      return message.stoppedWith(StopReason.LENGTH)
          && message.usage().output() == 0
          && input >= contextWindow * 0.99;
    }
    return false;
  }
}
