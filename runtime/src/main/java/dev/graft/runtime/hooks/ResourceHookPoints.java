package dev.graft.runtime.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The hook points around the model call's wire and the run's resources, as the reference emits
 * them: {@code before_provider_request} hands each script the provider's request body ({@code
 * payload}) and an answer replaces it for the scripts after and for the call (later wins; a failure
 * keeps the body as it was); {@code resources_discover} asks each script for more {@code
 * skillPaths}, {@code promptPaths} and {@code themePaths}, which are collected from every script,
 * every handler's in order.
 */
final class ResourceHookPoints {
  private ResourceHookPoints() {}

  static final class BeforeProviderRequest extends HookPoint<JsonNode, JsonNode> {
    BeforeProviderRequest() {
      super("before_provider_request");
    }

    @Override
    JsonNode initial(JsonNode payload) {
      return payload;
    }

    @Override
    void fill(ObjectNode payload, JsonNode body) {
      payload.set("payload", body);
    }

    @Override
    Step<JsonNode> read(JsonNode input, JsonNode result, JsonNode answer, Wrong wrong) {
      return new Step.Next<>(answer);
    }

    @Override
    JsonNode next(JsonNode input, JsonNode result) {
      return result;
    }

    /** The next handler of the script sees the body the one before answered. */
    @Override
    public Next nextHandler(JsonNode seen, JsonNode answer) {
      ObjectNode next = withSameFields((ObjectNode) seen);
      next.set("payload", answer);
      return new Next.Payload(next);
    }

    @Override
    public JsonNode mergeAnswers(JsonNode earlier, JsonNode later) {
      return later;
    }
  }

  static final BeforeProviderRequest BEFORE_PROVIDER_REQUEST = new BeforeProviderRequest();

  /** Why resources are discovered: "startup" or "reload". */
  record Discover(Path cwd, String reason) {}

  static final class ResourcesDiscover extends HookPoint<Discover, AgentHooks.Discovered> {
    private static final List<String> FIELDS = List.of("skillPaths", "promptPaths", "themePaths");

    ResourcesDiscover() {
      super("resources_discover");
    }

    @Override
    AgentHooks.Discovered initial(Discover input) {
      return AgentHooks.Discovered.NONE;
    }

    @Override
    void fill(ObjectNode payload, Discover input) {
      payload.put("cwd", input.cwd().toString()).put("reason", input.reason());
    }

    @Override
    Step<AgentHooks.Discovered> read(
        Discover input, AgentHooks.Discovered result, JsonNode answer, Wrong wrong) {
      if (!answer.isObject()) {
        wrong.report("not an object {skillPaths?, promptPaths?, themePaths?}");
        return new Step.Next<>(result);
      }
      List<List<String>> lists =
          new ArrayList<>(
              List.of(
                  new ArrayList<>(result.skillPaths()),
                  new ArrayList<>(result.promptPaths()),
                  new ArrayList<>(result.themePaths())));
      for (int i = 0; i < FIELDS.size(); i++) {
        JsonNode paths = answer.path(FIELDS.get(i));
        if (paths.isMissingNode() || paths.isNull()) {
          continue;
        }
        if (!paths.isArray()) {
          wrong.report(FIELDS.get(i) + " that is not an array of paths");
          continue;
        }
        for (JsonNode p : paths) {
          if (p.isTextual() && !p.asText().isBlank()) {
            lists.get(i).add(p.asText());
          } else {
            wrong.report(FIELDS.get(i) + " holding " + p + ", not a path", "that entry is ignored");
          }
        }
      }
      return new Step.Next<>(new AgentHooks.Discovered(lists.get(0), lists.get(1), lists.get(2)));
    }

    /** Every handler of a script is asked; their paths are put together. */
    @Override
    public JsonNode mergeAnswers(JsonNode earlier, JsonNode later) {
      if (!(earlier instanceof ObjectNode e) || !(later instanceof ObjectNode l)) {
        return later;
      }
      ObjectNode merged = Json.object();
      for (String field : FIELDS) {
        var all = merged.putArray(field);
        for (ObjectNode o : List.of(e, l)) {
          if (o.path(field).isArray()) {
            all.addAll((ArrayNode) o.get(field));
          }
        }
      }
      return merged;
    }
  }

  static final ResourcesDiscover RESOURCES_DISCOVER = new ResourcesDiscover();
}
