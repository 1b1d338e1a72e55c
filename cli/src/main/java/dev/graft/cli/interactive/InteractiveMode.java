package dev.graft.cli.interactive;

import dev.graft.cli.base.ContinueHint;
import dev.graft.cli.base.ScriptSurface;
import dev.graft.cli.base.UserSettings;
import dev.graft.cli.tui.JLineTerminal;
import dev.graft.cli.tui.ThemeFile;
import dev.graft.cli.ui.HookUi;
import dev.graft.runtime.agent.AgentSession;
import dev.graft.runtime.concurrent.AbortSignal;
import dev.graft.runtime.events.AgentEvent;
import dev.graft.runtime.hooks.ScriptText;
import dev.graft.runtime.llm.ModelListing;
import dev.graft.runtime.llm.ModelRegistry;
import dev.graft.runtime.llm.ModelScope;
import dev.graft.runtime.session.SessionStore;
import dev.graft.runtime.tools.FileAttachments;
import dev.graft.scripting.api.ScriptUi;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * {@code graft} without {@code -p}: a prompt loop. Input is a prompt for the model, a slash
 * command, or {@code !cmd} / {@code !!cmd} for the shell. Agent work runs on an agent thread while
 * the frontend shows it: Esc or Ctrl+C abort it, Ctrl+C twice within a second quits; on a terminal,
 * what is sent meanwhile steers the agent or follows up. Without a terminal, input is read line by
 * line.
 */
public final class InteractiveMode {
  private static final long DOUBLE_PRESS_NANOS = TimeUnit.SECONDS.toNanos(1);

  /** What the mode needs from the command line. */
  public record Setup(
      AgentSession agent,
      SessionStore sessions,
      Supplier<ModelRegistry> models,
      List<String> modelPatterns,
      Optional<ModelScope> modelScope,
      Reloader reloader,
      Exporter exporter,
      Path home,
      List<String> initialPrompts,
      boolean resume,
      String version,
      ScriptControl scripts,
      ScriptSurface surface,
      Map<String, String> env,
      List<String> startLines) {
    /**
     * {@code startLines}: what graft wrote on stderr while starting, without its {@code graft: } (a
     * broken settings.json, say), shown again on a screen whose drawing clears it.
     */
    public Setup {
      modelPatterns = List.copyOf(modelPatterns);
      initialPrompts = List.copyOf(initialPrompts);
      env = Map.copyOf(env);
      startLines = List.copyOf(startLines);
    }
  }

  /**
   * Reloads settings and the system prompt ({@code /reload}); returns what was loaded, one line
   * each.
   */
  @FunctionalInterface
  public interface Reloader {
    List<String> reload(AgentSession agent);
  }

  /**
   * Writes a session file as an HTML page ({@code graft session export}); returns the page's path.
   */
  @FunctionalInterface
  public interface Exporter {
    String export(Path sessionFile, Optional<String> output) throws Exception;
  }

  private final Setup setup;
  private final AgentSession agent;
  private final Frontend frontend;
  private final CommandRegistry commands;
  private final ExecutorService agentThread =
      Executors.newSingleThreadExecutor(Thread.ofPlatform().name("graft-agent").daemon().factory());
  private final StatusLine status = new StatusLine();
  private final ModeContext context;
  private final KeyActions actions;
  private volatile boolean quit;
  private volatile AbortSignal working;
  private volatile boolean promptRunning;
  private volatile long lastCtrlC;
  private volatile String editorText = "";

  /** Shown below the banner when the conversation is first drawn. */
  private final List<String> startupNotes;

  private final List<Note> startLines = new ArrayList<>();
  private static final String WARNING = "warning: ";

