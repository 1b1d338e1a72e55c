package dev.graft.runtime.message;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.FieldReader;
import dev.graft.runtime.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Converts messages and content blocks between their JSON form (session lines, hook scripts, CLI
 * output) and the records of this package. {@code encode(decode(json))} gives back the same JSON
 * value for every input: whatever does not fit a record is kept verbatim.
 */
public final class MessageCodec {
  private MessageCodec() {}

  // ---------------------------------------------------------------- decode

  public static AgentMessage decode(JsonNode json) {
    if (!(json instanceof ObjectNode object)) {
      ObjectNode wrapper = Json.object();
      wrapper.set("value", json);
      return new AgentMessage.Unknown(wrapper);
    }
    FieldReader r = new FieldReader(object);
    String role = r.requireText("role");
    AgentMessage decoded =
        switch (role) {
          case "user" -> {
            MessageContent content = decodeContent(object.get("content"), r);
            long ts = r.requireLong("timestamp");
            yield r.valid() ? new AgentMessage.User(content, ts, r.rest()) : null;
          }
          case "assistant" -> {
            List<ContentBlock> content = decodeBlocks(object.get("content"), r);
            String api = r.requireText("api");
            String provider = r.requireText("provider");
            String model = r.requireText("model");
            Usage usage = decodeUsage(object.get("usage"), r);
            String stop = r.requireText("stopReason");
            var error = r.optionalText("errorMessage");
            long ts = r.requireLong("timestamp");
            yield r.valid()
                ? new AgentMessage.Assistant(
                    content, api, provider, model, usage, stop, error, ts, r.rest())
                : null;
          }
          case "toolResult" -> {
            String callId = r.requireText("toolCallId");
            String name = r.requireText("toolName");
            List<ContentBlock> content = decodeBlocks(object.get("content"), r);
            var details = r.optionalValue("details");
            boolean isError = r.requireBoolean("isError");
            long ts = r.requireLong("timestamp");
            yield r.valid()
                ? new AgentMessage.ToolResult(callId, name, content, details, isError, ts, r.rest())
                : null;
          }
          case "bashExecution" -> {
            String command = r.requireText("command");
            String output = r.requireText("output");
            var exit = r.optionalLong("exitCode");
            boolean cancelled = r.requireBoolean("cancelled");
            boolean truncated = r.requireBoolean("truncated");
            var fullPath = r.optionalText("fullOutputPath");
            var exclude = r.optionalBoolean("excludeFromContext");
            long ts = r.requireLong("timestamp");
            yield r.valid()
                ? new AgentMessage.BashExecution(
                    command, output, exit, cancelled, truncated, fullPath, exclude, ts, r.rest())
                : null;
          }
          case "custom" -> {
            String customType = r.requireText("customType");
            MessageContent content = decodeContent(object.get("content"), r);
            boolean display = r.requireBoolean("display");
            var details = r.optionalValue("details");
            long ts = r.requireLong("timestamp");
            yield r.valid()
                ? new AgentMessage.Custom(customType, content, display, details, ts, r.rest())
                : null;
          }
          case "branchSummary" -> {
            String summary = r.requireText("summary");
            String fromId = r.requireText("fromId");
            long ts = r.requireLong("timestamp");
            yield r.valid() ? new AgentMessage.BranchSummary(summary, fromId, ts, r.rest()) : null;
          }
          case "compactionSummary" -> {
            String summary = r.requireText("summary");
            long tokens = r.requireLong("tokensBefore");
            long ts = r.requireLong("timestamp");
            yield r.valid()
                ? new AgentMessage.CompactionSummary(summary, tokens, ts, r.rest())
                : null;
          }
          default -> null;
        };
    return decoded != null ? decoded : new AgentMessage.Unknown(object);
  }

  private static MessageContent decodeContent(JsonNode node, FieldReader r) {
    r.take("content");
    if (node != null && node.isTextual()) {
      return new MessageContent.PlainText(node.textValue());
    }
    if (node != null && node.isArray()) {
      List<ContentBlock> blocks = decodeBlockArray((ArrayNode) node);
      if (blocks != null) {
        return new MessageContent.Blocks(blocks);
      }
    }
    r.invalidate();
    return new MessageContent.PlainText("");
  }

