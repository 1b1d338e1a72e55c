package dev.graft.runtime.llm;

import java.util.Locale;
import java.util.Optional;

/** How much the model may reason before it answers; {@link #OFF} asks for no reasoning. */
public enum ThinkingLevel {
  OFF("off"),
  MINIMAL("minimal"),
  LOW("low"),
  MEDIUM("medium"),
  HIGH("high"),
  XHIGH("xhigh");

  private final String wire;

  ThinkingLevel(String wire) {
    this.wire = wire;
  }

  /** The name used in settings, models.json and the reference agent. */
  public String wire() {
    return wire;
  }

  public static Optional<ThinkingLevel> parse(String text) {
    if (text == null) {
      return Optional.empty();
    }
    String t = text.trim().toLowerCase(Locale.ROOT);
    for (ThinkingLevel level : values()) {
      if (level.wire.equals(t)) {
        return Optional.of(level);
      }
    }
    return Optional.empty();
  }
}
