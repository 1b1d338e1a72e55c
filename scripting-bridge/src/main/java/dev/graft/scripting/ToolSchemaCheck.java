package dev.graft.scripting;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.scripting.ArgumentChecks.BadArgument;
import java.util.Map;
import java.util.Set;

/**
 * Checks the parameters a script gives {@code registerTool} before a model ever sees them: an
 * object schema whose {@code type}, {@code properties}, {@code required} and {@code items} are
 * shaped as JSON Schema says (what graft validates calls against, and what providers accept). Other
 * keywords (enum, description, minimum...) pass through unchecked.
 */
final class ToolSchemaCheck {
  private static final Set<String> TYPES =
      Set.of("string", "number", "integer", "boolean", "object", "array", "null");

  private ToolSchemaCheck() {}

  static void check(String tool, JsonNode schema) throws BadArgument {
    String where = "the parameters of tool " + tool;
    if (!schema.path("type").asText("").equals("object")) {
      throw new BadArgument(
          where
              + " must be an object schema ({type: \"object\", properties: {...}}), not "
              + (schema.has("type") ? "type " + schema.get("type") : "a schema without a type"));
    }
    node(schema, where, "parameters");
  }

  private static void node(JsonNode schema, String where, String path) throws BadArgument {
    if (!schema.isObject()) {
      throw new BadArgument(
          where
              + ": "
              + path
              + " must be a schema object, not "
              + schema.getNodeType().toString().toLowerCase());
    }
    JsonNode type = schema.get("type");
    if (type != null) {
      if (type.isArray()) {
        for (JsonNode t : type) {
          typeName(t, where, path);
        }
      } else {
        typeName(type, where, path);
      }
    }
    JsonNode properties = schema.get("properties");
    if (properties != null) {
      if (!properties.isObject()) {
        throw new BadArgument(where + ": " + path + ".properties must be an object of schemas");
      }
      for (Map.Entry<String, JsonNode> p : properties.properties()) {
        node(p.getValue(), where, path + ".properties." + p.getKey());
      }
    }
    JsonNode required = schema.get("required");
    if (required != null) {
      if (!required.isArray()) {
        throw new BadArgument(where + ": " + path + ".required must be an array of property names");
      }
      for (JsonNode name : required) {
        if (!name.isTextual()) {
          throw new BadArgument(
              where + ": " + path + ".required must hold property names (strings), not " + name);
        }
      }
    }
    JsonNode items = schema.get("items");
    if (items != null) {
      node(items, where, path + ".items");
    }
  }

  private static void typeName(JsonNode type, String where, String path) throws BadArgument {
    if (!type.isTextual() || !TYPES.contains(type.textValue())) {
      throw new BadArgument(
          where
              + ": "
              + path
              + ".type is "
              + type
              + "; a JSON Schema type is one of "
              + "string, number, integer, boolean, object, array, null");
    }
  }
}
