package dev.graft.cli.chat;

import dev.graft.cli.tui.Ansi;
import dev.graft.cli.tui.Theme;
import dev.graft.cli.tui.ThemeRole;
import dev.graft.cli.tui.Wrap;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * A tool's output cut to what fits a collapsed view: its first lines ("… 40 more lines") or its
 * last ("… 195 earlier lines"), each line wrapped to the width, the cut said with the key that
 * shows it all. Expanded, every line is shown.
 */
final class OutputLines {
  private OutputLines() {}

  enum Cut {
    HEAD,
    TAIL
  }

  /**
   * {@code lines} (already styled) indented by {@code indent}, at most {@code limit} of them unless
   * {@code expanded}; the note names {@code expandKey}.
   */
  static List<String> of(
      List<String> lines,
      Cut cut,
      int limit,
      boolean expanded,
      int width,
      int indent,
      Theme theme,
      String expandKey) {
    List<String> source = lines;
    while (!source.isEmpty() && Ansi.strip(source.getLast()).isBlank()) {
      source = source.subList(0, source.size() - 1);
    }
    int hidden = expanded ? 0 : Math.max(0, source.size() - limit);
    List<String> shown =
        hidden == 0
            ? source
            : cut == Cut.HEAD
                ? source.subList(0, limit)
                : source.subList(source.size() - limit, source.size());
    String pad = " ".repeat(indent);
    List<String> out = new ArrayList<>();
    String note =
        theme.fg(
            ThemeRole.MUTED,
            pad
                + "… "
                + hidden
                + (cut == Cut.HEAD ? " more line" : " earlier line")
                + (hidden == 1 ? "" : "s")
                + " ("
                + expandKey
                + " to expand)");
    if (hidden > 0 && cut == Cut.TAIL) {
      out.add(note);
    }
    for (String line : shown) {
      for (String part : Wrap.lines(line, Math.max(1, width - indent))) {
        out.add(pad + part);
      }
    }
    if (hidden > 0 && cut == Cut.HEAD) {
      out.add(note);
    }
    return out;
  }

  /** Plain text as lines (control characters removed), each styled with {@code style}. */
  static List<String> text(String text, UnaryOperator<String> style) {
    List<String> out = new ArrayList<>();
    for (String line : Ansi.clean(text).split("\n", -1)) {
      out.add(line.isEmpty() ? "" : style.apply(line));
    }
    return out;
  }
}
