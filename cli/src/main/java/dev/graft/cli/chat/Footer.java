package dev.graft.cli.chat;

import dev.graft.cli.tui.Ansi;
import dev.graft.cli.tui.Component;
import dev.graft.cli.tui.Theme;
import dev.graft.cli.tui.ThemeRole;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The lines at the bottom of the screen: the working directory and the session's name; tokens in
 * and out, cost and how full the context is, with the model and its thinking level on the right;
 * and the scripts' status texts. Its data is set when it changes, not computed per frame.
 */
public final class Footer implements Component {
  private final Theme theme;
  private FooterData data;
  private int cachedWidth = -1;
  private List<String> cached;

  public Footer(Theme theme) {
    this.theme = theme;
  }

  public void set(FooterData data) {
    if (!data.equals(this.data)) {
      this.data = data;
      cached = null;
    }
  }

  @Override
  public boolean finished() {
    return false;
  }

  @Override
  public List<String> render(int width) {
    if (data == null) {
      return List.of();
    }
    if (cached != null && cachedWidth == width) {
      return cached;
    }
    List<String> out = new ArrayList<>();
    String where =
        Ansi.clean(data.cwd())
            + data.sessionName().map(n -> " • " + Ansi.clean(n).replace('\n', ' ')).orElse("");
    out.add(theme.fg(ThemeRole.DIM, Ansi.truncate(where, width, "…")));
    List<String> stats = new ArrayList<>();
    if (data.input() > 0) {
      stats.add("↑" + tokens(data.input()));
    }
    if (data.output() > 0) {
      stats.add("↓" + tokens(data.output()));
    }
    if (data.cacheRead() > 0) {
      stats.add("R" + tokens(data.cacheRead()));
    }
    if (data.cacheWrite() > 0) {
      stats.add("W" + tokens(data.cacheWrite()));
    }
    stats.add(String.format(Locale.ROOT, "$%.3f", data.cost()));
    double percent =
        data.contextWindow() > 0 ? 100.0 * data.contextTokens() / data.contextWindow() : 0;
    String context =
        String.format(Locale.ROOT, "%.1f%%/%s", percent, tokens(data.contextWindow()))
            + (data.autoCompact() ? " (auto)" : "");
    String left =
        theme.fg(ThemeRole.DIM, String.join(" ", stats) + " ")
            + (percent > 90
                ? theme.fg(ThemeRole.ERROR, context)
                : percent > 70
                    ? theme.fg(ThemeRole.WARNING, context)
                    : theme.fg(ThemeRole.DIM, context));
    String right =
        Ansi.clean(data.model())
            + data.thinking().map(l -> " • " + (l.equals("off") ? "thinking off" : l)).orElse("");
    int room = width - Ansi.width(left) - 2;
    if (room >= Ansi.width(right)) {
      out.add(
          left
              + " ".repeat(width - Ansi.width(left) - Ansi.width(right))
              + theme.fg(ThemeRole.DIM, right));
    } else if (room > 8) {
      out.add(left + "  " + theme.fg(ThemeRole.DIM, Ansi.truncate(right, room, "…")));
    } else {
      out.add(Ansi.truncate(left, width, "…"));
    }
    if (!data.statuses().isEmpty()) {
      out.add(
          Ansi.truncate(
              String.join(
                  theme.fg(ThemeRole.DIM, " · "),
                  data.statuses().stream().map(Ansi::clean).toList()),
              width,
              "…"));
    }
    cached = List.copyOf(out);
    cachedWidth = width;
    return cached;
  }

  /** 950, 9.5k, 95k, 1.2M, as the reference shows token counts. */
  public static String tokens(long count) {
    if (count < 1000) {
      return Long.toString(count);
    }
    if (count < 10_000) {
      return String.format(Locale.ROOT, "%.1fk", count / 1000.0);
    }
    if (count < 1_000_000) {
      return Math.round(count / 1000.0) + "k";
    }
    if (count < 10_000_000) {
      return String.format(Locale.ROOT, "%.1fM", count / 1_000_000.0);
    }
    return Math.round(count / 1_000_000.0) + "M";
  }
}
