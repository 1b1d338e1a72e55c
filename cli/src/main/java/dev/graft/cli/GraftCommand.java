package dev.graft.cli;

import dev.graft.cli.commands.SessionCommand;
import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/** The root command. */
@Command(
    name = "graft",
    mixinStandardHelpOptions = true,
    versionProvider = GraftCommand.Version.class,
    description = {
      "A coding agent for the terminal, extended by sandboxed JavaScript hook scripts.",
      "",
      "Sessions are JSONL trees in $GRAFT_HOME/sessions (default ~/.graft), readable by the reference agent pi."
    },
    subcommands = {SessionCommand.class, picocli.CommandLine.HelpCommand.class},
    footer = {"", "Documentation: docs/ in the graft repository (cli.md, session-format.md)."})
public final class GraftCommand implements Callable<Integer> {
  private final CliContext context;

  @Spec CommandSpec spec;

  @Option(names = {"-v", "--verbose"}, scope = ScopeType.INHERIT,
      description = "Show details (stack traces, script output) on stderr.")
  boolean verbose;

  public GraftCommand(CliContext context) {
    this.context = context;
  }

  public CliContext context() {
    return context;
  }

  public boolean verbose() {
    return verbose;
  }

  @Override
  public Integer call() {
    spec.commandLine().usage(context.out());
    return 0;
  }

  /** Reads the version Maven wrote into graft-version.properties. */
  static final class Version implements IVersionProvider {
    @Override
    public String[] getVersion() throws IOException {
      Properties p = new Properties();
      try (InputStream in = GraftCommand.class.getResourceAsStream("/graft-version.properties")) {
        if (in != null) {
          p.load(in);
        }
      }
      return new String[] {"graft " + p.getProperty("version", "unknown")
          + " (Java " + Runtime.version().feature() + ")"};
    }
  }
}
