package dev.graft.runtime.session;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.MessageContent;
import java.util.Objects;
import java.util.Optional;

/**
 * One line of a v3 session file after the header: a node of the session tree. {@code parentId} is
 * empty for a root. Fields graft does not model are kept in {@code extra} and written back.
 */
public sealed interface SessionEntry {

  String type();

  String id();

  Optional<String> parentId();

  /** ISO-8601 time the entry was written, as stored (empty when the line has none). */
  String timestamp();

  /** The conversation itself: one message. */
  record Message(
      String id,
      Optional<String> parentId,
      String timestamp,
      AgentMessage message,
      ObjectNode extra)
      implements SessionEntry {
    public Message {
      Objects.requireNonNull(message, "message");
      extra = checked(id, parentId, timestamp, extra);
    }

    @Override
    public String type() {
      return "message";
    }
  }

  record ModelChange(
      String id,
      Optional<String> parentId,
      String timestamp,
      String provider,
      String modelId,
      ObjectNode extra)
      implements SessionEntry {
    public ModelChange {
      Objects.requireNonNull(provider, "provider");
      Objects.requireNonNull(modelId, "modelId");
      extra = checked(id, parentId, timestamp, extra);
    }

    @Override
    public String type() {
      return "model_change";
    }
  }

  record ThinkingLevelChange(
      String id,
      Optional<String> parentId,
      String timestamp,
      String thinkingLevel,
      ObjectNode extra)
      implements SessionEntry {
    public ThinkingLevelChange {
      Objects.requireNonNull(thinkingLevel, "thinkingLevel");
      extra = checked(id, parentId, timestamp, extra);
    }

    @Override
    public String type() {
      return "thinking_level_change";
    }
  }

  /**
   * Older messages summarised: the context starts with {@code summary}, then the entries from
   * {@code firstKeptEntryId} up to this entry, then what follows it. Without a first kept id (files
   * migrated from v1 can lack one), or with the compaction's own id ({@link #NOTHING_KEPT} when
   * appended), nothing before the compaction is kept; the reference reads both so.
   */
  record Compaction(
      String id,
      Optional<String> parentId,
      String timestamp,
      String summary,
      Optional<String> firstKeptEntryId,
      long tokensBefore,
      Optional<JsonNode> details,
      Optional<Boolean> fromHook,
      ObjectNode extra)
      implements SessionEntry {
    /**
     * The first kept id that keeps nothing: appended as the compaction's own id, which is not
     * before it on its path.
     */
    public static final String NOTHING_KEPT = "";

    public Compaction {
      Objects.requireNonNull(summary, "summary");
      firstKeptEntryId = firstKeptEntryId == null ? Optional.empty() : firstKeptEntryId;
      details = details == null ? Optional.empty() : details;
      fromHook = fromHook == null ? Optional.empty() : fromHook;
      extra = checked(id, parentId, timestamp, extra);
    }

    @Override
    public String type() {
      return "compaction";
    }

    /**
     * The reference's CompactionResult: {@code summary}, {@code firstKeptEntryId}, {@code
     * tokensBefore} and {@code details} (what RPC's compact answers and compaction_end carries).
     */
    public ObjectNode result() {
      ObjectNode data = Json.object();
      data.put("summary", summary);
      firstKeptEntryId.ifPresent(f -> data.put("firstKeptEntryId", f));
      data.put("tokensBefore", tokensBefore);
      details.ifPresent(d -> data.set("details", d));
      return data;
    }
  }

  /** A summary of an abandoned branch, carried into the branch the user went to. */
  record BranchSummary(
      String id,
      Optional<String> parentId,
      String timestamp,
      String fromId,
      String summary,
      Optional<JsonNode> details,
      Optional<Boolean> fromHook,
      ObjectNode extra)
      implements SessionEntry {
    public BranchSummary {
      Objects.requireNonNull(fromId, "fromId");
      Objects.requireNonNull(summary, "summary");
      details = details == null ? Optional.empty() : details;
      fromHook = fromHook == null ? Optional.empty() : fromHook;
      extra = checked(id, parentId, timestamp, extra);
    }

    @Override
    public String type() {
      return "branch_summary";
    }
  }

  /** Hook state ({@code appendEntry}): never sent to the model. */
  record Custom(
      String id,
      Optional<String> parentId,
      String timestamp,
      String customType,
      Optional<JsonNode> data,
      ObjectNode extra)
      implements SessionEntry {
    public Custom {
      Objects.requireNonNull(customType, "customType");
      data = data == null ? Optional.empty() : data;
      extra = checked(id, parentId, timestamp, extra);
    }

    @Override
    public String type() {
      return "custom";
    }
  }

  /** A hook message ({@code sendMessage}) that takes part in the model's context. */
  record CustomMessage(
      String id,
      Optional<String> parentId,
      String timestamp,
      String customType,
      MessageContent content,
      boolean display,
      Optional<JsonNode> details,
      ObjectNode extra)
      implements SessionEntry {
    public CustomMessage {
      Objects.requireNonNull(customType, "customType");
      Objects.requireNonNull(content, "content");
      details = details == null ? Optional.empty() : details;
      extra = checked(id, parentId, timestamp, extra);
    }

    @Override
    public String type() {
      return "custom_message";
    }
  }

  /** Sets ({@code label} present) or clears the label of {@code targetId}. */
  record Label(
      String id,
      Optional<String> parentId,
      String timestamp,
      String targetId,
      Optional<String> label,
      ObjectNode extra)
      implements SessionEntry {
    public Label {
      Objects.requireNonNull(targetId, "targetId");
      label = label == null ? Optional.empty() : label;
      extra = checked(id, parentId, timestamp, extra);
    }

    @Override
    public String type() {
      return "label";
    }
  }

  /** Sets the session's display name (an empty name clears it). */
  record SessionInfo(
      String id,
      Optional<String> parentId,
      String timestamp,
      Optional<String> name,
      ObjectNode extra)
      implements SessionEntry {
    public SessionInfo {
      name = name == null ? Optional.empty() : name;
      extra = checked(id, parentId, timestamp, extra);
    }

    @Override
    public String type() {
      return "session_info";
    }
  }

  /**
   * An entry of a type graft does not know (a newer version's, another tool's), or a known type
   * whose fields are malformed: part of the tree, kept verbatim, otherwise ignored.
   */
  record Unknown(String id, Optional<String> parentId, String timestamp, ObjectNode json)
      implements SessionEntry {
    public Unknown {
      Objects.requireNonNull(json, "json");
      checked(id, parentId, timestamp, null);
    }

    @Override
    public String type() {
      return Json.text(json, "type").orElse("");
    }
  }

  private static ObjectNode checked(
      String id, Optional<String> parentId, String timestamp, ObjectNode extra) {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(parentId, "parentId");
    Objects.requireNonNull(timestamp, "timestamp");
    return extra == null ? Json.object() : extra;
  }
}
