package dev.graft.runtime.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import java.util.Map;

/** JSON values compared as JavaScript sees them: key order and number spelling do not count. */
public final class JsonValues {
  private JsonValues() {}

  public static JsonNode normalize(JsonNode node) {
    if (node == null) {
      return Json.NODES.missingNode();
    }
    if (node.isObject()) {
      ObjectNode o = Json.object();
      for (Map.Entry<String, JsonNode> e : node.properties()) {
        o.set(e.getKey(), normalize(e.getValue()));
      }
      return o;
    }
    if (node.isArray()) {
      ArrayNode a = Json.array();
      node.forEach(x -> a.add(normalize(x)));
      return a;
    }
    if (node.isNumber()) {
      return Json.number(node.doubleValue());
    }
    return node;
  }
}
