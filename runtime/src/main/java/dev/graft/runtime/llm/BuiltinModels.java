package dev.graft.runtime.llm;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The models graft knows without configuration: current Anthropic and OpenAI models, with prices
 * (USD per million tokens) and limits as the reference lists them. OpenAI's models are reached
 * through the Responses API, as the reference reaches them.
 */
final class BuiltinModels {
  private static final String ANTHROPIC = "https://api.anthropic.com";
  private static final String OPENAI = "https://api.openai.com/v1";
  private static final String GOOGLE = "https://generativelanguage.googleapis.com/v1beta";

  /**
   * Gemini 3 thinks at the lowest level at least; Pro knows only LOW and HIGH (the reference's
   * maps).
   */
  private static final ThinkingMap GEMINI3 =
      new ThinkingMap(Map.of(ThinkingLevel.OFF, Optional.empty()));

  private static final ThinkingMap GEMINI3_PRO =
      new ThinkingMap(
          Map.of(
              ThinkingLevel.OFF,
              Optional.empty(),
              ThinkingLevel.MINIMAL,
              Optional.empty(),
              ThinkingLevel.LOW,
              Optional.of("LOW"),
              ThinkingLevel.MEDIUM,
              Optional.empty(),
              ThinkingLevel.HIGH,
              Optional.of("HIGH")));

  /** GPT-5 models cannot switch reasoning off: "off" is unsupported and clamps to minimal. */
  private static final ThinkingMap GPT5 =
      new ThinkingMap(Map.of(ThinkingLevel.OFF, Optional.empty()));

  private static final ThinkingMap GPT5_XHIGH =
      new ThinkingMap(
          Map.of(ThinkingLevel.OFF, Optional.empty(), ThinkingLevel.XHIGH, Optional.of("xhigh")));

  /** o3 and o4-mini reason at low effort at least; "off" sends no reasoning parameter. */
  private static final ThinkingMap O_SERIES = GPT5;

  private BuiltinModels() {}

