package dev.graft.scripting;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;

/**
 * The thread that enters script contexts: an event loop running posted tasks in order. Java work (a
 * dialog answered, a process finished) completes a future on any thread, which posts the settlement
 * of the script's promise here. A thread stuck in guest code that cannot be interrupted (a built-in
 * that never polls for interrupts) can be {@linkplain #abandon abandoned}: a fresh thread takes
 * over the queue, and the stuck one exits if it ever returns.
 */
final class OwnerThread {
  /** Room for the interpreter's deep frames before a script's recursion becomes a RangeError. */
  private static final long STACK_BYTES = 8L * 1024 * 1024;

  private static final Runnable STOP = () -> {};

  /**
   * Thrown on an abandoned thread when it comes back from guest code: it unwinds to the loop, which
   * ends.
   */
  static final class Abandoned extends Error {
    Abandoned() {
      super("the script thread was abandoned", null, false, false);
    }
  }

  private final LinkedBlockingDeque<Runnable> tasks = new LinkedBlockingDeque<>();
  private final String name;
  private final Consumer<Throwable> unexpected;
  private volatile Thread thread;

  /** The future of the submitted task the owner thread runs now, if any. */
  private volatile CompletableFuture<?> running;

  private volatile boolean stopping;
  private int generation;

  OwnerThread(String name, Consumer<Throwable> unexpected) {
    this.name = name;
    this.unexpected = unexpected;
    this.thread = newThread(name);
    thread.start();
  }

  private Thread newThread(String threadName) {
    return Thread.ofPlatform()
        .name(threadName)
        .daemon(true)
        .stackSize(STACK_BYTES)
        .unstarted(this::loop);
  }

  /** Whether no task waits to run after the one running now. */
  boolean nothingQueued() {
    return tasks.isEmpty();
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
    Runnable run =
        () -> {
          running = result;
          try {
            result.complete(task.call());
          } catch (Abandoned a) {
            throw a;
          } catch (Throwable t) {
            result.completeExceptionally(t);
          } finally {
            if (isCurrent()) {
              running = null;
            }
          }
        };
    if (isCurrent()) {
      CompletableFuture<?> outer = running;
      try {
        run.run();
      } finally {
        running = outer;
      }
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

  /**
   * Gives up on {@code stuck}, the owner thread, which is stuck in guest code: a new owner thread
   * first runs {@code first} (told whether a submitted task, whose caller will learn {@code why},
   * was running), then fails that task with {@code why}, then runs the tasks queued and to come.
   * Any thread; nothing happens when {@code stuck} is no longer the owner thread.
   */
  synchronized void abandon(Thread stuck, Throwable why, Consumer<Boolean> first) {
    if (thread != stuck) {
      return;
    }
    CompletableFuture<?> task = running;
    running = null;
    tasks.addFirst(() -> {
      try {
        first.accept(task != null);
      } finally {
        if (task != null) {
          task.completeExceptionally(why);
        }
      }
    });
    Thread fresh = newThread(name + "-" + (++generation));
    thread = fresh;
    fresh.start();
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
    while (isCurrent()) {
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
          } catch (Abandoned a) {
            return;
          } catch (Throwable t) {
            unexpected.accept(t);
          }
        }
        return;
      }
      try {
        task.run();
      } catch (Abandoned a) {
        return;
      } catch (Throwable t) {
        unexpected.accept(t);
      }
    }
  }
}
