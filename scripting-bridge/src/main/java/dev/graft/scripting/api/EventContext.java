package dev.graft.scripting.api;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.hooks.ReminderSink;
import dev.graft.runtime.json.Json;
import java.util.Objects;
import java.util.Optional;

/**
 * The {@code ctx} a handler receives as its second argument: {@code data} becomes plain fields
 * (cwd, model, sessionFile...), {@code ui} becomes {@code ctx.ui} and {@code ctx.hasUI}, {@code
 * session} becomes {@code ctx.sessionManager}, {@code agent} the agent methods ({@code
 * ctx.isIdle()}, {@code ctx.complete()}...), and {@code commands} what only a command handler's ctx
 * has ({@code ctx.navigateTree()}, {@code ctx.fork()}...), and {@code reminders} {@code
 * ctx.reminders}, which only a {@code context} handler's ctx has.
 */
public record EventContext(
    ObjectNode data,
    ScriptUi ui,
    ScriptSessionView session,
    ScriptAgentControl agent,
    ScriptCommandControl commands,
    Optional<ReminderSink> reminders) {
  public static final EventContext EMPTY = new EventContext(Json.object(), ScriptUi.NONE);

  public EventContext {
    Objects.requireNonNull(data, "data");
    Objects.requireNonNull(ui, "ui");
    Objects.requireNonNull(session, "session");
    Objects.requireNonNull(agent, "agent");
    Objects.requireNonNull(commands, "commands");
    Objects.requireNonNull(reminders, "reminders");
  }

  public EventContext(
      ObjectNode data,
      ScriptUi ui,
      ScriptSessionView session,
      ScriptAgentControl agent,
      ScriptCommandControl commands) {
    this(data, ui, session, agent, commands, Optional.empty());
  }

  public EventContext(
      ObjectNode data, ScriptUi ui, ScriptSessionView session, ScriptAgentControl agent) {
    this(data, ui, session, agent, ScriptCommandControl.NONE);
  }

  /**
   * Without a session or agent: {@code ctx.sessionManager} answers empty, the agent methods as
   * idle.
   */
  public EventContext(ObjectNode data, ScriptUi ui) {
    this(data, ui, ScriptSessionView.NONE, ScriptAgentControl.NONE);
  }

  public EventContext(ObjectNode data, ScriptUi ui, ScriptSessionView session) {
    this(data, ui, session, ScriptAgentControl.NONE);
  }

  public static EventContext of(ObjectNode data) {
    return new EventContext(data, ScriptUi.NONE);
  }

  /** This context with {@code view} as {@code ctx.sessionManager}. */
  public EventContext withSession(ScriptSessionView view) {
    return new EventContext(data, ui, view, agent, commands, reminders);
  }

  /** This context with {@code control} behind the agent methods. */
  public EventContext withAgent(ScriptAgentControl control) {
    return new EventContext(data, ui, session, control, commands, reminders);
  }

  /** This context with {@code control} behind a command handler's extra methods (the mode's). */
  public EventContext withCommands(ScriptCommandControl control) {
    return new EventContext(data, ui, session, agent, control, reminders);
  }

  /** This context with {@code dialogs} as {@code ctx.ui}. */
  public EventContext withUi(ScriptUi dialogs) {
    return new EventContext(data, dialogs, session, agent, commands, reminders);
  }

  /** This context with {@code sink} as {@code ctx.reminders} (the context event's ctx). */
  public EventContext withReminders(ReminderSink sink) {
    return new EventContext(data, ui, session, agent, commands, Optional.of(sink));
  }
}
