package dev.graft.scripting;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.scripting.api.Failure;
import dev.graft.scripting.api.ScriptFile;
import java.util.Objects;

/**
 * What one handler gave for an event: its answer as JSON (a missing node when it returned nothing
 * or {@code undefined}), or why there is none. Results are raw; what an answer means for an event
 * is for the runtime's HookRunner to decide.
 */
sealed interface HandlerOutcome {

  ScriptFile script();

  record Answered(ScriptFile script, JsonNode value) implements HandlerOutcome {
    public Answered {
      Objects.requireNonNull(script, "script");
      Objects.requireNonNull(value, "value");
    }
  }

  record Failed(ScriptFile script, Failure failure) implements HandlerOutcome {
    public Failed {
      Objects.requireNonNull(script, "script");
      Objects.requireNonNull(failure, "failure");
    }
  }
}
