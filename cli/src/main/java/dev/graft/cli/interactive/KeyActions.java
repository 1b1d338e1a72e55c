package dev.graft.cli.interactive;

import dev.graft.runtime.agent.AgentSession;
import dev.graft.runtime.llm.Model;
import dev.graft.runtime.llm.ModelListing;
import dev.graft.runtime.llm.ModelRegistry;
import dev.graft.runtime.llm.ThinkingLevel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

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
          default -> COMMANDS.containsKey(id) ? () -> command(COMMANDS.get(id)) : null;
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

  private void cycleModel(int step) {
    ModelRegistry registry = ctx.models();
    AgentSession agent = ctx.agent();
    List<Model> usable =
        registry.listModels().stream()
            .filter(ModelListing::usable)
            .map(ModelListing::model)
            .toList();
    if (usable.size() < 2) {
      ctx.info(
          usable.isEmpty()
              ? "No model has a key (graft models shows where keys are looked for)."
              : "Only "
                  + usable.getFirst().qualifiedId()
                  + " has a key: there is no other model to switch to.");
      return;
    }
    int at = usable.indexOf(agent.model());
    Model next = usable.get(Math.floorMod(at + step, usable.size()));
    agent.setModel(next, registry.provider(next));
    ctx.info(
        "Model: "
            + next.qualifiedId()
            + (next.reasoning() ? " (thinking " + agent.thinking().wire() + ")" : ""));
    ctx.statusChanged();
  }

  private void cycleThinking() {
    AgentSession agent = ctx.agent();
    if (!agent.model().reasoning()) {
      ctx.info(
          agent.model().qualifiedId() + " does not reason: the thinking level does not apply.");
      return;
    }
    ThinkingLevel[] levels = ThinkingLevel.values();
    ThinkingLevel next = levels[(agent.thinking().ordinal() + 1) % levels.length];
    agent.setThinking(next);
    ctx.info("Thinking: " + next.wire());
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
