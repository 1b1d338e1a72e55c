package dev.graft.scripting;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.tools.BuiltinTools;
import dev.graft.runtime.tools.Tool;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * When a script may run a built-in tool through {@code createReadTool(cwd).execute(...)} and its
 * kin: only inside the model's call of the script's own tool of that name, with that call's id. The
 * model could have called the built-in itself there, so the script gains no access by it. A
 * delegated run still going when the call ends is cancelled.
 */
final class BuiltinDelegates {
  /** The rule, as a script that broke it reads it. */
  static String refusal(String tool) {
    return "the built-in tool "
        + tool
        + " runs for a script only inside the model's call of the script's own tool "
        + tool
        + ", given that call's toolCallId (see docs/security.md)";
  }

  /** The model's calls of script tools now running, by call id. */
  private final Map<String, Running> calls = new ConcurrentHashMap<>();

  /** A call: whose tool it is, the tool's name, and the delegated runs going on. */
  private record Running(LoadedScript script, String tool, Set<CompletableFuture<?>> delegated) {}

  /** The model's call {@code callId} of {@code script}'s tool {@code tool} has started. */
  void started(LoadedScript script, String tool, String callId) {
    calls.put(callId, new Running(script, tool, ConcurrentHashMap.newKeySet()));
  }

  /** Call {@code callId} has ended: its delegated runs still going are cancelled. */
  void ended(String callId) {
    Running r = calls.remove(callId);
    if (r != null) {
      r.delegated().forEach(f -> f.cancel(true));
    }
  }

  /**
   * Whether {@code script} may run built-in {@code tool} for call {@code callId} now: the refusal
   * when it may not.
   */
  Optional<String> check(LoadedScript script, String tool, Object callId) {
    Running r = callId instanceof String id ? calls.get(id) : null;
    return r != null && r.script() == script && r.tool().equals(tool)
        ? Optional.empty()
        : Optional.of(refusal(tool));
  }

  /**
   * Ties {@code run} to call {@code callId}: cancelled when the call ends (at once, if it already
   * has).
   */
  void tie(String callId, CompletableFuture<?> run) {
    Running r = calls.get(callId);
    if (r == null) {
      run.cancel(true);
      return;
    }
    r.delegated().add(run);
    run.whenComplete((v, e) -> r.delegated().remove(run));
    if (calls.get(callId) != r) {
      run.cancel(true);
    }
  }

  /** The built-in tools' descriptions and parameters, as createReadTool and its kin give them. */
  static ObjectNode definitions() {
    return Definitions.JSON.deepCopy();
  }

  private static final class Definitions {
    static final ObjectNode JSON = make();

    private static ObjectNode make() {
      ObjectNode out = Json.object();
      for (Tool t : BuiltinTools.create().all()) {
        out.putObject(t.name())
            .put("description", t.description())
            .set("parameters", t.parameters());
      }
      return out;
    }
  }
}
