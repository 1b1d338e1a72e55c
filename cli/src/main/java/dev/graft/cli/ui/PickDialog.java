package dev.graft.cli.ui;

import dev.graft.cli.tui.Ansi;
import dev.graft.cli.tui.Key;
import dev.graft.cli.tui.Theme;
import dev.graft.cli.tui.ThemeRole;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/** A picker: a title, the filter, a window of options with numbers, and a line of key hints. */
final class PickDialog implements Dialog<OptionalInt> {
  private final Theme theme;
  private final String title;
  private final SelectState state;
  private String empty = "nothing matches";
  private String hint = "";

  PickDialog(Theme theme, String title, List<Choice> choices, int initial, int rows) {
    this(theme, title, choices, initial, "", rows);
  }

  PickDialog(
      Theme theme, String title, List<Choice> choices, int initial, String filter, int rows) {
    this.theme = theme;
    this.title = title;
    this.state = new SelectState(choices, initial);
    if (!filter.isEmpty()) {
      state.setFilter(filter);
    }
    state.setRows(rows);
  }

  /** What the picker says when it has no option at all (an empty list, no filter typed). */
  PickDialog empty(String text) {
    this.empty = text;
    return this;
  }

  /** A key hint put before the others ({@code Tab all folders}). */
  PickDialog hint(String text) {
    this.hint = text;
    return this;
  }

  @Override
  public Frame render(OptionalLong secondsLeft, int columns) {
    List<String> lines = new ArrayList<>();
    lines.add(Dialog.title(theme, Dialog.fit(title, columns - 8), secondsLeft));
    String filter = state.filter();
    String filterLine =
        filter.isEmpty()
            ? theme.fg(ThemeRole.MUTED, "  type to filter")
            : "  " + theme.fg(ThemeRole.MUTED, "filter: ") + Dialog.fit(filter, columns - 12);
    lines.add(filterLine);
    List<Integer> visible = state.visible();
    int top = state.top();
    int end = Math.min(visible.size(), top + state.rows());
    if (visible.isEmpty()) {
      lines.add(
          theme.fg(
              ThemeRole.WARNING,
              "  " + (filter.isEmpty() && state.size() == 0 ? empty : "nothing matches")));
    }
    if (top > 0) {
      lines.add(theme.fg(ThemeRole.MUTED, "  ↑ " + top + " more"));
    }
    for (int i = top; i < end; i++) {
      Choice c = state.choice(visible.get(i));
      boolean current = i == state.cursor();
      String number = filter.isEmpty() && i - top < 9 ? (i - top + 1) + " " : "  ";
      String label = Dialog.fit(c.label(), Math.max(10, columns - 6));
      int room = columns - 6 - Ansi.width(label) - 2;
      String detail =
          c.detail().isEmpty() || room < 8
              ? ""
              : "  " + theme.fg(ThemeRole.MUTED, Dialog.fit(c.detail(), room));
      lines.add(
          (current ? Dialog.accent(theme, "› ") : "  ")
              + theme.fg(ThemeRole.MUTED, number)
              + (current ? theme.bold(label) : label)
              + detail);
    }
    if (end < visible.size()) {
      lines.add(theme.fg(ThemeRole.MUTED, "  ↓ " + (visible.size() - end) + " more"));
    }
    lines.add(
        theme.fg(
            ThemeRole.MUTED,
            Dialog.fit(
                // with a filter typed, digits go into it and the rows carry no numbers
                "  "
                    + (hint.isEmpty() ? "" : hint + " · ")
                    + (filter.isEmpty() ? "↑↓ move · 1-9 pick" : "↑↓ move")
                    + " · type to filter · Enter select · Esc cancel",
                columns - 1)));
    int cursorColumn =
        filter.isEmpty() ? 2 : 2 + "filter: ".length() + Math.min(filter.length(), columns - 12);
    return new Frame(lines, 1, cursorColumn);
  }

  @Override
  public Optional<OptionalInt> key(Key key) {
    return switch (state.handle(key)) {
      case SelectState.Outcome.Chosen c -> Optional.of(OptionalInt.of(c.index()));
      case SelectState.Outcome.Cancelled c -> Optional.of(OptionalInt.empty());
      case SelectState.Outcome.Continue c -> Optional.empty();
    };
  }

  @Override
  public OptionalInt cancelled() {
    return OptionalInt.empty();
  }

  @Override
  public Optional<String> record(OptionalInt result) {
    String answer =
        result.isPresent() ? state.choice(result.getAsInt()).label().strip() : "cancelled";
    return Optional.of(theme.fg(ThemeRole.MUTED, Dialog.fit(title + ": " + answer, 1000)));
  }
}
