package dev.graft.cli;

import dev.graft.cli.base.CliContext;
import dev.graft.cli.base.UserError;
import dev.graft.runtime.hooks.ScriptText;
import dev.graft.runtime.session.SessionFileException;
import java.io.UncheckedIOException;
import picocli.CommandLine;

/** Builds the command line and runs it, turning every failure into an exit code. */
public final class Graft {
  private Graft() {}

  /** Runs graft with {@code args}; returns the exit code (0 ok, 1 failure, 2 usage). */
  public static int run(CliContext context, String... args) {
    GraftCommand root = new GraftCommand(context);
    CommandLine cli = new CommandLine(root);
    // "--scripts scripts" names a directory, not the scripts command.
    cli.setAllowSubcommandsAsOptionParameters(true);
    cli.setOut(context.out());
    cli.setErr(context.err());
    cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
      boolean verbose = root.verbose();
      context.err().println("graft: " + oneLine(e));
      if (verbose) {
        e.printStackTrace(context.err());
      } else if (!(e instanceof UserError || e instanceof SessionFileException)) {
        context.err().println("(run with --verbose for details)");
      }
      context.err().flush();
      return 1;
    });
    cli.setParameterExceptionHandler((e, args1) -> {
      CommandLine c = e.getCommandLine();
      context.err().println("graft: " + e.getMessage());
      CommandLine.UnmatchedArgumentException.printSuggestions(e, context.err());
      context.err().println("Run '" + c.getCommandSpec().qualifiedName() + " --help' for usage.");
      context.err().flush();
      return 2;
    });
    return cli.execute(args);
  }

  static String oneLine(Throwable e) {
    Throwable t = e instanceof UncheckedIOException && e.getCause() != null ? e.getCause() : e;
    String message = t.getMessage();
    if (message == null || message.isBlank()) {
      message = t.getClass().getSimpleName();
    }
    int nl = message.indexOf('\n');
    return ScriptText.shown(nl < 0 ? message : message.substring(0, nl));
  }
}
