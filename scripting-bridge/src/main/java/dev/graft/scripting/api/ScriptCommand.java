package dev.graft.scripting.api;

import java.util.Objects;

/** A slash command a script registered. */
public record ScriptCommand(String name, String description, ScriptFile script) {
  public ScriptCommand {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(script, "script");
  }
}
