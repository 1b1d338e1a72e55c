package dev.graft.cli.interactive;

import dev.graft.runtime.hooks.ScriptText;
import dev.graft.cli.base.ScriptSurface;
import dev.graft.cli.ui.HookUi;
import dev.graft.cli.ui.Screen;
import dev.graft.cli.ui.Screen.Style;
import dev.graft.runtime.events.AgentEvent;
import dev.graft.runtime.agent.AgentSession;
import dev.graft.runtime.concurrent.AbortSignal;
import dev.graft.runtime.llm.ModelRegistry;
import dev.graft.runtime.session.SessionStore;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
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
 * command, or {@code !cmd} / {@code !!cmd} for the shell. Agent work runs on an agent thread
 * while the main thread watches the keyboard: Esc or Ctrl+C abort it, Ctrl+C twice within a
 * second quits. On a terminal the editor is JLine's; otherwise input is read line by line.
 */
public final class InteractiveMode {
  private static final long DOUBLE_PRESS_NANOS = TimeUnit.SECONDS.toNanos(1);

  /** What the mode needs from the command line. */
  public record Setup(AgentSession agent, SessionStore sessions, Supplier<ModelRegistry> models, Reloader reloader,
      Exporter exporter, Path historyFile, List<String> initialPrompts, boolean resume, String version,
      ScriptControl scripts, ScriptSurface surface) {
    public Setup {
      initialPrompts = List.copyOf(initialPrompts);
    }
  }

  /** Reloads settings and the system prompt ({@code /reload}); returns what was loaded, one line each. */
  @FunctionalInterface
  public interface Reloader {
    List<String> reload(AgentSession agent);
  }

  /** Writes a session file as an HTML page ({@code graft session export}); returns the page's path. */
  @FunctionalInterface
  public interface Exporter {
    String export(Path sessionFile, Optional<String> output) throws Exception;
  }

  private final Setup setup;
  private final AgentSession agent;
  private final Frontend frontend;
  private final Screen screen;
  private final CommandRegistry commands;
  private final ExecutorService agentThread = Executors.newSingleThreadExecutor(Thread.ofPlatform().name("graft-agent").daemon().factory());
  private final StatusLine status = new StatusLine();
  private final Context context = new Context();
  private volatile boolean quit;
  private volatile AbortSignal working;
  private volatile long lastCtrlC;
  private ModelRegistry models;
  private volatile String editorText = "";
  private boolean statusDue = true;

  private InteractiveMode(Setup setup, Frontend frontend) {
    this.setup = setup;
    this.agent = setup.agent();
    this.frontend = frontend;
    this.commands = BuiltinCommands.registry();
    this.screen = frontend.screen();
    registerScriptCommands().forEach(screen::line);
    // Script event handlers ask and tell through this terminal too; their problems are shown here.
    HookUi ui = frontend.ui();
    EventPrinter printer = new EventPrinter(screen, agent::session, new CustomMessageLines(setup.scripts()));
    setup.surface().showUi(ScriptCommands.ui(ui, new ScriptCommands.ScreenActions(screen::title, printer::setWorkingMessage,
        screen::spinnerVisible, screen::indicator,        text -> editorText = text, () -> quit = true)));
    setup.surface().reportTo(problem -> ui.notify("script problem: " + ScriptText.shown(problem.text()), HookUi.NotifyLevel.ERROR));
    frontend.onInterrupt(this::interrupted);
    frontend.completeWith((buffer, cursor) -> commands.complete(buffer, cursor, context));
    agent.subscribe(printer);
    agent.subscribe(event -> {
      if (event instanceof AgentEvent.MessageEnd end) {
        status.add(end.message());
      }
    });
    agent.start(); // the startup session_start, now that its ctx.ui is this terminal
  }

