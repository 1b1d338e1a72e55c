package dev.graft.runtime.llm;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import java.util.Map;
import java.util.Objects;

/**
 * A model graft can talk to: where it lives, which protocol it speaks and what it costs.
 *
 * @param id the id sent to the provider ({@code claude-sonnet-4-5}, {@code gpt-5})
 * @param name a display name
 * @param api the wire protocol
 * @param provider the provider name keys are looked up under ({@code anthropic}, {@code groq})
 * @param baseUrl the endpoint root ({@code https://api.openai.com/v1})
 * @param reasoning whether the model can think before answering
 * @param images whether the model accepts image input (otherwise images become placeholders)
 * @param cost prices per million tokens
 * @param contextWindow input plus output tokens the model can hold
 * @param maxTokens the most output tokens one turn may produce
 * @param headers extra HTTP headers sent with every request
 * @param compat protocol quirks for compatible servers, with the reference's field names (validated
 *     when models.json is read)
 * @param thinking per-level overrides
 */
public record Model(
    String id,
    String name,
    Api api,
    String provider,
    String baseUrl,
    boolean reasoning,
    boolean images,
    ModelCost cost,
    long contextWindow,
    long maxTokens,
    Map<String, String> headers,
    ObjectNode compat,
    ThinkingMap thinking) {

  public Model {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(api, "api");
    Objects.requireNonNull(provider, "provider");
    Objects.requireNonNull(baseUrl, "baseUrl");
    Objects.requireNonNull(cost, "cost");
    if (id.isBlank() || provider.isBlank()) {
      throw new IllegalArgumentException("model id and provider must not be blank");
    }
    if (contextWindow <= 0 || maxTokens <= 0) {
      throw new IllegalArgumentException(
          "model " + provider + "/" + id + ": contextWindow and maxTokens must be positive");
    }
    headers = headers == null ? Map.of() : Map.copyOf(headers);
    compat = compat == null ? Json.object() : compat.deepCopy();
    thinking = thinking == null ? ThinkingMap.DEFAULT : thinking;
  }

  /** {@code provider/id}, the form the CLI accepts. */
  public String qualifiedId() {
    return provider + "/" + id;
  }

  /** The most output tokens to ask for when the caller does not say (as the reference does). */
  public int defaultMaxTokens() {
    return (int) Math.min(maxTokens, 32_000);
  }

  @Override
  public ObjectNode compat() {
    return compat.deepCopy();
  }

  /** Names headers without their values, which may hold credentials. */
  @Override
  public String toString() {
    return "Model["
        + qualifiedId()
        + ", api="
        + api.wire()
        + ", baseUrl="
        + baseUrl
        + ", reasoning="
        + reasoning
        + ", images="
        + images
        + ", contextWindow="
        + contextWindow
        + ", maxTokens="
        + maxTokens
        + ", cost="
        + cost
        + ", headers="
        + headers.keySet()
        + "]";
  }
}
