package dev.graft.cli.ui;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;

/**
 * The user interface hook scripts (and the built-in commands) talk to: dialogs answered by futures,
 * notifications and status texts. Every dialog honours {@link DialogOptions}: a timeout or an
 * aborted signal closes it with an empty result, as do Esc and Ctrl+C; the session is never
 * affected by a cancelled dialog. Implementations: {@link TerminalUi} (JLine) and {@link PlainUi}
 * (line input, when there is no terminal).
 *
 * <p>Futures may be waited for on any thread except the one that reads the terminal.
 */
public interface HookUi {

  /** Whether dialogs can be answered (false when input has ended). */
  boolean available();

  /** A picker: arrow keys, number keys and type-to-filter; the index of the chosen option. */
  default CompletableFuture<OptionalInt> pick(
      String title, List<Choice> choices, int initial, DialogOptions options) {
    return pick(title, choices, initial, "", options);
  }

  /** A picker that opens with {@code filter} typed already ({@code /model sonnet}). */
  CompletableFuture<OptionalInt> pick(
      String title, List<Choice> choices, int initial, String filter, DialogOptions options);

  /**
   * One list of a picker with several ({@link #pickInViews}): its title, its options, and what it
   * says when it has none.
   */
  record PickView(String title, List<Choice> choices, String empty) {
    public PickView {
      choices = List.copyOf(choices);
    }
  }

  /** The option chosen in a picker with several lists: which list, and which option in it. */
  record ViewPick(int view, int index) {}

  /**
   * A picker over several lists, Tab switching to the next one (the reference's session picker:
   * this folder's sessions, then every folder's). It opens on {@code initialView} even when that
   * list is empty, showing its {@code empty} text. Without Tab (line input), it opens on the first
   * list that has options from {@code initialView} on.
   */
  default CompletableFuture<Optional<ViewPick>> pickInViews(
      List<PickView> views, int initialView, DialogOptions options) {
    for (int v = initialView; v < views.size(); v++) {
      PickView view = views.get(v);
      if (!view.choices().isEmpty()) {
        int chosen = v;
        return pick(view.title(), view.choices(), 0, options)
            .thenApply(i ->
                i.isPresent() ? Optional.of(new ViewPick(chosen, i.getAsInt())) : Optional.empty());
      }
    }
    return CompletableFuture.completedFuture(Optional.empty());
  }

  /** A picker over plain strings (what a script's {@code ui.select} gets): the chosen string. */
  default CompletableFuture<Optional<String>> select(
      String title, List<String> options, DialogOptions dialog) {
    List<Choice> choices = options.stream().map(Choice::of).toList();
    return pick(title, choices, 0, dialog)
        .thenApply(i -> i.isPresent() ? Optional.of(options.get(i.getAsInt())) : Optional.empty());
  }

  /** Yes or no; empty when cancelled. */
  CompletableFuture<Optional<Boolean>> confirm(String title, String message, DialogOptions options);

  /** A line of text (Enter submits, possibly empty); empty when cancelled. */
  CompletableFuture<Optional<String>> input(
      String title, String placeholder, String initial, DialogOptions options);

  default CompletableFuture<Optional<String>> input(
      String title, String placeholder, DialogOptions options) {
    return input(title, placeholder, "", options);
  }

  /** A message shown at once, above the editor when it is open. */
  void notify(String message, NotifyLevel level);

  /** Sets (or, with an empty text, removes) a keyed text of the status line. */
  void setStatus(String key, Optional<String> text);

  /** The keyed status texts, sorted by key. */
  List<String> statuses();

  /** How a notification is shown. */
  enum NotifyLevel {
    INFO,
    WARNING,
    ERROR;

    /** "info", "warning" or "error", as scripts name them; anything else is info. */
    public static NotifyLevel parse(String name) {
      return switch (name == null ? "" : name) {
        case "warning" -> WARNING;
        case "error" -> ERROR;
        default -> INFO;
      };
    }
  }
}
