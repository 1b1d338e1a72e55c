package dev.graft.cli;

import dev.graft.cli.base.CliContext;
import dev.graft.cli.base.HeldLines;
import dev.graft.cli.base.RootCommand;
import dev.graft.cli.base.StandardInput;
import dev.graft.cli.base.UserError;
import dev.graft.cli.interactive.InteractiveMode;
import dev.graft.cli.interactive.PromptArguments;
import dev.graft.cli.interactive.ScriptCommandPrompts;
import dev.graft.cli.modes.JsonMode;
import dev.graft.cli.modes.PrintMode;
import dev.graft.cli.modes.RpcMode;
import dev.graft.cli.setup.AgentOptions;
import dev.graft.cli.setup.AgentSetup;
import dev.graft.cli.setup.RunModels;
import dev.graft.runtime.agent.AgentSession;
import dev.graft.runtime.llm.ModelRegistry;
import dev.graft.runtime.llm.ModelScope;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.tools.FileAttachments;
import java.io.Console;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
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
      "  graft                                  interactive mode; /help lists commands",
      "  graft -p \"Fix the failing test\"        answer one prompt and exit",
      "  graft --mode json -p \"...\"             every agent event as a JSON line",
      "  graft --provider scripted --model FILE offline, replaying FILE's turns",
      "",
      "Sessions are JSONL trees in $GRAFT_HOME/sessions (default ~/.graft), readable by the reference agent pi."
    },
    footer = {"", "Documentation: docs/ in the graft repository (cli.md, session-format.md)."})
public final class GraftCommand implements Callable<Integer>, RootCommand {
  private final CliContext context;

  @Spec CommandSpec spec;

  @Option(
      names = {"-v", "--verbose"},
      scope = ScopeType.INHERIT,
      description = "Show details (stack traces, tool activity, script output) on stderr.")
  boolean verbose;

  @Option(
      names = {"-p", "--print"},
      description = "Answer the prompt(s) and exit; the final answer goes to stdout.")
  boolean print;

  @Option(
      names = "--mode",
      paramLabel = "text|json|rpc",
      defaultValue = "text",
      description =
          "text: the final answer; json: every event as a JSON line; rpc: commands as JSON lines on stdin (docs/rpc.md).")
  String mode;

  @Parameters(
      paramLabel = "PROMPT",
      arity = "0..*",
      description =
          "Prompts, run one after another (in the interactive mode, sent first). With -p or --mode json, "
              + "a piped stdin goes first in the first prompt. @FILE attaches a file to the first prompt (text, or an image).")
  List<String> prompts = new ArrayList<>();

  @Mixin AgentOptions agentOptions;

  /** The options of the command line that are not graft's, for the scripts that register them. */
  void scriptFlags(Map<String, Optional<String>> flags, Set<String> withNextArgument) {
    agentOptions.scriptFlags = Map.copyOf(flags);
    agentOptions.flagsWithNextArgument = Set.copyOf(withNextArgument);
  }

  /** RPC reads its prompts as commands: one given on the command line would go unseen. */
  private static UserError rpcWithAPrompt() {
    return UserError.usage(
        "--mode rpc reads its prompts from stdin as commands (docs/rpc.md);"
            + " -p and prompt arguments do not go with it");
  }

  /**
   * The models RPC {@code cycle_model} steps through: the scope resolved at start, or (when the run
   * started without the registry, the scripted provider) resolved at the first use, warning once.
   */
  private Supplier<ModelScope> rpcModelScope() {
    ModelScope[] resolved = {agentOptions.modelScope.orElse(null)};
    return () -> {
      synchronized (resolved) {
        if (resolved[0] == null) {
          resolved[0] =
              ModelScope.resolve(
                  agentOptions.modelPatterns,
                  RunModels.load(context, agentOptions),
                  w -> context.err().println("graft: warning: " + w));
        }
        return resolved[0];
      }
    };
  }

