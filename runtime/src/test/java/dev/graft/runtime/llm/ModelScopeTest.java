package dev.graft.runtime.llm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModelScopeTest {
  @TempDir Path home;

  private ModelRegistry registry() throws IOException {
    Files.writeString(
        home.resolve("models.json"),
        """
        {"providers": {"ollama": {"models": [{"id": "qwen3:8b", "reasoning": true},
          {"id": "llama3"}, {"id": "Mistral-Small"}]}}}
        """);
    // Anthropic's models have a key; OpenAI's do not.
    return ModelRegistry.load(home, Map.of("ANTHROPIC_API_KEY", "sk-test"));
  }

  private static List<String> ids(ModelScope scope) {
    return scope.entries().stream()
        .map(e -> e.model().qualifiedId() + e.thinking().map(t -> ":" + t.wire()).orElse(""))
        .toList();
  }

  @Test
  void globsMatchTheQualifiedOrTheBareIdIgnoringCase() throws IOException {
    List<String> warnings = new ArrayList<>();
    ModelScope scope =
        ModelScope.resolve(
            List.of("ollama/q*", "*MISTRAL*", "claude-haiku-4-?"), registry(), warnings::add);
    assertThat(ids(scope))
        .containsExactly("ollama/qwen3:8b", "ollama/Mistral-Small", "anthropic/claude-haiku-4-5");
    assertThat(warnings).isEmpty();
  }

  @Test
  void aThinkingSuffixIsTakenOnlyWhenItIsALevel() throws IOException {
    ModelScope scope =
        ModelScope.resolve(
            List.of("qwen3:8b", "llama3:high", "ollama/qwen3:8b:low"), registry(), w -> {});
    // qwen3:8b's ":8b" is part of its id; the third names the same model again and is left out.
    assertThat(ids(scope)).containsExactly("ollama/qwen3:8b", "ollama/llama3:high");
    assertThat(scope.entries().get(1).thinking()).isEqualTo(Optional.of(ThinkingLevel.HIGH));
  }

  @Test
  void aPatternThatIsNoGlobNamesOneModelAsModelDoes() throws IOException {
    List<String> warnings = new ArrayList<>();
    ModelScope scope =
        ModelScope.resolve(
            List.of("sonnet", "Claude-Haiku-4-5:low", "mistral", "opus:high"),
            registry(),
            warnings::add);
    // a part of an id picks one model: an undated id before a dated one, then the last by id
    assertThat(ids(scope))
        .containsExactly(
            "anthropic/claude-sonnet-4-6",
            "anthropic/claude-haiku-4-5:low",
            "ollama/Mistral-Small",
            "anthropic/claude-opus-4-7:high");
    assertThat(warnings).isEmpty();
  }

  @Test
  void modelsWithoutAKeyAndUnknownPatternsAreWarnedOf() throws IOException {
    List<String> warnings = new ArrayList<>();
    ModelScope scope =
        ModelScope.resolve(
            List.of("openai/*", "gpt-5.4", "nope", " ", "[lm]lama3"), registry(), warnings::add);
    assertThat(ids(scope)).containsExactly("ollama/llama3");
    assertThat(warnings)
        .containsExactly(
            "no model with a key matches \"openai/*\" of --models or enabledModels (graft models"
                + " lists them)",
            "no model with a key matches \"gpt-5.4\" of --models or enabledModels (graft models"
                + " lists them)",
            "no model with a key matches \"nope\" of --models or enabledModels (graft models lists"
                + " them)");
  }

  @Test
  void anEmptyScopeHoldsEveryModel() throws IOException {
    ModelScope scope = ModelScope.resolve(List.of(), registry(), w -> {});
    assertThat(scope.isEmpty()).isTrue();
    assertThat(scope.contains(registry().resolve("llama3").orElseThrow())).isTrue();
    ModelScope one = ModelScope.resolve(List.of("llama3"), registry(), w -> {});
    assertThat(one.contains(registry().resolve("qwen3:8b").orElseThrow())).isFalse();
  }
}
