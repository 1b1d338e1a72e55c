package dev.graft.runtime.llm;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;

/**
 * A tool the model may call: its name, what it does, and a JSON Schema object describing its
 * arguments (as the reference's TypeBox schemas produce: {@code type}, {@code properties}, {@code
 * required}).
 */
public record ToolSpec(String name, String description, ObjectNode parameters) {
  public ToolSpec {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(parameters, "parameters");
    if (name.isBlank()) {
      throw new IllegalArgumentException("tool name must not be blank");
    }
  }
}
