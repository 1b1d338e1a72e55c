package dev.graft.scripting;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * {@code ctx.ui} for one emit or command: dialogs answered by the mode's UI thread. Same
 * threading rules as {@link ScriptHostPort}: called on the owner thread, answers by future.
 */
public interface ScriptUi {

  /** No UI (print and JSON modes): dialogs answer as if dismissed, notifications go nowhere. */
  ScriptUi NONE = new ScriptUi() {
    @Override
    public boolean available() {
      return false;
    }

    @Override
    public CompletableFuture<Optional<String>> select(String title, List<String> options) {
      return CompletableFuture.completedFuture(Optional.empty());
    }

    @Override
    public CompletableFuture<Boolean> confirm(String title, String message) {
      return CompletableFuture.completedFuture(false);
    }

    @Override
    public CompletableFuture<Optional<String>> input(String title, String placeholder) {
      return CompletableFuture.completedFuture(Optional.empty());
    }

    @Override
    public void notify(String message, String level) {}
  };

  /** {@code ctx.hasUI}. */
  boolean available();

  /** The chosen option, or empty when dismissed. */
  CompletableFuture<Optional<String>> select(String title, List<String> options);

  CompletableFuture<Boolean> confirm(String title, String message);

  /** The text entered, or empty when dismissed. */
  CompletableFuture<Optional<String>> input(String title, String placeholder);

  /** {@code level} is "info", "warning" or "error". */
  void notify(String message, String level);
}
