package dev.graft.scripting.api;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;

/** A tool a script registered for the model: its name, description and JSON Schema parameters. */
public record ScriptTool(
    String name, String description, ObjectNode parameters, ScriptFile script) {
  public ScriptTool {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(parameters, "parameters");
    Objects.requireNonNull(script, "script");
  }
}
