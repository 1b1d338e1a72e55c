package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a new user reads first: the command lists of --help (each command's summary a whole
 * sentence, not its description's first line cut off) and the error for a mistyped provider.
 */
class HelpSummaryTest {
  @TempDir Path home;
  @TempDir Path work;

  /** The summaries of the "Commands:" section of {@code args --help}, continuation lines joined. */
  private List<String> summaries(String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.add("--help");
    CliRun run = CliRun.run(home, work, all.toArray(String[]::new));
    assertThat(run.exitCode()).as(run.err()).isZero();
    List<String> out = new ArrayList<>();
    boolean inCommands = false;
    for (String line : run.out().lines().toList()) {
      if (line.equals("Commands:")) {
        inCommands = true;
      } else if (inCommands && line.isBlank()) {
        inCommands = false;
      } else if (inCommands && line.matches("  \\S.*")) {
        out.add(line.strip().replaceFirst("^\\S+\\s+", ""));
      } else if (inCommands && !out.isEmpty()) {
        out.set(out.size() - 1, out.getLast() + " " + line.strip());
      }
    }
    return out;
  }

  @Test
  void everySummaryIsAWholeSentence() {
    List<String> all = new ArrayList<>();
    all.addAll(summaries());
    all.addAll(summaries("session"));
    all.addAll(summaries("scripts"));
    all.addAll(summaries("skills"));
    assertThat(all).hasSizeGreaterThan(10);
    assertThat(all).allSatisfy(s -> assertThat(s).as("a summary").matches("[A-Z].*[.]"));
  }

  /** An option's description is wrapped as one paragraph, not as lines cut short and rewrapped. */
  @Test
  void theExtensionOptionIsOneParagraph() {
    CliRun run = CliRun.run(home, work, "--help");
    List<String> block = new ArrayList<>();
    for (String line : run.out().lines().toList()) {
      if (line.startsWith("  -e, --extension=SOURCE")) {
        block.add(line);
      } else if (!block.isEmpty() && line.matches(" {10,}\\S.*")) {
        block.add(line);
      } else if (!block.isEmpty()) {
        break;
      }
    }
    assertThat(block).hasSizeGreaterThan(2);
    assertThat(block.subList(0, block.size() - 1))
        .allSatisfy(l -> assertThat(l.length()).as(l).isGreaterThan(60));
  }

  /**
   * graft adds its subcommands to picocli only when an argument could name one (start-up time); a
   * usage error is then reported by the whole tree, as before, and --help lists them all.
   */
  @Test
  void usageErrorsAndHelpSeeTheWholeCommandTree() {
    CliRun typo = CliRun.run(home, work, "--scriptz", "x");
    assertThat(typo.exitCode()).isEqualTo(2);
    assertThat(typo.err().lines().toList())
        .containsExactly(
            "graft: Unknown option: '--scriptz'",
            "Possible solutions: --scripts, --script",
            "Run 'graft --help' for usage.");
    CliRun sub = CliRun.run(home, work, "session", "lst");
    assertThat(sub.exitCode()).isEqualTo(2);
    assertThat(sub.err()).contains("Did you mean: graft session list?");
    // picocli's own suggestions missed these (none for lsit; test, trust and install for lst)
    assertThat(CliRun.run(home, work, "session", "lsit").err())
        .contains("Did you mean: graft session list?\n");
    assertThat(CliRun.run(home, work, "scripts", "lst").err())
        .contains("Did you mean: graft scripts list?\n");
    assertThat(summaries()).hasSize(6);
    assertThat(CliRun.run(home, work, "-h").out()).contains("Commands:").contains("  session ");
  }

  /**
   * Every command's description reads as written: no line of it is cut short, its last words alone
   * on the next line, because picocli wrapped a line that was broken by hand at another width ("…
   * Reads only" / "what it shows.").
   */
  @Test
  void noDescriptionHasALineCutShort() {
    List<List<String>> commands = new ArrayList<>();
    commands.add(List.of());
    for (int i = 0; i < commands.size(); i++) {
      List<String> command = commands.get(i);
      for (String name : commandNames(command.toArray(String[]::new))) {
        if (!name.equals("help")) {
          List<String> sub = new ArrayList<>(command);
          sub.add(name);
          commands.add(sub);
        }
      }
    }
    assertThat(commands).hasSizeGreaterThan(20);
    List<String> cut = new ArrayList<>();
    for (List<String> command : commands) {
      List<String> args = new ArrayList<>(command);
      args.add("--help");
      List<String> lines =
          CliRun.run(home, work, args.toArray(String[]::new)).out().lines().toList();
      // the description: after the synopsis (its first line not indented), before the options
      int start = 1;
      while (start < lines.size() && lines.get(start).startsWith(" ")) {
        start++;
      }
      for (int i = start; i + 1 < lines.size() && !lines.get(i + 1).startsWith("  "); i++) {
        String line = lines.get(i);
        String next = lines.get(i + 1);
        if (!line.isBlank()
            && line.length() < 40
            && next.matches("[a-z].*")
            && line.length() + 1 + next.split(" ")[0].length() <= 80) {
          cut.add("graft " + String.join(" ", command) + ": \"" + line + "\" / \"" + next + "\"");
        }
      }
    }
    assertThat(cut).isEmpty();
    // graft --help's examples: one line each, none wrapped
    List<String> root = CliRun.run(home, work, "--help").out().lines().toList();
    int first = root.indexOf("") + 1;
    List<String> examples =
        root.subList(first, root.subList(first, root.size()).indexOf("") + first);
    assertThat(examples).hasSizeGreaterThan(3).allSatisfy(l -> assertThat(l).startsWith("  graft"));
  }

  /**
   * --thinking's default, as graft picks it (docs/providers.md): the session's, else the settings'
   * defaultThinkingLevel, else medium; not off.
   */
  @Test
  void theThinkingDefaultIsMedium() {
    String root = CliRun.run(home, work, "--help").out().replaceAll("\\s+", " ");
    assertThat(root)
        .contains(
            "--thinking=LEVEL Thinking level: off, minimal, low, medium, high, xhigh (default: the"
                + " session's, else the settings' defaultThinkingLevel, else medium; a model gets"
                + " the nearest level it has).");
  }

  /** The names of the "Commands:" section of {@code args --help}. */
  private List<String> commandNames(String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.add("--help");
    List<String> names = new ArrayList<>();
    boolean inCommands = false;
    for (String line : CliRun.run(home, work, all.toArray(String[]::new)).out().lines().toList()) {
      if (line.equals("Commands:")) {
        inCommands = true;
      } else if (inCommands && line.isBlank()) {
        inCommands = false;
      } else if (inCommands && line.matches("  \\S.*")) {
        names.add(line.strip().split("\\s+")[0]);
      }
    }
    return names;
  }

  @Test
  void helpShowsTheUsageOfACommandAtAnyDepth() {
    for (String[] command :
        new String[][] {{"scripts", "test"}, {"session", "list"}, {"scripts"}}) {
      List<String> help = new ArrayList<>(List.of("help"));
      help.addAll(List.of(command));
      CliRun viaHelp = CliRun.run(home, work, help.toArray(String[]::new));
      List<String> flag = new ArrayList<>(List.of(command));
      flag.add("--help");
      CliRun viaFlag = CliRun.run(home, work, flag.toArray(String[]::new));
      assertThat(viaHelp.exitCode()).as(viaHelp.err()).isZero();
      assertThat(viaHelp.out())
          .startsWith("Usage: graft " + String.join(" ", command) + " ")
          .isEqualTo(viaFlag.out());
    }
    CliRun unknown = CliRun.run(home, work, "help", "scripts", "nosuch");
    assertThat(unknown.exitCode()).isEqualTo(2);
    assertThat(unknown.err()).startsWith("graft: Unknown command 'graft scripts nosuch'.\n");
  }

  @Test
  void helpNamesEveryKindOfScriptAndBreaksNoNameAcrossLines() {
    String root = CliRun.run(home, work, "--help").out().replaceAll("\\s+", " ");
    assertThat(root)
        .contains(
            "--scripts=DIR Load the hook scripts in DIR; repeatable: its *.js, *.mjs, *.ts and *.mts"
                + " files (not the tests, *.test.js and the like) and each subdirectory's index.js, index.mjs, index.ts or"
                + " index.mts.")
        .contains("Load one hook script (.js, .mjs, .ts or .mts)");
    assertThat(CliRun.run(home, work, "scripts", "test", "--help").out())
        .contains("\n  import { test, assert, tests } from \"graft/lib/test.js\";\n");

    List<List<String>> commands = new ArrayList<>();
    commands.add(List.of());
    for (String name : commandNames()) {
      commands.add(List.of(name));
      for (String sub : commandNames(name)) {
        commands.add(List.of(name, sub));
      }
    }
    assertThat(commands).hasSizeGreaterThan(15);
    for (List<String> command : commands) {
      List<String> args = new ArrayList<>(command);
      args.add("--help");
      List<String> lines =
          CliRun.run(home, work, args.toArray(String[]::new)).out().lines().toList();
      for (int i = 0; i + 1 < lines.size(); i++) {
        // picocli breaks a long word after a dot: "test." then "js" on the next line
        assertThat(lines.get(i) + "\n" + lines.get(i + 1))
            .as("graft %s --help", String.join(" ", command))
            .doesNotMatch("(?s).*\\S\\.\n\\s*(js|mjs|ts|mts|json|jsonl|md|html)\\b.*");
      }
    }
  }

  @Test
  void anUnknownProviderIsCalledThat() {
    for (String[] args :
        new String[][] {
          {"-p", "--provider", "antropic", "hi"},
          {"-p", "--provider", "antropic", "--model", "x", "hi"}
        }) {
      CliRun run = CliRun.run(home, work, args);
      assertThat(run.exitCode()).as("a bad option value is a usage error").isEqualTo(2);
      assertThat(run.err())
          .startsWith("graft: unknown provider 'antropic': graft knows ")
          .contains("anthropic, ")
          .contains(
              " and scripted (graft models lists their models; add a provider in models.json)");
      assertThat(run.err().lines().count()).isEqualTo(1);
    }
  }
}
