package dev.graft.cli.ui;

import dev.graft.cli.tui.Key;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;

/**
 * What a picker shows and where its cursor is, without a terminal: the options that match the
 * filter, the cursor among them and the window of rows on screen. Typing filters (every word of the
 * filter must occur in the option's label or detail, ignoring case; an id only as its start, see
 * {@link Choice#withId}); with an empty filter, the number keys 1–9 choose the option on that row
 * of the window at once.
 */
public final class SelectState {
  private final List<Choice> choices;
  private final List<String> haystacks;
  private final List<String> ids;
  private final StringBuilder filter = new StringBuilder();
  private List<Integer> visible;
  private int cursor;
  private int top;
  private int rows = 10;

  /** What a key press did. */
  public sealed interface Outcome {
    record Continue() implements Outcome {}

    record Chosen(int index) implements Outcome {}

    record Cancelled() implements Outcome {}
  }

  private static final Outcome CONTINUE = new Outcome.Continue();

  /** The fewest first characters of an id that find it. */
  private static final int MIN_ID_PREFIX = 4;

  public SelectState(List<Choice> choices, int initial) {
    this.choices = List.copyOf(choices);
    this.haystacks =
        this.choices.stream()
            .map(c ->
                (c.detailIsId() ? c.searched() : c.searched() + " " + c.detail())
                    .toLowerCase(Locale.ROOT))
            .toList();
    this.ids =
        this.choices.stream()
            .map(c -> c.detailIsId() ? c.detail().toLowerCase(Locale.ROOT) : "")
            .toList();
    refilter(initial);
  }

  /** How many options fit on screen at once; keeps the cursor inside the window. */
  public void setRows(int rows) {
    this.rows = Math.max(1, rows);
    scrollToCursor();
  }

  public int rows() {
    return rows;
  }

  public String filter() {
    return filter.toString();
  }

  /** Indices (into the options) of those that match the filter, in order. */
  public List<Integer> visible() {
    return visible;
  }

  /** The first visible position shown in the window. */
  public int top() {
    return top;
  }

  /** The cursor's position among the visible options. */
  public int cursor() {
    return cursor;
  }

  /** The option under the cursor; empty when nothing matches the filter. */
  public OptionalInt selected() {
    return visible.isEmpty() ? OptionalInt.empty() : OptionalInt.of(visible.get(cursor));
  }

  /** How many options there are, whatever the filter. */
  public int size() {
    return choices.size();
  }

  public Choice choice(int index) {
    return choices.get(index);
  }

  /** Replaces the filter (as if typed). */
  public void setFilter(String text) {
    filter.setLength(0);
    filter.append(text);
    refilterKeepingSelection();
  }

  public Outcome handle(Key key) {
    if (key.kind() == Key.Kind.CHAR && key.modifiers() == Key.CTRL) {
      switch (key.codePoint()) {
        case 'p' -> move(-1);
        case 'n' -> move(1);
        case 'c', 'd' -> {
          return new Outcome.Cancelled();
        }
        case 'u' -> {
          filter.setLength(0);
          refilterKeepingSelection();
        }
        default -> {}
      }
      return CONTINUE;
    }
    if (key.kind() == Key.Kind.TAB && key.hasModifier(Key.SHIFT)) {
      move(-1);
      return CONTINUE;
    }
    switch (key.kind()) {
      case UP -> move(-1);
      case DOWN, TAB -> move(1);
      case PAGE_UP -> move(-rows);
      case PAGE_DOWN -> move(rows);
      case HOME -> move(-visible.size());
      case END -> move(visible.size());
      case ENTER -> {
        OptionalInt chosen = selected();
        return chosen.isPresent() ? new Outcome.Chosen(chosen.getAsInt()) : CONTINUE;
      }
      case ESCAPE, EOF -> {
        return new Outcome.Cancelled();
      }
      case BACKSPACE -> {
        if (!filter.isEmpty()) {
          filter.setLength(
              filter.length() - Character.charCount(filter.codePointBefore(filter.length())));
          refilterKeepingSelection();
        }
      }
      case CHAR -> {
        int c = key.codePoint();
        if (filter.isEmpty() && c >= '1' && c <= '9') {
          int position = top + (c - '1');
          if (position < visible.size() && c - '1' < rows) {
            return new Outcome.Chosen(visible.get(position));
          }
          return CONTINUE;
        }
        if (key.printable() && !(filter.isEmpty() && c == ' ')) {
          filter.appendCodePoint(c);
          refilterKeepingSelection();
        }
      }
      default -> {}
    }
    return CONTINUE;
  }

  private void move(int delta) {
    if (visible.isEmpty()) {
      return;
    }
    cursor = Math.max(0, Math.min(visible.size() - 1, cursor + delta));
    scrollToCursor();
  }

  private void refilterKeepingSelection() {
    refilter(selected().orElse(-1));
  }

  /**
   * Recomputes the matches; the cursor stays on {@code keep} when it still matches, else goes to
   * the first.
   */
  private void refilter(int keep) {
    String[] words = filter.toString().toLowerCase(Locale.ROOT).strip().split("\\s+");
    List<Integer> matches = new ArrayList<>();
    for (int i = 0; i < choices.size(); i++) {
      if (matchesAll(haystacks.get(i), ids.get(i), words)) {
        matches.add(i);
      }
    }
    visible = List.copyOf(matches);
    int at = visible.indexOf(keep);
    cursor = at >= 0 ? at : 0;
    top = 0;
    scrollToCursor();
  }

  private static boolean matchesAll(String haystack, String id, String[] words) {
    for (String w : words) {
      if (!w.isEmpty()
          && !haystack.contains(w)
          && !(w.length() >= MIN_ID_PREFIX && !id.isEmpty() && id.startsWith(w))) {
        return false;
      }
    }
    return true;
  }

  private void scrollToCursor() {
    if (cursor < top) {
      top = cursor;
    } else if (cursor >= top + rows) {
      top = cursor - rows + 1;
    }
    top = Math.max(0, Math.min(top, Math.max(0, visible.size() - rows)));
  }
}
