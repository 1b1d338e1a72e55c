package dev.graft.cli.views;

import dev.graft.cli.tui.Component;
import dev.graft.cli.tui.Theme;
import dev.graft.cli.tui.ThemeRole;
import dev.graft.cli.tui.Wrap;
import java.util.ArrayList;
import java.util.List;

/**
 * A widget a script gave as lines ({@code ctx.ui.setWidget(key, lines)}): each line wrapped with a
 * column of margin on each side, its colours kept, as the reference draws it; at most {@link
 * #MAX_LINES} of them.
 */
public final class WidgetLines implements Component {
  /** The reference's limit on a widget's lines. */
  static final int MAX_LINES = 10;

  private final List<String> lines;
  private final Theme theme;
  private int cachedWidth = -1;
  private List<String> cached;

  public WidgetLines(List<String> lines, Theme theme) {
    this.lines = List.copyOf(lines);
    this.theme = theme;
  }

  @Override
  public List<String> render(int width) {
    if (cached != null && cachedWidth == width) {
      return cached;
    }
    List<String> out = new ArrayList<>();
    int room = Math.max(1, width - 2);
    for (String line : lines.subList(0, Math.min(MAX_LINES, lines.size()))) {
      for (String l : Wrap.lines(ScriptLines.clean(line, Integer.MAX_VALUE, false), room)) {
        out.add(" " + l);
      }
    }
    if (lines.size() > MAX_LINES) {
      out.add(" " + theme.fg(ThemeRole.MUTED, "... (widget truncated)"));
    }
    cached = List.copyOf(out);
    cachedWidth = width;
    return cached;
  }

  @Override
  public void invalidate() {
    cached = null;
  }

  @Override
  public boolean finished() {
    return false;
  }
}
