package dev.graft.cli.interactive;

import dev.graft.cli.base.ModelCycle;
import dev.graft.runtime.agent.AgentSession;
import dev.graft.runtime.llm.Model;
import dev.graft.runtime.llm.ThinkingLevel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionException;

/**
 * What the terminal's keys do beyond the editor: cycle the model (among those with a key) and the
 * thinking level, open the model picker or a session command, take queued messages back. Each runs
 * on a thread of its own, so a picker it opens waits for keys without holding the UI.
 */
final class KeyActions {
  private static final Map<String, String> COMMANDS =
      Map.of(
          "app.model.select", "/model",
          "app.session.new", "/new",
          "app.session.tree", "/tree",
          "app.session.fork", "/fork",
          "app.session.resume", "/resume");

  private final ModeContext ctx;
  private final Frontend frontend;

  KeyActions(ModeContext ctx, Frontend frontend) {
    this.ctx = ctx;
    this.frontend = frontend;
  }

  /** Starts the action {@code id}; false when it is not one of these. */
  boolean run(String id) {
    Runnable action =
        switch (id) {
          case "app.model.cycleForward" -> () -> cycleModel(1);
          case "app.model.cycleBackward" -> () -> cycleModel(-1);
          case "app.thinking.cycle" -> this::cycleThinking;
          case "app.message.dequeue" -> this::dequeue;
          default ->
              id.startsWith("shortcut:")
                  ? () -> shortcut(id.substring("shortcut:".length()))
                  : COMMANDS.containsKey(id) ? () -> command(COMMANDS.get(id)) : null;
        };
    if (action == null) {
      return false;
    }
    Thread.ofVirtual()
        .name("graft-action")
        .start(() -> {
          try {
            action.run();
          } catch (RuntimeException e) {
            frontend.notice(Frontend.Notice.ERROR, "✗ " + InteractiveMode.oneLine(e));
          }
        });
    return true;
  }

  /** A key a script bound: its handler runs with a command's ctx; a failure is shown. */
  private void shortcut(String key) {
    try {
      ctx.scripts().runShortcut(key).join();
    } catch (CompletionException e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      frontend.notice(Frontend.Notice.ERROR, "✗ " + key + ": " + InteractiveMode.oneLine(cause));
    }
  }

  private void cycleModel(int step) {
    AgentSession agent = ctx.agent();
    ModelCycle.Step done = ModelCycle.step(agent, ctx.models(), ctx.scope(), step);
    if (done.to().isEmpty()) {
      ctx.info(
          done.models().isEmpty()
              ? "No model has a key (graft models shows where keys are looked for)."
              : "Only "
                  + done.models().getFirst().model().qualifiedId()
                  + (done.scoped() ? " is in --models or enabledModels" : " has a key")
                  + ": there is no other model to switch to.");
      return;
    }
    Model next = done.to().get().model();
    ctx.info(
        "Model: "
            + next.qualifiedId()
            + (next.reasoning() ? " (thinking " + agent.thinking().wire() + ")" : ""));
    ctx.statusChanged();
  }

  private void cycleThinking() {
    AgentSession agent = ctx.agent();
    // the levels the model offers (xhigh only for one that lists it), as the reference
    Optional<ThinkingLevel> next = agent.cycleThinking();
    if (next.isEmpty()) {
      ctx.info(
          agent.model().qualifiedId() + " does not reason: the thinking level does not apply.");
      return;
    }
    ctx.info("Thinking level: " + next.get().wire());
    ctx.statusChanged();
  }

  private void dequeue() {
    AgentSession.Queued queued = ctx.agent().takeQueued();
    List<String> texts = new ArrayList<>(queued.steering());
    texts.addAll(queued.followUps());
    frontend.restoreQueued(texts);
  }

  private void command(String command) {
    if (frontend instanceof TuiFrontend tui) {
      tui.runCommand(command);
    }
  }
}
