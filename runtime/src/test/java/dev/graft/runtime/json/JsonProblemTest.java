package dev.graft.runtime.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.core.JsonProcessingException;
import org.junit.jupiter.api.Test;

/** What a user reads when graft cannot parse a JSON text. */
class JsonProblemTest {
  @Test
  void aLimitIsToldWithoutJacksonsInternals() {
    String deep = "[".repeat(2_001) + "]".repeat(2_001);
    JsonProcessingException e =
        catchThrowableOfType(JsonProcessingException.class, () -> Json.parse(deep));
    assertThat(Json.problem(e))
        .isEqualTo("Document nesting depth (2001) exceeds the maximum allowed (2000)");
  }
}
