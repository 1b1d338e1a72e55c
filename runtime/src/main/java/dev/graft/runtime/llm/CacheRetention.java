package dev.graft.runtime.llm;

/** How long providers that support prompt caching should keep the cached prefix. */
public enum CacheRetention {
  /** Do not ask for caching. */
  NONE,
  /** The provider's default (about five minutes at Anthropic). */
  SHORT,
  /** An hour at Anthropic, 24 hours at OpenAI, where supported. */
  LONG
}