  /** The prompt arguments without those the scripts' string flags took. */
  private List<String> promptsWithoutFlagValues(List<String> given) {
    List<String> out = new ArrayList<>(given);
    agentOptions.argumentsTakenByFlags.forEach(out::remove);
    return out;
  }

  public GraftCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public CliContext context() {
    return context;
  }

  @Override
  public boolean verbose() {
    return verbose;
  }

  @Override
  public Integer call() throws Exception {
    agentOptions.verbose = verbose;
    if (!List.of("text", "json", "rpc").contains(mode)) {
      throw UserError.usage("--mode " + mode + ": use text, json or rpc");
    }
    if (mode.equals("rpc")) {
      // Without a script flag that may take the next argument, every argument left is a prompt.
      if (print || (!prompts.isEmpty() && agentOptions.flagsWithNextArgument.isEmpty())) {
        throw rpcWithAPrompt();
      }
      AgentSetup.Ready ready = AgentSetup.prepareUnstarted(context, agentOptions, false);
      AgentSession agent = ready.agent();
      try {
        // a script's string flag may have taken an argument: only what is left is a prompt
        if (!promptsWithoutFlagValues(prompts).isEmpty()) {
          throw rpcWithAPrompt();
        }
        return new RpcMode(
                agent,
                () -> RunModels.load(context, agentOptions),
                rpcModelScope(),
                AgentSetup.sessionStore(context, agentOptions),
                context.home().settings(),
                this::exportSession,
                scriptCommands(ready),
                ready.resources(),
                ready.surface(),
                ready.scriptControl().loadFailures(),
                context.out())
            .run(context.in());
      } finally {
        agent.close();
      }
    }
    boolean json = mode.equals("json");
    if (!print && !spec.commandLine().getParseResult().hasMatchedOption("--mode")) {
      return interactive();
    }
    List<String> toRun = new ArrayList<>(prompts);
    String piped = piped();
    if (toRun.isEmpty() && piped.isEmpty()) {
      throw new UserError("no prompt: give one as an argument (graft -p \"...\") or on stdin");
    }
    // stdin, then the @file arguments, go before the first prompt, as the reference puts them
    List<PromptArguments.Prompt> prompts = readPrompts(toRun, piped);
    AgentSetup.Ready ready = AgentSetup.prepare(context, agentOptions, false);
    AgentSession agent = ready.agent();
    try {
      if (!agentOptions.argumentsTakenByFlags.isEmpty()) {
        toRun = promptsWithoutFlagValues(toRun);
        if (toRun.isEmpty() && piped.isEmpty()) {
          throw new UserError("no prompt: give one as an argument (graft -p \"...\") or on stdin");
        }
        prompts = readPrompts(toRun, piped);
      }
      List<String> texts = prompts.stream().map(PromptArguments.Prompt::text).toList();
      List<ContentBlock> images = prompts.isEmpty() ? List.of() : prompts.getFirst().images();
      ScriptCommandPrompts commands = scriptCommands(ready);
      return json
          ? JsonMode.run(agent, texts, images, commands, context.out(), context.err())
          : PrintMode.run(agent, texts, images, commands, context.out(), context.err(), verbose);
    } finally {
      agent.close();
      PrintMode.reportUndelivered(agent, context.err());
    }
  }

  /**
   * What was piped to stdin, stripped; nothing when stdin is graft's terminal (which {@code graft
   * -p "..." > out.md} has, though its stdout is a file) or empty. The reference reads it so.
   */
  private String piped() throws IOException {
    if (context.in() == System.in && StandardInput.isTerminal()) {
      return "";
    }
    return new String(context.in().readAllBytes(), StandardCharsets.UTF_8).strip();
  }

  /**
   * The prompt arguments read: {@code piped}, then the @file arguments, go before the first prompt.
   */
  private List<PromptArguments.Prompt> readPrompts(List<String> toRun, String piped) {
    try {
      return PromptArguments.of(toRun).read(context.cwd(), piped);
    } catch (FileAttachments.AttachmentException e) {
      throw new UserError(e.getMessage());
    }
  }

