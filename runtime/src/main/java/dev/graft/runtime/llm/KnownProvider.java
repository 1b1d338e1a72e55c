package dev.graft.runtime.llm;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A provider graft knows the endpoint and key variable of, so that models.json only has to list its
 * models. Local servers need no key.
 */
record KnownProvider(
    String name, Api api, String baseUrl, List<String> envVars, boolean keyRequired) {
  KnownProvider {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(api, "api");
    Objects.requireNonNull(baseUrl, "baseUrl");
    envVars = List.copyOf(envVars);
  }

  static final List<KnownProvider> ALL =
      List.of(
          cloud(
              "anthropic",
              Api.ANTHROPIC_MESSAGES,
              "https://api.anthropic.com",
              "ANTHROPIC_API_KEY"),
          cloud("openai", Api.OPENAI_RESPONSES, "https://api.openai.com/v1", "OPENAI_API_KEY"),
          cloud(
              "google",
              Api.GOOGLE_GENERATIVE_AI,
              "https://generativelanguage.googleapis.com/v1beta",
              "GEMINI_API_KEY"),
          cloud(
              "openrouter",
              Api.OPENAI_COMPLETIONS,
              "https://openrouter.ai/api/v1",
              "OPENROUTER_API_KEY"),
          cloud("groq", Api.OPENAI_COMPLETIONS, "https://api.groq.com/openai/v1", "GROQ_API_KEY"),
          cloud(
              "cerebras", Api.OPENAI_COMPLETIONS, "https://api.cerebras.ai/v1", "CEREBRAS_API_KEY"),
          cloud("xai", Api.OPENAI_COMPLETIONS, "https://api.x.ai/v1", "XAI_API_KEY"),
          cloud("deepseek", Api.OPENAI_COMPLETIONS, "https://api.deepseek.com", "DEEPSEEK_API_KEY"),
          cloud(
              "zai", Api.OPENAI_COMPLETIONS, "https://api.z.ai/api/coding/paas/v4", "ZAI_API_KEY"),
          cloud(
              "huggingface",
              Api.OPENAI_COMPLETIONS,
              "https://router.huggingface.co/v1",
              "HF_TOKEN"),
          cloud(
              "fireworks",
              Api.OPENAI_COMPLETIONS,
              "https://api.fireworks.ai/inference/v1",
              "FIREWORKS_API_KEY"),
          cloud(
              "together",
              Api.OPENAI_COMPLETIONS,
              "https://api.together.xyz/v1",
              "TOGETHER_API_KEY"),
          local("ollama", "http://localhost:11434/v1", "OLLAMA_API_KEY"),
          local("llamacpp", "http://localhost:8080/v1", "LLAMACPP_API_KEY"),
          local("vllm", "http://localhost:8000/v1", "VLLM_API_KEY"),
          local("lmstudio", "http://localhost:1234/v1", "LMSTUDIO_API_KEY"));

  static Optional<KnownProvider> named(String name) {
    return ALL.stream().filter(p -> p.name.equals(name)).findFirst();
  }

  /**
   * The environment variables that may hold a key for {@code provider}: the known ones, or by
   * convention {@code <PROVIDER>_API_KEY} for a provider defined only in models.json.
   */
  static List<String> envVarsFor(String provider) {
    return named(provider)
        .map(KnownProvider::envVars)
        .orElseGet(() ->
            List.of(provider.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_") + "_API_KEY"));
  }

  private static KnownProvider cloud(String name, Api api, String url, String env) {
    return new KnownProvider(name, api, url, List.of(env), true);
  }

  private static KnownProvider local(String name, String url, String env) {
    return new KnownProvider(name, Api.OPENAI_COMPLETIONS, url, List.of(env), false);
  }
}
