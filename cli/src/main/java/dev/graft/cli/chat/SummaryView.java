package dev.graft.cli.chat;

import dev.graft.cli.tui.Ansi;
import dev.graft.cli.tui.Component;
import dev.graft.cli.tui.Theme;
import dev.graft.cli.tui.ThemeRole;
import dev.graft.cli.tui.markdown.Markdown;
import java.util.ArrayList;
import java.util.List;

/**
 * A compaction's or a branch's summary: a title line (with how long the summary is), then the
 * summary's first line (collapsed) or the whole summary as markdown (expanded).
 */
final class SummaryView implements Component {
  private final ViewContext ctx;
  private final String title;
  private final String summary;
  private final Markdown markdown;

  SummaryView(ViewContext ctx, String title, String summary) {
    this.ctx = ctx;
    this.title = title;
    this.summary = summary;
    this.markdown = new Markdown(ctx.markdown, 3);
    markdown.setText(summary);
  }

  @Override
  public List<String> render(int width) {
    Theme t = ctx.theme;
    List<String> out = new ArrayList<>();
    out.add("");
    long lines = summary.lines().filter(l -> !l.isBlank()).count();
    String hint =
        ctx.expanded || lines <= 1
            ? ""
            : t.fg(ThemeRole.MUTED, " (" + lines + " lines, " + ctx.expandKey + " to expand)");
    out.add(Ansi.truncate(" " + title + hint, width, "…"));
    if (ctx.expanded) {
      out.addAll(markdown.render(width));
    } else {
      String first =
          summary
              .lines()
              .map(String::strip)
              .filter(l -> !l.isEmpty())
              .map(l -> l.replaceFirst("^#+\\s*", ""))
              .findFirst()
              .orElse("");
      out.add(Ansi.truncate("   " + t.fg(ThemeRole.MUTED, Ansi.clean(first)), width, "…"));
    }
    return out;
  }

  @Override
  public void invalidate() {
    markdown.invalidate();
  }
}
