package dev.graft.runtime.message;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import java.util.Objects;
import java.util.Optional;

/**
 * One block of message content. {@code extra} holds the fields graft does not model (signatures,
 * provider data, fields from newer versions); they are written back unchanged.
 */
public sealed interface ContentBlock {

  /** Plain text. Optional {@code textSignature} lives in extra. */
  record Text(String text, ObjectNode extra) implements ContentBlock {
    public Text {
      Objects.requireNonNull(text, "text");
      extra = extra == null ? Json.object() : extra;
    }

    public Text(String text) {
      this(text, null);
    }
  }

  /** A base64 image. */
  record Image(String data, String mimeType, ObjectNode extra) implements ContentBlock {
    public Image {
      Objects.requireNonNull(data, "data");
      Objects.requireNonNull(mimeType, "mimeType");
      extra = extra == null ? Json.object() : extra;
    }
  }

  /** Model reasoning. Optional {@code thinkingSignature} and {@code redacted} live in extra. */
  record Thinking(String thinking, ObjectNode extra) implements ContentBlock {
    public Thinking {
      Objects.requireNonNull(thinking, "thinking");
      extra = extra == null ? Json.object() : extra;
    }

    public Optional<String> signature() {
      return Json.text(extra, "thinkingSignature");
    }
  }

  /** A call the model asks a tool to make; {@code arguments} is the parsed JSON object. */
  record ToolCall(String id, String name, ObjectNode arguments, ObjectNode extra)
      implements ContentBlock {
    public ToolCall {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(arguments, "arguments");
      extra = extra == null ? Json.object() : extra;
    }
  }

  /** A block of a type graft does not know, or one whose fields are malformed: kept verbatim. */
  record Unknown(ObjectNode json) implements ContentBlock {
    public Unknown {
      Objects.requireNonNull(json, "json");
    }

    public String type() {
      return Json.text(json, "type").orElse("");
    }
  }
}
