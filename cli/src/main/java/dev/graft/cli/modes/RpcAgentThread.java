package dev.graft.cli.modes;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * RPC mode's agent thread: prompts, script commands and the commands that need the agent idle run
 * on it one after another, in the order sent, while stdin is read on, so abort and steer work
 * during a run. It also knows whether a prompt is active for the client.
 */
final class RpcAgentThread {
  private final ExecutorService worker =
      Executors.newSingleThreadExecutor(Thread.ofPlatform().name("graft-agent").daemon().factory());
  private final Consumer<ObjectNode> write;
  private volatile Future<?> running;

  /** A prompt was accepted and its agent_end has not been sent yet: what a client sees as busy. */
  private volatile boolean active;

  RpcAgentThread(Consumer<ObjectNode> write) {
    this.write = write;
  }

  /** Runs {@code task} after whatever is there; throws RejectedExecutionException once stopped. */
  void submit(Runnable task) {
    running = worker.submit(task);
  }

  boolean active() {
    return active;
  }

  void setActive(boolean active) {
    this.active = active;
  }

  /**
   * Runs a command that must not overlap a turn on the agent thread (after whatever is finishing
   * there); its failure is answered as an error. Refused while a prompt is active.
   */
  void whenIdle(RpcRequest request, Action action) {
    if (active) {
      throw new IllegalStateException(
          request.type() + " needs the agent to be idle (abort first, or wait for agent_end)");
    }
    submit(() -> {
      try {
        action.run();
      } catch (Exception e) {
        write.accept(request.error(e.getMessage()));
      }
    });
  }

  /** Like {@link #whenIdle}, for a command whose success response carries {@code work}'s data. */
  void answerWhenIdle(RpcRequest request, Work work) {
    whenIdle(request, () -> write.accept(request.success().set("data", work.run())));
  }

  /**
   * Waits for the task submitted last (a prompt reports its own failure as events) and stops the
   * thread.
   */
  void finish() {
    Future<?> last = running;
    if (last != null) {
      try {
        last.get();
      } catch (Exception e) {
        // the prompt reported its own failure as events
      }
    }
    worker.shutdown();
  }

  @FunctionalInterface
  interface Action {
    void run() throws Exception;
  }

  @FunctionalInterface
  interface Work {
    ObjectNode run() throws Exception;
  }
}
