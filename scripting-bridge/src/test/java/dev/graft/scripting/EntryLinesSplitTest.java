package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Entry lines split into their heads and the text of their message and data, read when first used.
 */
class EntryLinesSplitTest {
  private static String split(String... lines) {
    return split(0, lines);
  }

  /** The heads, the lazy values' places and the raw text, as the reply writes them. */
  private static String split(int smallest, String... lines) {
    SessionViewCalls.Split split = SessionViewCalls.Split.of(List.of(lines), smallest);
    StringBuilder heads = new StringBuilder();
    split.heads(heads);
    StringBuilder lazy = new StringBuilder();
    split.lazy(lazy);
    StringBuilder raw = new StringBuilder();
    split.raw(raw);
    return heads + " | " + lazy + " | " + raw;
  }

  @Test
  void messageAndDataObjectsAreCutOutOfTheHead() {
    assertThat(
            split(
                "{\"type\":\"message\",\"id\":\"a\",\"message\":{\"role\":\"user\",\"c\":\"}\"}}"))
        .isEqualTo(
            "[{\"type\":\"message\",\"id\":\"a\",\"message\":0}] | 0,0,0,23 | {\"role\":\"user\",\"c\":\"}\"}");
    assertThat(
            split(
                "{\"type\":\"custom\",\"data\":[1,{\"a\":2}],\"customType\":\"x\"}",
                " { \"type\" : \"m\" , \"message\" : { \"a\" : \"\\\"{\" } } "))
        .isEqualTo(
            "[{\"type\":\"custom\",\"data\":0,\"customType\":\"x\"}, { \"type\" : \"m\" , \"message\" : 0 } ]"
                + " | 0,1,0,11,1,0,11,26 | [1,{\"a\":2}]{ \"a\" : \"\\\"{\" }");
  }

  @Test
  void otherValuesAndOddLinesStayAsTheyAre() {
    // scalars, other keys, a key twice, an escaped key, a line that is not an object
    String[] odd = {
      "{\"type\":\"message\",\"message\":null,\"details\":{\"a\":1}}",
      "{\"message\":{\"a\":1},\"message\":{\"b\":2}}",
      "{\"m\\u0065ssage\":{\"a\":1},\"message\":{\"b\":2}}",
      "[1,2]",
      "{}",
      "{\"message\":{\"a\":1}",
    };
    for (String line : odd) {
      assertThat(split(line)).as(line).isEqualTo("[" + line + "] |  | ");
    }
  }

  @Test
  void shortValuesStayInTheHead() {
    String line =
        "{\"type\":\"custom\",\"data\":{\"n\":1},\"message\":{\"c\":\"" + "x".repeat(400) + "\"}}";
    assertThat(split(SessionViewCalls.Split.SMALLEST, line))
        .startsWith(
            "[{\"type\":\"custom\",\"data\":{\"n\":1},\"message\":0}] | 0,0,0,408 | {\"c\":");
  }
}
