package dev.graft.runtime.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * One source of hook handlers, such as one script file: it handles named events with JSON
 * payloads and answers with a JSON value (or nothing). The scripting bridge implements this for
 * JavaScript files; {@link HookRunner} turns the answers into each event's typed result.
 */
public interface HookSource {

  /** The name to report problems under (a script's path). */
  String name();

  /** The events it has handlers for. */
  Set<String> events();

  /**
   * Runs this source's handlers for {@code event} with {@code payload} (in registration order,
   * each seeing the previous one's answer applied where the event chains). Blocks until they
   * settle; time limits are the source's to enforce.
   */
  Outcome handle(String event, JsonNode payload);

  /**
   * {@link #handle} for the {@code context} event, with the sink its handlers may append
   * reminders to (for this model call only). A source that offers no reminders ignores it.
   */
  default Outcome handleContext(JsonNode payload, ReminderSink reminders) {
    return handle("context", payload);
  }

  /**
   * {@link #handleContext(JsonNode, ReminderSink)} where the payload has {@code entryIndex}:
   * {@code entryIndexOf} gives it for other messages (a JSON array of messages, as a handler
   * answers), so that a next handler of this source sees it right; null when it cannot.
   */
  default Outcome handleContext(JsonNode payload, ReminderSink reminders, Function<JsonNode, JsonNode> entryIndexOf) {
    return handleContext(payload, reminders);
  }

  /** What handling an event gave. */
  sealed interface Outcome {
    /** The handlers' answer; a missing node for "nothing" ({@code undefined}, no return). */
    record Answer(JsonNode value) implements Outcome {
      public Answer {
        Objects.requireNonNull(value, "value");
      }
    }

    /** A handler failed: threw, timed out, was interrupted. {@code message} names where. */
    record Failure(String message) implements Outcome {
      public Failure {
        Objects.requireNonNull(message, "message");
      }
    }
  }
}
