package dev.graft.cli.interactive;

import dev.graft.scripting.api.ScriptCommandControl;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * A command handler's {@code ctx.reload()} where a prompt {@code /name} runs the command (print,
 * JSON and RPC modes). As in the interactive mode, the reload waits until the handler has returned:
 * reloading at once would unload the script whose handler is running. The other session methods are
 * the interactive mode's only.
 */
final class PromptCommandControl implements ScriptCommandControl {
  private final Optional<Supplier<List<String>>> reload;
  private final AtomicBoolean reloadAsked = new AtomicBoolean();

  PromptCommandControl(Optional<Supplier<List<String>>> reload) {
    this.reload = reload;
  }

  /** Reloads if the handler asked to; what was loaded, one line each (none if it did not ask). */
  List<String> reloadIfAsked() {
    return reload.isPresent() && reloadAsked.getAndSet(false) ? reload.get().get() : List.of();
  }

  @Override
  public CompletableFuture<Void> reload() {
    if (reload.isEmpty()) {
      return NONE.reload();
    }
    reloadAsked.set(true);
    return CompletableFuture.completedFuture(null);
  }

  @Override
  public CompletableFuture<Void> waitForIdle() {
    return NONE.waitForIdle();
  }

  @Override
  public CompletableFuture<Boolean> navigateTree(String targetId, TreeOptions options) {
    return NONE.navigateTree(targetId, options);
  }

  @Override
  public CompletableFuture<Boolean> fork(String entryId) {
    return NONE.fork(entryId);
  }

  @Override
  public CompletableFuture<Boolean> newSession() {
    return NONE.newSession();
  }
}