  private InteractiveMode(Setup setup, Frontend frontend, List<String> startupNotes) {
    this.setup = setup;
    this.agent = setup.agent();
    this.frontend = frontend;
    this.commands = BuiltinCommands.registry();
    this.context = new ModeContext(this);
    this.actions = new KeyActions(context, frontend);
    // what graft could not do beside a change (a settings file not written) is said here
    agent.setWarnings(context::warn);
    this.startupNotes = new ArrayList<>(startupNotes);
    this.startupNotes.addAll(setup.scripts().loadProblems());
    this.startupNotes.addAll(setup.scripts().replacedTools());
    this.startupNotes.addAll(registerScriptCommands());
    // Script event handlers ask and tell through this terminal too; their problems are shown here.
    HookUi ui = frontend.ui();
    setup
        .surface()
        .showUi(
            ScriptCommands.ui(
                ui,
                new ScriptCommands.ScreenActions(
                    frontend::title,
                    frontend::workingMessage,
                    frontend::workingVisible,
                    frontend::workingIndicator,
                    this::setEditorText,
                    () -> quit = true,
                    frontend.components()),
                screenState()));
    if (frontend instanceof TuiFrontend tui) {
      // the components scripts draw take the terminal's colours, size and markdown, now and after
      // /settings
      setup.scripts().useTerminal(tui.terminalForScripts());
      tui.toolsDrawnBy(setup.scripts());
      tui.onThemeChange(() -> setup.scripts().useTerminal(tui.terminalForScripts()));
    }
    setup
        .surface()
        .reportTo(problem ->
            ui.notify(
                "script problem: " + ScriptText.safeLine(problem.text()),
                HookUi.NotifyLevel.ERROR));
    frontend.onInterrupt(
        new Frontend.Interrupts() {
          @Override
          public void interrupted(boolean ctrlC) {
            InteractiveMode.this.interrupted(ctrlC);
          }

          @Override
          public void draftCleared() {
            lastCtrlC = 0;
          }

          @Override
          public void quit() {
            quitting();
          }
        });
    frontend.onWorkInput(this::workInput);
    frontend.onAction(actions::run);
    frontend.scriptShortcuts(setup.scripts()::shortcuts);
    frontend.completeWith(
        List.of(
            new CommandCompletions(commands, context),
            new FileCompletions(cwd(), frontend::refreshCompletions),
            new PathCompletions(cwd())));
    agent.subscribe(event -> {
      if (event instanceof AgentEvent.MessageEnd end) {
        status.add(end.message());
      }
    });
    agent.subscribe(frontend::event);
    if (frontend instanceof TuiFrontend tui) {
      tui.footer(() -> status.footer(agent, ui.statuses()));
    }
    agent.start(); // the startup session_start, now that its ctx.ui is this terminal
  }

  /**
   * What a script's ctx.ui reads and changes of this mode: the editor, the themes, the tools'
   * expansion.
   */
  private ScriptCommands.ScreenState screenState() {
    return new ScriptCommands.ScreenState() {
      @Override
      public String editorText() {
        return frontend.editorText();
      }

      @Override
      public List<ScriptUi.ThemeEntry> themes() {
        if (!(frontend instanceof TuiFrontend)) {
          return List.of();
        }
        ThemeFile.Loaded loaded = setup.scripts().themes();
        return loaded.names().stream()
            .map(n -> new ScriptUi.ThemeEntry(n, loaded.find(n).map(t -> t.file().toString())))
            .toList();
      }

      @Override
      public Optional<String> setTheme(String name) {
        if (!(frontend instanceof TuiFrontend)) {
          return Optional.of("UI not available");
        }
        if (!setup.scripts().themes().names().contains(name)) {
          return Optional.of("Theme not found: " + name);
        }
        try {
          UserSettings.load(setup.home().resolve("settings.json")).set("theme", name);
        } catch (IOException e) {
          return Optional.of("cannot keep the theme in settings.json: " + e.getMessage());
        }
        frontend.themeChanged(name);
        return Optional.empty();
      }

      @Override
      public boolean toolsExpanded() {
        return frontend.toolsExpanded();
      }

      @Override
      public void setToolsExpanded(boolean expanded) {
        frontend.setToolsExpanded(expanded);
      }
    };
  }

  /**
   * Replaces the scripts' commands with those they registered now; a line for each that could not
   * be added.
   */
  List<String> registerScriptCommands() {
    commands.all().stream()
        .map(SlashCommand::origin)
        .filter(o -> !o.equals(SlashCommand.BUILT_IN))
        .distinct()
        .toList()
        .forEach(commands::removeFrom);
    List<String> problems = new ArrayList<>();
    for (SlashCommand command : setup.scripts().commands()) {
      try {
        commands.register(command);
      } catch (IllegalArgumentException e) {
        problems.add(
            command.sendsPrompt()
                ? command.origin() + " not added: " + e.getMessage()
                : CommandRegistry.notAdded(e.getMessage()));
      }
    }
    return problems;
  }

