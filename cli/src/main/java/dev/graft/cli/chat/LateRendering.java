package dev.graft.cli.chat;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A script's renderer asked again when the user flips expansion (Ctrl+O). The UI thread waits
 * {@link #AGAIN} at most; a renderer slower than that (its first date formatted, a busy machine) is
 * still heard: its answer is kept for the next frame, which it asks for.
 */
final class LateRendering<T> {
  /** How long the UI thread waits for the renderer. */
  static final Duration AGAIN = Duration.ofMillis(100);

  /** How long the renderer may take in all. */
  static final Duration LATE = Duration.ofSeconds(2);

  private record Late<T>(boolean expanded, T value) {}

  private final Consumer<T> discard;
  private final AtomicReference<Late<T>> late = new AtomicReference<>();

  /** {@code discard} lets go of an answer that came too late to be shown. */
  LateRendering(Consumer<T> discard) {
    this.discard = discard;
  }

  /**
   * The renderer's answer for {@code expanded}, if it gives one within {@link #AGAIN}; otherwise
   * empty, and once it answers, {@code redraw} is called and {@link #take} has it.
   */
  Optional<T> ask(boolean expanded, Function<Duration, Optional<T>> render, Runnable redraw) {
    letGo(late.getAndSet(null));
    CompletableFuture<Optional<T>> answer =
        CompletableFuture.supplyAsync(() -> render.apply(LATE), r -> Thread.ofVirtual().start(r));
    try {
      return answer.get(AGAIN.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      answer.thenAccept(value ->
          value.ifPresent(v -> {
            letGo(late.getAndSet(new Late<>(expanded, v)));
            redraw.run();
          }));
      return Optional.empty();
    } catch (ExecutionException e) {
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
  }

  /** The answer that came late for {@code expanded}, once; one for the other state is let go. */
  Optional<T> take(boolean expanded) {
    Late<T> l = late.getAndSet(null);
    if (l == null) {
      return Optional.empty();
    }
    if (l.expanded() != expanded) {
      letGo(l);
      return Optional.empty();
    }
    return Optional.of(l.value());
  }

  private void letGo(Late<T> l) {
    if (l != null) {
      discard.accept(l.value());
    }
  }
}
