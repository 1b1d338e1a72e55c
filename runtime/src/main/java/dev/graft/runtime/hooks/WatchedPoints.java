package dev.graft.runtime.hooks;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.events.AgentEvent;
import dev.graft.runtime.events.AgentEvents;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The agent events scripts only watch (agent_start, turn_start, message_*, tool_execution_*,
 * compaction_*, agent_end...), one {@link HookPoint} each: the payload is the event's own JSON form
 * ({@link AgentEvents#toHookJson}, as {@code --mode json} prints it, a message_update's message
 * made when read), made only when some script watches that event, and an answer is not read.
 */
final class WatchedPoints {
  private WatchedPoints() {}

  /** The names of the agent events (the {@code type} of each {@link AgentEvent}'s JSON form). */
  static final Set<String> NAMES =
      Set.of(
          "agent_start",
          "agent_end",
          "turn_start",
          "turn_end",
          "message_start",
          "message_update",
          "message_end",
          "tool_execution_start",
          "tool_execution_update",
          "tool_execution_end",
          "compaction_start",
          "compaction_end",
          "auto_retry_start",
          "auto_retry_end");

  private static final Map<String, HookPoint<AgentEvent, AgentEvent>> BY_NAME =
      NAMES.stream().collect(Collectors.toUnmodifiableMap(Function.identity(), Watched::new));

  /** The point of the agent event named {@code name}, if it is one. */
  static Optional<HookPoint<AgentEvent, AgentEvent>> named(String name) {
    return Optional.ofNullable(BY_NAME.get(name));
  }

  /**
   * The point of {@code event} (an event missing from {@link #NAMES} gets one too: watching never
   * fails the agent).
   */
  static HookPoint<AgentEvent, AgentEvent> of(AgentEvent event) {
    String name = AgentEvents.type(event);
    HookPoint<AgentEvent, AgentEvent> point = BY_NAME.get(name);
    return point != null ? point : new Watched(name);
  }

  /** One watched event: its result is the event itself, which no answer changes. */
  private static final class Watched extends HookPoint<AgentEvent, AgentEvent> {
    Watched(String event) {
      super(event);
    }

    @Override
    AgentEvent initial(AgentEvent event) {
      return event;
    }

    @Override
    ObjectNode payload(AgentEvent event) {
      return AgentEvents.toHookJson(event);
    }

    @Override
    void fill(ObjectNode payload, AgentEvent event) {
      // Not called: the payload is the event's JSON form, type included.
    }

    /** An answer is not read at all (no getter of a script's runs for an event it only watches). */
    @Override
    public boolean answersRead() {
      return false;
    }
  }
}
