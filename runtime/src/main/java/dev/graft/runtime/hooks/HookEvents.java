package dev.graft.runtime.hooks;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The catalogue of event names a script may subscribe to, in one place: the hook points ({@link
 * AgentHookPoints}, {@link SessionHookPoints} and {@link ContextHookPoint}), the agent events
 * scripts watch, and the reference agent's events graft accepts but never emits (so that scripts
 * written for it load). The scripting bridge takes its list from here, and each event's {@link
 * HandlerRules} ({@link #rules}).
 */
public final class HookEvents {
  private HookEvents() {}

  /** The event whose handlers shape a model call's messages ({@link ContextHookPoint}). */
  public static final String CONTEXT = ContextHookPoint.CONTEXT.event();

  private static final List<HookPoint<?, ?>> POINT_LIST =
      List.of(
          AgentHookPoints.INPUT,
          AgentHookPoints.BEFORE_AGENT_START,
          AgentHookPoints.TOOL_CALL,
          AgentHookPoints.TOOL_RESULT,
          SessionHookPoints.START,
          SessionHookPoints.SHUTDOWN,
          SessionHookPoints.BEFORE_SWITCH,
          SessionHookPoints.SWITCH,
          SessionHookPoints.BEFORE_FORK,
          SessionHookPoints.FORK,
          SessionHookPoints.BEFORE_COMPACT,
          SessionHookPoints.COMPACT,
          SessionHookPoints.BEFORE_TREE,
          SessionHookPoints.TREE,
          SessionHookPoints.MODEL_SELECT,
          SessionHookPoints.THINKING_LEVEL_SELECT,
          ContextHookPoint.CONTEXT,
          ResourceHookPoints.BEFORE_PROVIDER_REQUEST,
          ResourceHookPoints.RESOURCES_DISCOVER);

  private static final Map<String, HookPoint<?, ?>> BY_NAME =
      POINT_LIST.stream()
          .collect(Collectors.toUnmodifiableMap(HookPoint::event, Function.identity()));

  /** The hook points, each with its own result. */
  public static final Set<String> POINTS =
      Set.copyOf(
          POINT_LIST.stream().map(HookPoint::event).collect(Collectors.toCollection(TreeSet::new)));

  /**
   * The agent events (dev.graft.runtime.events.AgentEvent), which scripts only watch ({@link
   * WatchedPoints}).
   */
  public static final Set<String> WATCHED = WatchedPoints.NAMES;

  /** The reference's events graft accepts and never emits. */
  public static final Set<String> NEVER_EMITTED = Set.of("after_provider_response", "user_bash");

  /** Every name {@code on} accepts. */
  public static final Set<String> ALL =
      Set.copyOf(Stream.of(POINTS, WATCHED, NEVER_EMITTED).flatMap(Set::stream).toList());

  /**
   * The rules for the handlers of one source for {@code event}, as its hook point defines them (for
   * a source asked by name, outside {@link HookRunner}, which hands them over with each event);
   * {@link HandlerRules#DEFAULT} for an event graft never emits.
   */
  public static HandlerRules rules(String event) {
    HookPoint<?, ?> point = BY_NAME.get(event);
    if (point != null) {
      return point;
    }
    return WatchedPoints.named(event).<HandlerRules>map(p -> p).orElse(HandlerRules.DEFAULT);
  }
}
