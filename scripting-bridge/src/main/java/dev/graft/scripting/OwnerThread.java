package dev.graft.scripting;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;

/**
 * The one thread that enters script contexts: an event loop running posted tasks in order. Java
 * work (a dialog answered, a process finished) completes a future on any thread, which posts the
 * settlement of the script's promise here.
 */
final class OwnerThread {
  /** Room for the interpreter's deep frames before a script's recursion becomes a RangeError. */
  private static final long STACK_BYTES = 8L * 1024 * 1024;
  private static final Runnable STOP = () -> {};

  private final LinkedBlockingQueue<Runnable> tasks = new LinkedBlockingQueue<>();
  private final Thread thread;
  private final Consumer<Throwable> unexpected;
  private volatile boolean stopping;

  OwnerThread(String name, Consumer<Throwable> unexpected) {
    this.unexpected = unexpected;
    this.thread = Thread.ofPlatform().name(name).daemon(true).stackSize(STACK_BYTES).unstarted(this::loop);
    thread.start();
  }

  boolean isCurrent() {
    return Thread.currentThread() == thread;
  }

  /** Runs {@code task} on the owner thread after the tasks already posted; dropped once stopped. */
  void post(Runnable task) {
    if (!stopping) {
      tasks.add(task);
    }
  }

  /** Runs {@code task} on the owner thread (inline when already on it). */
  <T> CompletableFuture<T> submit(Callable<T> task) {
    CompletableFuture<T> result = new CompletableFuture<>();
    Runnable run = () -> {
      try {
        result.complete(task.call());
      } catch (Throwable t) {
        result.completeExceptionally(t);
      }
    };
    if (isCurrent()) {
      run.run();
    } else if (stopping) {
      result.completeExceptionally(new RejectedExecutionException("the script engine is closed"));
    } else {
      tasks.add(run);
      if (!thread.isAlive() && tasks.remove(run)) {
        result.completeExceptionally(new RejectedExecutionException("the script engine is closed"));
      }
    }
    return result;
  }

  /** Lets the queued tasks run, then ends the thread; waits at most {@code wait}. */
  void stop(Duration wait) throws InterruptedException {
    if (!stopping) {
      stopping = true;
      tasks.add(STOP);
    }
    if (!isCurrent()) {
      thread.join(wait);
    }
  }

  boolean isAlive() {
    return thread.isAlive();
  }

  private void loop() {
    while (true) {
      Runnable task;
      try {
        task = tasks.take();
      } catch (InterruptedException e) {
        continue;
      }
      if (task == STOP) {
        // Tasks that raced with stop still run, so that no caller waits for them forever; the
        // contexts are closed by now, so any guest code in them fails at once.
        for (Runnable late = tasks.poll(); late != null; late = tasks.poll()) {
          try {
            late.run();
          } catch (Throwable t) {
            unexpected.accept(t);
          }
        }
        return;
      }
      try {
        task.run();
      } catch (Throwable t) {
        unexpected.accept(t);
      }
    }
  }
}
