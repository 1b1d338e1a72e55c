package dev.graft.cli.interactive;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.cli.base.ScriptSurface;
import dev.graft.runtime.agent.AgentSession;
import dev.graft.runtime.config.EditDistance;
import dev.graft.scripting.ScriptEngine;
import dev.graft.scripting.api.ScriptCommand;
import dev.graft.scripting.api.ScriptFailure;
import dev.graft.scripting.api.ScriptUi;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Prompts of the print, JSON and RPC modes that start with {@code /name}: they run the script
 * command of that name instead of going to the model. The interactive mode's built-in commands do
 * not run here, and a script command with one of their names is refused, as it is there; an unknown
 * name is an error that suggests the nearest script command. "/usr/bin is full" is a prompt, not a
 * command.
 */
public final class ScriptCommandPrompts {
  private static final CommandRegistry BUILT_IN = BuiltinCommands.registry();

  /**
   * The RPC commands that do what a built-in does (docs/rpc.md): the way to compact or switch
   * models from another program, where {@code -p "/compact"} is refused.
   */
  private static final Map<String, String> RPC_COUNTERPARTS =
      Map.of(
          "compact", "compact",
          "model", "set_model",
          "thinking", "set_thinking_level",
          "new", "new_session",
          "resume", "switch_session",
          "fork", "fork",
          "name", "set_session_name",
          "session", "get_session_stats");

  private final Optional<ScriptEngine> engine;
  private final ScriptSurface surface;

  /**
   * Names whose {@code /name} is a prompt the agent expands (a skill's {@code skill:NAME}, a
   * template's).
   */
  private final Predicate<String> prompts;

  /** What a handler's {@code ctx.reload()} does here, when the mode can reload. */
  private final Optional<Supplier<List<String>>> reload;

  /** What a prompt is. */
  public sealed interface Parsed {
    /** Text for the model. */
    record Text(String text) implements Parsed {}

    /** A script command to run with {@code args}. */
    record Command(ScriptCommand command, String args) implements Parsed {}

    /** {@code /name} that no script registered; {@code message} says so and suggests. */
    record Unknown(String name, String message) implements Parsed {}
  }

  public ScriptCommandPrompts(Optional<ScriptEngine> engine, ScriptSurface surface) {
    this(engine, surface, name -> false, Optional.empty());
  }

  private ScriptCommandPrompts(
      Optional<ScriptEngine> engine,
      ScriptSurface surface,
      Predicate<String> prompts,
      Optional<Supplier<List<String>>> reload) {
    this.engine = engine;
    this.surface = surface;
    this.prompts = prompts;
    this.reload = reload;
  }

  /**
   * These, with {@code /name} a prompt for the names {@code prompts} accepts (skills, prompt
   * templates).
   */
  public ScriptCommandPrompts withPrompts(Predicate<String> prompts) {
    return new ScriptCommandPrompts(engine, surface, prompts, reload);
  }

  /**
   * These, with a handler's {@code ctx.reload()} doing {@code reload} once the handler has returned
   * (what was loaded, one line each), as /reload does in the interactive mode.
   */
  public ScriptCommandPrompts withReload(Supplier<List<String>> reload) {
    return new ScriptCommandPrompts(engine, surface, prompts, Optional.of(reload));
  }

  /** Without scripts: every {@code /name} is unknown. */
  public static ScriptCommandPrompts none(ScriptSurface surface) {
    return new ScriptCommandPrompts(Optional.empty(), surface);
  }

  /** The scripts' commands, but those that have a built-in command's name. */
  public List<ScriptCommand> commands() {
    return engine.map(ScriptEngine::commands).orElse(List.of()).stream()
        .filter(c -> refusal(c.name()).isEmpty())
        .toList();
  }

  /**
   * A line for each script command refused for a built-in command's name, as the interactive mode
   * says it ("script command not added: /model exists already (from built-in)").
   */
  public List<String> refused() {
    return engine.map(ScriptEngine::commands).orElse(List.of()).stream()
        .flatMap(c -> refusal(c.name()).stream())
        .toList();
  }

  /**
   * Why a script's command of this name is not added, as the interactive mode says it ("script
   * command not added: /model exists already (from built-in)"), when a built-in command has it.
   */
  public static Optional<String> refusal(String name) {
    return BUILT_IN.refusal(name).map(CommandRegistry::notAdded);
  }

