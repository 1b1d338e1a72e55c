package dev.graft.cli.setup;

import dev.graft.cli.base.CliContext;
import dev.graft.cli.base.ScriptSurface;
import dev.graft.cli.base.UnreadEntries;
import dev.graft.cli.base.UserError;
import dev.graft.cli.base.UserSettings;
import dev.graft.cli.interactive.ScriptControl;
import dev.graft.cli.trust.ScriptLocations;
import dev.graft.cli.trust.TrustDecisions;
import dev.graft.runtime.agent.AgentSession;
import dev.graft.runtime.agent.ProjectContext;
import dev.graft.runtime.agent.SystemPrompt;
import dev.graft.runtime.config.Settings;
import dev.graft.runtime.hooks.AgentHooks;
import dev.graft.runtime.llm.LlmProvider;
import dev.graft.runtime.llm.Model;
import dev.graft.runtime.llm.ModelListing;
import dev.graft.runtime.llm.ModelPatterns;
import dev.graft.runtime.llm.ModelRegistry;
import dev.graft.runtime.llm.ModelScope;
import dev.graft.runtime.llm.RecordingProvider;
import dev.graft.runtime.llm.ScriptedProvider;
import dev.graft.runtime.llm.ThinkingLevel;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionContext;
import dev.graft.runtime.session.SessionFileException;
import dev.graft.runtime.session.SessionInUseException;
import dev.graft.runtime.session.SessionStore;
import dev.graft.runtime.tools.BuiltinTools;
import dev.graft.runtime.tools.Tool;
import dev.graft.scripting.ScriptEngine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

/** Turns {@link AgentOptions} into a ready {@link AgentSession}, or a one-line error. */
public final class AgentSetup {
  /** Models tried, in order, when --model is not given. */
  private static final List<String> DEFAULT_MODELS =
      List.of("anthropic/claude-sonnet-4-6", "openai/gpt-5.4");

  /**
   * The thinking level without --thinking, a level in --model or defaultThinkingLevel: the
   * reference's {@code DEFAULT_THINKING_LEVEL}.
   */
  private static final ThinkingLevel DEFAULT_THINKING = ThinkingLevel.MEDIUM;

  private AgentSetup() {}

  /**
   * An agent ready to run, the script engine when scripts were loaded, the scripts as the
   * interactive mode sees them (their commands, /scripts, /reload), and where the scripts meet the
   * user (for the mode to attach its UI).
   */
  public record Ready(
      AgentSession agent,
      Optional<ScriptEngine> scripts,
      ScriptControl scriptControl,
      ScriptSurface surface,
      RunResources resources) {}

  public static AgentSession create(CliContext context, AgentOptions o)
      throws SessionFileException {
    return prepare(context, o, false).agent();
  }

  /** {@code interactive}: --resume is allowed (the interactive mode shows the picker). */
  public static Ready prepare(CliContext context, AgentOptions o, boolean interactive)
      throws SessionFileException {
    Ready ready = prepareUnstarted(context, o, interactive);
    ready.agent().start(); // session_start for the scripts, now that they can reach the agent
    return ready;
  }

  /**
   * As {@link #prepare}, without the startup session_start: a mode with a UI attaches it to the
   * {@link ScriptSurface} first and then calls {@link AgentSession#start}, so that ctx.hasUI is
   * true there and what a handler shows then (notify, setStatus) is not lost.
   */
  public static Ready prepareUnstarted(CliContext context, AgentOptions o, boolean interactive)
      throws SessionFileException {
    checkValues(o);
    o.systemPrompt = promptInput(context, o.systemPrompt, "--system-prompt");
    o.appendSystemPrompt = promptInput(context, o.appendSystemPrompt, "--append-system-prompt");
    Path cwd = cwd(context, o);
    if (!Files.isDirectory(cwd)) {
      throw new UserError("--cwd " + o.cwd + ": not a directory");
    }
    if (o.resume && !interactive) {
      throw UserError.usage(
          "--resume picks a session interactively, which needs the interactive mode; use --session FILE|ID or -c");
    }
    if (o.fork != null && (o.continueRecent || o.session != null || o.resume || o.noSession)) {
      throw UserError.usage("--fork cannot be combined with --session, -c, -r or --no-session");
    }
    if (o.noSession && (o.continueRecent || o.session != null || o.resume)) {
      throw UserError.usage("--no-session cannot be combined with -c, -r or --session");
    }
    Settings settings = Settings.load(context.home(), cwd);
    if (!o.noSession) {
      sessionDirectory(context, Optional.ofNullable(o.sessionDir), settings)
          .ifPresent(AgentSetup::makeSessionDir);
    }
    // The scripts load while the session opens and the model is chosen.
    HeldTask<ScriptSetup.Scripts> scripts = ScriptSetup.begin(context, o, cwd, settings);
    try {
      return prepareWith(context, o, cwd, settings, scripts);
    } catch (RuntimeException | SessionFileException | Error e) {
      scripts.abandon();
      throw e;
    }
  }

