package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A first read of a long session copies every entry line into the script's reply: each copy is
 * allocated at its final size, not at the size of all the lines (a 338 MB session took 3.2 GB).
 */
class EntryLinesSizeTest {
  private static final String LONG =
      "{\"role\":\"toolResult\",\"text\":\"" + "x".repeat(500) + "\"}";

  private static final List<String> LINES =
      List.of(
          "{\"type\":\"message\",\"id\":\"a\",\"message\":" + LONG + "}",
          "{\"type\":\"custom\",\"id\":\"b\",\"data\":{\"n\":1}}",
          "not an object",
          "{\"type\":\"message\",\"message\":" + LONG + ",\"message\":" + LONG + "}",
          "{\"type\":\"custom\",\"data\":[" + LONG + "],\"message\":" + LONG + "}");

  @Test
  void theHeadsAndTheValuesTextAreAllocatedAtTheirSize() {
    SessionViewCalls.EntryLines e = SessionViewCalls.EntryLines.of(LINES, 400);
    assertThat(e.raw().length()).isEqualTo(3 * LONG.length() + 2);
    assertThat(e.heads().capacity()).isEqualTo(e.heads().length());
    assertThat(e.raw().capacity()).isEqualTo(e.raw().length());
  }
}
