package dev.graft.runtime.llm;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Budget or effort: by model id, and as models.json's thinkingStyle says. */
class ThinkingStyleTest {
  @TempDir Path home;

  private ModelRegistry registry(String json) throws Exception {
    Files.writeString(home.resolve("models.json"), json);
    return ModelRegistry.load(home, Map.of());
  }

  private static JsonNode anthropicBody(Model model) {
    return AnthropicProtocol.body(
        LlmRequest.of(model, "", List.of(TestModels.user("Hi")), List.of())
            .withThinking(ThinkingLevel.HIGH));
  }

  @Test
  void claudeModelsNewerThanTheBuiltInListThinkAdaptively() throws Exception {
    ModelRegistry r =
        registry(
            """
            {"providers": {"anthropic": {"models": [
              {"id": "claude-opus-4-8", "reasoning": true},
              {"id": "claude-sonnet-5", "reasoning": true},
              {"id": "claude-haiku-4-5-20251001", "reasoning": true},
              {"id": "claude-next", "reasoning": true, "thinkingStyle": "effort"},
              {"id": "claude-opus-4-9", "reasoning": true, "thinkingStyle": "budget"}]}}}\
            """);
    assertThat(r.problems()).isEmpty();
    for (String id : List.of("claude-opus-4-8", "claude-sonnet-5", "claude-next")) {
      JsonNode body = anthropicBody(r.find("anthropic", id).orElseThrow());
      assertThat(body.get("thinking"))
          .as(id)
          .isEqualTo(Json.parse("{\"type\":\"adaptive\",\"display\":\"summarized\"}"));
      assertThat(body.at("/output_config/effort").asText()).as(id).isEqualTo("high");
    }
    for (String id : List.of("claude-haiku-4-5-20251001", "claude-opus-4-9")) {
      assertThat(anthropicBody(r.find("anthropic", id).orElseThrow()).at("/thinking/type").asText())
          .as(id)
          .isEqualTo("enabled");
    }
    assertThat(ThinkingStyle.claudeFrom46("claude-opus-4-20250514")).isFalse();
    assertThat(ThinkingStyle.claudeFrom46("anthropic/claude-sonnet-4.6")).isTrue();
    assertThat(ThinkingStyle.claudeFrom46("claude-3-7-sonnet-20250219")).isFalse();
  }

  @Test
  void aWrongThinkingStyleIsReportedAsOneLine() throws Exception {
    ModelRegistry r =
        registry(
            """
            {"providers": {"anthropic": {"models": [{"id": "claude-x", "thinkingStyle": "adaptive"}]}}}\
            """);
    assertThat(r.problems())
        .containsExactly(
            home.resolve("models.json")
                + ": providers.anthropic.models[0].thinkingStyle: must be \"budget\" (a token budget) or \"effort\" (an effort or level)");
  }

  @Test
  void geminiByVersionAndByField() throws Exception {
    ModelRegistry r =
        registry(
            """
            {"providers": {"google": {"models": [{"id": "gemini-4-flash", "reasoning": true},
              {"id": "gemini-2.5-flash-next", "reasoning": true, "thinkingStyle": "effort"}]}}}\
            """);
    for (String id : List.of("gemini-4-flash", "gemini-2.5-flash-next")) {
      JsonNode body =
          GeminiProtocol.body(
              LlmRequest.of(
                      r.find("google", id).orElseThrow(),
                      "",
                      List.of(TestModels.user("Hi")),
                      List.of())
                  .withThinking(ThinkingLevel.LOW));
      assertThat(body.at("/generationConfig/thinkingConfig/thinkingLevel").asText())
          .as(id)
          .isEqualTo("LOW");
    }
  }
}
