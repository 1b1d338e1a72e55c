package dev.graft.runtime.llm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.Usage;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ContextOverflowTest {

  @Test
  void recognisesEachProvidersWording() {
    assertThat(
            List.of(
                "prompt is too long: 213462 tokens > 200000 maximum",
                "413 {\"error\":{\"type\":\"request_too_large\"}}",
                "Your input exceeds the context window of this model",
                "This model's maximum context length is 128000 tokens. However, you requested 130000",
                "the request exceeds the available context size, try increasing it",
                "prompt too long; exceeded max context length by 12 tokens",
                "Please reduce the length of the messages or completion"))
        .allMatch(ContextOverflow::matches);
  }

  @Test
  void rateLimitsAndOtherErrorsAreNotOverflow() {
    assertThat(
            ContextOverflow.matches(
                "ThrottlingException: Too many tokens, please wait before trying again. rate limit"))
        .isFalse();
    assertThat(ContextOverflow.matches("Too many requests")).isFalse();
    assertThat(ContextOverflow.matches("invalid x-api-key")).isFalse();
    assertThat(ContextOverflow.matches(null)).isFalse();
  }

  @Test
  void silentOverflowIsDetectedFromUsage() {
    assertThat(ContextOverflow.isContextOverflow(message("stop", 130_000, 10), 128_000)).isTrue();
    assertThat(ContextOverflow.isContextOverflow(message("stop", 100_000, 10), 128_000)).isFalse();
    assertThat(ContextOverflow.isContextOverflow(message("length", 127_500, 0), 128_000)).isTrue();
    assertThat(ContextOverflow.isContextOverflow(message("stop", 130_000, 10), 0)).isFalse();
  }

  private static AgentMessage.Assistant message(String stop, long input, long output) {
    return new AgentMessage.Assistant(
        List.of(),
        "openai-completions",
        "zai",
        "glm",
        new Usage(input, output, 0, 0, input + output, null, null),
        stop,
        Optional.empty(),
        0,
        null);
  }
}
