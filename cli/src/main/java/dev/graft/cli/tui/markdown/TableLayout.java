package dev.graft.cli.tui.markdown;

import dev.graft.cli.tui.Ansi;
import dev.graft.cli.tui.Theme;
import dev.graft.cli.tui.ThemeRole;
import dev.graft.cli.tui.Wrap;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.commonmark.ext.gfm.tables.TableCell;
import org.commonmark.ext.gfm.tables.TableRow;
import org.commonmark.node.Node;

/**
 * A GitHub table drawn with box characters: columns as wide as their widest cell (measured in
 * terminal columns, so CJK and emoji line up), narrowed from the widest down when the table is
 * wider than the terminal, with cells wrapped inside their column; header cells bold, each cell
 * aligned as the table says.
 */
final class TableLayout {
  private static final int MIN_COLUMN = 3;

  private final Theme theme;
  private final MarkdownRenderer inline;

  TableLayout(Theme theme, MarkdownRenderer inline) {
    this.theme = theme;
    this.inline = inline;
  }

  private record Cell(String text, TableCell.Alignment alignment, boolean header) {}

  List<String> render(Node table, int width) {
    List<List<Cell>> rows = new ArrayList<>();
    int headerRows = 0;
    collect(table, rows);
    for (List<Cell> row : rows) {
      if (!row.isEmpty() && row.getFirst().header()) {
        headerRows++;
      }
    }
    int columns = rows.stream().mapToInt(List::size).max().orElse(0);
    if (columns == 0) {
      return List.of();
    }
    int[] widths = new int[columns];
    for (List<Cell> row : rows) {
      for (int c = 0; c < row.size(); c++) {
        for (String line : row.get(c).text().split("\n", -1)) {
          widths[c] = Math.max(widths[c], Math.max(1, Ansi.width(line)));
        }
      }
    }
    int available = width - (columns + 1) - 2 * columns;
    int total = 0;
    for (int w : widths) {
      total += w;
    }
    while (total > available) {
      int widest = 0;
      for (int c = 1; c < columns; c++) {
        if (widths[c] > widths[widest]) {
          widest = c;
        }
      }
      if (widths[widest] <= MIN_COLUMN) {
        break; // too many columns: the lines are cut at the edge
      }
      widths[widest]--;
      total--;
    }
    List<String> out = new ArrayList<>();
    out.add(rule('┌', '┬', '┐', widths));
    for (int r = 0; r < rows.size(); r++) {
      out.addAll(row(rows.get(r), widths));
      if (r == headerRows - 1 && r < rows.size() - 1) {
        out.add(rule('├', '┼', '┤', widths));
      }
    }
    out.add(rule('└', '┴', '┘', widths));
    return out;
  }

  /** The rows of the table, header cells bold. */
  private void collect(Node node, List<List<Cell>> rows) {
    for (Node n = node.getFirstChild(); n != null; n = n.getNext()) {
      if (n instanceof TableRow) {
        List<Cell> row = new ArrayList<>();
        for (Node c = n.getFirstChild(); c != null; c = c.getNext()) {
          if (c instanceof TableCell cell) {
            String text = inline.inline(cell).strip();
            row.add(
                new Cell(
                    cell.isHeader() ? theme.bold(text) : text,
                    cell.getAlignment(),
                    cell.isHeader()));
          }
        }
        rows.add(row);
      } else {
        collect(n, rows);
      }
    }
  }

  private List<String> row(List<Cell> cells, int[] widths) {
    List<List<String>> wrapped = new ArrayList<>();
    int height = 1;
    for (int c = 0; c < widths.length; c++) {
      List<String> lines =
          c < cells.size() ? Wrap.lines(cells.get(c).text(), widths[c]) : List.of("");
      wrapped.add(lines);
      height = Math.max(height, lines.size());
    }
    String bar = theme.fg(ThemeRole.MD_HR, "│");
    List<String> out = new ArrayList<>();
    for (int i = 0; i < height; i++) {
      StringBuilder b = new StringBuilder(bar);
      for (int c = 0; c < widths.length; c++) {
        List<String> lines = wrapped.get(c);
        String text = i < lines.size() ? lines.get(i) : "";
        TableCell.Alignment alignment = c < cells.size() ? cells.get(c).alignment() : null;
        b.append(' ').append(align(text, widths[c], alignment)).append(' ').append(bar);
      }
      out.add(b.toString());
    }
    return out;
  }

  private static String align(String text, int width, TableCell.Alignment alignment) {
    int room = Math.max(0, width - Ansi.width(text));
    if (alignment == TableCell.Alignment.RIGHT) {
      return " ".repeat(room) + text;
    }
    if (alignment == TableCell.Alignment.CENTER) {
      return " ".repeat(room / 2) + text + " ".repeat(room - room / 2);
    }
    return text + " ".repeat(room);
  }

  private String rule(char left, char middle, char right, int[] widths) {
    StringBuilder b = new StringBuilder().append(left);
    for (int c = 0; c < widths.length; c++) {
      b.append(String.join("", Collections.nCopies(widths[c] + 2, "─")));
      b.append(c == widths.length - 1 ? right : middle);
    }
    return theme.fg(ThemeRole.MD_HR, b.toString());
  }
}
