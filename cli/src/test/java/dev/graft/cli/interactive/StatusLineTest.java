package dev.graft.cli.interactive;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class StatusLineTest {
  @Test
  void showsModelThinkingContextCostAndScriptStatuses() {
    assertThat(
            StatusLine.format(
                "anthropic/claude-sonnet-4-6",
                "high",
                12_345,
                200_000,
                0.01234,
                List.of("tests: green")))
        .isEqualTo(
            "anthropic/claude-sonnet-4-6 · thinking high · context 12k/200k (6.2%) · $0.012 · tests: green");
    assertThat(StatusLine.format("ollama/qwen3:8b", null, 950, 32_768, 0, List.of()))
        .isEqualTo("ollama/qwen3:8b · context 950/33k (2.9%) · $0.000");
  }

  @Test
  void tokenCountsAreShortened() {
    assertThat(StatusLine.tokens(999)).isEqualTo("999");
    assertThat(StatusLine.tokens(9_500)).isEqualTo("9.5k");
    assertThat(StatusLine.tokens(200_000)).isEqualTo("200k");
    assertThat(StatusLine.tokens(1_250_000)).isEqualTo("1.3M");
    assertThat(StatusLine.tokens(12_000_000)).isEqualTo("12M");
  }
}
