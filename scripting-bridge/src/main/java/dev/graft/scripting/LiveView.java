package dev.graft.scripting;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import dev.graft.scripting.api.Failure;
import dev.graft.scripting.api.ScriptFile;
import dev.graft.scripting.api.ScriptView;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.graalvm.polyglot.Value;

/**
 * A component a script draws, as graft holds it: renders, keys and invalidation go to the owner
 * thread, each a run of guest code under the watchdog. The UI waits for a render only as long as it
 * is told (and not at all while another render is late); one render at a time is asked for. A
 * render that throws is a failure the UI shows; one that spins is interrupted by the watchdog and
 * the view ends, as it does when its script stops.
 */
final class LiveView implements ScriptView {
  /** Keys waiting for the script thread beyond this are dropped (the script is stuck). */
  static final int MAX_PENDING_KEYS = 64;

  private static final Watcher NOBODY =
      new Watcher() {
        @Override
        public void changed() {}

        @Override
        public void closed(Optional<String> problem) {}
      };

  private final ScriptViews views;
  private final LoadedScript s;
  private final int id;
  private final String what;
  private volatile Watcher watcher = NOBODY;
  private volatile boolean closed;
  private volatile Optional<String> ended = Optional.empty();
  private volatile String fatal;
  private final Object lock = new Object();
  private Pending pending;
  private final AtomicInteger pendingKeys = new AtomicInteger();
  private final AtomicLong keysSince = new AtomicLong();

  /** How many times it asked for a frame (or a key may have changed it). */
  private final AtomicLong changes = new AtomicLong();

  LiveView(ScriptViews views, LoadedScript s, int id, String what) {
    this.views = views;
    this.s = s;
    this.id = id;
    this.what = what;
  }

  @Override
  public ScriptFile script() {
    return s.file();
  }

  @Override
  public String what() {
    return what;
  }

  @Override
  public void watch(Watcher w) {
    this.watcher = w == null ? NOBODY : w;
  }

  @Override
  public boolean closed() {
    return closed;
  }

  @Override
  public Optional<String> ended() {
    return ended;
  }

  @Override
  public boolean stalled() {
    long now = System.nanoTime();
    long keys = keysSince.get();
    if (keys != 0 && now - keys > ScriptViews.STALL.toNanos()) {
      return true;
    }
    synchronized (lock) {
      return pending != null
          && !pending.future.isDone()
          && now - pending.since > ScriptViews.STALL.toNanos();
    }
  }

  // ------------------------------------------------------------------ render (any thread)

  /**
   * A render asked of the script thread, for one width; {@code late} once a caller stopped waiting
   * for it.
   */
  private static final class Pending {
    final int width;
    final long since = System.nanoTime();

    /** How many times the view had asked for a frame when this render was asked for. */
    final long changesBefore;

    final CompletableFuture<Frame> future;
    volatile boolean late;

    Pending(int width, CompletableFuture<Frame> future, long changesBefore) {
      this.width = width;
      this.future = future;
      this.changesBefore = changesBefore;
    }
  }

  @Override
  public Frame render(int width, Duration wait) {
    long deadline = System.nanoTime() + (views.ownerStalled() ? 0 : wait.toNanos());
    for (int attempt = 0; attempt < 2; attempt++) {
      if (closed) {
        return new Frame.Closed();
      }
      if (fatal != null) {
        return new Frame.Failed(fatal, true);
      }
      Pending p;
      synchronized (lock) {
        if (pending != null && pending.future.isDone()) {
          Pending done = pending;
          pending = null;
          if (done.width == width) {
            if (changes.get() != done.changesBefore) {
              // it asked for a frame since that render was asked for, and the caller stopped
              // waiting
              // before: the frame it asked for is still to come
              watcher.changed();
            }
            return outcome(done.future);
          }
        }
        if (pending == null) {
          Pending fresh =
              new Pending(width, views.owner.submit(() -> renderNow(width)), changes.get());
          fresh.future.whenComplete((r, e) -> {
            if (fresh.late) {
              watcher.changed(); // the frame that stopped waiting for it can have it now
            }
          });
          pending = fresh;
        }
        p = pending;
      }
      try {
        Frame r = p.future.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        synchronized (lock) {
          if (pending == p) {
            pending = null;
          }
        }
        if (p.width == width) {
          return r;
        }
        // it answered for the width asked for before: ask again for this one, in the time left
      } catch (TimeoutException e) {
        p.late = true;
        views.stalled(p.future);
        return new Frame.Late();
      } catch (ExecutionException e) {
        synchronized (lock) {
          if (pending == p) {
            pending = null;
          }
        }
        return outcome(p.future);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return new Frame.Late();
      }
    }
    return new Frame.Late();
  }

  private Frame outcome(CompletableFuture<Frame> done) {
    try {
      return done.join();
    } catch (RuntimeException e) {
      Throwable cause = e.getCause() != null ? e.getCause() : e;
      return new Frame.Failed(
          s.file() + ": " + what + " could not be drawn: " + cause.getMessage(), true);
    }
  }

  /** On the owner thread: the component's lines for {@code width}. */
  private Frame renderNow(int width) {
    if (closed || !s.active()) {
      return new Frame.Closed();
    }
    Value helpers = s.views().helpers;
    s.nowDoing(what + "'s render");
    try {
      Value v = s.run(() -> helpers.getMember("render").execute(id, width));
      if (v == null || v.isNull()) {
        return new Frame.Closed();
      }
      return lines(v.asString());
    } catch (LoadedScript.GuestException ge) {
      Failure f = views.errors.of(s, what + "'s render", ge);
      return failed(f);
    }
  }

