package dev.graft.cli;

import java.util.IllegalFormatException;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * picocli's usage help with its text wrapped at spaces only. picocli wraps with Java's line-break
 * rules, which also break after {@code :}, {@code /} and {@code .}: {@code https://HOST/USER/REPO}
 * became {@code https:} at one line's end and {@code //HOST/USER/REPO} on the next. The
 * description, header, footer, option, parameter and command lists keep picocli's columns and
 * width; only where a line breaks differs. A word longer than its column is still cut. Set with
 * {@code CommandLine.setHelpFactory(SpaceWrappedHelp::new)} once the subcommands are added, so that
 * they have it too.
 */
final class SpaceWrappedHelp extends Help {
  SpaceWrappedHelp(CommandSpec spec, ColorScheme colors) {
    super(spec, colors);
  }

  @Override
  public String header(Object... params) {
    return paragraphs(commandSpec().usageMessage().header(), params);
  }

  @Override
  public String description(Object... params) {
    return paragraphs(commandSpec().usageMessage().description(), params);
  }

  @Override
  public String footer(Object... params) {
    return paragraphs(commandSpec().usageMessage().footer(), params);
  }

  /** The options and parameters table, in picocli's default columns. */
  @Override
  public Layout createDefaultLayout(
      List<OptionSpec> options, List<PositionalParamSpec> positionals, ColorScheme colors) {
    int longOptions = calcLongOptionColumnWidth(options, positionals, colors);
    TextTable table =
        table(colors, TextTable.forDefaultColumns(colors, longOptions, width()).columns());
    return new Layout(
        colors, table, createDefaultOptionRenderer(), createDefaultParameterRenderer());
  }

  /** The commands and the first line of each one's header or description, as picocli lays it. */
  @Override
  public String commandList(Map<String, Help> subcommands) {
    if (subcommands.isEmpty()) {
      return "";
    }
    int names = 0;
    for (String name : subcommands.keySet()) {
      names = Math.max(names, name.length());
    }
    names = Math.min(names, width() / 2) + 2;
    TextTable table =
        table(
            defaultColorScheme(ansi()),
            new Column(names, 2, Column.Overflow.SPAN),
            new Column(width() - names, 2, Column.Overflow.WRAP));
    for (Help help : subcommands.values()) {
      UsageMessageSpec usage = help.commandSpec().usageMessage();
      String[] header = present(usage.header()) ? usage.header() : usage.description();
      String summary = present(header) ? format(header[0]) : "";
      Ansi.Text[] lines = colorScheme().text(summary).splitLines();
      for (int i = 0; i < lines.length; i++) {
        table.addRowValues(i == 0 ? help.commandNamesText(", ") : Ansi.OFF.new Text(0), lines[i]);
      }
    }
    return table.toString();
  }

  /** {@code lines}, each formatted with {@code params} and wrapped to the usage width. */
  private String paragraphs(String[] lines, Object... params) {
    if (!present(lines)) {
      return "";
    }
    TextTable table =
        table(defaultColorScheme(ansi()), new Column(width(), 0, Column.Overflow.WRAP));
    table.indentWrappedLines = 0;
    for (String line : lines) {
      table.addRowValues(format(line, params));
    }
    return table.toString();
  }

  private TextTable table(ColorScheme colors, Column... columns) {
    TextTable table = new SpaceWrappedTable(colors, columns);
    table.setAdjustLineBreaksForWideCJKCharacters(
        commandSpec().usageMessage().adjustLineBreaksForWideCJKCharacters());
    return table;
  }

  private static boolean present(String[] lines) {
    return lines != null && lines.length > 0;
  }

  private int width() {
    return commandSpec().usageMessage().width();
  }

  /** As picocli formats a help line: with String.format, else as it is. */
  private static String format(String line, Object... params) {
    if (line == null) {
      return "";
    }
    try {
      return String.format(line, params);
    } catch (IllegalFormatException e) {
      return line;
    }
  }

  /** A text table whose wrapping columns break lines at spaces only. */
  static final class SpaceWrappedTable extends TextTable {
    SpaceWrappedTable(ColorScheme colors, Column... columns) {
      super(colors, columns);
    }

    /**
     * Writes {@code value} a line at a time, each line ending before a space, so that picocli's own
     * wrapping, handed a line that fits, writes it whole.
     */
    @Override
    public Cell putValue(int row, int col, Ansi.Text value) {
      Column column = columns()[col];
      if (value == null || column.overflow != Column.Overflow.WRAP) {
        return super.putValue(row, col, value);
      }
      String plain = value.plainString();
      int indent = column.indent;
      try {
        int from = 0;
        while (true) {
          int end = lineEnd(value, plain, from, column.width - column.indent);
          Cell cell = super.putValue(row, col, value.substring(from, end));
          from = end;
          while (from < plain.length() && plain.charAt(from) == ' ') {
            from++;
          }
          if (from >= plain.length()) {
            return cell;
          }
          addEmptyRow();
          row = rowCount() - 1;
          column.indent = indent + indentWrappedLines;
        }
      } finally {
        column.indent = indent;
      }
    }

    /**
     * Where the line of {@code plain} that starts at {@code from} ends: after its last word that
     * fits in {@code room} columns, else (one word too long) after as much as fits.
     */
    private int lineEnd(Ansi.Text value, String plain, int from, int room) {
      int n = plain.length();
      int end = from;
      int i = from;
      while (i < n && plain.charAt(i) == ' ') {
        i++;
      }
      while (true) {
        while (i < n && plain.charAt(i) != ' ') {
          i++;
        }
        if (width(value, from, i) > room) {
          break;
        }
        end = i;
        while (i < n && plain.charAt(i) == ' ') {
          i++;
        }
        if (i >= n) {
          break;
        }
      }
      if (end > from) {
        return end;
      }
      int cut = from + 1;
      while (cut < n && width(value, from, cut + 1) <= room) {
        cut++;
      }
      return cut;
    }

    private int width(Ansi.Text value, int from, int to) {
      return isAdjustLineBreaksForWideCJKCharacters()
          ? value.substring(from, to).getCJKAdjustedLength()
          : to - from;
    }
  }
}
