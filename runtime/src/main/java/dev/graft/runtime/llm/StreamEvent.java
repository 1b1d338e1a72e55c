package dev.graft.runtime.llm;

import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.StopReason;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * What a provider reports while a turn streams. {@code contentIndex} is the block's position in the
 * final message's content. Deltas carry only the new text; feed the events to an {@link
 * AssistantAccumulator} to see the message as it grows. A {@link Retry} voids what the failed
 * attempt streamed; the next attempt starts again with {@link Start}.
 */
public sealed interface StreamEvent {

  /** The turn began; {@code partial} has no content yet but names the model and timestamp. */
  record Start(AgentMessage.Assistant partial) implements StreamEvent {
    public Start {
      Objects.requireNonNull(partial, "partial");
    }
  }

  record TextStart(int contentIndex) implements StreamEvent {
    public TextStart {
      checkIndex(contentIndex);
    }
  }

  record TextDelta(int contentIndex, String delta) implements StreamEvent {
    public TextDelta {
      checkIndex(contentIndex);
      Objects.requireNonNull(delta, "delta");
    }
  }

  /** The text block is complete; {@code block} is what the final message holds. */
  record TextEnd(int contentIndex, ContentBlock.Text block) implements StreamEvent {
    public TextEnd {
      checkIndex(contentIndex);
      Objects.requireNonNull(block, "block");
    }
  }

  record ThinkingStart(int contentIndex) implements StreamEvent {
    public ThinkingStart {
      checkIndex(contentIndex);
    }
  }

  record ThinkingDelta(int contentIndex, String delta) implements StreamEvent {
    public ThinkingDelta {
      checkIndex(contentIndex);
      Objects.requireNonNull(delta, "delta");
    }
  }

  /** The thinking block is complete, with its signature (if any) in the block's extra. */
  record ThinkingEnd(int contentIndex, ContentBlock.Thinking block) implements StreamEvent {
    public ThinkingEnd {
      checkIndex(contentIndex);
      Objects.requireNonNull(block, "block");
    }
  }

  /** A tool call began. {@code name} may be empty if the server sends it later. */
  record ToolCallStart(int contentIndex, String id, String name) implements StreamEvent {
    public ToolCallStart {
      checkIndex(contentIndex);
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(name, "name");
    }
  }

  /** A fragment of the call's JSON arguments, as streamed. */
  record ToolCallDelta(int contentIndex, String delta) implements StreamEvent {
    public ToolCallDelta {
      checkIndex(contentIndex);
      Objects.requireNonNull(delta, "delta");
    }
  }

  /**
   * The tool call is complete. When its arguments were not valid JSON the call still arrives, with
   * empty arguments and {@link #argumentsError()} saying what was wrong.
   */
  record ToolCallEnd(int contentIndex, ContentBlock.ToolCall toolCall) implements StreamEvent {
    public ToolCallEnd {
      checkIndex(contentIndex);
      Objects.requireNonNull(toolCall, "toolCall");
    }

    public Optional<String> argumentsError() {
      return ToolCallArguments.error(toolCall);
    }
  }

  /**
   * The attempt failed in a way worth another try, and the provider tries again after {@code
   * delay}: {@code message} is the failed attempt (its content so far, stop reason error, the
   * error), which is void. The next attempt begins with a new {@link Start} and block indexes from
   * 0. {@code attempt} counts retries from 1; at most {@code maxRetries} are made.
   */
  record Retry(
      int attempt, int maxRetries, Duration delay, ErrorKind kind, AgentMessage.Assistant message)
      implements StreamEvent {
    public Retry {
      Objects.requireNonNull(delay, "delay");
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(message, "message");
      if (attempt < 1 || maxRetries < attempt) {
        throw new IllegalArgumentException("retry " + attempt + " of " + maxRetries);
      }
      if (message.errorMessage().isEmpty()) {
        throw new IllegalArgumentException("Retry needs a message with errorMessage");
      }
    }

    public String errorMessage() {
      return message.errorMessage().orElseThrow();
    }
  }

  /** The turn completed; {@code reason} is stop, length or toolUse. */
  record Done(StopReason reason, AgentMessage.Assistant message) implements StreamEvent {
    public Done {
      Objects.requireNonNull(message, "message");
      if (reason == null || reason.failed()) {
        throw new IllegalArgumentException("Done needs stop, length or toolUse, was " + reason);
      }
    }
  }

  /**
   * The turn failed or was aborted. {@code message} holds whatever content arrived, stop reason
   * {@code error} or {@code aborted}, and the error message.
   */
  record Error(StopReason reason, ErrorKind kind, AgentMessage.Assistant message)
      implements StreamEvent {
    public Error {
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(message, "message");
      if (reason == null || !reason.failed()) {
        throw new IllegalArgumentException("Error needs error or aborted, was " + reason);
      }
      if (message.errorMessage().isEmpty()) {
        throw new IllegalArgumentException("Error needs a message with errorMessage");
      }
    }

    public String errorMessage() {
      return message.errorMessage().orElseThrow();
    }

    /** Whether compacting the conversation could let a retry succeed. */
    public boolean contextOverflow() {
      return kind == ErrorKind.CONTEXT_OVERFLOW;
    }
  }

  private static void checkIndex(int contentIndex) {
    if (contentIndex < 0) {
      throw new IllegalArgumentException("contentIndex must not be negative");
    }
  }
}
