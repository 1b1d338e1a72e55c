package dev.graft.cli.base;

import dev.graft.runtime.hooks.ScriptText;
import dev.graft.scripting.api.EventContext;
import dev.graft.scripting.api.LiveEventContext;
import dev.graft.scripting.api.ScriptUi;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Where hook scripts meet the user in the running mode: the {@code ctx.ui} their event handlers
 * get, and where the problems they cause are reported. It starts with no UI (dialogs answer as
 * dismissed) and problems on stderr; the interactive and RPC modes attach their own. The ctx itself
 * is the bridge's {@link LiveEventContext}, which handlers' events read without calling back here.
 */
public final class ScriptSurface {
  /**
   * A problem a script caused: its file (when known), the event or {@code command} it was handling,
   * and the whole line to show, naming both.
   */
  public record Problem(Optional<Path> script, String event, String text) {
    public Problem {
      Objects.requireNonNull(script, "script");
      Objects.requireNonNull(event, "event");
      Objects.requireNonNull(text, "text");
    }
  }

  private final LiveEventContext contexts;
  private volatile Consumer<Problem> problems;

  /** Without scripts to run: a ctx with no data. */
  public ScriptSurface(PrintWriter err) {
    this(err, new LiveEventContext());
  }

  /** {@code contexts}: the ctx the scripts' handlers get, whose UI this surface shows. */
  public ScriptSurface(PrintWriter err, LiveEventContext contexts) {
    this.contexts = Objects.requireNonNull(contexts, "contexts");
    this.problems =
        problem -> {
          err.println("graft: script problem: " + ScriptText.safeLine(problem.text()));
          err.flush();
        };
  }

  /** Without a mode: no UI, and problems printed on {@code err}. */
  public static ScriptSurface printing(PrintWriter err) {
    return new ScriptSurface(err);
  }

  /** The {@code ctx.ui} event handlers get now. */
  public ScriptUi ui() {
    return contexts.ui();
  }

  /** A handler's {@code ctx} as of now, with {@code ui} as its {@code ctx.ui}. */
  public EventContext context(ScriptUi ui) {
    return contexts.with(ui);
  }

  public void showUi(ScriptUi ui) {
    contexts.showUi(ui);
  }

  public void reportTo(Consumer<Problem> problems) {
    this.problems = Objects.requireNonNull(problems, "problems");
  }

  public void report(Problem problem) {
    problems.accept(problem);
  }
}
