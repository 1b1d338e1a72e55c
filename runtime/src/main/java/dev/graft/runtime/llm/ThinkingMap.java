package dev.graft.runtime.llm;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Per-model overrides of thinking levels, as the reference's {@code thinkingLevelMap}: a level may
 * map to a provider-specific value (say {@code xhigh -> "max"}), or be marked unsupported (JSON
 * {@code null}, here an empty Optional). Levels not listed use the provider's default, except
 * {@link ThinkingLevel#XHIGH}, which a model supports only when listed.
 */
public record ThinkingMap(Map<ThinkingLevel, Optional<String>> entries) {
  public static final ThinkingMap DEFAULT = new ThinkingMap(Map.of());

  private static final ThinkingLevel[] ORDER = ThinkingLevel.values();

  public ThinkingMap {
    EnumMap<ThinkingLevel, Optional<String>> copy = new EnumMap<>(ThinkingLevel.class);
    entries.forEach((level, value) -> copy.put(level, value == null ? Optional.empty() : value));
    entries = Map.copyOf(copy);
  }

  /** The provider-specific value for {@code level}, if the map names one. */
  public Optional<String> mapped(ThinkingLevel level) {
    Optional<String> v = entries.get(level);
    return v == null ? Optional.empty() : v;
  }

  /** Whether a model with {@code reasoning} supports {@code level}. */
  public boolean supports(ThinkingLevel level, boolean reasoning) {
    if (!reasoning) {
      return level == ThinkingLevel.OFF;
    }
    Optional<String> v = entries.get(level);
    if (v != null && v.isEmpty()) {
      return false;
    }
    return level != ThinkingLevel.XHIGH || v != null;
  }

  /**
   * The levels a model with {@code reasoning} offers, lowest first (the reference's {@code
   * getSupportedThinkingLevels}): only off for a model that does not reason, xhigh only when
   * listed.
   */
  public List<ThinkingLevel> supported(boolean reasoning) {
    return Arrays.stream(ORDER).filter(l -> supports(l, reasoning)).toList();
  }

  /**
   * The nearest supported level: the requested one if supported, else the next higher, else the
   * next lower (the reference's {@code clampThinkingLevel}).
   */
  public ThinkingLevel clamp(ThinkingLevel level, boolean reasoning) {
    if (supports(level, reasoning)) {
      return level;
    }
    for (int i = level.ordinal() + 1; i < ORDER.length; i++) {
      if (supports(ORDER[i], reasoning)) {
        return ORDER[i];
      }
    }
    for (int i = level.ordinal() - 1; i >= 0; i--) {
      if (supports(ORDER[i], reasoning)) {
        return ORDER[i];
      }
    }
    return ThinkingLevel.OFF;
  }
}
