package dev.graft.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;

/**
 * {@code graft help [COMMAND...]}: the usage of graft or of a command at any depth ({@code graft
 * help scripts test}); picocli's own help command looks at the first name only.
 */
@Command(
    name = "help",
    helpCommand = true,
    description = "Show the usage of graft or of a command, such as graft help scripts test.")
public final class HelpCommand implements CommandLine.IHelpCommandInitializable2, Runnable {
  @Parameters(
      paramLabel = "COMMAND",
      arity = "0..*",
      description = "The command and its subcommands (scripts test).")
  List<String> names = new ArrayList<>();

  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      description = "Show this help message and exit.")
  boolean helpRequested;

  private CommandLine self;
  private Help.ColorScheme colors;
  private PrintWriter out;

  @Override
  public void init(
      CommandLine helpCommandLine, Help.ColorScheme colorScheme, PrintWriter out, PrintWriter err) {
    this.self = helpCommandLine;
    this.colors = colorScheme;
    this.out = out;
  }

  @Override
  public void run() {
    CommandLine command = self.getParent();
    for (String name : names) {
      CommandLine sub = command.getSubcommands().get(name);
      if (sub == null) {
        throw new ParameterException(
            command,
            "Unknown command '" + command.getCommandSpec().qualifiedName() + " " + name + "'.",
            null,
            name);
      }
      command = sub;
    }
    command.usage(out, colors);
  }
}