  public Parsed parse(String prompt) {
    Optional<CommandRegistry.Invocation> invocation = CommandRegistry.parse(prompt);
    if (invocation.isEmpty()) {
      return new Parsed.Text(prompt);
    }
    String name = invocation.get().name();
    String typed = prompt.strip().substring(1).split("\\s", 2)[0];
    List<ScriptCommand> commands = commands();
    for (ScriptCommand c : commands) {
      if (c.name().equalsIgnoreCase(name)) {
        return new Parsed.Command(c, invocation.get().args());
      }
    }
    if (prompts.test(typed)) {
      return new Parsed.Text(prompt);
    }
    if (typed.startsWith("skill:")) {
      return new Parsed.Unknown(
          name,
          "unknown skill /" + typed + " (graft skills list shows the skills a run here loads)");
    }
    String listed =
        " (script commands: "
            + String.join(", ", commands.stream().map(c -> "/" + c.name()).toList())
            + ")";
    if (refusal(name).isPresent()) {
      return new Parsed.Unknown(
          name,
          "/"
              + name
              + " is a built-in command of the interactive mode; it does not run here"
              + (commands.isEmpty() ? "" : listed)
              + Optional.ofNullable(RPC_COUNTERPARTS.get(name))
                  .map(rpc -> "; in --mode rpc, the " + rpc + " command does it (docs/rpc.md)")
                  .orElse(""));
    }
    return new Parsed.Unknown(
        name,
        "unknown command /"
            + name
            + nearest(name, commands)
            + (commands.isEmpty()
                ? " (no script registers a command; the interactive mode's built-in commands do not run here)"
                : listed));
  }

  /**
   * Runs {@code command} with {@code ui} as its {@code ctx.ui} and waits for it: the handler's
   * answer (a missing node for none), or the script's error as the ExecutionException's cause. If
   * the handler called {@code ctx.reload()}, graft reloads once it has returned (failed or not) and
   * hands {@code reloaded} what was loaded, one line each.
   */
  public JsonNode run(Parsed.Command command, ScriptUi ui, Consumer<String> reloaded)
      throws ExecutionException, InterruptedException {
    ScriptEngine scripts =
        engine.orElseThrow(() -> new IllegalStateException("no scripts are loaded"));
    PromptCommandControl control = new PromptCommandControl(reload);
    try {
      return scripts
          .runCommand(
              command.command().name(), command.args(), surface.context(ui).withCommands(control))
          .get();
    } finally {
      control.reloadIfAsked().forEach(reloaded);
    }
  }

  /**
   * Runs {@code command} without a UI (its dialogs answer as dismissed) and waits for it: what it
   * returned. A failing command, or one that returned something else, throws {@link Failed}.
   */
  public CommandAnswer runWithoutUi(Parsed.Command command, Consumer<String> reloaded)
      throws Failed {
    JsonNode answer;
    try {
      answer = run(command, ScriptUi.NONE, reloaded);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new Failed("/" + command.command().name() + " was interrupted");
    } catch (ExecutionException | RuntimeException e) {
      throw new Failed(failure(command, e));
    }
    try {
      return CommandAnswer.of(command.command().name(), answer);
    } catch (IllegalArgumentException e) {
      throw new Failed(e.getMessage());
    }
  }

  /**
   * Acts on a command's answer where no one edits: a prompt is asked of the agent (it runs with the
   * runs scripts requested, {@link dev.graft.runtime.agent.AgentSession#runRequestedTurns}), a
   * status goes to {@code status}.
   */
  public static void act(CommandAnswer answer, AgentSession agent, Consumer<String> status) {
    switch (answer) {
      case CommandAnswer.Prompt p -> agent.sendUserMessage(p.text(), List.of(), Optional.empty());
      case CommandAnswer.Status s -> status.accept(s.text());
      case CommandAnswer.Nothing n -> {}
    }
  }

  /** A command that failed; the message names it. */
  public static final class Failed extends Exception {
    public Failed(String message) {
      super(message, null, false, false);
    }
  }

  /**
   * What went wrong, from a command future's failure: the script's own report (its file, the
   * command, the error and where), or what kept the command from running.
   */
  public static String failure(Parsed.Command command, Throwable t) {
    Throwable cause = t;
    while ((cause instanceof ExecutionException || cause instanceof CompletionException)
        && cause.getCause() != null) {
      cause = cause.getCause();
    }
    if (cause instanceof ScriptFailure) {
      return cause.getMessage();
    }
    return "/"
        + command.command().name()
        + " failed: "
        + (cause.getMessage() == null ? cause.toString() : cause.getMessage());
  }

  private static String nearest(String name, List<ScriptCommand> commands) {
    return EditDistance.nearestCommand(name, commands.stream().map(ScriptCommand::name).toList())
        .map(best -> "; did you mean /" + best + "?")
        .orElse("");
  }
}
