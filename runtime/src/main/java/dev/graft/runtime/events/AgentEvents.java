package dev.graft.runtime.events;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.json.LazyJson;
import dev.graft.runtime.llm.StreamEvent;
import dev.graft.runtime.message.MessageCodec;

/**
 * Agent events as JSON lines, in the reference agent's shapes ({@code graft --mode json} and RPC
 * print these): {@code {"type":"message_end","message":{...}}} and so on.
 */
public final class AgentEvents {
  private AgentEvents() {}

  /**
   * The event as scripts watching it get it: as {@link #toJson}, but a {@code message_update}'s
   * message so far is made only if a script reads it ({@link LazyJson}). It grows with the answer,
   * and there is an update per streamed piece: sent whole, a long answer's updates would cost the
   * square of its length.
   */
  public static ObjectNode toHookJson(AgentEvent event) {
    if (!(event instanceof AgentEvent.MessageUpdate u)) {
      return toJson(event);
    }
    LazyJson message = new LazyJson(() -> MessageCodec.encode(u.message()));
    ObjectNode o = Json.object().put("type", type(event));
    o.set("assistantMessageEvent", u.update().deepCopy().set("partial", message.node()));
    o.set("message", message.node());
    return o;
  }

  public static ObjectNode toJson(AgentEvent event) {
    ObjectNode o = Json.object().put("type", type(event));
    switch (event) {
      case AgentEvent.AgentStart a -> {}
      case AgentEvent.TurnStart t -> {}
      case AgentEvent.MessageStart m -> {
        o.set("message", MessageCodec.encode(m.message()));
      }
      case AgentEvent.MessageUpdate u -> {
        // As the reference: the message so far twice, in the stream event and beside it.
        ObjectNode message = MessageCodec.encode(u.message());
        o.set("assistantMessageEvent", u.update().deepCopy().set("partial", message));
        o.set("message", message);
      }
      case AgentEvent.MessageEnd m -> {
        o.set("message", MessageCodec.encode(m.message()));
      }
      case AgentEvent.ToolExecutionStart t -> {
        o.put("toolCallId", t.toolCallId());
        o.put("toolName", t.toolName());
        o.set("args", t.args());
      }
      case AgentEvent.ToolExecutionUpdate t -> {
        o.put("toolCallId", t.toolCallId());
        o.put("toolName", t.toolName());
        o.set("args", t.args());
        o.set("partialResult", output(t.partial()));
      }
      case AgentEvent.ToolExecutionEnd t -> {
        o.put("toolCallId", t.toolCallId());
        o.put("toolName", t.toolName());
        o.set("result", output(t.result()));
        o.put("isError", t.isError());
      }
      case AgentEvent.TurnEnd t -> {
        o.set("message", MessageCodec.encode(t.message()));
        ArrayNode results = o.putArray("toolResults");
        t.toolResults().forEach(r -> results.add(MessageCodec.encode(r)));
      }
      case AgentEvent.CompactionStart c -> {
        o.put("reason", c.reason());
      }
      case AgentEvent.CompactionEnd c -> {
        o.put("reason", c.reason());
        c.entryId().ifPresent(x -> o.put("entryId", x));
        c.summary().ifPresent(x -> o.put("summary", x));
        c.error().ifPresent(x -> o.put("error", x));
        // the reference's fields, for a client written for it
        c.result().ifPresent(x -> o.set("result", x));
        o.put("aborted", c.aborted());
        // an overflow's compaction goes on with the turn (docs/compaction.md)
        o.put("willRetry", c.reason().equals("overflow") && c.result().isPresent());
        if (!c.aborted()) {
          c.error().ifPresent(x -> o.put("errorMessage", x));
        }
      }
      case AgentEvent.AutoRetryStart r -> {
        o.put("attempt", r.attempt());
        o.put("maxAttempts", r.maxAttempts());
        o.put("delayMs", r.delayMs());
        o.put("errorMessage", r.errorMessage());
      }
      case AgentEvent.AutoRetryEnd r -> {
        o.put("success", r.success());
        o.put("attempt", r.attempt());
        r.finalError().ifPresent(x -> o.put("finalError", x));
      }
      case AgentEvent.AgentEnd a -> {
        ArrayNode messages = o.putArray("messages");
        a.messages().forEach(m -> messages.add(MessageCodec.encode(m)));
      }
    }
    return o;
  }