  /**
   * The string views.js render answers: lines joined by "\n", then "\n\0" and the count cut, if
   * any.
   */
  static Frame.Lines lines(String text) {
    int cut = 0;
    String body = text;
    int marker = text.lastIndexOf("\n\0");
    if (marker >= 0) {
      cut = Integer.parseInt(text.substring(marker + 2));
      body = text.substring(0, marker);
    }
    List<String> out = new ArrayList<>();
    if (!body.isEmpty() || marker < 0 && !text.isEmpty()) {
      int from = 0;
      while (true) {
        int nl = body.indexOf('\n', from);
        if (nl < 0) {
          out.add(body.substring(from));
          break;
        }
        out.add(body.substring(from, nl));
        from = nl + 1;
      }
    }
    return new Frame.Lines(out, cut);
  }

  /**
   * A failure of this view's code: the script's own errors are shown; one that spun or stopped its
   * script ends it.
   */
  private Frame failed(Failure f) {
    switch (f.kind()) {
      case STOPPED -> {
        views.scripts.stop(s, f, false); // the view reports the frame
        return new Frame.Failed(f.message(), true);
      }
      case INTERRUPTED, TIMED_OUT -> {
        String problem = f.message() + "; " + what + " is shown no more";
        fatal = problem;
        endFromGraft(Optional.of(problem));
        return new Frame.Failed(problem, true);
      }
      default -> {
        return new Frame.Failed(f.message(), false);
      }
    }
  }

  // ------------------------------------------------------------------ keys and the rest (any
  // thread)

  @Override
  public void input(String data) {
    if (closed || fatal != null) {
      return;
    }
    if (pendingKeys.incrementAndGet() > MAX_PENDING_KEYS) {
      pendingKeys.decrementAndGet();
      return;
    }
    keysSince.compareAndSet(0, System.nanoTime());
    views.owner.post(() -> {
      try {
        if (closed || fatal != null || !s.active()) {
          return;
        }
        reportUnlessFatal(callHelper("input", "handleInput", id, data));
        views.scripts.closeIfDone(s);
      } finally {
        if (pendingKeys.decrementAndGet() == 0) {
          keysSince.set(0);
        } else {
          keysSince.set(System.nanoTime());
        }
        changed();
      }
    });
  }

  @Override
  public void setText(String text) {
    if (closed) {
      return;
    }
    views.owner.post(() -> {
      if (closed || fatal != null || !s.active()) {
        return;
      }
      reportUnlessFatal(callHelper("setText", "setText", id, text));
      changed();
    });
  }

  @Override
  public void invalidate() {
    if (closed) {
      return;
    }
    views.owner.post(() -> {
      if (closed || fatal != null || !s.active()) {
        return;
      }
      callHelper("invalidate", "invalidate", id);
      changed();
    });
  }

  /**
   * On the owner thread: calls the view's helper {@code member} with {@code args}, as the script's
   * {@code label}; what a guest exception made of the view, or null when the call returned.
   */
  private Frame callHelper(String member, String label, Object... args) {
    Value helpers = s.views().helpers;
    s.nowDoing(what + "'s " + label);
    try {
      s.run(() -> helpers.getMember(member).execute(args));
      return null;
    } catch (LoadedScript.GuestException ge) {
      return failed(views.errors.of(s, what + "'s " + label, ge));
    }
  }

  /** A failure the view outlives goes to the watcher; a fatal one has ended the view already. */
  private void reportUnlessFatal(Frame frame) {
    if (frame instanceof Frame.Failed failure && !failure.fatal()) {
      watcher.problem(failure.problem());
    }
  }

  @Override
  public void close(Optional<JsonNode> result) {
    if (closed) {
      return;
    }
    closed = true;
    String json = result.map(Json::write).orElse(null);
    views.owner.post(() -> {
      views.forget(s, id);
      dispose(json);
    });
  }

  /** graft ends it for {@code problem} (it spun): disposed in the script, the UI told. */
  private void endFromGraft(Optional<String> problem) {
    if (closed) {
      return;
    }
    closed = true;
    ended = problem;
    views.owner.post(() -> {
      views.forget(s, id);
      dispose(null);
    });
    watcher.closed(problem);
  }

  /**
   * On the owner thread: views.js closes it (dispose; custom's promise resolves with {@code json}).
   */
  private void dispose(String json) {
    if (!s.running() || s.views().helpers == null) {
      return;
    }
    s.nowDoing(what + "'s dispose");
    try {
      s.run(() -> s.views().helpers.getMember("close").execute(id, json));
    } catch (LoadedScript.GuestException ge) {
      Failure f = views.errors.of(s, what + "'s dispose", ge);
      if (f.kind() == Failure.Kind.STOPPED) {
        views.scripts.stop(s, f);
      }
    }
    views.scripts.closeIfDone(s);
  }

  // ------------------------------------------------------------------ from the script (owner
  // thread)

  /** It asked for a frame. */
  void changed() {
    changes.incrementAndGet();
    watcher.changed();
  }

  /** Its editor submitted, changed or asked for an app action ({@link Watcher#editor}). */
  void editor(String what, String text) {
    if (!closed) {
      watcher.editor(what, text);
    }
  }

  /**
   * It ended: by the script ({@code why} empty: done(), replaced) or with its script ({@code why}).
   */
  void ended(Optional<String> why) {
    if (closed) {
      return;
    }
    closed = true;
    ended = why;
    watcher.closed(why);
  }
}
