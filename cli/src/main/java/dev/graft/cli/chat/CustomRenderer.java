package dev.graft.cli.chat;

import dev.graft.cli.tui.Component;
import dev.graft.runtime.message.AgentMessage;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * How a script's renderer shows its custom message, expanded or not: plain lines, or a component
 * the script draws; empty for the default. It may wait for the script, at most as long as it is
 * told.
 */
@FunctionalInterface
public interface CustomRenderer {
  Optional<Rendered> render(AgentMessage.Custom message, boolean expanded, Duration wait);

  /** What a renderer gave. */
  sealed interface Rendered {
    /**
     * Lines to show; {@code failed} when they say the renderer failed (and show the default after).
     */
    record Lines(List<String> lines, boolean failed) implements Rendered {
      public Lines {
        lines = List.copyOf(lines);
      }
    }

    /** A component the script draws; {@code release} lets it go once it is no longer shown. */
    record Drawn(Component component, Runnable release) implements Rendered {}
  }

  CustomRenderer NONE = (message, expanded, wait) -> Optional.empty();
}
