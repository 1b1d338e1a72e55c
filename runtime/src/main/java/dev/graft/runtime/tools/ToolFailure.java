package dev.graft.runtime.tools;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * A tool call that failed in a way the model should be told about. Thrown inside a tool and turned
 * into an error {@link ToolResult} by {@link ToolExecution}; it never leaves execute.
 */
final class ToolFailure extends Exception {
  private final transient JsonNode details;

  ToolFailure(String message) {
    this(message, null);
  }

  ToolFailure(String message, JsonNode details) {
    super(message, null, false, false);
    this.details = details;
  }

  Optional<JsonNode> details() {
    return Optional.ofNullable(details);
  }

  static ToolFailure aborted() {
    return new ToolFailure("Operation aborted");
  }
}