  /** On the process's terminal, or plain lines when there is none (or it is dumb). */
  public static int onTerminal(Setup setup, InputStream in, PrintWriter out) {
    Optional<JLineTerminal> terminal = JLineTerminal.open();
    if (terminal.isEmpty()) {
      return plain(setup, in, out);
    }
    Keybindings keys = Keybindings.load(setup.home().resolve("keybindings.json"));
    CustomMessageLines custom = new CustomMessageLines(setup.scripts());
    TuiFrontend frontend =
        new TuiFrontend(
            terminal.get(),
            setup.home(),
            Path.of(setup.agent().session().cwd()),
            setup.env(),
            keys,
            custom,
            setup.agent()::session,
            () -> providersWithModels(setup),
            setup.scripts()::themes);
    List<String> notes = new ArrayList<>(keys.problems());
    UserSettings settings = UserSettings.load(setup.home().resolve("settings.json"));
    settings
        .text("theme")
        .flatMap(setup.scripts().themes()::unknown)
        .ifPresent(p -> notes.add(settings.file() + ": " + p));
    InteractiveMode mode = new InteractiveMode(setup, frontend, notes);
    mode.showAgain(setup.startLines());
    return mode.run();
  }

  /** How many providers have a model graft can call (a script footer's footerData). */
  private static int providersWithModels(Setup setup) {
    try {
      return (int)
          setup.models().get().listModels().stream()
              .filter(ModelListing::usable)
              .map(l -> l.model().provider())
              .distinct()
              .count();
    } catch (RuntimeException e) {
      return 0;
    }
  }

  /** Without a terminal: one input per line from {@code in}. */
  public static int plain(Setup setup, InputStream in, PrintWriter out) {
    InteractiveMode[] mode = new InteractiveMode[1];
    PlainFrontend frontend =
        new PlainFrontend(
            in,
            out,
            () -> mode[0] != null && mode[0].quit,
            setup.agent()::session,
            new CustomMessageLines(setup.scripts()));
    mode[0] = new InteractiveMode(setup, frontend, List.of());
    return mode[0].run();
  }

  /**
   * What graft wrote on stderr while starting, shown first (a warning as one, the rest as notes),
   * but for what {@link #startupNotes} shows already.
   */
  private void showAgain(List<String> lines) {
    List<Note> notes = new ArrayList<>();
    for (String line : lines) {
      boolean warning = line.startsWith(WARNING);
      String text = warning ? line.substring(WARNING.length()) : line;
      if (!startupNotes.contains(text) && !startupNotes.contains(line)) {
        notes.add(new Note(warning ? Frontend.Notice.WARNING : Frontend.Notice.INFO, text));
      }
    }
    startLines.addAll(notes);
  }

  private record Note(Frontend.Notice kind, String text) {}

  private int run() {
    try {
      frontend.showConversation(agent.session(), banner());
      startLines.forEach(n -> frontend.notice(n.kind(), n.text()));
      startupNotes.forEach(n -> frontend.notice(Frontend.Notice.WARNING, n));
      if (setup.resume()) {
        SessionCommands.Picked picked = resumeAtStart();
        if (picked == SessionCommands.Picked.LEFT) {
          // as the reference's -r: backing out of the picker leaves graft, not a new session
          frontend.notice(Frontend.Notice.DIM, "No session selected");
          return 0;
        }
        if (picked == SessionCommands.Picked.NONE) {
          // no session in any folder: graft said so and starts no new session, where the
          // reference's picker would open empty and Esc end it
          return 0;
        }
      }
      List<PromptArguments.Prompt> initial;
      try {
        initial = PromptArguments.of(setup.initialPrompts()).read(cwd());
      } catch (FileAttachments.AttachmentException e) {
        frontend.notice(Frontend.Notice.ERROR, "✗ " + e.getMessage());
        initial = List.of();
      }
      for (PromptArguments.Prompt prompt : initial) {
        if (!quit) {
          if (prompt.images().isEmpty()) {
            handle(prompt.text());
          } else {
            promptWith(prompt);
          }
        }
      }
      while (!quit) {
        frontend.beforeInput(() -> status.render(agent, frontend.ui().statuses()));
        String initialText = editorText + frontend.takeTypeAhead();
        editorText = "";
        switch (frontend.read(initialText)) {
          case EditorInput.Submitted s -> {
            lastCtrlC = 0;
            if (!s.text().isBlank()) {
              handle(s.text());
            }
          }
          case EditorInput.Interrupted i -> {
            if (pressedTwice()) {
              quit = true;
            } else if (i.partial().isBlank()) {
              frontend.notice(Frontend.Notice.DIM, "(Ctrl+C again to quit)");
            }
          }
          case EditorInput.Ended e -> quit = true;
        }
      }
      agent
          .session()
          .file()
          .filter(f -> f.toFile().exists())
          .ifPresent(f ->
              frontend.notice(
                  Frontend.Notice.DIM,
                  "session saved in "
                      + f
                      + " (continue it with graft "
                      + ContinueHint.option(f, agent.session().cwd())
                      + ")"));
      return 0;
    } finally {
      agentThread.shutdownNow();
      frontend.close();
    }
  }

