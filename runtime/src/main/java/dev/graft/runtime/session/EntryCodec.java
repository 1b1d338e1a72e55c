package dev.graft.runtime.session;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.FieldReader;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.MessageCodec;
import dev.graft.runtime.message.MessageContent;
import java.util.Map;
import java.util.Optional;

/**
 * Session entries to and from their JSON lines. Decoding never fails for an object with a string
 * {@code id}: what does not fit a record becomes {@link SessionEntry.Unknown}, kept verbatim.
 */
public final class EntryCodec {
  private EntryCodec() {}

  /** Empty when the object has no string id (such a line is not a tree node). */
  public static Optional<SessionEntry> decode(ObjectNode json) {
    JsonNode idNode = json.get("id");
    if (idNode == null || !idNode.isTextual()) {
      return Optional.empty();
    }
    FieldReader r = new FieldReader(json);
    String type = r.requireText("type");
    String id = r.requireText("id");
    Optional<String> parentId = r.optionalText("parentId");
    JsonNode parentNode = json.get("parentId");
    if (parentNode != null && parentNode.isNull()) {
      r.take("parentId");
    }
    String timestamp = r.optionalText("timestamp").orElse("");
    SessionEntry entry =
        switch (type) {
          case "message" -> {
            JsonNode m = r.requireValue("message");
            AgentMessage message = MessageCodec.decode(m);
            yield r.valid() && m.isObject()
                ? new SessionEntry.Message(id, parentId, timestamp, message, r.rest())
                : null;
          }
          case "model_change" -> {
            String provider = r.requireText("provider");
            String modelId = r.requireText("modelId");
            yield r.valid()
                ? new SessionEntry.ModelChange(id, parentId, timestamp, provider, modelId, r.rest())
                : null;
          }
          case "thinking_level_change" -> {
            String level = r.requireText("thinkingLevel");
            yield r.valid()
                ? new SessionEntry.ThinkingLevelChange(id, parentId, timestamp, level, r.rest())
                : null;
          }
          case "compaction" -> {
            String summary = r.requireText("summary");
            Optional<String> firstKept = r.optionalText("firstKeptEntryId");
            long tokens = r.requireLong("tokensBefore");
            Optional<JsonNode> details = r.optionalValue("details");
            Optional<Boolean> fromHook = r.optionalBoolean("fromHook");
            yield r.valid()
                ? new SessionEntry.Compaction(
                    id, parentId, timestamp, summary, firstKept, tokens, details, fromHook,
                    r.rest())
                : null;
          }
          case "branch_summary" -> {
            String fromId = r.requireText("fromId");
            String summary = r.requireText("summary");
            Optional<JsonNode> details = r.optionalValue("details");
            Optional<Boolean> fromHook = r.optionalBoolean("fromHook");
            yield r.valid()
                ? new SessionEntry.BranchSummary(
                    id, parentId, timestamp, fromId, summary, details, fromHook, r.rest())
                : null;
          }
          case "custom" -> {
            String customType = r.requireText("customType");
            Optional<JsonNode> data = r.optionalValue("data");
            yield r.valid()
                ? new SessionEntry.Custom(id, parentId, timestamp, customType, data, r.rest())
                : null;
          }
          case "custom_message" -> {
            String customType = r.requireText("customType");
            JsonNode c = r.requireValue("content");
            MessageContent content = decodeContent(c);
            boolean display = r.requireBoolean("display");
            Optional<JsonNode> details = r.optionalValue("details");
            yield r.valid() && content != null
                ? new SessionEntry.CustomMessage(
                    id, parentId, timestamp, customType, content, display, details, r.rest())
                : null;
          }
          case "label" -> {
            String target = r.requireText("targetId");
            Optional<String> label = r.optionalText("label");
            yield r.valid()
                ? new SessionEntry.Label(id, parentId, timestamp, target, label, r.rest())
                : null;
          }
          case "session_info" -> {
            Optional<String> name = r.optionalText("name");
            yield r.valid()
                ? new SessionEntry.SessionInfo(id, parentId, timestamp, name, r.rest())
                : null;
          }
          default -> null;
        };
    return Optional.of(
        entry != null ? entry : new SessionEntry.Unknown(id, parentId, timestamp, json));
  }

  /**
   * Content as the custom message record holds it, or null when it is neither string nor blocks.
   */
  private static MessageContent decodeContent(JsonNode content) {
    ObjectNode probe = Json.object();
    probe.put("role", "custom");
    probe.put("customType", "");
    probe.set("content", content);
    probe.put("display", true);
    probe.put("timestamp", 0);
    return MessageCodec.decode(probe) instanceof AgentMessage.Custom c ? c.content() : null;
  }

  public static ObjectNode encode(SessionEntry entry) {
    if (entry instanceof SessionEntry.Unknown u) {
      return u.json();
    }
    ObjectNode o = Json.object();
    o.put("type", entry.type());
    // the reference's SessionManager writes a custom and a custom_message entry's own fields
    // before the id; the other entries after the timestamp
    switch (entry) {
      case SessionEntry.Custom c -> {
        o.put("customType", c.customType());
        c.data().ifPresent(d -> o.set("data", d));
      }
      case SessionEntry.CustomMessage c -> {
        o.put("customType", c.customType());
        o.set("content", MessageCodec.encodeContent(c.content()));
        o.put("display", c.display());
        c.details().ifPresent(d -> o.set("details", d));
      }
      default -> {}
    }
    o.put("id", entry.id());
    if (entry.parentId().isPresent()) {
      o.put("parentId", entry.parentId().get());
    } else {
      o.putNull("parentId");
    }
    if (!entry.timestamp().isEmpty()) {
      o.put("timestamp", entry.timestamp());
    }
    ObjectNode extra =
        switch (entry) {
          case SessionEntry.Message m -> {
            o.set("message", MessageCodec.encode(m.message()));
            yield m.extra();
          }
          case SessionEntry.ModelChange m -> {
            o.put("provider", m.provider());
            o.put("modelId", m.modelId());
            yield m.extra();
          }
          case SessionEntry.ThinkingLevelChange t -> {
            o.put("thinkingLevel", t.thinkingLevel());
            yield t.extra();
          }
          case SessionEntry.Compaction c -> {
            o.put("summary", c.summary());
            c.firstKeptEntryId().ifPresent(f -> o.put("firstKeptEntryId", f));
            o.put("tokensBefore", c.tokensBefore());
            c.details().ifPresent(d -> o.set("details", d));
            c.fromHook().ifPresent(x -> o.put("fromHook", x));
            yield c.extra();
          }
          case SessionEntry.BranchSummary b -> {
            o.put("fromId", b.fromId());
            o.put("summary", b.summary());
            b.details().ifPresent(d -> o.set("details", d));
            b.fromHook().ifPresent(x -> o.put("fromHook", x));
            yield b.extra();
          }
          case SessionEntry.Custom c -> c.extra();
          case SessionEntry.CustomMessage c -> c.extra();
          case SessionEntry.Label l -> {
            o.put("targetId", l.targetId());
            l.label().ifPresent(x -> o.put("label", x));
            yield l.extra();
          }
          case SessionEntry.SessionInfo s -> {
            s.name().ifPresent(n -> o.put("name", n));
            yield s.extra();
          }
          case SessionEntry.Unknown u -> throw new AssertionError("handled above");
        };
    for (Map.Entry<String, JsonNode> e : extra.properties()) {
      o.set(e.getKey(), e.getValue());
    }
    return o;
  }
}
