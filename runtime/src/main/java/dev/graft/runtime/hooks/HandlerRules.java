package dev.graft.runtime.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;

/**
 * One event's rules for the handlers of a single source (a script that subscribed to the event more
 * than once): whether their answers are read at all, what the next handler is handed after one
 * answered, and how their answers make the source's one answer, which {@link HookRunner} then reads
 * as any source's. Each {@link HookPoint} defines them beside its typed rules for the sources in
 * turn, and HookRunner hands them to the source with the event ({@link HookSource.Request}); {@link
 * HookEvents#rules} gives them by name. The defaults here: answers are read, every handler is
 * handed the same payload, and a later answer's fields win.
 */
public interface HandlerRules {

  /** The rules of an event that has no rules of its own (one graft accepts and never emits). */
  HandlerRules DEFAULT = new HandlerRules() {};

  /**
   * Whether the handlers' answers are read: false for the events scripts only watch, whose answers
   * are not read at all (no getter or toJSON of theirs runs).
   */
  default boolean answersRead() {
    return true;
  }

  /**
   * What the next handler of the source is handed after one that was handed {@code seen} answered
   * {@code answer} (neither missing nor null): {@code seen} itself, so that a change a handler made
   * in place is seen by the next, as in the reference; a new payload; or nothing, the source's
   * handlers stopping there.
   */
  default Next nextHandler(JsonNode seen, JsonNode answer) {
    return new Next.Payload(seen);
  }

  /**
   * The source's answer from its answer so far and a later handler's, which saw the earlier ones':
   * the later fields win over the earlier (objects); anything else replaces.
   */
  default JsonNode mergeAnswers(JsonNode earlier, JsonNode later) {
    if (earlier instanceof ObjectNode e && later instanceof ObjectNode l) {
      ObjectNode merged = e.deepCopy();
      merged.setAll(l);
      return merged;
    }
    return later;
  }

  /** What the next handler gets. */
  sealed interface Next {
    /** This payload: the one the answering handler saw, or one with the answer applied. */
    record Payload(JsonNode payload) implements Next {
      public Payload {
        Objects.requireNonNull(payload, "payload");
      }
    }

    /**
     * No next handler: the answer ends the source's handling ({@code tool_call}'s block, a cancel).
     */
    record Stop() implements Next {}
  }
}
