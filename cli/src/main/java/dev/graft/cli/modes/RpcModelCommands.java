package dev.graft.cli.modes;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.cli.base.ModelCycle;
import dev.graft.runtime.agent.AgentSession;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.llm.Api;
import dev.graft.runtime.llm.Model;
import dev.graft.runtime.llm.ModelListing;
import dev.graft.runtime.llm.ModelRegistry;
import dev.graft.runtime.llm.ModelScope;
import dev.graft.runtime.llm.ThinkingLevel;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The RPC commands about the model: the models with a key, choosing one, and the thinking level.
 */
final class RpcModelCommands {
  private final AgentSession agent;
  private final Supplier<ModelRegistry> registry;
  private final Supplier<ModelScope> scope;
  private final RpcAgentThread thread;
  private final Consumer<ObjectNode> write;

  RpcModelCommands(
      AgentSession agent,
      Supplier<ModelRegistry> registry,
      Supplier<ModelScope> scope,
      RpcAgentThread thread,
      Consumer<ObjectNode> write) {
    this.agent = agent;
    this.registry = registry;
    this.scope = scope;
    this.thread = thread;
    this.write = write;
  }

  /** The models with a key, and the one in use first when no registry has it (scripted). */
  void getAvailableModels(RpcRequest r) {
    ObjectNode data = Json.object();
    ArrayNode models = data.putArray("models");
    List<Model> usable =
        registry.get().listModels().stream()
            .filter(ModelListing::usable)
            .map(ModelListing::model)
            .toList();
    Model current = agent.model();
    if (usable.stream().noneMatch(m -> same(m, current))) {
      models.add(json(current));
    }
    usable.forEach(m -> models.add(json(m)));
    write.accept(r.success().set("data", data));
  }

  private static boolean same(Model a, String provider, String id) {
    return a.provider().equals(provider) && a.id().equals(id);
  }

  private static boolean same(Model a, Model b) {
    return a.provider().equals(b.provider()) && a.id().equals(b.id());
  }

  void setModel(RpcRequest r) {
    thread.whenIdle(
        r,
        () -> {
          String provider = r.requireText("provider");
          String modelId = r.requireText("modelId");
          Model current = agent.model();
          ModelRegistry models = registry.get();
          if (provider.equals(current.provider())
              && modelId.equals(current.id())
              && current.api() == Api.SCRIPTED) {
            // the model in use, which a registry does not have (scripted): chosen again, and kept
            // as the default as the reference keeps it
            agent.setModel(current, agent.provider());
            write.accept(r.success().set("data", json(current)));
            return;
          }
          // taken afresh: the one in use may be a script's whose provider is gone or changed
          Model m =
              models
                  .find(provider, modelId)
                  .orElseThrow(() ->
                      new IllegalArgumentException(
                          same(current, provider, modelId)
                              ? provider + "/" + modelId + " is no longer available"
                              : "Model not found: " + provider + "/" + modelId));
          if (models.listModels().stream().noneMatch(l -> l.model().equals(m) && l.usable())) {
            throw new IllegalArgumentException(models.missingKeyMessage(provider));
          }
          agent.setModel(m, models.provider(m));
          write.accept(r.success().set("data", json(m)));
        });
  }

  /**
   * The next model, as Ctrl+P steps ({@link ModelCycle}): {@code data: {model, thinkingLevel,
   * isScoped}}, or {@code data: null} (and nothing changed) when there is no other model, as the
   * reference answers.
   */
  void cycleModel(RpcRequest r) {
    thread.whenIdle(
        r,
        () -> {
          ModelCycle.Step done = ModelCycle.step(agent, registry.get(), scope.get(), 1);
          ObjectNode response = r.success();
          done.to()
              .ifPresentOrElse(
                  to ->
                      response
                          .putObject("data")
                          .<ObjectNode>set("model", json(to.model()))
                          .put("thinkingLevel", agent.effectiveThinking().wire())
                          .put("isScoped", done.scoped()),
                  () -> response.putNull("data"));
          write.accept(response);
        });
  }

  void setThinkingLevel(RpcRequest r) {
    String level = r.requireText("level");
    agent.setThinking(
        ThinkingLevel.parse(level)
            .orElseThrow(() ->
                new IllegalArgumentException(
                    "unknown thinking level '"
                        + level
                        + "': use off, minimal, low, medium, high or xhigh")));
    write.accept(r.success());
  }

  /**
   * The next level the model offers, as the reference: {@code data: {level}}, or {@code data: null}
   * (and nothing changed) for a model that does not reason.
   */
  void cycleThinkingLevel(RpcRequest r) {
    ObjectNode response = r.success();
    agent
        .cycleThinking()
        .ifPresentOrElse(
            level -> response.set("data", Json.object().put("level", level.wire())),
            () -> response.putNull("data"));
    write.accept(response);
  }

  /** A model as the reference's RPC describes it. */
  static ObjectNode json(Model m) {
    ObjectNode o = Json.object();
    o.put("id", m.id())
        .put("name", m.name())
        .put("provider", m.provider())
        .put("api", m.api().toString().toLowerCase().replace('_', '-'));
    o.put("baseUrl", m.baseUrl())
        .put("reasoning", m.reasoning())
        .put("contextWindow", m.contextWindow())
        .put("maxTokens", m.maxTokens());
    return o;
  }
}
