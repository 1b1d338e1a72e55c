package dev.graft.scripting;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import java.util.Objects;

/**
 * The {@code ctx} a handler receives as its second argument: {@code data} becomes plain fields
 * (cwd, model, sessionFile...), {@code ui} becomes {@code ctx.ui} and {@code ctx.hasUI},
 * {@code session} becomes {@code ctx.sessionManager}, and {@code agent} the agent methods
 * ({@code ctx.isIdle()}, {@code ctx.complete()}...).
 */
public record EventContext(ObjectNode data, ScriptUi ui, ScriptSessionView session, ScriptAgentControl agent) {
  public static final EventContext EMPTY = new EventContext(Json.object(), ScriptUi.NONE);

  public EventContext {
    Objects.requireNonNull(data, "data");
    Objects.requireNonNull(ui, "ui");
    Objects.requireNonNull(session, "session");
    Objects.requireNonNull(agent, "agent");
  }

  /** Without a session or agent: {@code ctx.sessionManager} answers empty, the agent methods as idle. */
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
    return new EventContext(data, ui, view, agent);
  }

  /** This context with {@code control} behind the agent methods. */
  public EventContext withAgent(ScriptAgentControl control) {
    return new EventContext(data, ui, session, control);
  }

  /** This context with {@code dialogs} as {@code ctx.ui}. */
  public EventContext withUi(ScriptUi dialogs) {
    return new EventContext(data, dialogs, session, agent);
  }
}
