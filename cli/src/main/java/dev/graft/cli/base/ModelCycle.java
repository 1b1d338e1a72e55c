package dev.graft.cli.base;

import dev.graft.runtime.agent.AgentSession;
import dev.graft.runtime.llm.Model;
import dev.graft.runtime.llm.ModelListing;
import dev.graft.runtime.llm.ModelRegistry;
import dev.graft.runtime.llm.ModelScope;
import java.util.List;
import java.util.Optional;

/**
 * One step of the model cycle, for Ctrl+P and RPC {@code cycle_model} alike: through the models of
 * the scope ({@code --models} or {@code enabledModels}), else through every model with a key. From
 * a model outside the list, forward starts at its first model and backward at its last (the
 * reference counts such a model as the first, so its forward step skips the first). A list of one
 * model steps nowhere, even from another model, as in the reference. The scope's models are taken
 * again from the registry at each step: one whose provider a script removed is skipped.
 */
public final class ModelCycle {
  private ModelCycle() {}

  /**
   * What a step did: {@code to}, the model stepped to with the thinking level its pattern asked
   * for, or empty when there is no other model; {@code models}, the list stepped through; {@code
   * scoped}, whether that list is the scope's.
   */
  public record Step(
      Optional<ModelScope.Entry> to, List<ModelScope.Entry> models, boolean scoped) {}

  /**
   * Steps {@code agent} {@code step} models on (1 forward, -1 backward), as a {@code cycle} for the
   * model_select hook, setting the level a {@code :LEVEL} pattern asked for.
   */
  public static Step step(AgentSession agent, ModelRegistry registry, ModelScope scope, int step) {
    List<ModelScope.Entry> models =
        scope.isEmpty()
            ? registry.listModels().stream()
                .filter(ModelListing::usable)
                .map(l -> new ModelScope.Entry(l.model(), Optional.empty()))
                .toList()
            : scope.current(registry);
    Optional<ModelScope.Entry> next = next(models, agent.model(), step);
    next.ifPresent(n -> {
      agent.setModel(n.model(), registry.provider(n.model()), "cycle");
      n.thinking().ifPresent(agent::setThinking);
    });
    return new Step(next, models, !scope.isEmpty());
  }

  private static Optional<ModelScope.Entry> next(
      List<ModelScope.Entry> models, Model current, int step) {
    int at = -1;
    for (int i = 0; i < models.size(); i++) {
      Model m = models.get(i).model();
      if (m.provider().equals(current.provider()) && m.id().equals(current.id())) {
        at = i;
      }
    }
    if (models.size() <= 1) {
      // as the reference: a list of one is no cycle, even from a model outside it
      return Optional.empty();
    }
    return Optional.of(
        models.get(
            at < 0 && step < 0 ? models.size() - 1 : Math.floorMod(at + step, models.size())));
  }
}
