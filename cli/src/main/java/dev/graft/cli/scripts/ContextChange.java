package dev.graft.cli.scripts;

import dev.graft.runtime.message.AgentMessage;
import java.util.Objects;
import java.util.Optional;

/**
 * One difference between the messages a script's {@code context} handler was given and those it
 * returned. Positions count from 1: {@code before} in the list it was given, {@code after} in the
 * list it returned.
 */
public sealed interface ContextChange {
  record Removed(int before, AgentMessage message) implements ContextChange {
    public Removed {
      Objects.requireNonNull(message, "message");
    }
  }

  record Added(int after, AgentMessage message) implements ContextChange {
    public Added {
      Objects.requireNonNull(message, "message");
    }
  }

  record Replaced(int before, int after, AgentMessage was, AgentMessage now)
      implements ContextChange {
    public Replaced {
      Objects.requireNonNull(was, "was");
      Objects.requireNonNull(now, "now");
    }
  }

  /** The message the change is about in the list given (empty for an added one). */
  default Optional<AgentMessage> given() {
    return switch (this) {
      case Removed r -> Optional.of(r.message());
      case Added a -> Optional.empty();
      case Replaced r -> Optional.of(r.was());
    };
  }
}
