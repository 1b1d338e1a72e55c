package dev.graft.cli.interactive;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.scripting.api.MessageRendering;
import dev.graft.scripting.api.ScriptTerminal;
import dev.graft.scripting.api.ToolRenderRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The hook scripts of a run, as the interactive mode sees them: their commands, {@code /scripts}
 * and {@code /reload}.
 */
public interface ScriptControl {
  /** The commands the running scripts registered. */
  List<SlashCommand> commands();

  /** {@code /scripts}: each script, where it comes from, what it registered, its problems. */
  List<String> describe();

  /**
   * Loads every script again (new, changed and removed files too); what happened, one line each.
   */
  List<String> reload();

  /**
   * A custom message ({@code message} as in the session) as the renderer a script registered for
   * its type shows it, waiting at most {@code wait}; empty when there is none, or it gave nothing.
   */
  default Optional<MessageRendering> renderMessage(
      JsonNode message, boolean expanded, Duration wait) {
    return Optional.empty();
  }

  /**
   * Whether a script's tool {@code name} draws its own call or result (renderCall, renderResult).
   */
  default boolean rendersTool(String name) {
    return false;
  }

  /**
   * How a script's tool draws its call or result, waiting at most {@code wait}; empty for graft's
   * own rendering.
   */
  default Optional<MessageRendering> renderTool(ToolRenderRequest request, Duration wait) {
    return Optional.empty();
  }

  /**
   * The components scripts draw are drawn on {@code terminal} from now on (its colours, size,
   * markdown).
   */
  default void useTerminal(ScriptTerminal terminal) {}

  /** The files of the running scripts. */
  default List<Path> files() {
    return List.of();
  }

  /** A run without scripts. */
  ScriptControl NONE =
      new ScriptControl() {
        @Override
        public List<SlashCommand> commands() {
          return List.of();
        }

        @Override
        public List<String> describe() {
          return List.of("No hook scripts are loaded.");
        }

        @Override
        public List<String> reload() {
          return List.of();
        }
      };
}