  /**
   * The lines above the conversation: graft, its version, the model and the session, and the keys.
   */
  List<String> banner() {
    String file =
        agent
            .session()
            .file()
            .filter(f -> f.toFile().exists())
            .map(f -> "session " + f.getFileName())
            .orElse("new session");
    return List.of(
        "graft " + setup.version() + " · " + agent.model().qualifiedId() + " · " + file,
        frontend instanceof TuiFrontend
            ? "Enter sends · Shift+Enter new line · / commands · @ files · !cmd shell · Esc abort · /hotkeys"
            : "One input per line (\\ at the end continues it) · /help: commands · !cmd: shell · end of input: quit");
  }

  /** -r's picker; false when it was left without a choice. */
  private SessionCommands.Picked resumeAtStart() {
    try {
      return SessionCommands.pickAndResume(context);
    } catch (Exception e) {
      frontend.notice(Frontend.Notice.ERROR, "✗ " + oneLine(e));
      return SessionCommands.Picked.CHOSEN;
    } finally {
      frontend.statusChanged();
    }
  }

  /**
   * One input: a command, a shell command or a prompt, then any run a script asked for meanwhile.
   */
  void handle(String raw) {
    handleInput(raw);
    runRequestedTurns();
  }

  /** One input: a command, a shell command or a prompt. Failures are shown as one line. */
  private void handleInput(String raw) {
    String text = raw.strip();
    try {
      if (text.startsWith("!")) {
        boolean exclude = text.startsWith("!!");
        String command = text.substring(exclude ? 2 : 1).strip();
        if (command.isEmpty()) {
          frontend.notice(
              Frontend.Notice.WARNING,
              "!cmd runs cmd in the shell (the model sees it); !!cmd runs it unseen");
          return;
        }
        shell(command, exclude);
        return;
      }
      Optional<CommandRegistry.Invocation> invocation = CommandRegistry.parse(text);
      if (invocation.isPresent() && !sendsPrompt(invocation.get().name(), text)) {
        command(invocation.get());
        return;
      }
      promptWith(EditorAttachments.expand(text, cwd()));
    } catch (Exception e) {
      frontend.notice(Frontend.Notice.ERROR, "✗ " + oneLine(e));
    }
  }

  /**
   * Runs a prompt; steering and follow-ups left undelivered when it ended are sent next, as a
   * prompt.
   */
  private void promptWith(PromptArguments.Prompt prompt) {
    try {
      PromptArguments.Prompt next = prompt;
      while (next != null && !quit) {
        PromptArguments.Prompt current = next;
        promptRunning = true;
        try {
          context.runAbortable(signal -> agent.prompt(current.text(), current.images()));
        } finally {
          promptRunning = false;
        }
        next = leftOver();
      }
    } catch (Exception e) {
      frontend.notice(Frontend.Notice.ERROR, "✗ " + oneLine(e));
    }
  }

  /** What the user queued that the run ended before delivering, as one prompt (or none). */
  private PromptArguments.Prompt leftOver() {
    AgentSession.Queued queued = agent.takeQueued();
    frontend.restoreQueued(List.of());
    List<String> texts = new ArrayList<>(queued.steering());
    texts.addAll(queued.followUps());
    return texts.isEmpty()
        ? null
        : new PromptArguments.Prompt(String.join("\n\n", texts), List.of());
  }

  /**
   * Runs what scripts asked for while the agent was idle (a command's {@code sendMessage} with
   * triggerTurn, or its {@code sendUserMessage}), once the input that led to it is done. A request
   * made while the editor waits runs after the next input.
   */
  private void runRequestedTurns() {
    if (quit || !agent.hasRequestedTurn()) {
      return;
    }
    try {
      context.runAbortable(signal -> agent.runRequestedTurns());
    } catch (Exception e) {
      frontend.notice(Frontend.Notice.ERROR, "✗ " + oneLine(e));
    }
  }

  /**
   * Whether {@code /name} is a skill's or a template's, to be sent as a prompt: a command of the
   * name decides; without one, the name as typed (a template Fix.md has no command: none may have
   * capitals).
   */
  private boolean sendsPrompt(String name, String text) {
    Optional<SlashCommand> command = commands.find(name);
    if (command.isPresent()) {
      return command.get().sendsPrompt();
    }
    return setup.scripts().expands(text.substring(1).split("\\s", 2)[0]);
  }

