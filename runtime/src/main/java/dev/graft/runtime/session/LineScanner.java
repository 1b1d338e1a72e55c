package dev.graft.runtime.session;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.graft.runtime.json.Json;
import java.io.IOException;

/**
 * Reads the few top-level fields of a session line that the tree needs (type, id, parentId and a
 * message's role) while validating the whole line as JSON, without building it. This is what
 * makes opening a large session cheap: the bulk of every line is skipped, not parsed.
 */
final class LineScanner {
  private final JsonFactory factory = Json.MAPPER.getFactory();

  /** The fields read from one line. */
  record Scan(String type, String id, String parentId, boolean parentIsString, String role) {}

  /** Thrown for a line that is not one JSON object. */
  static final class BadLine extends Exception {
    BadLine(String message) {
      super(message, null, false, false);
    }
  }

  Scan scan(byte[] buf, int start, int length) throws BadLine {
    try (JsonParser p = factory.createParser(buf, start, length)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw new BadLine("not a JSON object");
      }
      String type = null;
      String id = null;
      String parentId = null;
      boolean parentIsString = false;
      String role = null;
      JsonToken t;
      while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        JsonToken v = p.nextToken();
        switch (name) {
          case "type" -> type = v == JsonToken.VALUE_STRING ? internType(p.getText()) : null;
          case "id" -> id = v == JsonToken.VALUE_STRING ? p.getText() : null;
          case "parentId" -> {
            parentIsString = v == JsonToken.VALUE_STRING;
            parentId = parentIsString ? p.getText() : null;
          }
          case "message" -> role = v == JsonToken.START_OBJECT ? scanRole(p) : skip(p);
          default -> p.skipChildren();
        }
      }
      if (t != JsonToken.END_OBJECT) {
        throw new BadLine("not a JSON object");
      }
      if (p.nextToken() != null) {
        throw new BadLine("more than one JSON value on the line");
      }
      return new Scan(type, id, parentId, parentIsString, role);
    } catch (IOException e) {
      throw new BadLine(firstLine(e.getMessage()));
    }
  }

  /** Reads "role" inside a message object and skips the rest of it. */
  private static String scanRole(JsonParser p) throws IOException {
    String role = null;
    JsonToken t;
    while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      JsonToken v = p.nextToken();
      if (name.equals("role") && v == JsonToken.VALUE_STRING) {
        role = internRole(p.getText());
      } else {
        p.skipChildren();
      }
    }
    if (t != JsonToken.END_OBJECT) {
      throw new IOException("unterminated message object");
    }
    return role;
  }

  private static String skip(JsonParser p) throws IOException {
    p.skipChildren();
    return null;
  }

  private static String internType(String type) {
    return switch (type) {
      case "message" -> "message";
      case "custom" -> "custom";
      case "custom_message" -> "custom_message";
      case "compaction" -> "compaction";
      case "branch_summary" -> "branch_summary";
      case "label" -> "label";
      case "session_info" -> "session_info";
      case "model_change" -> "model_change";
      case "thinking_level_change" -> "thinking_level_change";
      case "session" -> "session";
      default -> type;
    };
  }

  private static String internRole(String role) {
    return switch (role) {
      case "user" -> "user";
      case "assistant" -> "assistant";
      case "toolResult" -> "toolResult";
      case "bashExecution" -> "bashExecution";
      case "custom" -> "custom";
      default -> role;
    };
  }

  static String firstLine(String message) {
    if (message == null) {
      return "malformed JSON";
    }
    int nl = message.indexOf('\n');
    return nl < 0 ? message : message.substring(0, nl);
  }

  /**
   * Whether the line holds a byte sequence that is not UTF-8 before its last few bytes. A crash
   * while appending can cut a line inside a multi-byte character; that is a truncated line, not
   * a file in another encoding.
   */
  static boolean hasInvalidUtf8BeforeEnd(byte[] buf, int start, int length) {
    int end = start + length;
    int i = start;
    while (i < end) {
      int b = buf[i] & 0xff;
      if (b < 0x80) {
        i++;
        continue;
      }
      int need =
          b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
      if (need < 0) {
        return true;
      }
      if (i + need >= end) {
        return false; // cut at the end of the line
      }
      for (int k = 1; k <= need; k++) {
        if ((buf[i + k] & 0xc0) != 0x80) {
          return true;
        }
      }
      i += need + 1;
    }
    return false;
  }
}
