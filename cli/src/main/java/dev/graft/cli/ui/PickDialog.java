package dev.graft.cli.ui;

import dev.graft.cli.tui.Key;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/** A picker: a title, the filter, a window of options with numbers, and a line of key hints. */
final class PickDialog implements Dialog<OptionalInt> {
  private final Screen screen;
  private final String title;
  private final SelectState state;

  PickDialog(Screen screen, String title, List<Choice> choices, int initial, int rows) {
    this.screen = screen;
    this.title = title;
    this.state = new SelectState(choices, initial);
    state.setRows(rows);
  }

  @Override
  public Frame render(OptionalLong secondsLeft, int columns) {
    List<String> lines = new ArrayList<>();
    lines.add(Dialog.title(screen, Screen.fit(title, columns - 8), secondsLeft));
    String filter = state.filter();
    String filterLine = filter.isEmpty()
        ? screen.style(Screen.Style.DIM, "  type to filter")
        : "  " + screen.style(Screen.Style.DIM, "filter: ") + Screen.fit(filter, columns - 12);
    lines.add(filterLine);
    List<Integer> visible = state.visible();
    int top = state.top();
    int end = Math.min(visible.size(), top + state.rows());
    if (visible.isEmpty()) {
      lines.add(screen.style(Screen.Style.YELLOW, "  nothing matches"));
    }
    if (top > 0) {
      lines.add(screen.style(Screen.Style.DIM, "  ↑ " + top + " more"));
    }
    for (int i = top; i < end; i++) {
      Choice c = state.choice(visible.get(i));
      boolean current = i == state.cursor();
      String number = filter.isEmpty() && i - top < 9 ? (i - top + 1) + " " : "  ";
      String label = Screen.fit(c.label(), Math.max(10, columns - 6));
      int room = columns - 6 - label.length() - 2;
      String detail = c.detail().isEmpty() || room < 8 ? "" : "  " + screen.style(Screen.Style.DIM, Screen.fit(c.detail(), room));
      lines.add((current ? screen.style(Screen.Style.BOLD_CYAN, "› ") : "  ")
          + screen.style(Screen.Style.DIM, number)
          + (current ? screen.style(Screen.Style.BOLD, label) : label) + detail);
    }
    if (end < visible.size()) {
      lines.add(screen.style(Screen.Style.DIM, "  ↓ " + (visible.size() - end) + " more"));
    }
    lines.add(screen.style(Screen.Style.DIM, Screen.fit("  ↑↓ move · 1-9 pick · type to filter · Enter select · Esc cancel", columns - 1)));
    int cursorColumn = filter.isEmpty() ? 2 : 2 + "filter: ".length() + Math.min(filter.length(), columns - 12);
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
    String answer = result.isPresent() ? state.choice(result.getAsInt()).label().strip() : "cancelled";
    return Optional.of(screen.style(Screen.Style.DIM, Screen.fit(title + ": " + answer, Math.max(0, screen.width() - 1))));
  }
}
