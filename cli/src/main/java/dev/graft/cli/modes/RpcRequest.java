package dev.graft.cli.modes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.tools.FileAttachments;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.Set;

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

  private static final Set<String> IMAGE_TYPES =
      Set.of("image/png", "image/jpeg", "image/gif", "image/webp");

  /**
   * The optional {@code images} field of prompt, steer and follow_up, as the reference takes it:
   * image blocks {@code {type: "image", data, mimeType}}, base64 PNG, JPEG, GIF or WebP, held to
   * the limits of an attached file's image (a bigger one is scaled as that is). A bad one is the
   * client's error, naming the field.
   */
  List<ContentBlock> images() {
    JsonNode v = fields.get("images");
    if (v == null || v.isNull()) {
      return List.of();
    }
    if (!v.isArray()) {
      throw new IllegalArgumentException(
          type + ": \"images\" must be an array of image blocks {type: \"image\", data, mimeType}");
    }
    List<ContentBlock> images = new ArrayList<>();
    for (int i = 0; i < v.size(); i++) {
      String field = "images[" + i + "]";
      if (!(v.get(i) instanceof ObjectNode block)) {
        throw new IllegalArgumentException(
            type + ": " + field + " must be an image block {type: \"image\", data, mimeType}");
      }
      if (!block.path("type").asText("").equals("image") || !block.path("type").isTextual()) {
        throw new IllegalArgumentException(type + ": " + field + ".type must be \"image\"");
      }
      if (!block.path("data").isTextual()) {
        throw new IllegalArgumentException(
            type + ": " + field + ".data must be a string of base64 image data");
      }
      JsonNode mime = block.path("mimeType");
      if (!mime.isTextual() || !IMAGE_TYPES.contains(mime.textValue())) {
        throw new IllegalArgumentException(
            type
                + ": "
                + field
                + ".mimeType must be image/png, image/jpeg, image/gif or image/webp");
      }
      byte[] data;
      try {
        data = Base64.getDecoder().decode(block.get("data").textValue());
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(type + ": " + field + ".data is not base64", e);
      }
      try {
        images.add(FileAttachments.image(data, mime.textValue(), field));
      } catch (FileAttachments.AttachmentException e) {
        throw new IllegalArgumentException(type + ": " + e.getMessage(), e);
      }
    }
    return images;
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
