package dev.graft.runtime.llm;

import java.util.Objects;

/**
 * A resolved API key and where it came from. {@link #toString()} never shows the key, so it cannot
 * leak into logs or error messages by accident.
 *
 * @param value the key; empty for servers that need none
 * @param source where it was found, for messages: {@code ANTHROPIC_API_KEY}, {@code auth.json}
 */
record ApiKey(String value, String source) {
  static final ApiKey NONE = new ApiKey("", "none");

  ApiKey {
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(source, "source");
  }

  boolean present() {
    return !value.isEmpty();
  }

  @Override
  public String toString() {
    return "ApiKey[source=" + source + (present() ? ", value=***]" : ", no value]");
  }
}
