package dev.graft.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.cli.base.CliContext;
import dev.graft.runtime.config.GraftHome;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;
import picocli.CommandLine.Help;

/**
 * graft's help is wrapped at spaces only: picocli broke lines after ':', '/' and '.' too, so that
 * {@code https:} ended one line and {@code //HOST/USER/REPO[@REF]} began the next.
 */
class SpaceWrappedHelpTest {
  @TempDir Path home;

  private CommandLine tree(int width) {
    PrintWriter sink = new PrintWriter(new StringWriter(), true);
    CliContext context =
        new CliContext(Map.of(), new GraftHome(home), home, sink, sink, Clock.systemUTC());
    CommandLine cli = Graft.commandTree(new GraftCommand(context));
    cli.setUsageHelpWidth(width);
    return cli;
  }

  private static String help(CommandLine cli, String... names) {
    for (String name : names) {
      cli = cli.getSubcommands().get(name);
    }
    return cli.getUsageMessage(Help.Ansi.OFF);
  }

  @ParameterizedTest
  @ValueSource(ints = {60, 80})
  void addressesAndNamesStayOnOneLine(int width) {
    CommandLine cli = tree(width);
    assertThat(help(cli, "skills", "list").lines()).anyMatch(l -> l.contains("/skill:NAME"));
    assertThat(help(cli, "scripts", "add").lines())
        .anyMatch(l -> l.contains("https://HOST/USER/REPO[@REF]"))
        .anyMatch(l -> l.contains("git+https://host/lib.git#main"))
        .anyMatch(l -> l.contains("(.graft/packages,"))
        .anyMatch(l -> l.contains(".graft/packages.lock.json)"));
    assertThat(help(cli).lines()).anyMatch(l -> l.contains("(sonnet:high)"));
  }

  /**
   * Every command's help at {@code width}: no line wider, and every word of its description,
   * options and commands whole (as in the help at a width where nothing wraps) though the column is
   * narrow: the same words in the same order, only the breaks moved.
   */
  @ParameterizedTest
  @ValueSource(ints = {60, 80})
  void everyHelpBreaksAtSpacesOnly(int width) {
    CommandLine narrow = tree(width);
    CommandLine wide = tree(400);
    List<List<String>> commands = new ArrayList<>(List.of(List.of()));
    for (int i = 0; i < commands.size(); i++) {
      CommandLine cli = narrow;
      for (String name : commands.get(i)) {
        cli = cli.getSubcommands().get(name);
      }
      for (String name : cli.getSubcommands().keySet()) {
        List<String> sub = new ArrayList<>(commands.get(i));
        sub.add(name);
        commands.add(sub);
      }
    }
    assertThat(commands).hasSizeGreaterThan(20);
    for (List<String> command : commands) {
      String[] names = command.toArray(String[]::new);
      String text = help(narrow, names);
      assertThat(text.lines())
          .as("graft %s --help", String.join(" ", command))
          .allSatisfy(l -> assertThat(l.length()).as(l).isLessThanOrEqualTo(width));
      assertThat(rejoined(words(text), words(help(wide, names))))
          .as("graft %s --help", String.join(" ", command))
          .isEqualTo(words(help(wide, names)));
    }
  }

  /**
   * {@code narrow}'s words, the pieces of a word of {@code wide} longer than the narrowest column
   * (30 characters at 60 columns) joined again: such a word alone may be cut.
   */
  private static List<String> rejoined(List<String> narrow, List<String> wide) {
    List<String> out = new ArrayList<>();
    int j = 0;
    for (String word : wide) {
      if (j >= narrow.size()) {
        break;
      }
      String piece = narrow.get(j++);
      while (word.length() > 30
          && !piece.equals(word)
          && word.startsWith(piece)
          && j < narrow.size()) {
        piece += narrow.get(j++);
      }
      out.add(piece);
    }
    out.addAll(narrow.subList(j, narrow.size()));
    return out;
  }

  /** The words after the synopsis (which picocli wraps), in order. */
  private static List<String> words(String help) {
    List<String> lines = help.lines().toList();
    int start = 1;
    while (start < lines.size() && lines.get(start).startsWith(" ")) {
      start++;
    }
    String rest = String.join("\n", lines.subList(start, lines.size())).strip();
    return Arrays.asList(rest.split("\\s+"));
  }
}
