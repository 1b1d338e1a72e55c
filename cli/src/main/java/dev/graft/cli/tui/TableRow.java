package dev.graft.cli.tui;

import java.util.ArrayList;
import java.util.List;

/**
 * A row of a table in the transcript (/hotkeys, /help): its lead (the padded columns before the
 * last), then a text that, when it does not fit, goes on under its own column rather than at the
 * left edge. Narrower than the lead and {@value #MIN_ROOM} columns, the row wraps as plain text.
 */
public final class TableRow implements Component {
  static final int MIN_ROOM = 16;

  private final String lead;
  private final String text;
  private int cachedWidth = -1;
  private List<String> cached;

  /** {@code lead} and {@code text}, both already styled and cleaned. */
  public TableRow(String lead, String text) {
    this.lead = lead;
    this.text = text;
  }

  @Override
  public List<String> render(int width) {
    if (cached != null && cachedWidth == width) {
      return cached;
    }
    int column = Ansi.width(lead);
    List<String> out = new ArrayList<>();
    if (width - column < MIN_ROOM) {
      out.addAll(Wrap.softLines(lead + text, width));
    } else {
      String under = " ".repeat(column);
      List<String> rows = Wrap.lines(text, width - column);
      for (int i = 0; i < rows.size(); i++) {
        out.add((i == 0 ? lead : under) + rows.get(i));
      }
    }
    cached = List.copyOf(out);
    cachedWidth = width;
    return cached;
  }

  @Override
  public void invalidate() {
    cached = null;
  }
}
