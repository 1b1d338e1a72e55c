package dev.graft.scripting.api;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * What only a command handler's {@code ctx} has: {@code waitForIdle()}, {@code navigateTree()},
 * {@code fork()}, {@code newSession()} and {@code reload()}. The mode that runs the command
 * implements it (it owns session switching); every method answers by future, never waiting on the
 * script thread. The booleans are the reference's {@code {cancelled}}.
 */
public interface ScriptCommandControl {

  /** {@code navigateTree(targetId, options)}: options as the reference's. */
  record TreeOptions(
      boolean summarize,
      Optional<String> customInstructions,
      boolean replaceInstructions,
      Optional<String> label) {}

  CompletableFuture<Void> waitForIdle();

  /** Cancelled (true) when the user or a hook cancelled it. */
  CompletableFuture<Boolean> navigateTree(String targetId, TreeOptions options);

  CompletableFuture<Boolean> fork(String entryId);

  CompletableFuture<Boolean> newSession();

  CompletableFuture<Void> reload();

  /** A mode that runs no commands itself: every method is rejected, saying so. */
  ScriptCommandControl NONE =
      new ScriptCommandControl() {
        private <T> CompletableFuture<T> no(String what) {
          return CompletableFuture.failedFuture(
              new UnsupportedOperationException(
                  what
                      + " is not available in this mode"
                      + " (only in the interactive mode's commands)"));
        }

        @Override
        public CompletableFuture<Void> waitForIdle() {
          return no("waitForIdle");
        }

        @Override
        public CompletableFuture<Boolean> navigateTree(String targetId, TreeOptions options) {
          return no("navigateTree");
        }

        @Override
        public CompletableFuture<Boolean> fork(String entryId) {
          return no("fork");
        }

        @Override
        public CompletableFuture<Boolean> newSession() {
          return no("newSession");
        }

        @Override
        public CompletableFuture<Void> reload() {
          return no("reload");
        }
      };
}