  /** Replaces the scripts' commands with those they registered now; a line for each that could not be added. */
  private List<String> registerScriptCommands() {
    commands.all().stream().map(SlashCommand::origin).filter(o -> !o.equals(SlashCommand.BUILT_IN)).distinct().toList()
        .forEach(commands::removeFrom);
    List<String> problems = new java.util.ArrayList<>();
    for (SlashCommand command : setup.scripts().commands()) {
      try {
        commands.register(command);
      } catch (IllegalArgumentException e) {
        problems.add(CommandRegistry.notAdded(e.getMessage()));
      }
    }
    return problems;
  }

  /** On the process's terminal, or plain lines when there is none (or it is dumb). */
  public static int onTerminal(Setup setup, InputStream in, PrintWriter out) {
    Optional<TerminalFrontend> terminal = TerminalFrontend.open(setup.historyFile());
    if (terminal.isEmpty()) {
      return plain(setup, in, out);
    }
    return new InteractiveMode(setup, terminal.get()).run();
  }

  /** Without a terminal: one input per line from {@code in}. */
  public static int plain(Setup setup, InputStream in, PrintWriter out) {
    InteractiveMode[] mode = new InteractiveMode[1];
    PlainFrontend frontend = new PlainFrontend(in, out, () -> mode[0] != null && mode[0].quit);
    mode[0] = new InteractiveMode(setup, frontend);
    return mode[0].run();
  }

  private int run() {
    try {
      banner();
      if (setup.resume()) {
        handle("/resume");
      }
      for (String prompt : setup.initialPrompts()) {
        if (!quit) {
          handle(prompt);
        }
      }
      while (!quit) {
        if (statusDue) {
          screen.line(screen.style(Style.DIM, Screen.fit(status.render(agent, frontend.ui().statuses()), Math.max(0, screen.width() - 1))));
          statusDue = false;
        }
        String initial = editorText + frontend.takeTypeAhead();
        editorText = "";
        switch (frontend.read(initial)) {
          case EditorInput.Submitted s -> {
            lastCtrlC = 0;
            if (!s.text().isBlank()) {
              handle(s.text());
              statusDue = true;
            }
          }
          case EditorInput.Interrupted i -> {
            if (pressedTwice()) {
              quit = true;
            } else if (i.partial().isBlank()) {
              screen.line(screen.style(Style.DIM, "(Ctrl+C again to quit)"));
            }
          }
          case EditorInput.Ended e -> quit = true;
        }
      }
      agent.session().file().filter(f -> f.toFile().exists()).ifPresent(f ->
          screen.line(screen.style(Style.DIM, "session saved in " + f + " (continue it with graft -c)")));
      return 0;
    } finally {
      agentThread.shutdownNow();
      frontend.close();
    }
  }

  private void banner() {
    screen.line(screen.style(Style.BOLD, "graft " + setup.version()) + screen.style(Style.DIM, " · " + agent.model().qualifiedId()
        + " · " + agent.session().file().filter(f -> f.toFile().exists()).map(f -> "session " + f.getFileName()).orElse("new session")));
    screen.line(screen.style(Style.DIM, screen.ansi()
        ? "Enter sends · Alt+Enter or \\ at the end: new line · /help: commands · !cmd: shell · Esc/Ctrl+C: abort · Ctrl+D: quit"
        : "One input per line (\\ at the end continues it) · /help: commands · !cmd: shell · end of input: quit"));
    Recap.print(screen, agent.session(), 4, new CustomMessageLines(setup.scripts()));
  }

