package dev.graft.cli.interactive;

import dev.graft.runtime.agent.AgentSession;
import dev.graft.runtime.concurrent.AbortSignal;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.session.SessionEntry;
import dev.graft.scripting.api.ScriptCommandControl;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A script command's {@code ctx.waitForIdle/navigateTree/fork/newSession/reload} in the interactive
 * mode. Each runs on a virtual thread (never the script thread); text a move puts back for editing
 * (a user message navigated to or forked from) is kept for the editor, set once the command ends.
 */
final class ScriptSessionCommands implements ScriptCommandControl {
  private final CommandContext ctx;
  final AtomicReference<String> editorText = new AtomicReference<>();

  /** Set by {@link #reload}: the command's runner reloads once the handler has returned. */
  final AtomicBoolean reloadAfter = new AtomicBoolean();

  ScriptSessionCommands(CommandContext ctx) {
    this.ctx = ctx;
  }

  private static <T> CompletableFuture<T> async(String name, Callable<T> work) {
    CompletableFuture<T> result = new CompletableFuture<>();
    Thread.ofVirtual()
        .name("graft-script-" + name)
        .start(() -> {
          try {
            result.complete(work.call());
          } catch (Exception e) {
            result.completeExceptionally(e);
          }
        });
    return result;
  }

  @Override
  public CompletableFuture<Void> waitForIdle() {
    return async(
        "wait",
        () -> {
          ctx.agent().waitForIdle();
          return null;
        });
  }

  @Override
  public CompletableFuture<Boolean> navigateTree(String targetId, TreeOptions options) {
    AgentSession agent = ctx.agent();
    if (!agent.session().contains(targetId)) {
      return CompletableFuture.failedFuture(
          new IllegalArgumentException("entry " + targetId + " not found"));
    }
    AbortSignal signal = new AbortSignal();
    Runnable unlink = agent.abortWith(signal);
    return async(
        "tree",
        () -> {
          try {
            AgentSession.TreeResult result =
                agent.navigateTree(
                    targetId,
                    new AgentSession.TreeNavigation(
                        options.summarize(),
                        options.customInstructions(),
                        options.replaceInstructions(),
                        options.label()),
                    signal);
            result.editorText().ifPresent(editorText::set);
            return result.cancelled() || signal.aborted();
          } finally {
            unlink.run();
          }
        });
  }

  @Override
  public CompletableFuture<Boolean> fork(String entryId) {
    return async(
        "fork",
        () -> {
          AgentSession agent = ctx.agent();
          SessionEntry entry =
              agent
                  .session()
                  .entry(entryId)
                  .orElseThrow(
                      () -> new IllegalArgumentException("entry " + entryId + " not found"));
          // As /fork: from a user message, the new session ends before it and its text goes to the
          // editor; from another entry, the new session keeps it.
          AgentSession.ForkResult result =
              entry instanceof SessionEntry.Message m && m.message() instanceof AgentMessage.User
                  ? agent.fork(entryId)
                  : agent.forkAt(entryId);
          result.selectedText().ifPresent(editorText::set);
          return result.cancelled();
        });
  }

  @Override
  public CompletableFuture<Boolean> newSession() {
    return async("new", () -> !ctx.agent().newSession());
  }

  /**
   * As /reload — settings, the system prompt's context files, the models and the scripts — once the
   * command's handler has returned: reloading now would unload the script whose handler is running.
   * The promise resolves at once.
   */
  @Override
  public CompletableFuture<Void> reload() {
    reloadAfter.set(true);
    return CompletableFuture.completedFuture(null);
  }
}