  static List<Model> all() {
    List<Model> m = new ArrayList<>();
    m.add(
        anthropic(
            "claude-opus-4-7",
            "Claude Opus 4.7",
            5,
            25,
            0.5,
            6.25,
            1_000_000,
            128_000,
            new ThinkingMap(Map.of(ThinkingLevel.XHIGH, Optional.of("xhigh")))));
    m.add(
        anthropic(
            "claude-opus-4-6",
            "Claude Opus 4.6",
            5,
            25,
            0.5,
            6.25,
            1_000_000,
            128_000,
            new ThinkingMap(Map.of(ThinkingLevel.XHIGH, Optional.of("max")))));
    m.add(
        anthropic(
            "claude-sonnet-4-6", "Claude Sonnet 4.6", 3, 15, 0.3, 3.75, 1_000_000, 64_000, null));
    m.add(anthropic("claude-opus-4-5", "Claude Opus 4.5", 5, 25, 0.5, 6.25, 200_000, 64_000, null));
    m.add(
        anthropic(
            "claude-sonnet-4-5", "Claude Sonnet 4.5", 3, 15, 0.3, 3.75, 200_000, 64_000, null));
    m.add(
        anthropic("claude-haiku-4-5", "Claude Haiku 4.5", 1, 5, 0.1, 1.25, 200_000, 64_000, null));
    m.add(
        anthropic("claude-opus-4-1", "Claude Opus 4.1", 15, 75, 1.5, 18.75, 200_000, 32_000, null));
    m.add(
        anthropic("claude-sonnet-4-0", "Claude Sonnet 4", 3, 15, 0.3, 3.75, 200_000, 64_000, null));

    m.add(openai("gpt-5.5", "GPT-5.5", true, 5, 30, 0.5, 272_000, 128_000, GPT5_XHIGH));
    m.add(openai("gpt-5.4", "GPT-5.4", true, 2.5, 15, 0.25, 272_000, 128_000, GPT5_XHIGH));
    m.add(
        openai(
            "gpt-5.4-mini", "GPT-5.4 mini", true, 0.75, 4.5, 0.075, 400_000, 128_000, GPT5_XHIGH));
    m.add(
        openai(
            "gpt-5.4-nano", "GPT-5.4 nano", true, 0.2, 1.25, 0.02, 400_000, 128_000, GPT5_XHIGH));
    m.add(openai("gpt-5.2", "GPT-5.2", true, 1.75, 14, 0.175, 400_000, 128_000, GPT5_XHIGH));
    m.add(openai("gpt-5.1", "GPT-5.1", true, 1.25, 10, 0.13, 400_000, 128_000, GPT5));
    m.add(openai("gpt-5", "GPT-5", true, 1.25, 10, 0.125, 400_000, 128_000, GPT5));
    m.add(openai("gpt-5-mini", "GPT-5 Mini", true, 0.25, 2, 0.025, 400_000, 128_000, GPT5));
    m.add(openai("gpt-5-nano", "GPT-5 Nano", true, 0.05, 0.4, 0.005, 400_000, 128_000, GPT5));
    m.add(openai("o3", "o3", true, 2, 8, 0.5, 200_000, 100_000, O_SERIES));
    m.add(openai("o4-mini", "o4-mini", true, 1.1, 4.4, 0.28, 200_000, 100_000, O_SERIES));
    m.add(openai("gpt-4.1", "GPT-4.1", false, 2, 8, 0.5, 1_047_576, 32_768, null));
    m.add(openai("gpt-4.1-mini", "GPT-4.1 mini", false, 0.4, 1.6, 0.1, 1_047_576, 32_768, null));
    m.add(openai("gpt-4o", "GPT-4o", false, 2.5, 10, 1.25, 128_000, 16_384, null));
    m.add(openai("gpt-4o-mini", "GPT-4o mini", false, 0.15, 0.6, 0.08, 128_000, 16_384, null));

    m.add(google("gemini-2.5-pro", "Gemini 2.5 Pro", 1.25, 10, 0.125, 1_048_576, 65_536, null));
    m.add(google("gemini-2.5-flash", "Gemini 2.5 Flash", 0.3, 2.5, 0.03, 1_048_576, 65_536, null));
    m.add(
        google(
            "gemini-2.5-flash-lite",
            "Gemini 2.5 Flash-Lite",
            0.1,
            0.4,
            0.025,
            1_048_576,
            65_536,
            null));
    m.add(
        google(
            "gemini-3-pro-preview",
            "Gemini 3 Pro Preview",
            2,
            12,
            0.2,
            1_000_000,
            64_000,
            GEMINI3_PRO));
    m.add(
        google(
            "gemini-3-flash-preview",
            "Gemini 3 Flash Preview",
            0.5,
            3,
            0.05,
            1_048_576,
            65_536,
            GEMINI3));
    return List.copyOf(m);
  }

  private static Model google(
      String id,
      String name,
      double in,
      double out,
      double read,
      long context,
      long maxTokens,
      ThinkingMap thinking) {
    return new Model(
        id,
        name,
        Api.GOOGLE_GENERATIVE_AI,
        "google",
        GOOGLE,
        true,
        true,
        new ModelCost(in, out, read, 0),
        context,
        maxTokens,
        null,
        null,
        thinking);
  }

  private static Model anthropic(
      String id,
      String name,
      double in,
      double out,
      double read,
      double write,
      long context,
      long maxTokens,
      ThinkingMap thinking) {
    return new Model(
        id,
        name,
        Api.ANTHROPIC_MESSAGES,
        "anthropic",
        ANTHROPIC,
        true,
        true,
        new ModelCost(in, out, read, write),
        context,
        maxTokens,
        null,
        null,
        thinking);
  }

  private static Model openai(
      String id,
      String name,
      boolean reasoning,
      double in,
      double out,
      double read,
      long context,
      long maxTokens,
      ThinkingMap thinking) {
    return new Model(
        id,
        name,
        Api.OPENAI_RESPONSES,
        "openai",
        OPENAI,
        reasoning,
        true,
        new ModelCost(in, out, read, 0),
        context,
        maxTokens,
        null,
        null,
        thinking);
  }
}
