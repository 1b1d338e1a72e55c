package dev.graft.cli.resources;

import java.nio.file.Path;

/**
 * One skill: its name and description (what the model is shown), its SKILL.md, the folder its
 * relative paths are resolved against, where it was found, whether only the user may invoke it
 * ({@code disable-model-invocation: true}: not listed to the model), and its body as read when the
 * skill was loaded: what {@code /skill:NAME} sends, so that a file changed on disk since (or since
 * you trusted the project) does not reach the model until {@code /reload} reads and checks it.
 */
public record Skill(
    String name,
    String description,
    Path file,
    Path baseDir,
    String source,
    boolean userOnly,
    String body) {}