  /** One input: a command, a shell command or a prompt, then any run a script asked for meanwhile. */
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
          screen.line(screen.style(Style.YELLOW, "!cmd runs cmd in the shell (the model sees it); !!cmd runs it unseen"));
          return;
        }
        shell(command, exclude);
        screen.line("");
        return;
      }
      Optional<CommandRegistry.Invocation> invocation = CommandRegistry.parse(text);
      if (invocation.isPresent()) {
        command(invocation.get());
        return;
      }
      context.runAbortable(signal -> agent.prompt(text));
      screen.line("");
    } catch (Exception e) {
      screen.stopSpinner();
      screen.line(screen.style(Style.RED, "✗ " + oneLine(e)));
    }
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
      screen.line("");
    } catch (Exception e) {
      screen.stopSpinner();
      screen.line(screen.style(Style.RED, "✗ " + oneLine(e)));
    }
  }

  private void command(CommandRegistry.Invocation invocation) throws Exception {
    Optional<SlashCommand> command = commands.find(invocation.name());
    if (command.isEmpty()) {
      String hint = commands.nearest(invocation.name()).map(n -> "; did you mean /" + n + "?").orElse("");
      screen.line(screen.style(Style.YELLOW, "unknown command /" + invocation.name() + hint + " (/help lists the commands)"));
      return;
    }
    command.get().handler().run(context, invocation.args());
  }

  private void shell(String command, boolean exclude) throws Exception {
    screen.line(screen.style(Style.BOLD, "$ " + command) + (exclude ? screen.style(Style.DIM, "  (not in context)") : ""));
    context.runAbortable(signal -> agent.runUserBash(command, exclude, chunk -> screen.write(chunk, null)));
  }

  /** Esc (false) or Ctrl+C (true) during work, or SIGINT: abort; Ctrl+C twice within a second quits. */
  private void interrupted(boolean ctrlC) {
    boolean twice = ctrlC && pressedTwice();
    AbortSignal current = working;
    if (twice) {
      quit = true;
      screen.line(screen.style(Style.DIM, "quitting…"));
    } else if (current != null) {
      screen.line(screen.style(Style.YELLOW, "aborting…" + (ctrlC ? " (Ctrl+C again to quit)" : "")));
    }
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
    while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
      t = t.getCause();
    }
    String message = t.getMessage();
    if (message == null || message.isBlank()) {
      message = t.getClass().getSimpleName();
    }
    return message.strip().lines().findFirst().orElse(message);
  }

  /** What commands get: this mode's state, through the {@link CommandContext} port. */
  private final class Context implements CommandContext {
    @Override
    public AgentSession agent() {
      return agent;
    }

    @Override
    public HookUi ui() {
      return frontend.ui();
    }

    @Override
    public Screen screen() {
      return screen;
    }

    @Override
    public SessionStore sessions() {
      return setup.sessions();
    }

    @Override
    public synchronized ModelRegistry models() {
      if (models == null) {
        models = setup.models().get();
      }
      return models;
    }

    @Override
    public CommandRegistry commands() {
      return commands;
    }

    @Override
    public ScriptControl scripts() {
      return setup.scripts();
    }

    @Override
    public void info(String text) {
      screen.line(Screen.clean(text));
    }

    @Override
    public void warn(String text) {
      screen.line(screen.style(Style.YELLOW, text));
    }

    @Override
    public void setEditorText(String text) {
      editorText = text;
    }

    @Override
    public List<String> reload() {
      synchronized (this) {
        models = null;
      }
      List<String> report = new java.util.ArrayList<>(setup.reloader().reload(agent));
      report.add(models().listModels().stream().filter(l -> l.usable()).count() + " usable models (models.json and keys read again)");
      report.addAll(setup.scripts().reload());
      report.addAll(registerScriptCommands());
      return report;
    }

    @Override
    public <T> T runAbortable(AbortableWork<T> work) throws Exception {
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
        screen.stopSpinner();
        screen.endLine();
      }
    }

    @Override
    public String exportSession(Optional<String> output) throws Exception {
      agent.syncSession();
      Path file = agent.session().file().filter(f -> f.toFile().exists())
          .orElseThrow(() -> new IllegalStateException("nothing to export yet: the session has no file until its first message"));
      screen.spin("exporting…");
      return runAbortable(signal -> setup.exporter().export(file, output));
    }

    @Override
    public void quit() {
      quit = true;
    }
  }
}
