package dev.graft.cli.views;

import dev.graft.cli.tui.Ansi;
import dev.graft.cli.tui.Component;
import dev.graft.cli.tui.Key;
import dev.graft.cli.tui.Theme;
import dev.graft.cli.tui.ThemeRole;
import dev.graft.cli.tui.Tui;
import dev.graft.cli.tui.Wrap;
import dev.graft.runtime.hooks.ScriptText;
import dev.graft.scripting.api.CustomOptions;
import dev.graft.scripting.api.ScriptView;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.IntSupplier;

/**
 * A component a script draws, as a part of graft's terminal UI: a frame asks the script thread for
 * its lines and waits at most {@link #WAIT} (else draws what it drew last, and the answer, when it
 * comes, asks for another frame); lines are drawn again only when the script asked, a key was
 * handled, the width changed or the theme did. What the script drew is cleaned ({@link
 * ScriptLines}) and held to a height. A render that throws shows an error line, reported once; one
 * that spins is stopped by the watchdog and replaced by a notice. In a dialog it has the keys (as
 * terminal input), and Esc (or Ctrl+C) pressed twice, or once while the script does not answer,
 * closes it whatever the script does. UI thread, except the script's calls that ask for a frame.
 */
public final class ScriptComponent implements Component {
  /** How long a frame waits for the script thread. */
  public static final Duration WAIT = Duration.ofMillis(25);

  /**
   * How long the first frame of one in the transcript waits: it may be drawn into the scrollback
   * straight away, and what it draws late needs everything drawn again.
   */
  static final Duration FIRST_WAIT = Duration.ofMillis(100);

  /**
   * Esc pressed twice within this closes a dialog whatever its script does (a hint says so
   * meanwhile).
   */
  static final long DOUBLE_ESCAPE_NANOS = TimeUnit.SECONDS.toNanos(2);

  /** The most lines a render's error takes. */
  static final int ERROR_LINES = 4;

  /** Where it is shown. */
  public enum Place {
    /** In the editor's place with the keys ({@code ctx.ui.custom}). */
    DIALOG,
    /** Above or below the editor, or the footer ({@code setWidget}, {@code setFooter}). */
    BOTTOM,
    /** In the transcript (a renderer's component, the header): finished once drawn. */
    TRANSCRIPT,
    /**
     * In the editor's place with all keys ({@code setEditorComponent}): any problem ends it, so
     * that graft's editor comes back; so does Esc or Ctrl+C while its script does not answer.
     */
    EDITOR
  }

  private final ScriptView view;
  private final Theme theme;
  private final Tui tui;
  private final Place place;
  private final Consumer<String> problems;
  private final AtomicBoolean frameAsked = new AtomicBoolean();
  private volatile boolean dirty = true;
  private IntSupplier maxLines = () -> Integer.MAX_VALUE;
  private CustomOptions options = CustomOptions.NONE;
  private Consumer<Optional<String>> onEnd = p -> {};
  private BiConsumer<String, String> onEditor = (what, text) -> {};
  private List<String> lines = List.of();
  private int linesWidth = -1;
  private boolean drawn;
  private volatile boolean ended;
  private String notice;
  private boolean reported;
  private long lastEscape;
  private Duration wait = WAIT;

  /**
   * It missed a frame in the transcript, which may have gone to the scrollback: once it draws, all
   * is drawn again.
   */
  private volatile boolean redrawWhenDrawn;

  /**
   * {@code problems} is told, once, what went wrong with it (the script's error, naming the
   * script).
   */
  public ScriptComponent(
      ScriptView view, Place place, Theme theme, Tui tui, Consumer<String> problems) {
    this.view = view;
    this.place = place;
    this.theme = theme;
    this.tui = tui;
    this.problems = problems;
    view.watch(
        new ScriptView.Watcher() {
          @Override
          public void changed() {
            askFrame();
          }

          @Override
          public void closed(Optional<String> problem) {
            tui.post(() -> end(problem));
          }

          @Override
          public void problem(String problem) {
            tui.post(() -> {
              if (place == Place.EDITOR) {
                fail(problem);
              } else {
                report(problem);
              }
            });
          }

          @Override
          public void editor(String what, String text) {
            tui.post(() -> {
              if (!ended) {
                onEditor.accept(what, text);
              }
            });
          }
        });
  }

  public ScriptView view() {
    return view;
  }

  /**
   * How long a frame waits for the script thread ({@link #WAIT}; bench/component-frame.sh waits for
   * every render).
   */
  ScriptComponent waitAtMost(Duration wait) {
    this.wait = wait;
    return this;
  }

