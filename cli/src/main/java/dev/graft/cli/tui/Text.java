package dev.graft.cli.tui;

import java.util.ArrayList;
import java.util.List;

/**
 * Styled text, word-wrapped to the width, with an optional indent and an optional background (a
 * theme role) that fills the whole width of each line. Its text may be changed.
 */
public final class Text implements Component {
  private String text;
  private final int indent;
  private final Theme theme;
  private final ThemeRole background;
  private int cachedWidth = -1;
  private List<String> cached;

  /** {@code text} (already styled and cleaned), indented by {@code indent} columns. */
  public Text(String text, int indent) {
    this(text, indent, null, null);
  }

  /** As {@link #Text(String, int)}, each line filled with {@code background} to the width. */
  public Text(String text, int indent, Theme theme, ThemeRole background) {
    this.text = text;
    this.indent = indent;
    this.theme = theme;
    this.background = background;
  }

  public static Text of(String text) {
    return new Text(text, 0);
  }

  public void setText(String text) {
    if (!text.equals(this.text)) {
      this.text = text;
      cached = null;
    }
  }

  public String text() {
    return text;
  }

  @Override
  public List<String> render(int width) {
    if (cached != null && cachedWidth == width) {
      return cached;
    }
    List<String> out = new ArrayList<>();
    String pad = " ".repeat(indent);
    int room = Math.max(1, width - indent - (background != null ? indent : 0));
    // Unindented plain text keeps a long word (a path) whole, in rows the terminal wraps softly.
    List<String> wrapped =
        indent == 0 && background == null ? Wrap.softLines(text, room) : Wrap.lines(text, room);
    for (String line : wrapped) {
      String l = pad + line;
      if (background != null && theme != null && theme.colored()) {
        l = theme.bg(background, Ansi.pad(l, width));
      }
      out.add(l);
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