  private static Ready prepareWith(
      CliContext context,
      AgentOptions o,
      Path cwd,
      Settings settings,
      HeldTask<ScriptSetup.Scripts> pending)
      throws SessionFileException {
    Session session = openSession(context, o, cwd);
    try {
      session.claim();
    } catch (SessionInUseException e) {
      session.close();
      throw new UserError(e.getMessage());
    }
    SessionContext existing = session.buildContext();

    o.modelPatterns = modelPatterns(context, o, cwd);
    Optional<ThinkingLevel> scopedThinking = Optional.empty();
    // --model PATTERN:LEVEL: the level, unless --thinking says another
    Optional<ThinkingLevel> namedThinking = Optional.empty();
    Model model;
    LlmProvider provider = null;
    ModelRegistry registry = null;
    // Options graft does not know are checked once the scripts have loaded (they may register
    // them): a missing key is said after that, so that a mistyped option is said first.
    UserError missingKey = null;
    if ("scripted".equalsIgnoreCase(o.provider)) {
      if (o.model == null) {
        throw UserError.usage(
            "--provider scripted needs --model FILE: the JSONL file of assistant turns to replay");
      }
      Path file = context.cwd().resolve(o.model);
      try {
        provider = ScriptedProvider.load(file).withClock(context.clock()::millis);
      } catch (NoSuchFileException e) {
        throw new UserError("--model " + o.model + ": no such file");
      } catch (IOException e) {
        throw new UserError(
            e.getMessage() == null
                ? "cannot read " + file
                : e.getMessage().lines().findFirst().orElse(""));
      }
      model = ScriptedProvider.MODEL;
    } else {
      // The scripts are loaded first: the providers they register are models to choose from. Their
      // output waits for the join, so a model that is still unknown is said alone, as before.
      pending.await();
      registry = RunModels.load(context, settings, o.scriptProviders);
      registry.problems().forEach(p -> context.err().println("graft: warning: " + p));
      Model chosen = null;
      ModelScope scope =
          ModelScope.resolve(
              o.modelPatterns, registry, w -> context.err().println("graft: warning: " + w));
      o.modelScope = Optional.of(scope);
      boolean scoped =
          o.model == null && o.provider == null && existing.model().isEmpty() && !scope.isEmpty();
      try {
        if (o.model != null) {
          ModelPatterns.Match named = namedModel(registry, o);
          chosen = named.model();
          namedThinking = named.thinking();
        } else {
          chosen =
              chooseModel(
                  registry,
                  o,
                  existing,
                  defaults(context, cwd),
                  w -> context.err().println("graft: warning: " + w));
        }
      } catch (UserError e) {
        if (!scoped) {
          if (o.scriptFlags.isEmpty()) {
            throw withScriptsOutput(e, pending, o);
          }
          missingKey = e;
        }
      }
      if (scoped && (chosen == null || !scope.contains(chosen))) {
        // A new session whose default is outside the scope starts with the scope's first model.
        ModelScope.Entry first = scope.entries().getFirst();
        chosen = first.model();
        scopedThinking = first.thinking();
      }
      model = chosen;
      if (model != null) {
        Model picked = model;
        ModelListing listing =
            registry.listModels().stream()
                .filter(l -> l.model().equals(picked))
                .findFirst()
                .orElseThrow();
        if (!listing.usable()) {
          if (o.scriptFlags.isEmpty()) {
            throw noKey(registry, model.provider());
          }
          missingKey = noKey(registry, model.provider());
        } else {
          provider = registry.provider(model);
        }
      }
    }

    provider = missingKey == null ? recording(context, provider) : null;

    Optional<ThinkingLevel> patternThinking =
        namedThinking.isPresent() ? namedThinking : scopedThinking;
    ThinkingLevel thinking =
        o.thinking != null
            ? ThinkingLevel.parse(o.thinking).orElseThrow()
            : patternThinking.orElseGet(
                () -> chosenThinking(existing, defaults(context, cwd), context));

    ScriptSetup.Scripts scripts;
    List<Tool> tools;
    try {
      scripts = pending.join();
    } catch (RuntimeException e) {
      session.close();
      throw e;
    }
    if (missingKey != null) {
      scripts.engine().ifPresent(ScriptEngine::close);
      session.close();
      throw missingKey;
    }
    try {
      tools = tools(o, scripts.tools());
    } catch (RuntimeException e) {
      scripts.engine().ifPresent(ScriptEngine::close);
      session.close();
      throw e;
    }
    List<String> names = tools.stream().map(Tool::name).toList();
    RunResources resources = resources(context, o, cwd, scripts.loaded(), scripts.hooks());
    resources.problems().forEach(p -> context.err().println("graft: warning: " + p));
    scripts.loaded().useResources(resources);
    o.resources = resources;
    List<ProjectContext.ContextFile> contextFiles = contextFiles(context, o, cwd);
    String prompt = systemPrompt(context, o, cwd, names, contextFiles);
    AgentSession agent =
        new AgentSession(
            session,
            cwd,
            model,
            provider,
            thinking,
            prompt,
            tools,
            scripts.hooks(),
            context.clock());
    agent.setSystemPrompt(prompt, promptOptions(o, contextFiles));
    // read at each switch (warned of at the start): /settings may have changed it
    agent.setSwitchThinking(() -> defaultThinking(defaults(context, cwd), null));
    agent.setWarnings(text -> context.err().println("graft: warning: " + text));
    saveModelChanges(agent, context.home().settings());
    saveThinkingChanges(agent, context.home().settings());
    agent.setInputExpansion(resources::expand);
    scripts.bind(agent);
    scripts.engine().ifPresent(agent::closeWith);
    agent.closeWith(scripts.tried()); // the packages -e fetched for this run
    if (registry != null) {
      agent.closeWith(registry); // its HTTP client, which would hold the JVM a moment at exit
    }
    agent.setMaxTokens(o.maxTokens);
    // The scripts' plan read settings.json too, and said what it found (a broken file) already.
    List<String> said = scripts.loaded().plan().warnings();
    settings.problems().stream()
        .filter(p -> !said.contains(p))
        .forEach(p -> context.err().println("graft: warning: " + p));
    applySettings(agent, settings);
    UnreadEntries.warnings(session, scripts.loaded().files())
        .forEach(w -> context.err().println("graft: warning: " + w));
    return new Ready(agent, scripts.engine(), scripts.loaded(), scripts.surface(), resources);
  }

