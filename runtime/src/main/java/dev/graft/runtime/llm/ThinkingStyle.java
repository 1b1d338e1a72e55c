package dev.graft.runtime.llm;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a model is told to think: with a token budget (Anthropic's {@code budget_tokens}, Gemini
 * 2.5's {@code thinkingBudget}) or with an effort level (Anthropic's adaptive thinking with {@code
 * output_config.effort}, Gemini 3's {@code thinkingLevel}). Newer models reject budgets, so a model
 * newer than graft's rules can be given its style in models.json ({@code "thinkingStyle"}).
 */
enum ThinkingStyle {
  BUDGET("budget"),
  EFFORT("effort");

  /** Where models.json's {@code thinkingStyle} is kept in a model's settings. */
  static final String FIELD = "thinkingStyle";

  private static final Pattern CLAUDE =
      Pattern.compile("claude-(?:opus|sonnet|haiku)-(\\d+)(?:[-.](\\d{1,2}))?(?![0-9])");
  private static final Pattern GEMINI = Pattern.compile("(?:gemini|gemma)-?(\\d+)");

  private final String wire;

  ThinkingStyle(String wire) {
    this.wire = wire;
  }

  String wire() {
    return wire;
  }

  static Optional<ThinkingStyle> parse(String text) {
    for (ThinkingStyle s : values()) {
      if (s.wire.equals(text)) {
        return Optional.of(s);
      }
    }
    return Optional.empty();
  }

  /** The model's style: as models.json says, else by its id. */
  static ThinkingStyle of(Model model) {
    Optional<ThinkingStyle> set = parse(model.compat().path(FIELD).asText(""));
    if (set.isPresent()) {
      return set.get();
    }
    String id = model.id().toLowerCase(Locale.ROOT);
    return switch (model.api()) {
      case ANTHROPIC_MESSAGES -> claudeFrom46(id) ? EFFORT : BUDGET;
      case GOOGLE_GENERATIVE_AI -> geminiFrom3(id) ? EFFORT : BUDGET;
      default -> EFFORT;
    };
  }

  /**
   * Claude 4.6 and later (Opus 4.6/4.7, Sonnet 4.6, any 5.x) think adaptively; budgets are refused.
   */
  static boolean claudeFrom46(String id) {
    Matcher m = CLAUDE.matcher(id);
    if (!m.find()) {
      return false;
    }
    int major = Integer.parseInt(m.group(1));
    int minor = m.group(2) == null ? 0 : Integer.parseInt(m.group(2));
    return major > 4 || (major == 4 && minor >= 6);
  }

  /** Gemini 3 and Gemma 4 take a thinking level; Gemini 2.5 a budget. */
  static boolean geminiFrom3(String id) {
    Matcher m = GEMINI.matcher(id);
    if (!m.find()) {
      return false;
    }
    int major = Integer.parseInt(m.group(1));
    return id.contains("gemma") ? major >= 4 : major >= 3;
  }
}
