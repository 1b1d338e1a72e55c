package dev.graft.scripting.api;

/**
 * A command-line flag a script registered ({@code pi.registerFlag(name, {type, description,
 * default})}): {@code --name} on graft's command line ({@code --name value} for a string flag)
 * reaches the script's {@code pi.getFlag(name)}. {@code type} is "boolean" or "string".
 */
public record ScriptFlag(String name, String type, String description, ScriptFile script) {}
