package dev.graft.scripting;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.scripting.api.Failure;
import dev.graft.scripting.api.ScriptFile;
import java.util.Objects;
import java.util.Optional;

/**
 * What one handler gave for an event: its answer as JSON (a missing node when it returned nothing
 * or {@code undefined}), or why there is none. Results are raw; what an answer means for an event
 * is for the runtime's HookRunner to decide.
 */
sealed interface HandlerOutcome {

  ScriptFile script();

  /** {@code where}: the handler's place ("file.js:LINE"), for a report that its answer is wrong. */
  record Answered(ScriptFile script, JsonNode value, Optional<String> where)
      implements HandlerOutcome {
    public Answered {
      Objects.requireNonNull(script, "script");
      Objects.requireNonNull(value, "value");
      Objects.requireNonNull(where, "where");
    }

    Answered(ScriptFile script, JsonNode value) {
      this(script, value, Optional.empty());
    }
  }

  record Failed(ScriptFile script, Failure failure) implements HandlerOutcome {
    public Failed {
      Objects.requireNonNull(script, "script");
      Objects.requireNonNull(failure, "failure");
    }
  }
}
