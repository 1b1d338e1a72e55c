package dev.graft.runtime.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Checks a tool call's arguments against the tool's parameter schema (the subset of JSON Schema
 * that {@link ParameterSchema} writes). Like the reference agent it first converts values that are
 * plainly meant as the declared type ({@code "20"} for a number, {@code "true"} for a boolean),
 * because models often quote numbers; anything still wrong is reported per field. Public for tools
 * defined outside this package (hook scripts' tools), which are checked the same way.
 */
public final class ArgumentValidator {
  private static final Pattern DECIMAL =
      Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

  private ArgumentValidator() {}

  public sealed interface Validation {}

  /** The arguments after conversion, safe to read with the declared types. */
  public record Valid(ObjectNode arguments) implements Validation {}

  /** A message for the model naming every field that is wrong. */
  public record Invalid(String message) implements Validation {}

  public static Validation validate(String toolName, ObjectNode schema, ObjectNode arguments) {
    JsonNode converted = convert(arguments.deepCopy(), schema);
    List<String> errors = new ArrayList<>();
    check(converted, schema, "", errors);
    if (errors.isEmpty()) {
      return new Valid((ObjectNode) converted);
    }
    StringBuilder message = new StringBuilder("Validation failed for tool \"" + toolName + "\":\n");
    for (String error : errors) {
      message.append("  - ").append(error).append('\n');
    }
    message.append("\nReceived arguments:\n").append(pretty(arguments, ""));
    return new Invalid(message.toString());
  }

  // ------------------------------------------------------------------ conversion

  private static JsonNode convert(JsonNode value, JsonNode schema) {
    String type = schema.path("type").asText("");
    switch (type) {
      case "object" -> {
        if (value instanceof ObjectNode object) {
          Set<String> required = requiredNames(schema);
          for (Map.Entry<String, JsonNode> property : schema.path("properties").properties()) {
            String name = property.getKey();
            JsonNode present = object.get(name);
            if (present == null) {
              continue;
            }
            // An optional field sent as null means "not given" (models do this for defaults).
            if (present.isNull() && !required.contains(name)) {
              object.remove(name);
            } else {
              object.set(name, convert(present, property.getValue()));
            }
          }
        }
        return value;
      }
      case "array" -> {
        if (value instanceof ArrayNode array && schema.has("items")) {
          for (int i = 0; i < array.size(); i++) {
            array.set(i, convert(array.get(i), schema.get("items")));
          }
        }
        return value;
      }
      case "number", "integer" -> {
        if (value.isTextual() && DECIMAL.matcher(value.textValue().strip()).matches()) {
          double parsed = Double.parseDouble(value.textValue().strip());
          if (Double.isFinite(parsed) && (type.equals("number") || parsed == Math.rint(parsed))) {
            return Json.number(parsed);
          }
        }
        if (value.isBoolean()) {
          return Json.number(value.booleanValue() ? 1 : 0);
        }
        return value;
      }
      case "boolean" -> {
        if (value.isTextual()
            && (value.textValue().equals("true") || value.textValue().equals("false"))) {
          return Json.NODES.booleanNode(value.textValue().equals("true"));
        }
        if (value.isNumber() && (value.doubleValue() == 0 || value.doubleValue() == 1)) {
          return Json.NODES.booleanNode(value.doubleValue() == 1);
        }
        return value;
      }
      case "string" -> {
        if (value.isNumber() || value.isBoolean()) {
          return Json.NODES.textNode(value.isNumber() ? Json.write(value) : value.asText());
        }
        return value;
      }
      default -> {
        return value;
      }
    }
  }

  // ------------------------------------------------------------------ checking

  private static void check(JsonNode value, JsonNode schema, String path, List<String> errors) {
    String type = schema.path("type").asText("");
    String where = path.isEmpty() ? "arguments" : path;
    switch (type) {
      case "object" -> {
        if (!(value instanceof ObjectNode object)) {
          errors.add(where + ": must be an object");
          return;
        }
        JsonNode properties = schema.path("properties");
        for (String name : requiredNames(schema)) {
          if (!object.has(name)) {
            errors.add(join(path, name) + ": is required");
          }
        }
        for (Map.Entry<String, JsonNode> field : object.properties()) {
          JsonNode propertySchema = properties.get(field.getKey());
          if (propertySchema != null) {
            check(field.getValue(), propertySchema, join(path, field.getKey()), errors);
          } else if (schema.path("additionalProperties").isBoolean()
              && !schema.path("additionalProperties").booleanValue()) {
            errors.add(join(path, field.getKey()) + ": is not an allowed property");
          }
        }
      }
      case "array" -> {
        if (!value.isArray()) {
          errors.add(where + ": must be an array");
          return;
        }
        if (schema.has("items")) {
          for (int i = 0; i < value.size(); i++) {
            check(value.get(i), schema.get("items"), where + "[" + i + "]", errors);
          }
        }
      }
      case "string" -> {
        if (!value.isTextual()) {
          errors.add(where + ": must be a string");
        }
      }
      case "number" -> {
        if (!value.isNumber()) {
          errors.add(where + ": must be a number");
        }
      }
      case "integer" -> {
        if (!value.isNumber() || value.doubleValue() != Math.rint(value.doubleValue())) {
          errors.add(where + ": must be an integer");
        }
      }
      case "boolean" -> {
        if (!value.isBoolean()) {
          errors.add(where + ": must be a boolean");
        }
      }
      default -> {}
    }
  }

  private static Set<String> requiredNames(JsonNode schema) {
    Set<String> names = new HashSet<>();
    schema.path("required").forEach(n -> names.add(n.asText()));
    return names;
  }

  private static String join(String path, String name) {
    return path.isEmpty() ? name : path + "." + name;
  }

  /** JSON indented by two spaces, as the reference prints received arguments. */
  private static String pretty(JsonNode node, String indent) {
    if (node.isObject() && !node.isEmpty()) {
      StringBuilder sb = new StringBuilder("{\n");
      String inner = indent + "  ";
      var fields = node.properties().iterator();
      while (fields.hasNext()) {
        Map.Entry<String, JsonNode> field = fields.next();
        sb.append(inner).append(Json.write(Json.NODES.textNode(field.getKey()))).append(": ");
        sb.append(pretty(field.getValue(), inner)).append(fields.hasNext() ? ",\n" : "\n");
      }
      return sb.append(indent).append('}').toString();
    }
    if (node.isArray() && !node.isEmpty()) {
      StringBuilder sb = new StringBuilder("[\n");
      String inner = indent + "  ";
      for (int i = 0; i < node.size(); i++) {
        sb.append(inner)
            .append(pretty(node.get(i), inner))
            .append(i + 1 < node.size() ? ",\n" : "\n");
      }
      return sb.append(indent).append(']').toString();
    }
    return Json.write(node);
  }
}
