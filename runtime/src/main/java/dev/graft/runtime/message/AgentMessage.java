package dev.graft.runtime.message;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A message in a session, in the reference agent's shapes. The first three roles go to the model as
 * they are; the others are turned into user messages by {@link LlmMessages#convert}. Every record
 * keeps the fields graft does not model in {@code extra}, written back unchanged.
 */
public sealed interface AgentMessage {

  String role();

  long timestamp();

  record User(MessageContent content, long timestamp, ObjectNode extra) implements AgentMessage {
    public User {
      Objects.requireNonNull(content, "content");
      extra = extra == null ? Json.object() : extra;
    }

    public User(String text, long timestamp) {
      this(MessageContent.of(text), timestamp, null);
    }

    @Override
    public String role() {
      return "user";
    }
  }

  record Assistant(
      List<ContentBlock> content,
      String api,
      String provider,
      String model,
      Usage usage,
      String stopReason,
      Optional<String> errorMessage,
      long timestamp,
      ObjectNode extra)
      implements AgentMessage {
    public Assistant {
      content = List.copyOf(content);
      Objects.requireNonNull(api, "api");
      Objects.requireNonNull(provider, "provider");
      Objects.requireNonNull(model, "model");
      Objects.requireNonNull(usage, "usage");
      Objects.requireNonNull(stopReason, "stopReason");
      errorMessage = errorMessage == null ? Optional.empty() : errorMessage;
      extra = extra == null ? Json.object() : extra;
    }

    @Override
    public String role() {
      return "assistant";
    }

    /**
     * Whether the turn ended for {@code reason}. {@code stopReason} stays the text the session file
     * holds, which may be one graft does not know: such a turn ended for none of graft's reasons.
     */
    public boolean stoppedWith(StopReason reason) {
      return stopReason.equals(reason.wire());
    }

    /** Whether the turn did not complete: it ended in an error or an abort. */
    public boolean failed() {
      return stoppedWith(StopReason.ERROR) || stoppedWith(StopReason.ABORTED);
    }

    public List<ContentBlock.ToolCall> toolCalls() {
      return content.stream()
          .filter(ContentBlock.ToolCall.class::isInstance)
          .map(ContentBlock.ToolCall.class::cast)
          .toList();
    }
  }

  record ToolResult(
      String toolCallId,
      String toolName,
      List<ContentBlock> content,
      Optional<JsonNode> details,
      boolean isError,
      long timestamp,
      ObjectNode extra)
      implements AgentMessage {
    public ToolResult {
      Objects.requireNonNull(toolCallId, "toolCallId");
      Objects.requireNonNull(toolName, "toolName");
      content = List.copyOf(content);
      details = details == null ? Optional.empty() : details;
      extra = extra == null ? Json.object() : extra;
    }

    @Override
    public String role() {
      return "toolResult";
    }
  }

  /** A shell command the user ran with {@code !cmd} ({@code !!cmd}: excluded from context). */
  record BashExecution(
      String command,
      String output,
      Optional<Long> exitCode,
      boolean cancelled,
      boolean truncated,
      Optional<String> fullOutputPath,
      Optional<Boolean> excludeFromContext,
      long timestamp,
      ObjectNode extra)
      implements AgentMessage {
    public BashExecution {
      Objects.requireNonNull(command, "command");
      Objects.requireNonNull(output, "output");
      exitCode = exitCode == null ? Optional.empty() : exitCode;
      fullOutputPath = fullOutputPath == null ? Optional.empty() : fullOutputPath;
      excludeFromContext = excludeFromContext == null ? Optional.empty() : excludeFromContext;
      extra = extra == null ? Json.object() : extra;
    }

    @Override
    public String role() {
      return "bashExecution";
    }

    /** Whether the model must not see this run ({@code !!cmd}). */
    public boolean excluded() {
      return excludeFromContext.orElse(false);
    }
  }

  /** A message a hook script injected ({@code sendMessage}); the model sees it as user input. */
  record Custom(
      String customType,
      MessageContent content,
      boolean display,
      Optional<JsonNode> details,
      long timestamp,
      ObjectNode extra)
      implements AgentMessage {
    public Custom {
      Objects.requireNonNull(customType, "customType");
      Objects.requireNonNull(content, "content");
      details = details == null ? Optional.empty() : details;
      extra = extra == null ? Json.object() : extra;
    }

    @Override
    public String role() {
      return "custom";
    }
  }

  record BranchSummary(String summary, String fromId, long timestamp, ObjectNode extra)
      implements AgentMessage {
    public BranchSummary {
      Objects.requireNonNull(summary, "summary");
      Objects.requireNonNull(fromId, "fromId");
      extra = extra == null ? Json.object() : extra;
    }

    @Override
    public String role() {
      return "branchSummary";
    }
  }

  record CompactionSummary(String summary, long tokensBefore, long timestamp, ObjectNode extra)
      implements AgentMessage {
    public CompactionSummary {
      Objects.requireNonNull(summary, "summary");
      extra = extra == null ? Json.object() : extra;
    }

    @Override
    public String role() {
      return "compactionSummary";
    }
  }

  /**
   * A message whose role graft does not know, or whose fields do not have the documented types. It
   * is kept and written back verbatim; user, assistant and tool results pass to the model as they
   * are (as the reference does), other roles are left out of model input.
   */
  record Unknown(ObjectNode json) implements AgentMessage {
    public Unknown {
      Objects.requireNonNull(json, "json");
    }

    @Override
    public String role() {
      return Json.text(json, "role").orElse("");
    }

    @Override
    public long timestamp() {
      JsonNode t = json.get("timestamp");
      return t != null && t.isNumber() ? t.asLong() : 0;
    }
  }
}
