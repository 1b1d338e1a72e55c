package dev.graft.runtime.llm;

import java.util.Optional;

/** The wire protocols graft speaks, named as in models.json and session files. */
public enum Api {
  /** Anthropic Messages API ({@code POST /v1/messages}). */
  ANTHROPIC_MESSAGES("anthropic-messages"),
  /** OpenAI Chat Completions and the many servers compatible with it. */
  OPENAI_COMPLETIONS("openai-completions"),
  /** OpenAI's Responses API ({@code POST /v1/responses}), used for OpenAI's own models. */
  OPENAI_RESPONSES("openai-responses"),
  /** Google's Gemini API ({@code streamGenerateContent}). */
  GOOGLE_GENERATIVE_AI("google-generative-ai"),
  /** Replays turns from a JSONL file; see {@link ScriptedProvider}. */
  SCRIPTED("scripted");

  private final String wire;

  Api(String wire) {
    this.wire = wire;
  }

  public String wire() {
    return wire;
  }

  public static Optional<Api> parse(String wire) {
    for (Api api : values()) {
      if (api.wire.equals(wire)) {
        return Optional.of(api);
      }
    }
    return Optional.empty();
  }
}
