package dev.graft.scripting;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/**
 * Called after each handler of an emit, on the emitting thread: given the payload that handler saw
 * and its outcome, says what the next handler sees, or stops the emit. This is how a {@code
 * context} handler's messages become the next handler's input, or a {@code tool_call} block ends
 * the round. Returning the same payload instance lets a script's next handler reuse the JavaScript
 * object the previous one saw (and any changes it made in place).
 */
@FunctionalInterface
interface Chain {

  /** Every handler sees the original payload. */
  Chain NONE = (payload, outcome) -> new Step.Next(payload);

  Step next(JsonNode payload, HandlerOutcome outcome);

  sealed interface Step {
    record Next(JsonNode payload) implements Step {
      public Next {
        Objects.requireNonNull(payload, "payload");
      }
    }

    record Stop() implements Step {}
  }
}
