package dev.graft.cli.interactive;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.cli.tui.ThemeFile;
import dev.graft.scripting.api.LoadReport;
import dev.graft.scripting.api.MessageRendering;
import dev.graft.scripting.api.ScriptTerminal;
import dev.graft.scripting.api.ToolRenderRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The hook scripts of a run, as the interactive mode sees them: their commands, {@code /scripts}
 * and {@code /reload}.
 */
public interface ScriptControl {
  /** The commands the running scripts registered. */
  List<SlashCommand> commands();

  /**
   * Whether {@code /name}, as typed, is a skill's or a prompt template's, sent as a prompt: one
   * whose name has capitals has no command to complete it, yet expands as in {@code -p}.
   */
  default boolean expands(String name) {
    return false;
  }

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
   * The themes beside graft's own (theme files of $GRAFT_HOME/themes, the project and packages).
   */
  default ThemeFile.Loaded themes() {
    return new ThemeFile.Loaded(List.of(), List.of());
  }

  /**
   * The scripts that failed to load when graft started, and the warnings their load gave, one line
   * each naming the file: the terminal is cleared when the conversation is drawn, so what went to
   * stderr before is gone.
   */
  default List<String> loadProblems() {
    return List.of();
  }

  /** The scripts that failed to load when graft started: each file, and why. */
  default List<LoadReport.Problem> loadFailures() {
    return List.of();
  }

  /** The built-in tools the running scripts replace: one line each, naming tool and script. */
  default List<String> replacedTools() {
    return List.of();
  }

  /** The keys the running scripts bound ({@code pi.registerShortcut}). */
  default List<String> shortcuts() {
    return List.of();
  }

  /** Runs the handler bound to {@code key}; the future ends when it does (failing as it did). */
  default CompletableFuture<?> runShortcut(String key) {
    return CompletableFuture.failedFuture(new IllegalArgumentException("no script bound " + key));
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
