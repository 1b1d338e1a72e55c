package dev.graft.cli.ui;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Lines of a stream that is not a terminal, read on a thread of their own so that a caller can wait
 * for the next one with a deadline and give up when it is aborted.
 */
public final class LineSource {
  private static final String END = new String("end of input");

  private final LinkedBlockingQueue<String> lines = new LinkedBlockingQueue<>();
  private volatile boolean ended;

  public LineSource(InputStream in) {
    BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    Thread.ofPlatform()
        .daemon()
        .name("graft-input")
        .start(() -> {
          try {
            String line;
            while ((line = reader.readLine()) != null) {
              lines.add(line);
            }
          } catch (IOException e) {
            // an unreadable input ends like an empty one
          } finally {
            lines.add(END);
          }
        });
  }

  /** The next line; empty at the end of input. Blocks. */
  public Optional<String> next() {
    return next(Long.MAX_VALUE, () -> false);
  }

  /**
   * The next line, or empty at the end of input, when {@code deadlineNanos} (System.nanoTime)
   * passes, or when {@code giveUp} says so (checked every 100 ms).
   */
  public Optional<String> next(long deadlineNanos, BooleanSupplier giveUp) {
    if (ended) {
      return Optional.empty();
    }
    try {
      while (!giveUp.getAsBoolean()) {
        long left = deadlineNanos - System.nanoTime();
        if (left <= 0) {
          return Optional.empty();
        }
        String line =
            lines.poll(Math.min(left, TimeUnit.MILLISECONDS.toNanos(100)), TimeUnit.NANOSECONDS);
        if (line == END) {
          ended = true;
          return Optional.empty();
        }
        if (line != null) {
          return Optional.of(line);
        }
      }
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
  }

  /** Whether the input has ended (and every line before the end was taken). */
  public boolean ended() {
    return ended;
  }
}