  private static List<ContentBlock> decodeBlocks(JsonNode node, FieldReader r) {
    r.take("content");
    if (node != null && node.isArray()) {
      List<ContentBlock> blocks = decodeBlockArray((ArrayNode) node);
      if (blocks != null) {
        return blocks;
      }
    }
    r.invalidate();
    return List.of();
  }

  private static List<ContentBlock> decodeBlockArray(ArrayNode array) {
    List<ContentBlock> blocks = new ArrayList<>(array.size());
    for (JsonNode element : array) {
      if (!(element instanceof ObjectNode block)) {
        return null;
      }
      blocks.add(decodeBlock(block));
    }
    return blocks;
  }

  public static ContentBlock decodeBlock(ObjectNode json) {
    FieldReader r = new FieldReader(json);
    String type = r.requireText("type");
    ContentBlock block =
        switch (type) {
          case "text" -> {
            String text = r.requireText("text");
            yield r.valid() ? new ContentBlock.Text(text, r.rest()) : null;
          }
          case "image" -> {
            String data = r.requireText("data");
            String mime = r.requireText("mimeType");
            yield r.valid() ? new ContentBlock.Image(data, mime, r.rest()) : null;
          }
          case "thinking" -> {
            String thinking = r.requireText("thinking");
            yield r.valid() ? new ContentBlock.Thinking(thinking, r.rest()) : null;
          }
          case "toolCall" -> {
            String id = r.requireText("id");
            String name = r.requireText("name");
            ObjectNode args = r.requireObject("arguments");
            yield r.valid() ? new ContentBlock.ToolCall(id, name, args, r.rest()) : null;
          }
          default -> null;
        };
    return block != null ? block : new ContentBlock.Unknown(json);
  }

  private static Usage decodeUsage(JsonNode node, FieldReader outer) {
    outer.take("usage");
    if (!(node instanceof ObjectNode object)) {
      outer.invalidate();
      return Usage.ZERO;
    }
    FieldReader r = new FieldReader(object);
    long input = r.requireLong("input");
    long output = r.requireLong("output");
    long cacheRead = r.requireLong("cacheRead");
    long cacheWrite = r.requireLong("cacheWrite");
    long total = r.requireLong("totalTokens");
    Usage.Cost cost = Usage.Cost.ZERO;
    JsonNode costNode = object.get("cost");
    if (costNode instanceof ObjectNode costObject) {
      r.take("cost");
      FieldReader c = new FieldReader(costObject);
      cost =
          new Usage.Cost(
              c.requireNumber("input"),
              c.requireNumber("output"),
              c.requireNumber("cacheRead"),
              c.requireNumber("cacheWrite"),
              c.requireNumber("total"),
              c.rest());
      if (!c.valid() || !numbersRoundTrip(costObject)) {
        outer.invalidate();
      }
    } else {
      r.invalidate();
    }
    if (!r.valid() || input < 0 || output < 0 || cacheRead < 0 || cacheWrite < 0 || total < 0) {
      outer.invalidate();
      return Usage.ZERO;
    }
    return new Usage(input, output, cacheRead, cacheWrite, total, cost, r.rest());
  }

  /** Cost values are kept as doubles; only values whose JSON form survives that are modelled. */
  private static boolean numbersRoundTrip(ObjectNode cost) {
    for (String f : List.of("input", "output", "cacheRead", "cacheWrite", "total")) {
      JsonNode v = cost.get(f);
      if (v.isIntegralNumber()
          ? !v.canConvertToLong() || Math.abs(v.longValue()) >= (1L << 53)
          : v.isBigDecimal()) {
        return false;
      }
    }
    return true;
  }

  // ---------------------------------------------------------------- encode

