package dev.graft.cli;

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
    assertThat(all).hasSizeGreaterThan(10);
    assertThat(all).allSatisfy(s -> assertThat(s).as("a summary").matches("[A-Z].*[.]"));
  }

  /**
   * graft adds its subcommands to picocli only when an argument could name one (start-up time);
   * a usage error is then reported by the whole tree, as before, and --help lists them all.
   */
  @Test
  void usageErrorsAndHelpSeeTheWholeCommandTree() {
    CliRun typo = CliRun.run(home, work, "--scriptz", "x");
    assertThat(typo.exitCode()).isEqualTo(2);
    assertThat(typo.err().lines().toList()).containsExactly("graft: Unknown option: '--scriptz'",
        "Possible solutions: --scripts, --script", "Run 'graft --help' for usage.");
    CliRun sub = CliRun.run(home, work, "session", "lst");
    assertThat(sub.exitCode()).isEqualTo(2);
    assertThat(sub.err()).contains("Did you mean: session list?");
    assertThat(summaries()).hasSize(5);
    assertThat(CliRun.run(home, work, "-h").out()).contains("Commands:").contains("  session ");
  }

  @Test
  void anUnknownProviderIsCalledThat() {
    for (String[] args : new String[][] {{"-p", "--provider", "antropic", "hi"}, {"-p", "--provider", "antropic", "--model", "x", "hi"}}) {
      CliRun run = CliRun.run(home, work, args);
      assertThat(run.exitCode()).isEqualTo(1);
      assertThat(run.err()).startsWith("graft: unknown provider 'antropic': graft knows ").contains("anthropic, ")
          .contains(" and scripted (graft models lists their models; add a provider in models.json)");
      assertThat(run.err().lines().count()).isEqualTo(1);
    }
  }
}
