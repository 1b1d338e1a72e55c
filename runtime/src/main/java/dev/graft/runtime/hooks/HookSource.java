package dev.graft.runtime.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One source of hook handlers, such as one script file: it handles named events with JSON payloads
 * and answers with a JSON value (or nothing). The scripting bridge implements this for JavaScript
 * files; {@link HookRunner} turns the answers into each event's typed result.
 *
 * <h2>The context event's messages: same tree, same message</h2>
 *
 * For {@code context}, a message is handed over as the same JSON tree, the same object, on every
 * call while it stays in the context, and the runtime never changes a tree it handed over. A tree
 * in a source's answer that is one the source was handed (the same object, compared by identity)
 * stands for that message, unchanged, and is not decoded; any other tree is decoded as a new
 * message. So a source may keep the trees it was handed and tell unchanged messages by identity,
 * sending its handlers only the messages they do not hold yet (the bridge does); it must not change
 * a tree it keeps. {@code ContextHookPoint.MessageTrees} keeps this contract.
 */
public interface HookSource {

  /** The name to report problems under (a script's path). */
  String name();

  /** The events it has handlers for. */
  Set<String> events();

  /**
   * Runs this source's handlers for {@code event} with {@code payload} (in registration order, each
   * seeing the previous one's answer applied where the event chains). Blocks until they settle;
   * time limits are the source's to enforce.
   */
  Outcome handle(String event, JsonNode payload);

  /**
   * {@link #handle} for the {@code context} event, with the sink its handlers may append reminders
   * to (for this model call only). A source that offers no reminders ignores it.
   */
  default Outcome handleContext(JsonNode payload, ReminderSink reminders) {
    return handle("context", payload);
  }

  /**
   * What {@link HookRunner} calls: {@code request}'s event for this source, with the event's rules
   * for a source that has several handlers of it. By default, for a source with one handler per
   * event, {@link #handleContext} for {@code context} and {@link #handle(String, JsonNode)} for the
   * others.
   */
  default Outcome handle(Request request) {
    return request.reminders().isPresent()
        ? handleContext(request.payload(), request.reminders().get())
        : handle(request.event(), request.payload());
  }

  /**
   * One event for a source: its name, its payload, its {@link HandlerRules} (bound to this call:
   * for {@code context} they know the branch, to give a changed message list its {@code
   * entryIndex}), and the model call's reminder sink, present for {@code context} only.
   */
  record Request(
      String event, ObjectNode payload, HandlerRules rules, Optional<ReminderSink> reminders) {
    public Request {
      Objects.requireNonNull(event, "event");
      Objects.requireNonNull(payload, "payload");
      Objects.requireNonNull(rules, "rules");
      Objects.requireNonNull(reminders, "reminders");
    }
  }

  /** What handling an event gave. */
  sealed interface Outcome {
    /**
     * The handlers' answer; a missing node for "nothing" ({@code undefined}, no return). {@code
     * where}: the handler that gave it, as "file.js:LINE", when known, for a report that the answer
     * was wrong (an answer has no stack of its own).
     */
    record Answer(JsonNode value, Optional<String> where) implements Outcome {
      public Answer {
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(where, "where");
      }

      /** An answer whose handler is not known. */
      public Answer(JsonNode value) {
        this(value, Optional.empty());
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