  public static ObjectNode encode(AgentMessage message) {
    ObjectNode o = Json.object();
    switch (message) {
      case AgentMessage.Unknown u -> {
        return u.json();
      }
      case AgentMessage.User u -> {
        o.put("role", "user");
        o.set("content", encodeContent(u.content()));
        o.put("timestamp", u.timestamp());
        putAll(o, u.extra());
      }
      case AgentMessage.Assistant a -> {
        o.put("role", "assistant");
        o.set("content", encodeBlocks(a.content()));
        o.put("api", a.api());
        o.put("provider", a.provider());
        o.put("model", a.model());
        o.set("usage", encodeUsage(a.usage()));
        o.put("stopReason", a.stopReason());
        a.errorMessage().ifPresent(e -> o.put("errorMessage", e));
        o.put("timestamp", a.timestamp());
        putAll(o, a.extra());
      }
      case AgentMessage.ToolResult t -> {
        o.put("role", "toolResult");
        o.put("toolCallId", t.toolCallId());
        o.put("toolName", t.toolName());
        o.set("content", encodeBlocks(t.content()));
        t.details().ifPresent(d -> o.set("details", d));
        o.put("isError", t.isError());
        o.put("timestamp", t.timestamp());
        putAll(o, t.extra());
      }
      case AgentMessage.BashExecution b -> {
        o.put("role", "bashExecution");
        o.put("command", b.command());
        o.put("output", b.output());
        b.exitCode().ifPresent(c -> o.put("exitCode", c));
        o.put("cancelled", b.cancelled());
        o.put("truncated", b.truncated());
        b.fullOutputPath().ifPresent(p -> o.put("fullOutputPath", p));
        o.put("timestamp", b.timestamp());
        b.excludeFromContext().ifPresent(x -> o.put("excludeFromContext", x));
        putAll(o, b.extra());
      }
      case AgentMessage.Custom c -> {
        o.put("role", "custom");
        o.put("customType", c.customType());
        o.set("content", encodeContent(c.content()));
        o.put("display", c.display());
        c.details().ifPresent(d -> o.set("details", d));
        o.put("timestamp", c.timestamp());
        putAll(o, c.extra());
      }
      case AgentMessage.BranchSummary b -> {
        o.put("role", "branchSummary");
        o.put("summary", b.summary());
        o.put("fromId", b.fromId());
        o.put("timestamp", b.timestamp());
        putAll(o, b.extra());
      }
      case AgentMessage.CompactionSummary c -> {
        o.put("role", "compactionSummary");
        o.put("summary", c.summary());
        o.put("tokensBefore", c.tokensBefore());
        o.put("timestamp", c.timestamp());
        putAll(o, c.extra());
      }
    }
    return o;
  }

  public static JsonNode encodeContent(MessageContent content) {
    return switch (content) {
      case MessageContent.PlainText p -> Json.NODES.textNode(p.text());
      case MessageContent.Blocks b -> encodeBlocks(b.blocks());
    };
  }

  public static ArrayNode encodeBlocks(List<ContentBlock> blocks) {
    ArrayNode array = Json.array();
    for (ContentBlock block : blocks) {
      array.add(encodeBlock(block));
    }
    return array;
  }

  public static ObjectNode encodeBlock(ContentBlock block) {
    ObjectNode o = Json.object();
    switch (block) {
      case ContentBlock.Unknown u -> {
        return u.json();
      }
      case ContentBlock.Text t -> {
        o.put("type", "text");
        o.put("text", t.text());
        putAll(o, t.extra());
      }
      case ContentBlock.Image i -> {
        o.put("type", "image");
        o.put("data", i.data());
        o.put("mimeType", i.mimeType());
        putAll(o, i.extra());
      }
      case ContentBlock.Thinking t -> {
        o.put("type", "thinking");
        o.put("thinking", t.thinking());
        putAll(o, t.extra());
      }
      case ContentBlock.ToolCall c -> {
        o.put("type", "toolCall");
        o.put("id", c.id());
        o.put("name", c.name());
        o.set("arguments", c.arguments());
        putAll(o, c.extra());
      }
    }
    return o;
  }

  public static ObjectNode encodeUsage(Usage u) {
    ObjectNode o = Json.object();
    o.put("input", u.input());
    o.put("output", u.output());
    o.put("cacheRead", u.cacheRead());
    o.put("cacheWrite", u.cacheWrite());
    o.put("totalTokens", u.totalTokens());
    ObjectNode cost = Json.object();
    cost.set("input", Json.number(u.cost().input()));
    cost.set("output", Json.number(u.cost().output()));
    cost.set("cacheRead", Json.number(u.cost().cacheRead()));
    cost.set("cacheWrite", Json.number(u.cost().cacheWrite()));
    cost.set("total", Json.number(u.cost().total()));
    putAll(cost, u.cost().extra());
    o.set("cost", cost);
    putAll(o, u.extra());
    return o;
  }

  private static void putAll(ObjectNode target, ObjectNode extra) {
    for (Map.Entry<String, JsonNode> e : extra.properties()) {
      target.set(e.getKey(), e.getValue());
    }
  }
}