  /**
   * Checks the option values that need nothing loaded, before anything is opened: a bad one is a
   * usage error, as picocli's own (--max-tokens abc).
   */
  private static void checkValues(AgentOptions o) {
    if (o.thinking != null && ThinkingLevel.parse(o.thinking).isEmpty()) {
      throw UserError.usage(
          "--thinking " + o.thinking + ": use off, minimal, low, medium, high or xhigh");
    }
    if (o.maxTokens < 0) {
      throw UserError.usage(
          "--max-tokens " + o.maxTokens + ": must be 0 or more (0: the model's default)");
    }
  }

  /**
   * The text of --system-prompt or --append-system-prompt: as in the reference, a value naming a
   * file (from the current directory) is that file's content; any other value is the text itself.
   */
  private static String promptInput(CliContext context, String value, String option) {
    if (value == null || value.isBlank() || value.contains("\n")) {
      return value;
    }
    Path file;
    try {
      file = context.cwd().resolve(value);
    } catch (InvalidPathException e) {
      return value;
    }
    if (!Files.isRegularFile(file)) {
      return value;
    }
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UserError(
          option + " " + value + ": cannot read it (" + UserSettings.reason(e) + ")");
    }
  }

  /**
   * The tools the agent starts with, as in the reference: --tools names them (built-in or script
   * tools), --no-tools none, --no-builtin-tools every script tool, and otherwise the default
   * built-ins and every script tool.
   */
  private static List<Tool> tools(AgentOptions o, AgentTools all) {
    if (o.noTools) {
      all.keepChosenTools();
      return List.of();
    }
    if (!o.tools.isEmpty()) {
      all.keepChosenTools();
      try {
        return all.select(o.tools);
      } catch (IllegalArgumentException e) {
        throw UserError.usage("--tools " + String.join(",", o.tools) + ": " + e.getMessage());
      }
    }
    if (o.noBuiltinTools) {
      return all.scriptTools(); // a tool a script registers later joins them, as in the reference
    }
    List<Tool> tools = new ArrayList<>(all.select(BuiltinTools.DEFAULT_ACTIVE));
    for (Tool t : all.scriptTools()) {
      // A script tool that replaces a default built-in is already in its place.
      if (tools.stream().noneMatch(d -> d.name().equals(t.name()))) {
        tools.add(t);
      }
    }
    return tools;
  }

  /**
   * The provider, writing every request to the file GRAFT_RECORD_REQUESTS names (appended), so a
   * script author sees exactly what the model was sent.
   */
  private static LlmProvider recording(CliContext context, LlmProvider provider) {
    String name = context.env().get("GRAFT_RECORD_REQUESTS");
    if (name == null || name.isBlank()) {
      return provider;
    }
    Path file = context.cwd().resolve(name);
    try {
      Files.writeString(file, "", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UserError(
          "GRAFT_RECORD_REQUESTS=" + name + ": cannot write there (" + e.getMessage() + ")");
    }
    return new RecordingProvider(provider, file);
  }

  static Path cwd(CliContext context, AgentOptions o) {
    if (o.cwd == null) {
      return context.cwd();
    }
    Path dir = context.cwd().resolve(o.cwd).normalize();
    try {
      // The directory a link leads to, as the working directory a shell's cd gives graft: its
      // sessions are one folder however the directory is reached.
      return dir.toRealPath();
    } catch (IOException e) {
      return dir; // not there: said where it is checked
    }
  }

  private static String systemPrompt(
      CliContext context,
      AgentOptions o,
      Path cwd,
      List<String> tools,
      List<ProjectContext.ContextFile> files) {
    String skills = o.resources == null ? "" : o.resources.promptSection();
    return SystemPrompt.build(
        Optional.ofNullable(o.systemPrompt),
        Optional.ofNullable(o.appendSystemPrompt),
        tools,
        files,
        skills,
        cwd,
        LocalDate.now(context.clock().withZone(ZoneId.systemDefault())));
  }

  /**
   * The run's skills, prompt templates and themes ({@link SharedResources}): only those --skill,
   * --prompt-template and --theme name with --no-scripts; of a kind --no-skills,
   * --no-prompt-templates or --no-themes turns off, only the -e packages', the scripts' and the
   * named ones; an untrusted project folder is asked about (interactive) or noticed, as the
   * project's scripts are.
   */
  private static RunResources resources(
      CliContext context, AgentOptions o, Path cwd, LoadedScripts loaded, AgentHooks hooks) {
    if (o.noScripts) {
      SharedResources.Plan given = given(context, o, SharedResources.Plan.NONE);
      return new RunResources(given, () -> given(context, o, SharedResources.Plan.NONE));
    }
    Path userHome = userHome(context);
    List<ScriptLocations.PackagePlan> packages = loaded.plan().packagePlans();
    ScriptLocations.TrustDecision decision =
        o.interactive
            ? TrustDecisions.prompt(context.in(), context.out())
            : TrustDecisions.notice(context.err());
    SharedResources.Without without =
        new SharedResources.Without(o.noSkills, o.noPromptTemplates, o.noThemes, loaded.tried());
    SharedResources.Plan plan =
        given(
                context,
                o,
                SharedResources.plan(context.home(), userHome, cwd, packages, decision, without))
            .withDiscovered(hooks.resourcesDiscover(cwd, "startup"), cwd);
    return new RunResources(
        plan,
        () ->
            given(
                    context,
                    o,
                    SharedResources.plan(
                        context.home(),
                        userHome,
                        cwd,
                        loaded.plan().packagePlans(),
                        ScriptLocations.TrustDecision.SKIP,
                        without))
                .withDiscovered(hooks.resourcesDiscover(cwd, "reload"), cwd));
  }

  /**
   * {@code plan} with the files --skill, --prompt-template and --theme name (from where graft was
   * started, as the reference takes them).
   */
  private static SharedResources.Plan given(
      CliContext context, AgentOptions o, SharedResources.Plan plan) {
    return plan.withGiven(o.skillPaths, o.promptTemplatePaths, o.themePaths, context.cwd());
  }

  /** $GRAFT_HOME's and the project's AGENTS.md or CLAUDE.md: none with --no-context-files. */
  private static List<ProjectContext.ContextFile> contextFiles(
      CliContext context, AgentOptions o, Path cwd) {
    return o.noContextFiles ? List.of() : ProjectContext.find(context.home().root(), cwd);
  }

  /** The user's home directory ({@code ~/.agents/skills}): $HOME, else Java's user.home. */
  public static Path userHome(CliContext context) {
    String home = context.env().get("HOME");
    return Path.of(home != null && !home.isBlank() ? home : System.getProperty("user.home"));
  }

  private static SystemPrompt.Options promptOptions(
      AgentOptions o, List<ProjectContext.ContextFile> files) {
    return new SystemPrompt.Options(
        Optional.ofNullable(o.systemPrompt), Optional.ofNullable(o.appendSystemPrompt), files);
  }

  /** What settings.json gives the agent, at start and on {@code /reload}. */
  private static void applySettings(AgentSession agent, Settings settings) {
    agent.setCompactionSettings(settings.compaction());
    agent.setAutoRetryEnabled(settings.retry().enabled());
    agent.setSteeringMode(settings.steeringMode());
    agent.setFollowUpMode(settings.followUpMode());
  }

  /**
   * Reads settings.json and the project's context files (AGENTS.md, CLAUDE.md) again and gives the
   * agent the new compaction settings and system prompt ({@code /reload}). Returns what was loaded,
   * one line each, problems included.
   */
  public static List<String> reload(CliContext context, AgentOptions o, AgentSession agent) {
    Path cwd = cwd(context, o);
    List<String> report = new ArrayList<>();
    Settings settings = Settings.load(context.home(), cwd);
    applySettings(agent, settings);
    var c = settings.compaction();
    report.add(
        "settings: compaction "
            + (c.enabled() ? "on" : "off")
            + ", reserve "
            + c.reserveTokens()
            + " tokens, keep "
            + c.keepRecentTokens()
            + " recent tokens");
    settings.problems().forEach(p -> report.add("warning: " + p));
    if (o.resources != null) {
      report.addAll(o.resources.reload());
    }
    List<ProjectContext.ContextFile> files = contextFiles(context, o, cwd);
    agent.setSystemPrompt(
        systemPrompt(context, o, cwd, agent.activeTools(), files), promptOptions(o, files));
    report.add(
        o.noContextFiles
            ? "system prompt rebuilt; context files off (--no-context-files)"
            : files.isEmpty()
                ? "system prompt rebuilt; no AGENTS.md or CLAUDE.md found"
                : "system prompt rebuilt with "
                    + String.join(", ", files.stream().map(f -> f.path().toString()).toList()));
    return report;
  }

  /**
   * Where this run's sessions are: each working directory's folder under $GRAFT_HOME/sessions, or
   * the one {@link #sessionDirectory} finds.
   */
  public static SessionStore sessionStore(CliContext context, AgentOptions o) {
    return sessionStore(
        context, Optional.ofNullable(o.sessionDir), Settings.load(context.home(), cwd(context, o)));
  }

  /** As above, for --session-dir {@code option} and these settings. */
  public static SessionStore sessionStore(
      CliContext context, Optional<Path> option, Settings settings) {
    return sessionStore(context, sessionDirectory(context, option, settings));
  }

  /** As above, for the folder {@link #sessionDirectory} found. */
  public static SessionStore sessionStore(CliContext context, Optional<SessionDirectory> dir) {
    SessionStore store = new SessionStore(context.home(), context.clock());
    return dir.map(d -> store.in(d.dir())).orElse(store);
  }

  /** One folder for every working directory's sessions, and what named it (for its errors). */
  public record SessionDirectory(Path dir, String named) {}

  /**
   * The folder --session-dir names, else GRAFT_SESSION_DIR, else the {@code sessionDir} setting (of
   * your settings.json only), as the reference takes its option, PI_CODING_AGENT_SESSION_DIR and
   * setting: a leading {@code ~} is your home, a relative path is taken from where graft was
   * started. Empty: each working directory's folder under $GRAFT_HOME/sessions.
   */
  public static Optional<SessionDirectory> sessionDirectory(
      CliContext context, Optional<Path> option, Settings settings) {
    if (option.isPresent()) {
      return Optional.of(
          new SessionDirectory(
              context.cwd().resolve(option.get()), "--session-dir " + option.get()));
    }
    String variable = context.env().get("GRAFT_SESSION_DIR");
    if (variable != null && !variable.isBlank()) {
      return Optional.of(
          new SessionDirectory(expandHome(context, variable), "GRAFT_SESSION_DIR=" + variable));
    }
    return settings
        .sessionDir()
        .map(d ->
            new SessionDirectory(
                expandHome(context, d.value()), "sessionDir " + d.value() + " (" + d.file() + ")"));
  }

  private static Path expandHome(CliContext context, String path) {
    if (path.equals("~")) {
      return userHome(context);
    }
    if (path.startsWith("~/")) {
      return userHome(context).resolve(path.substring(2));
    }
    return context.cwd().resolve(path);
  }

  /** Makes the sessions' folder when it is missing, as the reference does. */
  private static void makeSessionDir(SessionDirectory d) {
    if (Files.exists(d.dir()) && !Files.isDirectory(d.dir())) {
      throw new UserError(d.named() + ": not a directory");
    }
    try {
      Files.createDirectories(d.dir());
    } catch (IOException e) {
      throw new UserError(d.named() + ": cannot make it: " + e.getMessage());
    }
  }

  private static Session openSession(CliContext context, AgentOptions o, Path cwd)
      throws SessionFileException {
    SessionStore store = sessionStore(context, o);
    if (o.noSession) {
      return Session.inMemory(cwd.toString(), context.clock());
    }
    if (o.fork != null) {
      // an existing file, or an error naming --fork: only --session starts a new file
      SessionArgument from =
          SessionArgument.resolve(context.cwd(), store, o.fork, cwd.toString(), "--fork");
      Session forked =
          Session.forkFrom(
              from.file(), store.directoryFor(cwd.toString()), cwd.toString(), context.clock());
      return warnings(context, forked);
    }
    if (o.session != null) {
      SessionArgument target =
          SessionArgument.resolve(context.cwd(), store, o.session, cwd.toString());
      if (!target.exists()) {
        context
            .err()
            .println("graft: no session file " + target.file() + "; starting a new one there");
        return store.createAt(target.file(), cwd.toString());
      }
      return elsewhere(context, warnings(context, store.open(target.file())), cwd);
    }
    if (o.continueRecent) {
      Optional<Path> recent = store.mostRecent(cwd.toString());
      if (recent.isPresent()) {
        return warnings(context, store.open(recent.get()));
      }
      context.err().println("graft: no earlier session in " + cwd + "; starting a new one");
    }
    return store.create(cwd.toString());
  }

  /**
   * Says so when a session was started in another directory than the one graft works in: the tools
   * work in graft's, where the reference would work in the session's, or refuse when it is gone.
   */
  private static Session elsewhere(CliContext context, Session session, Path cwd) {
    String started = session.cwd();
    if (started == null || started.isEmpty() || Path.of(started).equals(cwd)) {
      return session;
    }
    String name = String.valueOf(session.file().map(Path::getFileName).orElse(null));
    context
        .err()
        .println(
            "graft: note: "
                + name
                + " was started in "
                + started
                + (Files.isDirectory(Path.of(started))
                    ? "; working in " + cwd + " (--cwd " + started + " works there)"
                    : ", which no longer exists; working in " + cwd));
    return session;
  }

  private static Session warnings(CliContext context, Session session) {
    session
        .warnings()
        .forEach(w ->
            context
                .err()
                .println(
                    "graft: warning: " + session.file().orElseThrow().getFileName() + " " + w));
    return session;
  }

  /** {@code --models}, else the project's {@code enabledModels}, else the home's; or none. */
  private static List<String> modelPatterns(CliContext context, AgentOptions o, Path cwd) {
    if (!o.models.isEmpty()) {
      return List.copyOf(o.models);
    }
    for (UserSettings s : defaults(context, cwd)) {
      Optional<List<String>> patterns = s.texts("enabledModels");
      if (patterns.isPresent()) {
        return patterns.get();
      }
    }
    return List.of();
  }

  /**
   * As the reference's {@code setModel} and {@code cycleModel}: each model chosen (/model, Ctrl+P,
   * /settings, RPC {@code set_model}, a script's {@code setModel}) becomes the user's {@code
   * defaultProvider} and {@code defaultModel}, in their settings file, never a project's; not a
   * resumed session's model, nor the one graft starts with.
   */
  private static void saveModelChanges(AgentSession agent, Path userSettings) {
    // as the reference, the model stays chosen; graft says why it is not kept
    agent.onModelChosen(model ->
        UserSettings.keep(
                userSettings,
                "the model is " + model.qualifiedId(),
                "defaultProvider and defaultModel",
                s -> s.setDefaultModel(model.provider(), model.id()))
            .ifPresent(agent::warn));
  }

  /**
   * As the reference's {@code setThinkingLevel}: each change of the level a model that reasons gets
   * (Shift+Tab, /thinking, /settings, RPC, a script, a model switch that lowers it) becomes the
   * user's {@code defaultThinkingLevel}, in their settings file, never a project's.
   */
  private static void saveThinkingChanges(AgentSession agent, Path userSettings) {
    agent.onThinkingChanged(level -> {
      if (agent.model().reasoning()) {
        // as the reference, the level stays changed; graft says why it is not kept
        UserSettings.keep(
                userSettings,
                "the thinking level is " + level.wire(),
                "defaultThinkingLevel",
                s -> s.set("defaultThinkingLevel", level.wire()))
            .ifPresent(agent::warn);
      }
    });
  }

  private static List<UserSettings> defaults(CliContext context, Path cwd) {
    return List.of(
        UserSettings.load(Settings.projectFile(cwd)), UserSettings.load(context.home().settings()));
  }

  /**
   * The session's thinking level when it has set one; otherwise (a new session, or one continued
   * without a thinking_level_change entry) the settings' {@code defaultThinkingLevel}, else medium,
   * as the reference's {@code DEFAULT_THINKING_LEVEL}. A wrong value is warned of and ignored. The
   * model gets the nearest level it has ({@link AgentSession#effectiveThinking()}).
   */
  private static ThinkingLevel chosenThinking(
      SessionContext existing, List<UserSettings> settings, CliContext context) {
    if (existing.thinkingLevelSet()) {
      return ThinkingLevel.parse(existing.thinkingLevel()).orElse(ThinkingLevel.OFF);
    }
    return defaultThinking(settings, context);
  }

  /**
   * The settings' {@code defaultThinkingLevel} (the project's, then the user's), else medium; a
   * wrong value is warned of when {@code context} is given, and ignored.
   */
  private static ThinkingLevel defaultThinking(List<UserSettings> settings, CliContext context) {
    for (UserSettings s : settings) {
      Optional<String> level = s.text("defaultThinkingLevel");
      if (level.isPresent()) {
        Optional<ThinkingLevel> parsed = ThinkingLevel.parse(level.get());
        if (parsed.isPresent()) {
          return parsed.get();
        }
        if (context != null) {
          context
              .err()
              .println(
                  "graft: warning: "
                      + s.file()
                      + ": defaultThinkingLevel \""
                      + level.get()
                      + "\" is not off, minimal, low, medium, high or xhigh; ignored");
        }
      }
    }
    return DEFAULT_THINKING;
  }

  /**
   * "FILE was not loaded (see the warning above); " when models.json had problems and was ignored:
   * the provider or model a user wrote there is unknown for that reason, not for a typo.
   */
  private static String notLoaded(ModelRegistry registry) {
    return registry
        .ignoredModelsFile()
        .map(f -> f + " was not loaded (see the warning above); ")
        .orElse("");
  }

  /**
   * The model {@code --model} names ({@link ModelPatterns}: an id, {@code provider/id}, a part of
   * one, each with an optional {@code :LEVEL}), or a one-line usage error with the nearest ids.
   */
  private static ModelPatterns.Match namedModel(ModelRegistry registry, AgentOptions o) {
    checkProvider(registry, o);
    Optional<ModelPatterns.Match> named =
        ModelPatterns.forCli(o.model, o.provider, registry.models());
    if (named.isPresent()) {
      return named.get();
    }
    String spec = o.provider != null ? o.provider + "/" + o.model : o.model;
    List<Model> among =
        o.provider != null
            ? registry.models().stream().filter(m -> m.provider().equals(o.provider)).toList()
            : registry.models();
    int colon = o.model.lastIndexOf(':');
    if (colon > 0
        && ModelPatterns.forCli(o.model.substring(0, colon), o.provider, among).isPresent()) {
      throw UserError.usage(
          "--model "
              + o.model
              + ": '"
              + o.model.substring(colon + 1)
              + "' is not a thinking level (use off, minimal, low, medium, high or xhigh)");
    }
    List<String> nearest = ModelPatterns.nearest(o.model, among);
    String hint =
        (ModelPatterns.isGlob(o.model) ? "--model takes one model, --models a glob; " : "")
            + (nearest.isEmpty() ? "" : "did you mean " + orList(nearest) + "? ");
    throw UserError.usage(
        "unknown model '"
            + spec
            + "' ("
            + hint
            + notLoaded(registry)
            + "graft models lists them; add your own in models.json)");
  }

  /** "a", "a or b", "a, b or c". */
  private static String orList(List<String> items) {
    int last = items.size() - 1;
    return last == 0
        ? items.getFirst()
        : String.join(", ", items.subList(0, last)) + " or " + items.get(last);
  }

  /**
   * --provider in any case is the provider of that name ({@code Anthropic}), as the reference takes
   * it; one graft does not know is a usage error naming the ones it knows.
   */
  private static void checkProvider(ModelRegistry registry, AgentOptions o) {
    if (o.provider == null) {
      return;
    }
    Set<String> providers = new TreeSet<>();
    registry.listModels().forEach(l -> providers.add(l.model().provider()));
    providers.stream()
        .filter(o.provider::equalsIgnoreCase)
        .findFirst()
        .ifPresent(p -> o.provider = p);
    if (!providers.contains(o.provider)) {
      // a bad option value: a usage error, exit 2 (docs/cli.md)
      throw UserError.usage(
          "unknown provider '"
              + o.provider
              + "': "
              + notLoaded(registry)
              + "graft knows "
              + String.join(", ", providers)
              + " and scripted (graft models lists their models; add a provider in models.json)");
    }
  }

  private static Model chooseModel(
      ModelRegistry registry,
      AgentOptions o,
      SessionContext existing,
      List<UserSettings> settings,
      Consumer<String> warn) {
    checkProvider(registry, o);
    if (existing.model().isPresent()) {
      var ref = existing.model().get();
      Optional<Model> previous = registry.find(ref.provider(), ref.modelId());
      if (previous.isPresent() && (o.provider == null || o.provider.equals(ref.provider()))) {
        return previous.get();
      }
    }
    List<ModelListing> listings = registry.listModels();
    for (UserSettings s : settings) {
      Optional<String> id = s.text("defaultModel");
      if (id.isPresent()) {
        String spec =
            id.get().contains("/")
                ? id.get()
                : s.text("defaultProvider").map(p -> p + "/").orElse("") + id.get();
        Optional<Model> m = registry.resolve(spec);
        if (m.isEmpty()) {
          warn.accept(
              s.file()
                  + ": defaultModel \""
                  + spec
                  + "\" is not a model graft knows (graft models lists them); ignored");
        }
        if (m.isPresent()
            && (o.provider == null || m.get().provider().equals(o.provider))
            && listings.stream().anyMatch(l -> l.model().equals(m.get()) && l.usable())) {
          return m.get();
        }
      }
    }
    for (String candidate : DEFAULT_MODELS) {
      Optional<Model> m = registry.resolve(candidate);
      if (m.isPresent()
          && (o.provider == null || m.get().provider().equals(o.provider))
          && listings.stream().anyMatch(l -> l.model().equals(m.get()) && l.usable())) {
        return m.get();
      }
    }
    for (ModelListing l : listings) {
      if (l.usable()
          && l.keyPresent()
          && (o.provider == null || l.model().provider().equals(o.provider))) {
        return l.model();
      }
    }
    // then a model that needs no key: a local server's, or one only models.json knows
    for (ModelListing l : listings) {
      if (l.usable() && (o.provider == null || l.model().provider().equals(o.provider))) {
        return l.model();
      }
    }
    throw noKey(registry, o.provider != null ? o.provider : "anthropic");
  }

  /** No key for {@code provider}: where to put one, and how to try graft without. */
  private static UserError noKey(ModelRegistry registry, String provider) {
    return new UserError(
        registry.missingKeyMessage(provider)
            + ". To try graft offline, use --provider scripted --model FILE (see ./graft demo).");
  }

  /**
   * {@code e}, a model graft does not know, said alone as before, unless a script asked to register
   * a provider: what the scripts printed while loading (a key refused, say) is then said first.
   */
  private static UserError withScriptsOutput(
      UserError e, HeldTask<ScriptSetup.Scripts> pending, AgentOptions o) {
    if (o.scriptProviders.wasAsked()) {
      try {
        pending.join();
      } catch (RuntimeException failed) {
        // the scripts' own failure was printed with their output; the model's is the run's
      }
    }
    return e;
  }
}
