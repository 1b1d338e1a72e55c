package dev.graft.scripting.api;

/**
 * A key a script bound ({@code pi.registerShortcut("ctrl+shift+p", {description, handler})}), in
 * the reference's key notation: modifiers ({@code ctrl}, {@code shift}, {@code alt}) and a key,
 * joined by {@code +}, lower case.
 */
public record ScriptShortcut(String key, String description, ScriptFile script) {}
