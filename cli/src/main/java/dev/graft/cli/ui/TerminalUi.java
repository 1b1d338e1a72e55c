package dev.graft.cli.ui;

import dev.graft.cli.tui.Ansi;
import dev.graft.cli.tui.Component;
import dev.graft.cli.tui.Theme;
import dev.graft.cli.tui.ThemeRole;
import dev.graft.cli.tui.Tui;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * {@link HookUi} on the terminal UI. A dialog takes the editor's place (and the keys) until it is
 * answered, cancelled (Esc, Ctrl+C), timed out or aborted; its answer is left in the transcript as
 * one dimmed line. Dialogs asked for while one is open wait their turn. Notifications go to the
 * transcript; status texts to the footer.
 */
public final class TerminalUi implements HookUi {
  /** Where dialogs and notifications appear. */
  public interface Place {
    /** Shows {@code dialog} instead of the editor, with the keys. */
    void open(Component dialog);

    /** Puts the editor back. */
    void close(Component dialog);

    /** A line in the transcript. */
    void record(String line);

    /** The status texts changed. */
    void statusesChanged();
  }

  private final Tui tui;
  private final Theme theme;
  private final Place place;
  private final StatusTexts statuses = new StatusTexts();
  private final Deque<Runnable> waiting = new ArrayDeque<>();

  /** Cancels what is open (a dialog, or a script's component); null when nothing is. */
  private Runnable cancelOpen;

  /** The script component open, if that is what is open. */
  private Component openComponent;

  private volatile boolean closed;

  public TerminalUi(Tui tui, Theme theme, Place place) {
    this.tui = tui;
    this.theme = theme;
    this.place = place;
  }

  @Override
  public boolean available() {
    return !closed;
  }

  @Override
  public CompletableFuture<OptionalInt> pick(
      String title, List<Choice> choices, int initial, String filter, DialogOptions options) {
    if (choices.isEmpty()) {
      return CompletableFuture.completedFuture(OptionalInt.empty());
    }
    return show(
        options,
        () ->
            new PickDialog(
                theme, title, choices, initial, filter, Math.max(3, Math.min(12, tui.rows() - 8))));
  }

  @Override
  public CompletableFuture<Optional<ViewPick>> pickInViews(
      List<PickView> views, int initialView, DialogOptions options) {
    if (views.stream().allMatch(v -> v.choices().isEmpty())) {
      return CompletableFuture.completedFuture(Optional.empty());
    }
    return show(
        options,
        () ->
            new ViewsPickDialog(
                theme, views, initialView, Math.max(3, Math.min(12, tui.rows() - 8))));
  }

  @Override
  public CompletableFuture<Optional<Boolean>> confirm(
      String title, String message, DialogOptions options) {
    return show(options, () -> new ConfirmDialog(theme, title, message));
  }

  @Override
  public CompletableFuture<Optional<String>> input(
      String title, String placeholder, String initial, DialogOptions options) {
    return show(options, () -> new InputDialog(theme, title, placeholder, initial));
  }

  @Override
  public void notify(String message, NotifyLevel level) {
    // A notification's further lines start under its first line's text.
    String text = Ansi.clean(message).replace("\n", "\n  ");
    String line =
        switch (level) {
          case INFO -> theme.fg(ThemeRole.ACCENT, "ℹ ") + text;
          case WARNING -> theme.fg(ThemeRole.WARNING, "⚠ " + text);
          case ERROR -> theme.fg(ThemeRole.ERROR, "✗ " + text);
        };
    tui.post(() -> place.record(line));
  }

  @Override
  public void setStatus(String key, Optional<String> text) {
    statuses.set(key, text);
    place.statusesChanged();
  }

  @Override
  public List<String> statuses() {
    return statuses.all();
  }

  /** The status texts by key (a script footer's footerData). */
  public Map<String, String> statusesByKey() {
    return statuses.byKey();
  }

  /** Cancels the open dialog and those waiting, and refuses new ones. */
  public void close() {
    closed = true;
    tui.post(() -> {
      if (cancelOpen != null) {
        cancelOpen.run();
      }
      while (!waiting.isEmpty()) {
        waiting.poll().run();
      }
    });
  }

  private <T> CompletableFuture<T> show(DialogOptions options, Supplier<Dialog<T>> make) {
    CompletableFuture<T> result = new CompletableFuture<>();
    if (closed) {
      result.complete(make.get().cancelled());
      return result;
    }
    tui.post(() -> {
      Dialog<T> dialog = make.get();
      Runnable start =
          () -> {
            if (closed) {
              result.complete(dialog.cancelled());
              return;
            }
            DialogHost<T> host = new DialogHost<>(tui, dialog, options, result, this::closed);
            cancelOpen = host::cancel;
            if (host.timed()) {
              tui.animate(true);
            }
            place.open(host);
          };
      if (cancelOpen == null) {
        start.run();
      } else {
        waiting.add(start);
      }
    });
    return result;
  }

  /**
   * Shows {@code component} (a script's {@code ctx.ui.custom}) in the editor's place with the keys,
   * after the dialogs asked for before it; {@code cancel} closes it when graft closes this UI
   * first. Returns what takes it away once it ended (any thread; before its turn, it is never
   * shown).
   */
  public Runnable showComponent(Component component, Runnable cancel) {
    AtomicBoolean over = new AtomicBoolean();
    tui.post(() -> {
      Runnable start =
          () -> {
            if (over.get()) {
              startNext();
              return;
            }
            if (closed) {
              cancel.run();
              return;
            }
            cancelOpen = cancel;
            openComponent = component;
            place.open(component);
          };
      if (cancelOpen == null) {
        start.run();
      } else {
        waiting.add(start);
      }
    });
    return () ->
        tui.post(() -> {
          if (over.getAndSet(true) || openComponent != component) {
            return;
          }
          place.close(component);
          cancelOpen = null;
          openComponent = null;
          startNext();
        });
  }

  private void startNext() {
    Runnable next = waiting.poll();
    if (next != null) {
      next.run();
    }
  }

  private void closed(DialogHost<?> host) {
    if (host.timed()) {
      tui.animate(false);
    }
    place.close(host);
    host.record().ifPresent(place::record);
    cancelOpen = null;
    startNext();
  }
}
