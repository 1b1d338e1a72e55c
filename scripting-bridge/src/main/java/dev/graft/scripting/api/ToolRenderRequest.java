package dev.graft.scripting.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;
import java.util.Optional;

/**
 * What a script tool's {@code renderCall} or {@code renderResult} is asked to draw: the call
 * ({@code result} empty) or its result ({@code {content, details}}), with the render context the
 * reference hands it (whether the result is partial or an error, whether the view is expanded).
 */
public record ToolRenderRequest(
    String toolName,
    String toolCallId,
    JsonNode args,
    Optional<JsonNode> result,
    boolean isPartial,
    boolean isError,
    boolean expanded,
    String cwd) {
  public ToolRenderRequest {
    Objects.requireNonNull(toolName, "toolName");
    Objects.requireNonNull(toolCallId, "toolCallId");
    Objects.requireNonNull(args, "args");
    Objects.requireNonNull(result, "result");
    Objects.requireNonNull(cwd, "cwd");
  }
}
