package dev.graft.runtime.llm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How {@code --model} names one model, as a new user types it. */
class ModelPatternsTest {
  @TempDir Path home;

  private List<Model> models() throws IOException {
    Files.writeString(
        home.resolve("models.json"),
        """
        {"providers": {
          "work": {"baseUrl": "http://127.0.0.1:1/v1", "api": "openai-completions", "models": [
            {"id": "qwen3:8b", "reasoning": true},
            {"id": "big-model-20250101", "name": "Big"},
            {"id": "big-model-20250601", "name": "Big"},
            {"id": "claude-sonnet-4-6"}]},
          "router": {"baseUrl": "http://127.0.0.1:1/v1", "api": "openai-completions", "models": [
            {"id": "openai/gpt-oss-120b"}, {"id": "mistral/devstral-latest", "name": "Devstral"},
            {"id": "mistral/devstral-20250701", "name": "Devstral"}]}}}
        """);
    ModelRegistry registry = ModelRegistry.load(home, Map.of());
    assertThat(registry.problems()).isEmpty();
    return registry.models();
  }

  private String cli(String spec) throws IOException {
    return cli(spec, null);
  }

  private String cli(String spec, String provider) throws IOException {
    return ModelPatterns.forCli(spec, provider, models())
        .map(m -> m.model().qualifiedId() + m.thinking().map(t -> " " + t.wire()).orElse(""))
        .orElse("none");
  }

  @Test
  void anExactIdOrProviderSlashIdNamesThatModelIgnoringCase() throws IOException {
    // A bare id two providers share is the first one's: the built-in model before models.json's.
    assertThat(cli("claude-sonnet-4-6")).isEqualTo("anthropic/claude-sonnet-4-6");
    assertThat(cli("work/claude-sonnet-4-6")).isEqualTo("work/claude-sonnet-4-6");
    assertThat(cli("Claude-Sonnet-4-6")).isEqualTo("anthropic/claude-sonnet-4-6");
    assertThat(cli("ANTHROPIC/claude-SONNET-4-6")).isEqualTo("anthropic/claude-sonnet-4-6");
    assertThat(cli(" gpt-5 ")).isEqualTo("openai/gpt-5");
    assertThat(cli("qwen3:8b")).isEqualTo("work/qwen3:8b");
  }

  private String exact(String reference) throws IOException {
    return ModelPatterns.exact(reference, models()).map(Model::qualifiedId).orElse("none");
  }

  /** {@code /model TEXT}: only an exact name switches; a part of one or a shared id does not. */
  @Test
  void anExactNameIgnoresCaseButNeitherAPartNorAnIdTwoProvidersShare() throws IOException {
    assertThat(exact("WORK/Claude-Sonnet-4-6")).isEqualTo("work/claude-sonnet-4-6");
    assertThat(exact(" Anthropic/claude-sonnet-4-6 ")).isEqualTo("anthropic/claude-sonnet-4-6");
    assertThat(exact("QWEN3:8B")).isEqualTo("work/qwen3:8b");
    assertThat(exact("router/openai/gpt-oss-120b")).isEqualTo("router/openai/gpt-oss-120b");
    assertThat(exact("mistral/devstral-latest")).isEqualTo("router/mistral/devstral-latest");
    assertThat(exact("claude-sonnet-4-6")).as("anthropic's and work's").isEqualTo("none");
    assertThat(exact("sonnet")).isEqualTo("none");
    assertThat(exact("qwen3:8b:high")).isEqualTo("none");
    assertThat(exact("  ")).isEqualTo("none");
  }

  @Test
  void aPartialIdOrNamePrefersAnUndatedIdThenTheOneThatSortsLast() throws IOException {
    assertThat(cli("sonnet")).isEqualTo("anthropic/claude-sonnet-4-6");
    assertThat(cli("opus")).isEqualTo("anthropic/claude-opus-4-7");
    assertThat(cli("claude")).isEqualTo("anthropic/claude-sonnet-4-6");
    assertThat(cli("gpt-5.")).isEqualTo("openai/gpt-5.5");
    assertThat(cli("MINI")).isEqualTo("openai/o4-mini");
    // only dated ids: the latest date
    assertThat(cli("big-model")).isEqualTo("work/big-model-20250601");
    assertThat(cli("big")).isEqualTo("work/big-model-20250601");
    // an alias (-latest) before any dated id; found by its name as well
    assertThat(cli("devstral")).isEqualTo("router/mistral/devstral-latest");
    // within a provider, named before the slash
    assertThat(cli("openai/mini")).isEqualTo("openai/o4-mini");
    assertThat(cli("work/sonnet")).isEqualTo("work/claude-sonnet-4-6");
  }

