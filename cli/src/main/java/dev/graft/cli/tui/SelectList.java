package dev.graft.cli.tui;

import java.util.ArrayList;
import java.util.List;

/**
 * A list to choose from: a window of at most {@code maxVisible} rows around the selected one,
 * marked with › on the selected-row colour, each row a label and a dimmed description, with "↑ n
 * more" and "↓ n more" when rows are out of the window.
 */
public final class SelectList implements Component {
  /** One row: what is shown, and a detail after it. */
  public record Row(String label, String description) {}

  private final Theme theme;
  private List<Row> rows = List.of();
  private int selected;
  private int top;
  private int maxVisible;

  public SelectList(Theme theme, int maxVisible) {
    this.theme = theme;
    this.maxVisible = Math.max(1, maxVisible);
  }

  public void setRows(List<Row> rows) {
    this.rows = List.copyOf(rows);
    selected = Math.min(selected, Math.max(0, rows.size() - 1));
    scroll();
  }

  public void setMaxVisible(int n) {
    maxVisible = Math.max(1, n);
    scroll();
  }

  public int selected() {
    return selected;
  }

  public int size() {
    return rows.size();
  }

  public void select(int index) {
    selected = Math.max(0, Math.min(rows.size() - 1, index));
    scroll();
  }

  /** Moves the selection, wrapping around at either end. */
  public void move(int delta) {
    if (rows.isEmpty()) {
      return;
    }
    selected = Math.floorMod(selected + delta, rows.size());
    scroll();
  }

  private void scroll() {
    if (selected < top) {
      top = selected;
    } else if (selected >= top + maxVisible) {
      top = selected - maxVisible + 1;
    }
    top = Math.max(0, Math.min(top, Math.max(0, rows.size() - maxVisible)));
  }

  @Override
  public List<String> render(int width) {
    List<String> out = new ArrayList<>();
    int end = Math.min(rows.size(), top + maxVisible);
    int labelWidth = 0;
    for (int i = top; i < end; i++) {
      labelWidth = Math.max(labelWidth, Ansi.width(rows.get(i).label()));
    }
    labelWidth = Math.min(labelWidth, Math.max(10, width / 2));
    if (top > 0) {
      out.add(theme.fg(ThemeRole.MUTED, "  ↑ " + top + " more"));
    }
    for (int i = top; i < end; i++) {
      Row row = rows.get(i);
      boolean current = i == selected;
      String label = Ansi.truncate(row.label(), Math.max(1, width - 4), "…");
      String line =
          (current ? theme.fg(ThemeRole.ACCENT, "› ") : "  ")
              + (current ? theme.bold(label) : label);
      int room = width - 2 - Math.max(labelWidth, Ansi.width(label)) - 3;
      if (!row.description().isEmpty() && room > 6) {
        line =
            Ansi.pad(line, 2 + labelWidth)
                + "   "
                + theme.fg(ThemeRole.MUTED, Ansi.truncate(row.description(), room, "…"));
      }
      out.add(
          current && theme.colored()
              ? theme.bg(ThemeRole.SELECTED_BG, Ansi.pad(line, width))
              : line);
    }
    if (end < rows.size()) {
      out.add(theme.fg(ThemeRole.MUTED, "  ↓ " + (rows.size() - end) + " more"));
    }
    return out;
  }
}
