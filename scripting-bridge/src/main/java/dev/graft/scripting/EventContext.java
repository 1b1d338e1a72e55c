package dev.graft.scripting;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import java.util.Objects;

/**
 * The {@code ctx} a handler receives as its second argument: {@code data} becomes plain fields
 * (cwd, model, sessionFile...), and {@code ui} becomes {@code ctx.ui} and {@code ctx.hasUI}.
 */
public record EventContext(ObjectNode data, ScriptUi ui) {
  public static final EventContext EMPTY = new EventContext(Json.object(), ScriptUi.NONE);

  public EventContext {
    Objects.requireNonNull(data, "data");
    Objects.requireNonNull(ui, "ui");
  }

  public static EventContext of(ObjectNode data) {
    return new EventContext(data, ScriptUi.NONE);
  }
}
