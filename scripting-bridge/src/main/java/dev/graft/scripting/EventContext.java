package dev.graft.scripting;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import java.util.Objects;

/**
 * The {@code ctx} a handler receives as its second argument: {@code data} becomes plain fields
 * (cwd, model, sessionFile...), {@code ui} becomes {@code ctx.ui} and {@code ctx.hasUI}, and
 * {@code session} becomes {@code ctx.sessionManager}.
 */
public record EventContext(ObjectNode data, ScriptUi ui, ScriptSessionView session) {
  public static final EventContext EMPTY = new EventContext(Json.object(), ScriptUi.NONE);

  public EventContext {
    Objects.requireNonNull(data, "data");
    Objects.requireNonNull(ui, "ui");
    Objects.requireNonNull(session, "session");
  }

  /** Without a session view ({@code ctx.sessionManager} answers empty). */
  public EventContext(ObjectNode data, ScriptUi ui) {
    this(data, ui, ScriptSessionView.NONE);
  }

  public static EventContext of(ObjectNode data) {
    return new EventContext(data, ScriptUi.NONE);
  }

  /** This context with {@code view} as {@code ctx.sessionManager}. */
  public EventContext withSession(ScriptSessionView view) {
    return new EventContext(data, ui, view);
  }
}
