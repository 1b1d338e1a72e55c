package dev.graft.runtime.tools;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a tool gives back: the content the model reads, details for the user interface and the
 * session file (never sent to the model), and whether the call failed.
 */
public record ToolResult(List<ContentBlock> content, Optional<JsonNode> details, boolean isError) {

  public ToolResult {
    content = List.copyOf(content);
    details = Objects.requireNonNullElse(details, Optional.empty());
  }

  public static ToolResult text(String text) {
    return new ToolResult(List.of(new ContentBlock.Text(text)), Optional.empty(), false);
  }

  public static ToolResult text(String text, JsonNode details) {
    return new ToolResult(
        List.of(new ContentBlock.Text(text)), Optional.ofNullable(details), false);
  }

  public static ToolResult error(String message) {
    return new ToolResult(List.of(new ContentBlock.Text(message)), Optional.empty(), true);
  }

  public static ToolResult error(String message, JsonNode details) {
    return new ToolResult(
        List.of(new ContentBlock.Text(message)), Optional.ofNullable(details), true);
  }

  /** The session message recording this result of call {@code toolCallId}. */
  public AgentMessage.ToolResult toMessage(String toolCallId, String toolName, long timestamp) {
    return new AgentMessage.ToolResult(
        toolCallId, toolName, content, details, isError, timestamp, null);
  }

  /** The text blocks joined with newlines; images are left out. */
  public String text() {
    StringBuilder sb = new StringBuilder();
    for (ContentBlock block : content) {
      if (block instanceof ContentBlock.Text t) {
        if (!sb.isEmpty()) {
          sb.append('\n');
        }
        sb.append(t.text());
      }
    }
    return sb.toString();
  }
}
