package dev.graft.runtime.tools;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;

/**
 * Builds the JSON Schema of a tool's arguments in the shape the reference agent sends (an object
 * schema with {@code properties} and {@code required}), which is also what {@link
 * ArgumentValidator} checks calls against.
 */
final class ParameterSchema {
  private final ObjectNode schema = Json.object();
  private final ObjectNode properties = Json.object();
  private final ArrayNode required = Json.array();

  private ParameterSchema() {
    schema.put("type", "object");
    schema.set("properties", properties);
    schema.set("required", required);
  }

  static ParameterSchema object() {
    return new ParameterSchema();
  }

  ParameterSchema required(String name, String type, String description) {
    properties.set(name, property(type, description));
    required.add(name);
    return this;
  }

  ParameterSchema optional(String name, String type, String description) {
    properties.set(name, property(type, description));
    return this;
  }

  /** A required array whose items follow {@code items}. */
  ParameterSchema requiredArray(String name, ObjectNode items, String description) {
    ObjectNode array = Json.object();
    array.put("type", "array");
    array.set("items", items);
    array.put("description", description);
    properties.set(name, array);
    required.add(name);
    return this;
  }

  /** No properties other than the declared ones are allowed. */
  ParameterSchema closed() {
    schema.put("additionalProperties", false);
    return this;
  }

  /** The schema; the builder is used once and not touched after this. */
  ObjectNode build() {
    return schema;
  }

  private static ObjectNode property(String type, String description) {
    ObjectNode property = Json.object();
    property.put("type", type);
    property.put("description", description);
    return property;
  }
}