  /**
   * The script commands a prompt {@code /name} runs; those refused for a built-in's name are warned
   * of.
   */
  private ScriptCommandPrompts scriptCommands(AgentSetup.Ready ready) {
    ScriptCommandPrompts commands =
        new ScriptCommandPrompts(ready.scripts(), ready.surface())
            .withPrompts(ready.resources()::expands)
            .withReload(() -> reload(ready));
    commands.refused().forEach(line -> context.err().println("graft: warning: " + line));
    context.err().flush();
    return commands;
  }

  /**
   * A script command's ctx.reload() where prompts run commands (-p, json, RPC): settings, the
   * skills, prompt templates and themes, the system prompt's context files and the scripts, as
   * /reload in the interactive mode. What was loaded, one line each.
   */
  private List<String> reload(AgentSetup.Ready ready) {
    ModelRegistry before = RunModels.load(context, agentOptions);
    List<String> report = new ArrayList<>(AgentSetup.reload(context, agentOptions, ready.agent()));
    report.addAll(ready.agent().reloadScripts(ready.scriptControl()::reload));
    ready.agent().rebindScriptModel(before, RunModels.load(context, agentOptions));
    return report;
  }

  /**
   * The interactive mode: on the terminal when stdin and stdout are one (and TERM is not dumb),
   * else reading plain lines from stdin. Prompts given as arguments are sent first.
   */
  private int interactive() throws Exception {
    agentOptions.interactive = true;
    Console console = System.console();
    boolean terminal =
        context.in() == System.in
            && console != null
            && console.isTerminal()
            && !"dumb".equals(context.env().getOrDefault("TERM", ""));
    // The screen's first drawing clears what graft warned of while starting: it is shown again.
    Optional<HeldLines> held =
        terminal ? Optional.of(new HeldLines(context.err())) : Optional.empty();
    AgentSetup.Ready ready =
        AgentSetup.prepareUnstarted(
            held.map(h -> context.withErr(h.writer())).orElse(context), agentOptions, true);
    AgentSession agent = ready.agent();
    try {
      InteractiveMode.Setup setup =
          new InteractiveMode.Setup(
              agent,
              AgentSetup.sessionStore(context, agentOptions),
              () -> RunModels.load(context, agentOptions),
              agentOptions.modelPatterns,
              agentOptions.modelScope,
              a -> AgentSetup.reload(context, agentOptions, a),
              this::exportSession,
              context.home().root(),
              promptsWithoutFlagValues(prompts),
              agentOptions.resume,
              version(),
              ready.scriptControl(),
              ready.surface(),
              context.env(),
              held.map(HeldLines::release).orElse(List.of()));
      return terminal
          ? InteractiveMode.onTerminal(setup, context.in(), context.out())
          : InteractiveMode.plain(setup, context.in(), context.out());
    } finally {
      agent.close();
    }
  }

  /**
   * {@code /export}: runs {@code graft session export FILE [-o OUT]} in-process; the page's path,
   * or its error.
   */
  private String exportSession(Path file, Optional<String> output) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CliContext quiet =
        new CliContext(
            context.env(),
            context.home(),
            context.cwd(),
            new PrintWriter(out, true),
            new PrintWriter(err, true),
            context.clock(),
            InputStream.nullInputStream());
    List<String> args = new ArrayList<>(List.of("session", "export", file.toString()));
    output.ifPresent(o -> args.addAll(List.of("-o", o)));
    if (Graft.run(quiet, args.toArray(String[]::new)) != 0) {
      throw new IllegalStateException(
          err.toString()
              .strip()
              .lines()
              .findFirst()
              .orElse("the export failed")
              .replaceFirst("^graft: ", ""));
    }
    return out.toString().strip();
  }

  private static String version() {
    try {
      return new Version().getVersion()[0].replaceFirst("^graft ", "").replaceFirst(" \\(.*", "");
    } catch (IOException e) {
      return "";
    }
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
      return new String[] {
        "graft "
            + p.getProperty("version", "unknown")
            + " (Java "
            + Runtime.version().feature()
            + ")"
      };
    }
  }
}
