package dev.graft.scripting;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.json.LazyJson;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.graalvm.polyglot.proxy.ProxyExecutable;

/**
 * The {@link LazyJson} values of an event payload, at its top level and one level down (a
 * message_update's {@code message} and {@code assistantMessageEvent.partial}): the script gets the
 * payload without them ({@link #rest}) and a property for each, read when first used (the prelude's
 * lazyValues), through {@link #loader}.
 */
final class LazyValues {
  private final ObjectNode rest;
  private final List<LazyJson> values;
  private final String paths;

  private LazyValues(ObjectNode rest, List<LazyJson> values, String paths) {
    this.rest = rest;
    this.values = values;
    this.paths = paths;
  }

  /** The lazy values of {@code payload}, or null when it has none. */
  static LazyValues in(JsonNode payload) {
    if (!(payload instanceof ObjectNode top) || !hasLazy(top, 2)) {
      return null;
    }
    ObjectNode rest = top.deepCopy();
    Map<LazyJson, Integer> ids = new IdentityHashMap<>();
    List<LazyJson> values = new ArrayList<>();
    StringBuilder paths = new StringBuilder("[");
    take(rest, "", ids, values, paths, 2);
    return new LazyValues(rest, values, paths.append(']').toString());
  }

  private static boolean hasLazy(ObjectNode o, int depth) {
    for (Map.Entry<String, JsonNode> e : o.properties()) {
      if (LazyJson.of(e.getValue()) != null
          || depth > 1 && e.getValue() instanceof ObjectNode inner && hasLazy(inner, depth - 1)) {
        return true;
      }
    }
    return false;
  }

  /** Removes the lazy values of {@code o}, writing "[id, key, ...]" for each into {@code paths}. */
  private static void take(
      ObjectNode o,
      String keys,
      Map<LazyJson, Integer> ids,
      List<LazyJson> values,
      StringBuilder paths,
      int depth) {
    List<String> lazyKeys = new ArrayList<>();
    for (Map.Entry<String, JsonNode> e : o.properties()) {
      LazyJson lazy = LazyJson.of(e.getValue());
      String path = keys + "," + Json.write(Json.NODES.textNode(e.getKey()));
      if (lazy != null) {
        Integer id = ids.get(lazy);
        if (id == null) {
          id = values.size();
          ids.put(lazy, id);
          values.add(lazy);
        }
        paths.append(paths.length() > 1 ? "," : "").append('[').append(id).append(path).append(']');
        lazyKeys.add(e.getKey());
      } else if (depth > 1 && e.getValue() instanceof ObjectNode inner) {
        take(inner, path, ids, values, paths, depth - 1);
      }
    }
    o.remove(lazyKeys);
  }

  /** The payload without its lazy values. */
  ObjectNode rest() {
    return rest;
  }

  /** The lazy values' places, as JSON: {@code [[id, key, ...], ...]}. */
  String paths() {
    return paths;
  }

  /** The script's function that answers value {@code id}'s JSON text, made as the bridge's work. */
  ProxyExecutable loader(Watchdog watchdog) {
    return args -> watchdog.bridgeWork(() -> Json.write(values.get(args[0].asInt()).value()));
  }
}
