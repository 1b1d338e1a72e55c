package dev.graft.cli.setup;

import java.io.PrintWriter;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Start-up work that runs on a thread of its own while the caller does its part, as if it ran at
 * {@link #join}: what it prints is held back until then ({@link HeldOutput}), and its failure is
 * thrown there. A run that fails before it joins reports only its own failure, as it did when the
 * work came later: the work's output is dropped and what it made is closed once it is done.
 */
final class HeldTask<T> {
  private final CompletableFuture<T> result;
  private final HeldOutput output;
  private final Consumer<T> close;
  private final Supplier<T> inline;
  private boolean joined;
  private T made; // what inline work made, once joined

  private HeldTask(
      CompletableFuture<T> result, HeldOutput output, Consumer<T> close, Supplier<T> inline) {
    this.result = result;
    this.output = output;
    this.close = close;
    this.inline = inline;
  }

  /**
   * Starts {@code work} on a new thread named {@code name}, printing to a held copy of {@code err};
   * {@code close} closes what it made when the caller gives up on it.
   */
  static <T> HeldTask<T> beside(
      String name, PrintWriter err, Function<PrintWriter, T> work, Consumer<T> close) {
    HeldOutput output = new HeldOutput(err);
    CompletableFuture<T> result = new CompletableFuture<>();
    Thread.ofPlatform()
        .name(name)
        .daemon(true)
        .start(() -> {
          try {
            result.complete(work.apply(output.printer()));
          } catch (Throwable t) {
            result.completeExceptionally(t);
          }
        });
    return new HeldTask<>(result, output, close, null);
  }

  /** Work that runs at {@link #join}, on the caller's thread. */
  static <T> HeldTask<T> atJoin(Supplier<T> work) {
    return new HeldTask<>(null, null, t -> {}, work);
  }

  /**
   * Waits until the work is done, its output still held and its failure not thrown (both wait for
   * {@link #join}, or are dropped by {@link #abandon}). Work that runs at join runs now, as {@link
   * #join}.
   */
  void await() {
    if (result == null) {
      join();
      return;
    }
    try {
      result.join();
    } catch (CompletionException | CancellationException failed) {
      // thrown at join
    }
  }

  /** What the work made: its output is written out first; its failure is thrown here. */
  T join() {
    if (result == null) {
      if (!joined) {
        joined = true;
        made = inline.get();
      }
      return made;
    }
    joined = true;
    try {
      return result.join();
    } catch (CompletionException e) {
      switch (e.getCause()) {
        case RuntimeException r -> throw r;
        case Error error -> throw error;
        default -> throw e;
      }
    } finally {
      output.release();
    }
  }

  /**
   * The caller failed before {@link #join}: the work's output is dropped, and what it made is
   * closed once it is done (the caller does not wait for it).
   */
  void abandon() {
    if (joined || result == null) {
      return;
    }
    joined = true;
    output.discard();
    result.thenAccept(close);
  }
}
