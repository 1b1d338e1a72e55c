package dev.graft.cli;

import dev.graft.cli.base.CliContext;
import dev.graft.cli.base.UserError;
import dev.graft.cli.commands.DemoCommand;
import dev.graft.cli.commands.ModelsCommand;
import dev.graft.cli.commands.SessionCommand;
import dev.graft.cli.commands.SkillsCommand;
import dev.graft.cli.scripts.ScriptsCommand;
import dev.graft.runtime.config.EditDistance;
import dev.graft.runtime.hooks.ScriptText;
import dev.graft.runtime.session.SessionFileException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine;

/** Builds the command line and runs it, turning every failure into an exit code. */
public final class Graft {
  private Graft() {}

  /**
   * The subcommands, by name. picocli reads a command's annotations when it is added, which for the
   * whole tree cost about 0.1 s at every start, so they are added only when an argument could name
   * one. A run is parsed without reading any annotation ({@link RunCommandSpec}).
   */
  private static final Map<String, Class<?>> SUBCOMMANDS = subcommands();

  private static Map<String, Class<?>> subcommands() {
    Map<String, Class<?>> m = new LinkedHashMap<>();
    m.put("demo", DemoCommand.class);
    m.put("session", SessionCommand.class);
    m.put("scripts", ScriptsCommand.class);
    m.put("skills", SkillsCommand.class);
    m.put("models", ModelsCommand.class);
    m.put("help", HelpCommand.class);
    return m;
  }

  /** {@code root} with every subcommand, its help wrapped at spaces ({@link SpaceWrappedHelp}). */
  static CommandLine commandTree(GraftCommand root) {
    CommandLine cli = new CommandLine(root);
    SUBCOMMANDS.values().forEach(cli::addSubcommand);
    // set after the subcommands are added: they take it then, and only then
    cli.setHelpFactory(SpaceWrappedHelp::new);
    return cli;
  }

  /**
   * Status {@link #run(CliContext, boolean, String...)} returns when the short tree did not parse.
   */
  private static final int RETRY_WITH_ALL = Integer.MIN_VALUE;

  /** Runs graft with {@code args}; returns the exit code (0 ok, 1 failure, 2 usage). */
  public static int run(CliContext context, String... args) {
    boolean all = false;
    for (String a : args) {
      if (SUBCOMMANDS.containsKey(a)
          || a.equals("-h")
          || a.equals("--help")
          || a.equals("-V")
          || a.equals("--version")) {
        all = true;
        break;
      }
    }
    int code = run(context, all, args);
    // A usage error is reported by the whole tree, whose hints may name a subcommand.
    return code == RETRY_WITH_ALL ? run(context, true, args) : code;
  }

  /**
   * Runs graft with the annotated command and its subcommands when {@code all}, else with the run's
   * spec ({@link RunCommandSpec}): then no argument names a subcommand, and picocli parses {@code
   * args} exactly as it would with them. Help, version and usage errors are the annotated
   * command's: they parse again with it.
   */
  private static int run(CliContext context, boolean all, String... args) {
    GraftCommand root = new GraftCommand(context);
    CommandLine cli = all ? commandTree(root) : new CommandLine(RunCommandSpec.of(root));
    if (!all) {
      CommandLine.IExecutionStrategy run = new CommandLine.RunLast();
      cli.setExecutionStrategy(parsed ->
          parsed.isUsageHelpRequested() || parsed.isVersionHelpRequested()
              ? RETRY_WITH_ALL
              : run.execute(parsed));
    }
    // "--scripts scripts" names a directory, not the scripts command.
    cli.setAllowSubcommandsAsOptionParameters(true);
    // @FILE is a file to attach to the prompt, not picocli's argument file (whose every word became
    // a prompt)
    cli.setExpandAtFiles(false);
    cli.setOut(context.out());
    cli.setErr(context.err());
    cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
      boolean verbose = root.verbose();
      context.err().println("graft: " + oneLine(e));
      if (e instanceof UserError u) {
        u.details().forEach(line -> context.err().println("  " + ScriptText.safeLine(line)));
      }
      if (verbose) {
        e.printStackTrace(context.err());
      } else if (!(e instanceof UserError
          || e instanceof SessionFileException
          || e instanceof UncheckedIOException)) {
        context.err().println("(run with --verbose for details)");
      }
      context.err().flush();
      return e instanceof UserError u && u.isUsage() ? 2 : 1; // a bad option value is a usage error
    });
    cli.setParameterExceptionHandler((e, args1) -> {
      if (!all) {
        return RETRY_WITH_ALL;
      }
      context.err().println("graft: " + e.getMessage());
      // a value of the wrong type (--max-tokens abc) is said in that line, as graft's own checks
      if (!(e.getCause() instanceof CommandLine.TypeConversionException)) {
        Optional<String> nearest = nearestSubcommand(e);
        if (nearest.isPresent()) {
          context.err().println("Did you mean: " + nearest.get() + "?");
        } else {
          CommandLine.UnmatchedArgumentException.printSuggestions(e, context.err());
        }
        context
            .err()
            .println(
                "Run '"
                    + e.getCommandLine().getCommandSpec().qualifiedName()
                    + " --help' for usage.");
      }
      context.err().flush();
      return 2;
    });
    if (!all) {
      // A run: options graft does not know are the scripts' flags (pi.registerFlag).
      ScriptFlagArguments split = ScriptFlagArguments.split(args, cli.getCommandSpec());
      root.scriptFlags(split.flags(), split.withNextArgument());
      args = split.rest().toArray(String[]::new);
    }
    try {
      return cli.execute(args);
    } catch (OutOfMemoryError e) {
      // picocli hands errors on: a session too large for the heap would end graft with a stack
      // trace.
      context
          .err()
          .println(
              "graft: out of memory ("
                  + e.getMessage()
                  + ") with a heap of at most "
                  + (Runtime.getRuntime().maxMemory() >> 20)
                  + " MB: a session or input larger than it can hold? Give graft a"
                  + " larger heap (JAVA_TOOL_OPTIONS=-Xmx…) or start a new session");
      if (root.verbose()) {
        e.printStackTrace(context.err());
      }
      context.err().flush();
      return 1;
    }
  }

  /**
   * For a mistyped subcommand ({@code graft session lsit}), the one it most likely means, by edit
   * distance (at most two edits): picocli's own suggestions miss some ("lst" gave test, trust and
   * install, not list).
   */
  private static Optional<String> nearestSubcommand(CommandLine.ParameterException e) {
    if (!(e instanceof CommandLine.UnmatchedArgumentException u) || u.getUnmatched().isEmpty()) {
      return Optional.empty();
    }
    CommandLine at = e.getCommandLine();
    return EditDistance.nearest(u.getUnmatched().getFirst(), at.getSubcommands().keySet(), 2, false)
        .map(b -> at.getCommandSpec().qualifiedName() + " " + b);
  }

  static String oneLine(Throwable e) {
    // An UncheckedIOException made without words of its own says only its cause's class and words;
    // one that has its own (which file, what failed) keeps them.
    Throwable t =
        e instanceof UncheckedIOException
                && e.getCause() != null
                && String.valueOf(e.getMessage()).equals(e.getCause().toString())
            ? e.getCause()
            : e;
    String message = t.getMessage();
    if (message == null || message.isBlank()) {
      message = t.getClass().getSimpleName();
    }
    int nl = message.indexOf('\n');
    return ScriptText.safeLine(nl < 0 ? message : message.substring(0, nl));
  }
}
