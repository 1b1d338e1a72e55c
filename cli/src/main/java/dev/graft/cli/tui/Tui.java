package dev.graft.cli.tui;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The terminal UI: a transcript of components (the conversation, growing at the bottom) and, below
 * it, the components that stay at the bottom of the screen (the editor, the footer). One thread,
 * the UI thread, owns all of it: it takes keys from the input thread, runs the tasks other threads
 * {@link #post}, and draws a frame at most every {@value #FRAME_MILLIS} ms when something changed
 * ({@link #requestRender}). A finished transcript component at the top of the frame is committed to
 * the terminal's scrollback and not drawn again, so drawing costs the same however long the
 * conversation is.
 */
public final class Tui {
  /** Placed in a line where the terminal's cursor goes (the editor's caret); takes no columns. */
  public static final String CARET = "\033_graft:c\007";

  static final long FRAME_MILLIS = 16;
  static final long TICK_MILLIS = 80;

  /** Gets keys before the focused component; true when it used the key. */
  @FunctionalInterface
  public interface KeyListener {
    boolean key(Key key);
  }

  private final TerminalPort port;
  private final Renderer renderer;
  private final List<Component> transcript = new ArrayList<>();
  private int committed;
  private final Container bottom = new Container();
  private final List<KeyListener> listeners = new ArrayList<>();
  private final LinkedBlockingQueue<Runnable> tasks = new LinkedBlockingQueue<>();
  private Component focus;
  private boolean dirty = true;
  private boolean redrawAll;
  private int animations;
  private long lastFrame;
  private long nextTick;
  private volatile boolean running;
  private Thread uiThread;
  private Thread inputThread;
  private Consumer<Throwable> onError = t -> {};
  private int errors;

  public Tui(TerminalPort port) {
    this.port = port;
    this.renderer = new Renderer(port);
  }

  // ------------------------------------------------------------------ threads

  /** Starts the UI thread, and the input thread reading keys from {@code keys} (null: none). */
  public void start(KeyDecoder.Source keys) {
    running = true;
    uiThread = Thread.ofPlatform().name("graft-ui").daemon().start(this::loop);
    if (keys != null) {
      inputThread =
          Thread.ofPlatform()
              .name("graft-keys")
              .daemon()
              .start(() -> readKeys(new KeyDecoder(keys)));
    }
  }

  /** Where a failure of a component or task goes (it is shown; the UI goes on). */
  public void onError(Consumer<Throwable> handler) {
    this.onError = handler;
  }

  /** Stops drawing; the cursor goes below the last frame. Waits for the UI thread. */
  public void stop() {
    if (!running) {
      return;
    }
    CompletableFuture<Void> done = new CompletableFuture<>();
    post(() -> {
      if (dirty) {
        render();
      }
      renderer.close();
      running = false;
      done.complete(null);
    });
    try {
      done.get(2, TimeUnit.SECONDS);
    } catch (Exception e) {
      running = false;
    }
    if (inputThread != null) {
      inputThread.interrupt();
    }
  }

  public boolean onUiThread() {
    return Thread.currentThread() == uiThread;
  }

  /** Runs {@code task} on the UI thread (at once when called there), then draws what changed. */
  public void post(Runnable task) {
    if (onUiThread()) {
      task.run();
      dirty = true;
    } else {
      tasks.add(task);
    }
  }

  /**
   * Runs {@code task} on the UI thread after what it is doing now (also when called there: never in
   * the middle of a frame).
   */
  public void later(Runnable task) {
    tasks.add(task);
  }

  /** Runs {@code task} on the UI thread and waits for its result. */
  public <T> T call(Callable<T> task) {
    if (onUiThread() || !running) {
      try {
        return task.call();
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }
    CompletableFuture<T> result = new CompletableFuture<>();
    post(() -> {
      try {
        result.complete(task.call());
      } catch (Throwable t) {
        result.completeExceptionally(t);
      }
    });
    try {
      return result.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException r
          ? r
          : new IllegalStateException(e.getCause());
    }
  }

  /** Asks for a frame soon (any thread). */
  public void requestRender() {
    if (onUiThread()) {
      dirty = true;
    } else {
      tasks.add(() -> dirty = true);
    }
  }

  /**
   * Asks for everything to be drawn again, the scrollback included (after a change to committed
   * components).
   */
  public void requestRedrawAll() {
    post(() -> redrawAll = true);
  }

  /**
   * Frames at least every {@value #TICK_MILLIS} ms while an animation runs (a spinner); calls nest.
   */
  public void animate(boolean on) {
    post(() -> {
      animations = Math.max(0, animations + (on ? 1 : -1));
      nextTick = System.nanoTime();
    });
  }

  private void loop() {
    while (running) {
      try {
        long now = System.nanoTime();
        long waitNanos = TimeUnit.SECONDS.toNanos(1);
        if (animations > 0) {
          waitNanos = Math.max(0, nextTick - now);
        }
        if (dirty) {
          waitNanos =
              Math.min(
                  waitNanos,
                  Math.max(0, lastFrame + TimeUnit.MILLISECONDS.toNanos(FRAME_MILLIS) - now));
        }
        Runnable task = tasks.poll(waitNanos, TimeUnit.NANOSECONDS);
        while (task != null) {
          runSafely(task);
          dirty = true;
          task = tasks.poll();
        }
        now = System.nanoTime();
        if (animations > 0 && now >= nextTick) {
          dirty = true;
          nextTick = now + TimeUnit.MILLISECONDS.toNanos(TICK_MILLIS);
        }
        if (dirty && running && now - lastFrame >= TimeUnit.MILLISECONDS.toNanos(FRAME_MILLIS)) {
          render();
        }
      } catch (InterruptedException e) {
        return;
      } catch (Throwable t) {
        dirty = false;
        failed(t);
      }
    }
  }

  private void runSafely(Runnable task) {
    try {
      task.run();
    } catch (Throwable t) {
      failed(t);
    }
  }

  /**
   * A failing task or frame is reported (the first few: a component that fails at every frame is
   * said once, not forever).
   */
  private void failed(Throwable t) {
    if (++errors <= 3) {
      try {
        onError.accept(t);
      } catch (Throwable ignored) {
        // the report itself failed: nothing more to do
      }
    }
  }

  private void readKeys(KeyDecoder decoder) {
    while (running) {
      try {
        Optional<Key> key = decoder.next(200);
        if (key.isEmpty()) {
          continue;
        }
        Key k = key.get();
        post(() -> dispatch(k));
        if (k.kind() == Key.Kind.EOF) {
          return;
        }
      } catch (IOException e) {
        post(() -> dispatch(Key.of(Key.Kind.EOF)));
        return;
      }
    }
  }

  // ------------------------------------------------------------------ layout (UI thread)

  /** Adds a component at the end of the transcript. */
  public void append(Component component) {
    transcript.add(component);
    dirty = true;
  }

  /**
   * Adds a component to the transcript before {@code before} (at the end when it is not there or
   * was committed).
   */
  public void insertBefore(Component before, Component component) {
    int at = transcript.indexOf(before);
    transcript.add(at >= committed ? at : transcript.size(), component);
    dirty = true;
  }

  /**
   * Removes a component from the transcript when it is not committed yet; whether it was removed.
   */
  public boolean removeLive(Component component) {
    int at = transcript.indexOf(component);
    if (at < committed) {
      return false;
    }
    transcript.remove(at);
    dirty = true;
    return true;
  }

  /** Empties the transcript (and, at the next frame, the screen and the scrollback). */
  public void clearTranscript() {
    transcript.clear();
    committed = 0;
    redrawAll = true;
  }

  /** The components at the bottom of the screen, below the transcript. */
  public Container bottom() {
    return bottom;
  }

  public List<Component> transcript() {
    return transcript;
  }

  public void setFocus(Component component) {
    focus = component;
    dirty = true;
  }

  public Component focus() {
    return focus;
  }

  public void addKeyListener(KeyListener listener) {
    listeners.add(listener);
  }

  /** A key, as if typed (the input thread calls this on the UI thread). */
  public void dispatch(Key key) {
    for (KeyListener l : List.copyOf(listeners)) {
      if (l.key(key)) {
        dirty = true;
        return;
      }
    }
    if (focus != null) {
      focus.handleKey(key);
    }
    dirty = true;
  }

  public int columns() {
    return Math.max(1, port.columns());
  }

  public int rows() {
    return Math.max(1, port.rows());
  }

  /** How many times everything was drawn again (resizes, changed scrollback). */
  public long fullRedraws() {
    return renderer.fullRedraws();
  }

  /** Draws a frame now (UI thread; tests call it directly when no thread was started). */
  public void render() {
    dirty = false;
    lastFrame = System.nanoTime();
    int width = columns();
    List<Integer> counts = new ArrayList<>();
    List<String> live = live(width, counts);
    Renderer.Caret caret = caret(live);
    if (redrawAll || !renderer.draw(live, caret)) {
      redrawAll = false;
      List<String> old = new ArrayList<>();
      for (int i = 0; i < committed; i++) {
        old.addAll(transcript.get(i).render(width));
      }
      renderer.redraw(old, live, caret);
    }
    commitFinished(counts);
  }

  private List<String> live(int width, List<Integer> counts) {
    List<String> lines = new ArrayList<>();
    for (int i = committed; i < transcript.size(); i++) {
      List<String> part = transcript.get(i).render(width);
      counts.add(part.size());
      lines.addAll(part);
    }
    lines.addAll(bottom.render(width));
    return lines;
  }

  /** The finished components at the top of the frame go to the scrollback. */
  private void commitFinished(List<Integer> counts) {
    int lines = 0;
    int n = 0;
    while (committed + n < transcript.size()
        && n < counts.size()
        && transcript.get(committed + n).finished()) {
      lines += counts.get(n);
      n++;
    }
    if (n > 0) {
      renderer.commit(lines);
      committed += n;
    }
  }

  /** Finds the caret marker in the frame's last screenful, removes it and says where it was. */
  private Renderer.Caret caret(List<String> lines) {
    int from = Math.max(0, lines.size() - rows());
    for (int row = lines.size() - 1; row >= from; row--) {
      String line = lines.get(row);
      int at = line.indexOf(CARET);
      if (at >= 0) {
        lines.set(row, line.substring(0, at) + line.substring(at + CARET.length()));
        return new Renderer.Caret(row, Ansi.width(line.substring(0, at)));
      }
    }
    return null;
  }
}
