package dev.graft.cli.resources;

import java.nio.file.Path;

/**
 * One skill: its name and description (what the model is shown), its SKILL.md (read when the skill
 * is used), the folder its relative paths are resolved against, where it was found, and whether
 * only the user may invoke it ({@code disable-model-invocation: true}: not listed to the model).
 */
public record Skill(
    String name, String description, Path file, Path baseDir, String source, boolean userOnly) {}
