package dev.graft.runtime.events;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What an agent run tells the modes (and hooks), in the reference agent's order: agent_start,
 * turn_start, message_start/update/end per message, tool_execution_start/update/end per tool call,
 * turn_end, agent_end.
 */
public sealed interface AgentEvent {

  record AgentStart() implements AgentEvent {}

  record TurnStart() implements AgentEvent {}

  record MessageStart(AgentMessage message) implements AgentEvent {}

  /**
   * A streamed change to the assistant message: {@code update} is the provider's stream event as
   * JSON ({@code {"type":"text_delta","contentIndex":0,"delta":"..."}} and the like), {@code
   * partial} gives the message as it stood at this event. The partial message is made only when
   * asked for (it costs the answer's length so far), and is the same when asked for later.
   */
  record MessageUpdate(ObjectNode update, Supplier<AgentMessage.Assistant> partial)
      implements AgentEvent {
    public MessageUpdate {
      Objects.requireNonNull(update, "update");
      Objects.requireNonNull(partial, "partial");
    }

    /** The assistant message so far: blocks ended as they will be, open blocks as received. */
    public AgentMessage.Assistant message() {
      return partial.get();
    }
  }

  record MessageEnd(AgentMessage message) implements AgentEvent {}

  record ToolExecutionStart(String toolCallId, String toolName, ObjectNode args)
      implements AgentEvent {}

  record ToolExecutionUpdate(
      String toolCallId, String toolName, ObjectNode args, ToolOutput partial)
      implements AgentEvent {}

  record ToolExecutionEnd(String toolCallId, String toolName, ToolOutput result, boolean isError)
      implements AgentEvent {}

  record TurnEnd(AgentMessage.Assistant message, List<AgentMessage.ToolResult> toolResults)
      implements AgentEvent {
    public TurnEnd {
      toolResults = List.copyOf(toolResults);
    }
  }

  record AgentEnd(List<AgentMessage> messages) implements AgentEvent {
    public AgentEnd {
      messages = List.copyOf(messages);
    }
  }

  /** Compaction began: {@code reason} is threshold, overflow or manual. */
  record CompactionStart(String reason) implements AgentEvent {}

  /**
   * Compaction ended: the new compaction entry's id and summary, or why there is none (an error, or
   * nothing to compact). {@code result} is the reference's CompactionResult of the new entry;
   * {@code aborted} says the compaction was cancelled (Esc, RPC abort).
   */
  record CompactionEnd(
      String reason,
      Optional<String> entryId,
      Optional<String> summary,
      Optional<String> error,
      Optional<ObjectNode> result,
      boolean aborted)
      implements AgentEvent {
    public CompactionEnd {
      entryId = entryId == null ? Optional.empty() : entryId;
      summary = summary == null ? Optional.empty() : summary;
      error = error == null ? Optional.empty() : error;
      result = result == null ? Optional.empty() : result;
    }

    /** A compaction that ended without an entry, for {@code error}'s reason. */
    public static CompactionEnd failed(String reason, String error, boolean aborted) {
      return new CompactionEnd(
          reason,
          Optional.empty(),
          Optional.empty(),
          Optional.of(error),
          Optional.empty(),
          aborted);
    }
  }

  /**
   * A model call failed in a way worth another try and will be made again after {@code delayMs}:
   * what it streamed is void (the reference's {@code auto_retry_start}, same fields).
   */
  record AutoRetryStart(int attempt, int maxAttempts, long delayMs, String errorMessage)
      implements AgentEvent {}

  /**
   * The retries of a model call ended: {@code success} when an attempt completed, else the last
   * error in {@code finalError} (the reference's {@code auto_retry_end}).
   */
  record AutoRetryEnd(boolean success, int attempt, Optional<String> finalError)
      implements AgentEvent {
    public AutoRetryEnd {
      finalError = finalError == null ? Optional.empty() : finalError;
    }
  }

  /** A tool's content and details, as a partial update or the final result. */
  record ToolOutput(List<ContentBlock> content, Optional<JsonNode> details) {
    public ToolOutput {
      content = List.copyOf(content);
      details = details == null ? Optional.empty() : details;
    }
  }
}
