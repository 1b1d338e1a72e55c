package dev.graft.scripting.api;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.llm.Model;

/**
 * What {@code ctx.model} and {@code ctx.modelRegistry} tell a script about a model, with the
 * reference's field names: provider, id, name, api, reasoning, input, cost, contextWindow,
 * maxTokens. Deliberately not the base URL, the headers or anything about keys: those may carry
 * credentials.
 */
public final class ModelDescription {
  private ModelDescription() {}

  public static ObjectNode of(Model m) {
    ObjectNode o =
        Json.object()
            .put("provider", m.provider())
            .put("id", m.id())
            .put("name", m.name())
            .put("api", m.api().wire())
            .put("reasoning", m.reasoning());
    var input = o.putArray("input").add("text");
    if (m.images()) {
      input.add("image");
    }
    o.putObject("cost")
        .put("input", m.cost().input())
        .put("output", m.cost().output())
        .put("cacheRead", m.cost().cacheRead())
        .put("cacheWrite", m.cost().cacheWrite());
    o.put("contextWindow", m.contextWindow()).put("maxTokens", m.maxTokens());
    return o;
  }
}
