package dev.graft.cli.modes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import java.util.Optional;

/**
 * One RPC command as read from stdin ({@code type}, the optional {@code id} and its fields), and
 * the responses to it: {@code {"type":"response","command":TYPE,"success":...}}, carrying the id.
 */
record RpcRequest(JsonNode id, String type, ObjectNode fields) {
  /** A string field the command needs; its absence is the client's error, naming the field. */
  String requireText(String field) {
    JsonNode v = fields.get(field);
    if (v == null || !v.isTextual()) {
      throw new IllegalArgumentException(type + " needs a string field \"" + field + "\"");
    }
    return v.textValue();
  }

  /** A boolean field the command needs; its absence is the client's error, naming the field. */
  boolean requireBoolean(String field) {
    JsonNode v = fields.get(field);
    if (v == null || !v.isBoolean()) {
      throw new IllegalArgumentException(type + " needs a boolean field \"" + field + "\"");
    }
    return v.booleanValue();
  }

  Optional<String> optionalText(String field) {
    return fields.path(field).isTextual()
        ? Optional.of(fields.get(field).textValue())
        : Optional.empty();
  }

  ObjectNode success() {
    return success(id, type);
  }

  ObjectNode error(String message) {
    return error(id, type, message);
  }

  static ObjectNode success(JsonNode id, String command) {
    ObjectNode o = Json.object();
    if (id != null && !id.isMissingNode() && !id.isNull()) {
      o.set("id", id);
    }
    return o.put("type", "response").put("command", command).put("success", true);
  }

  /** A failed response; {@code id} may be null (a line that was no command, say). */
  static ObjectNode error(JsonNode id, String command, String message) {
    ObjectNode o = Json.object();
    if (id != null && !id.isMissingNode() && !id.isNull()) {
      o.set("id", id);
    }
    return o.put("type", "response")
        .put("command", command)
        .put("success", false)
        .put("error", message == null ? "failed" : message);
  }

  /** What graft reports when a script fails, as the reference's {@code extension_error}. */
  static ObjectNode extensionError(String path, String event, String error) {
    return Json.object()
        .put("type", "extension_error")
        .put("extensionPath", path)
        .put("event", event)
        .put("error", error);
  }
}