  /** The event's name, its JSON form's {@code type} (the name scripts subscribe to). */
  public static String type(AgentEvent event) {
    return switch (event) {
      case AgentEvent.AgentStart e -> "agent_start";
      case AgentEvent.TurnStart e -> "turn_start";
      case AgentEvent.MessageStart e -> "message_start";
      case AgentEvent.MessageUpdate e -> "message_update";
      case AgentEvent.MessageEnd e -> "message_end";
      case AgentEvent.ToolExecutionStart e -> "tool_execution_start";
      case AgentEvent.ToolExecutionUpdate e -> "tool_execution_update";
      case AgentEvent.ToolExecutionEnd e -> "tool_execution_end";
      case AgentEvent.TurnEnd e -> "turn_end";
      case AgentEvent.CompactionStart e -> "compaction_start";
      case AgentEvent.CompactionEnd e -> "compaction_end";
      case AgentEvent.AutoRetryStart e -> "auto_retry_start";
      case AgentEvent.AutoRetryEnd e -> "auto_retry_end";
      case AgentEvent.AgentEnd e -> "agent_end";
    };
  }

  private static ObjectNode output(AgentEvent.ToolOutput output) {
    ObjectNode o = Json.object();
    o.set("content", MessageCodec.encodeBlocks(output.content()));
    output.details().ifPresent(d -> o.set("details", d));
    return o;
  }

  /**
   * A provider stream event as the reference's assistantMessageEvent, without its {@code partial}
   * ({@link #toJson} adds it).
   */
  public static ObjectNode streamEventJson(StreamEvent event) {
    ObjectNode o = Json.object();
    switch (event) {
      case StreamEvent.Start s -> o.put("type", "start");
      case StreamEvent.TextStart t ->
          o.put("type", "text_start").put("contentIndex", t.contentIndex());
      case StreamEvent.TextDelta t ->
          o.put("type", "text_delta").put("contentIndex", t.contentIndex()).put("delta", t.delta());
      case StreamEvent.TextEnd t ->
          o.put("type", "text_end")
              .put("contentIndex", t.contentIndex())
              .put("content", t.block().text());
      case StreamEvent.ThinkingStart t ->
          o.put("type", "thinking_start").put("contentIndex", t.contentIndex());
      case StreamEvent.ThinkingDelta t ->
          o.put("type", "thinking_delta")
              .put("contentIndex", t.contentIndex())
              .put("delta", t.delta());
      case StreamEvent.ThinkingEnd t ->
          o.put("type", "thinking_end")
              .put("contentIndex", t.contentIndex())
              .put("content", t.block().thinking());
      case StreamEvent.ToolCallStart t ->
          o.put("type", "toolcall_start")
              .put("contentIndex", t.contentIndex())
              .put("id", t.id())
              .put("name", t.name());
      case StreamEvent.ToolCallDelta t ->
          o.put("type", "toolcall_delta")
              .put("contentIndex", t.contentIndex())
              .put("delta", t.delta());
      case StreamEvent.ToolCallEnd t -> {
        o.put("type", "toolcall_end").put("contentIndex", t.contentIndex());
        o.set("toolCall", MessageCodec.encodeBlock(t.toolCall()));
      }
      case StreamEvent.Done d -> o.put("type", "done").put("reason", d.reason().wire());
      case StreamEvent.Error e -> o.put("type", "error").put("reason", e.reason().wire());
      case StreamEvent.Retry r -> o.put("type", "retry").put("attempt", r.attempt());
    }
    return o;
  }
}
