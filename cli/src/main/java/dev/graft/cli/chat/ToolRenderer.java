package dev.graft.cli.chat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.events.AgentEvent;
import java.time.Duration;
import java.util.Optional;

/**
 * How a script's tool draws its own call and result ({@code renderCall}, {@code renderResult}): the
 * component it returned, or empty for graft's rendering. It may wait for the script, at most as
 * long as it is told.
 */
public interface ToolRenderer {
  /** Whether {@code toolName} draws itself (asked without waiting). */
  boolean renders(String toolName);

  /** Its call ({@code result} empty) or its result, as it draws it. */
  Optional<CustomRenderer.Rendered.Drawn> render(
      String toolName,
      String toolCallId,
      ObjectNode args,
      Optional<AgentEvent.ToolOutput> result,
      boolean isError,
      boolean expanded,
      Duration wait);

  ToolRenderer NONE =
      new ToolRenderer() {
        @Override
        public boolean renders(String toolName) {
          return false;
        }

        @Override
        public Optional<CustomRenderer.Rendered.Drawn> render(
            String toolName,
            String toolCallId,
            ObjectNode args,
            Optional<AgentEvent.ToolOutput> result,
            boolean isError,
            boolean expanded,
            Duration wait) {
          return Optional.empty();
        }
      };
}