  /** At most this many lines are drawn (the rest is said in a last line). */
  public ScriptComponent maxLines(IntSupplier max) {
    this.maxLines = max;
    return this;
  }

  /**
   * The overlay's width, centred, when the script asked for one ({@code ctx.ui.custom}'s options).
   */
  public ScriptComponent fit(CustomOptions options) {
    this.options = options;
    return this;
  }

  /** Told (on the UI thread) when it ended: by its script (empty), by graft, or for a problem. */
  public ScriptComponent onEnd(Consumer<Optional<String>> handler) {
    this.onEnd = handler;
    return this;
  }

  /**
   * Told (on the UI thread) what a script's editor says: it submitted, its text changed, or an app
   * action ({@link ScriptView.Watcher#editor}).
   */
  public ScriptComponent onEditor(BiConsumer<String, String> handler) {
    this.onEditor = handler;
    return this;
  }

  /** Whether it ended (its view is closed). */
  public boolean ended() {
    return ended;
  }

  /** graft is done with it (the dialog was left, the widget replaced): its view is closed. */
  public void close() {
    view.close(Optional.empty());
    end(Optional.empty());
  }

  /** A script's editor that failed ends: its view is closed, the problem reported. */
  private void fail(String problem) {
    if (!ended) {
      view.close(Optional.empty());
      end(Optional.of(problem));
    }
  }

  private void askFrame() {
    if (redrawWhenDrawn) {
      redrawWhenDrawn = false;
      tui.requestRedrawAll();
    }
    dirty = true;
    if (frameAsked.compareAndSet(false, true)) {
      tui.post(() -> frameAsked.set(false));
    }
  }

  private void end(Optional<String> problem) {
    if (ended) {
      return;
    }
    ended = true;
    dirty = false;
    problem.ifPresent(p -> {
      notice = p;
      report(p);
    });
    onEnd.accept(problem);
  }

  private void report(String problem) {
    if (!reported) {
      reported = true;
      problems.accept(problem);
    }
  }

  // ------------------------------------------------------------------ drawing

  @Override
  public List<String> render(int width) {
    List<String> drawn = draw(width);
    if (place != Place.DIALOG
        || lastEscape == 0
        || System.nanoTime() - lastEscape >= DOUBLE_ESCAPE_NANOS
        || ended) {
      return drawn;
    }
    List<String> out = new ArrayList<>(drawn);
    out.add(theme.fg(ThemeRole.MUTED, Ansi.truncate("Esc again closes it", width, "…")));
    return out;
  }

  private List<String> draw(int width) {
    if (notice != null) {
      return noticeLines(width);
    }
    int inner = options.columnsOf(width);
    if (ended || (!dirty && linesWidth == inner)) {
      return placed(linesWidth == inner ? lines : fitted(lines, inner), width, inner);
    }
    dirty = false;
    ScriptView.Frame frame =
        view.render(inner, place == Place.TRANSCRIPT && !drawn ? FIRST_WAIT.plus(wait) : wait);
    switch (frame) {
      case ScriptView.Frame.Lines l -> {
        lines = held(l, inner);
        linesWidth = inner;
        drawn = true;
      }
      case ScriptView.Frame.Late late -> {
        dirty = true; // drawn when its answer comes (it asks for a frame then)
        redrawWhenDrawn = place == Place.TRANSCRIPT;
        if (!drawn && (place == Place.DIALOG || place == Place.EDITOR)) {
          return List.of(
              theme.fg(
                  ThemeRole.MUTED,
                  Ansi.truncate(
                      "waiting for "
                          + view.script().name()
                          + " to draw… ("
                          + (place == Place.DIALOG ? "Esc leaves" : "Esc gives graft's editor")
                          + ")",
                      width,
                      "…")));
        }
        return placed(fitted(lines, inner), width, inner);
      }
      case ScriptView.Frame.Failed failed -> {
        if (place == Place.EDITOR) {
          notice = failed.problem();
          // after the changes its editor told before this frame (post would run it here, at once)
          tui.later(() -> fail(failed.problem()));
          return noticeLines(width);
        }
        report(failed.problem());
        if (failed.fatal()) {
          notice = failed.problem();
          return noticeLines(width);
        }
        lines = errorLines(failed.problem(), inner);
        linesWidth = inner;
        drawn = true;
      }
      case ScriptView.Frame.Closed closed -> {
        return placed(fitted(lines, inner), width, inner);
      }
    }
    return placed(lines, width, inner);
  }