  private void command(CommandRegistry.Invocation invocation) throws Exception {
    Optional<SlashCommand> command = commands.find(invocation.name());
    if (command.isEmpty()) {
      String hint =
          commands.nearest(invocation.name()).map(n -> "; did you mean /" + n + "?").orElse("");
      frontend.notice(
          Frontend.Notice.WARNING,
          "unknown command /" + invocation.name() + hint + " (/help lists the commands)");
      return;
    }
    try {
      command.get().handler().run(context, invocation.args());
    } finally {
      // a command may change what the footer shows (/model, /thinking, /name, /resume…)
      frontend.statusChanged();
    }
  }

  private void shell(String command, boolean exclude) throws Exception {
    Frontend.ShellRun run = frontend.shell(command, exclude);
    try {
      var result = context.runAbortable(signal -> agent.runUserBash(command, exclude, run::output));
      run.ended(Optional.of(result));
    } catch (Exception e) {
      run.ended(Optional.empty());
      throw e;
    }
  }

  /**
   * Text sent while work runs: to the agent when a prompt runs; otherwise, and for a command or a
   * shell command, which are not for the model, it waits as the next input.
   */
  private boolean workInput(String text, boolean followUp) {
    if (!promptRunning) {
      return false;
    }
    String typed = text.strip();
    if (typed.startsWith("!")
        || CommandRegistry.parse(typed).flatMap(i -> commands.find(i.name())).isPresent()) {
      frontend.notice(
          Frontend.Notice.DIM,
          typed.lines().findFirst().orElse(typed)
              + " waits until the agent is done (Esc aborts it)");
      return false;
    }
    if (followUp) {
      agent.followUp(text);
    } else {
      agent.steer(text);
    }
    return true;
  }

  /**
   * Esc (false) or Ctrl+C (true) during work, or SIGINT: abort; Ctrl+C twice within a second quits.
   */
  private void interrupted(boolean ctrlC) {
    if (ctrlC && pressedTwice()) {
      quitting();
      return;
    }
    AbortSignal current = working;
    if (current != null) {
      frontend.aborting(ctrlC);
      current.abort("aborted by the user");
      agent.abort();
    }
  }

  /** Ctrl+C twice, or Ctrl+D while work runs: aborts the work, and graft quits. */
  private void quitting() {
    quit = true;
    frontend.notice(Frontend.Notice.DIM, "quitting…");
    AbortSignal current = working;
    if (current != null) {
      current.abort("aborted by the user");
      agent.abort();
    }
  }

  private boolean pressedTwice() {
    long now = System.nanoTime();
    boolean twice = lastCtrlC != 0 && now - lastCtrlC < DOUBLE_PRESS_NANOS;
    lastCtrlC = now;
    return twice;
  }

  static String oneLine(Throwable e) {
    Throwable t = e;
    while ((t instanceof CompletionException || t instanceof ExecutionException)
        && t.getCause() != null) {
      t = t.getCause();
    }
    String message = t.getMessage();
    if (message == null || message.isBlank()) {
      message = t.getClass().getSimpleName();
    }
    return message.strip().lines().findFirst().orElse(message);
  }

  // ------------------------------------------------------------------ for ModeContext

  AgentSession agent() {
    return agent;
  }

  /** The directory the session works in. */
  Path cwd() {
    return Path.of(agent.session().cwd());
  }

  Setup setup() {
    return setup;
  }

  Frontend frontend() {
    return frontend;
  }

  CommandRegistry commands() {
    return commands;
  }

  boolean busy() {
    return working != null;
  }

  /** The editor's next text: at once on a terminal, else for the next input. */
  void setEditorText(String text) {
    if (!frontend.putInEditor(text)) {
      editorText = text;
    }
  }

  void quit() {
    quit = true;
  }

  /**
   * Runs {@code work} on the agent thread while the frontend waits (and Esc or Ctrl+C abort it).
   */
  <T> T runAbortable(CommandContext.AbortableWork<T> work) throws Exception {
    AbortSignal signal = new AbortSignal();
    working = signal;
    try {
      Future<T> future = agentThread.submit(() -> work.run(signal));
      try {
        return frontend.await(future);
      } catch (ExecutionException e) {
        if (e.getCause() instanceof Exception cause) {
          throw cause;
        }
        throw e;
      }
    } finally {
      working = null;
      frontend.statusChanged();
    }
  }
}