  @Test
  void aThinkingLevelSuffixSetsTheLevelOfTheModelTheRestNames() throws IOException {
    assertThat(cli("claude-sonnet-4-6:high")).isEqualTo("anthropic/claude-sonnet-4-6 high");
    assertThat(cli("sonnet:HIGH")).isEqualTo("anthropic/claude-sonnet-4-6 high");
    assertThat(cli("openai/gpt-5.4:minimal")).isEqualTo("openai/gpt-5.4 minimal");
    assertThat(cli("qwen3:8b:low")).isEqualTo("work/qwen3:8b low");
    assertThat(cli("work/qwen3:8b:xhigh")).isEqualTo("work/qwen3:8b xhigh");
    // a suffix that is no level is part of the id, which then names nothing
    assertThat(cli("claude-sonnet-4-6:huge")).isEqualTo("none");
  }

  @Test
  void anIdWithASlashIsFoundWhenItsFirstPartIsAProviderThatLacksIt() throws IOException {
    assertThat(cli("openai/gpt-oss-120b")).isEqualTo("router/openai/gpt-oss-120b");
    assertThat(cli("router/openai/gpt-oss-120b")).isEqualTo("router/openai/gpt-oss-120b");
  }

  @Test
  void withAProviderOnlyItsModelsCount() throws IOException {
    assertThat(cli("claude-sonnet-4-6", "work")).isEqualTo("work/claude-sonnet-4-6");
    assertThat(cli("sonnet", "anthropic")).isEqualTo("anthropic/claude-sonnet-4-6");
    assertThat(cli("work/qwen3:8b:low", "work")).isEqualTo("work/qwen3:8b low");
    assertThat(cli("openai/gpt-oss-120b", "router")).isEqualTo("router/openai/gpt-oss-120b");
    assertThat(cli("gpt-5", "anthropic")).isEqualTo("none");
  }

  @Test
  void globsTyposAndUnknownNamesNameNone() throws IOException {
    assertThat(cli("claude-*")).isEqualTo("none");
    assertThat(cli("claude-sonet-4-6")).isEqualTo("none");
    assertThat(cli("anthropic/claude-sonet-4-6")).isEqualTo("none");
    assertThat(cli("nope/none")).isEqualTo("none");
    assertThat(cli("")).isEqualTo("none");
  }

  @Test
  void theNearestIdsAreSuggestedForWhatNamesNone() throws IOException {
    List<Model> models = models();
    assertThat(ModelPatterns.nearest("claude-sonet-4-6", models))
        .containsExactly("anthropic/claude-sonnet-4-6", "work/claude-sonnet-4-6");
    assertThat(ModelPatterns.nearest("anthropic/claude-sonet-4-6", models))
        .containsExactly("anthropic/claude-sonnet-4-6");
    assertThat(ModelPatterns.nearest("gpt5.4:high", models)).containsExactly("openai/gpt-5.4");
    assertThat(ModelPatterns.nearest("claude-sonnet-4-6:huge", models))
        .containsExactly("anthropic/claude-sonnet-4-6", "work/claude-sonnet-4-6");
    assertThat(ModelPatterns.nearest("llama", models)).isEmpty();
    // a glob: the models it fits, which --models would take
    assertThat(ModelPatterns.nearest("claude-opus-*", models))
        .containsExactly(
            "anthropic/claude-opus-4-7", "anthropic/claude-opus-4-6", "anthropic/claude-opus-4-5");
  }

  @Test
  void idsSortAsTheReferenceSortsThem() {
    // the order of String.localeCompare: case aside, punctuation before digits before letters
    List<String> ids =
        new ArrayList<>(
            List.of(
                "gpt-5", "gpt-5.4-mini", "gpt-5-mini", "gpt-5.5", "GPT-5.1", "gpt_5", "qwen3:8b"));
    ids.sort(ModelPatterns::compareIds);
    assertThat(ids)
        .containsExactly(
            "gpt_5", "gpt-5", "gpt-5-mini", "GPT-5.1", "gpt-5.4-mini", "gpt-5.5", "qwen3:8b");
    assertThat(ModelPatterns.compareIds("a", "A")).isNegative();
    assertThat(ModelPatterns.compareIds("same", "same")).isZero();
    assertThat(ModelPatterns.compareIds("qwen3:8b", "qwen3-8b")).isPositive();
  }
}