  /** The script's lines cleaned, cut to the width and held to the height. */
  private List<String> held(ScriptView.Frame.Lines frame, int width) {
    int max = Math.max(1, maxLines.getAsInt());
    List<String> given = frame.lines();
    int more = frame.cut();
    int shown = given.size();
    if (shown + (more > 0 ? 1 : 0) > max) {
      shown = max - 1;
      more += given.size() - shown;
    }
    List<String> out = new ArrayList<>(shown + 1);
    boolean caret = place == Place.DIALOG || place == Place.EDITOR;
    for (int i = 0; i < shown; i++) {
      out.add(ScriptLines.clean(given.get(i), width, caret));
    }
    if (more > 0) {
      out.add(
          theme.fg(
              ThemeRole.MUTED, Ansi.truncate("… " + more + " more lines not shown", width, "…")));
    }
    return List.copyOf(out);
  }

  private static List<String> fitted(List<String> lines, int width) {
    List<String> out = new ArrayList<>(lines.size());
    for (String l : lines) {
      out.add(Ansi.width(l) > width ? Ansi.truncate(l, width, "") : l);
    }
    return out;
  }

  /** Centred in {@code width} when it is narrower (an overlay given a width). */
  private static List<String> placed(List<String> lines, int width, int inner) {
    if (inner >= width) {
      return lines;
    }
    String pad = " ".repeat((width - inner) / 2);
    List<String> out = new ArrayList<>(lines.size());
    for (String l : lines) {
      out.add(pad + l);
    }
    return out;
  }

  /** The error of a render that failed, wrapped to at most {@link #ERROR_LINES} lines. */
  private List<String> errorLines(String problem, int width) {
    List<String> wrapped = Wrap.lines("✗ " + ScriptText.safeLine(problem), Math.max(1, width));
    List<String> out = new ArrayList<>();
    for (int i = 0; i < Math.min(ERROR_LINES, wrapped.size()); i++) {
      String l =
          i == ERROR_LINES - 1 && wrapped.size() > ERROR_LINES
              ? Ansi.truncate(wrapped.get(i) + " …", width, "…")
              : wrapped.get(i);
      out.add(theme.fg(ThemeRole.ERROR, l));
    }
    return out;
  }

  private List<String> noticeLines(int width) {
    List<String> out = new ArrayList<>();
    for (String l : Wrap.lines("⚠ " + ScriptText.safeLine(notice), Math.max(1, width))) {
      out.add(theme.fg(ThemeRole.WARNING, l));
    }
    return out;
  }

  @Override
  public void invalidate() {
    if (!ended) {
      dirty = true;
      view.invalidate();
    }
  }

  @Override
  public boolean finished() {
    return place == Place.TRANSCRIPT && (ended || notice != null || (drawn && !dirty));
  }

  // ------------------------------------------------------------------ keys (a dialog's)

  @Override
  public boolean handleKey(Key key) {
    if (place == Place.EDITOR) {
      return editorKey(key);
    }
    if (ended || notice != null) {
      if (key.is(Key.Kind.ESCAPE) || key.isCtrl('c')) {
        onEnd.accept(Optional.empty());
      }
      return true;
    }
    if (key.is(Key.Kind.ESCAPE) || key.isCtrl('c')) {
      long now = System.nanoTime();
      if (view.stalled() || (lastEscape != 0 && now - lastEscape < DOUBLE_ESCAPE_NANOS)) {
        close(); // the script did not let the user out: graft does
        return true;
      }
      lastEscape = now;
      // the hint goes once its time is up
      CompletableFuture.delayedExecutor(DOUBLE_ESCAPE_NANOS, TimeUnit.NANOSECONDS)
          .execute(this::askFrame);
    } else {
      lastEscape = 0;
    }
    String data = KeyData.of(key);
    if (!data.isEmpty()) {
      view.input(data);
    }
    return true;
  }

  /** A script's editor has every key; Esc or Ctrl+C while its script does not answer ends it. */
  private boolean editorKey(Key key) {
    if (ended || notice != null) {
      return true;
    }
    if ((key.is(Key.Kind.ESCAPE) || key.isCtrl('c')) && view.stalled()) {
      fail(view.script().name() + ": its editor does not answer");
      return true;
    }
    String data = KeyData.of(key);
    if (!data.isEmpty()) {
      view.input(data);
    }
    return true;
  }
}
