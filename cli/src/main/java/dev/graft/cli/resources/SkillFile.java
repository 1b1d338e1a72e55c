package dev.graft.cli.resources;

import dev.graft.cli.base.Sha256;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Reads one SKILL.md (or a loose {@code .md} skill) as the reference and the Agent Skills standard
 * read it: {@code name} (default: the folder's name; lower-case letters, digits and single hyphens,
 * at most 64 characters, the same as the folder's name) and {@code description} (required, at most
 * 1,024 characters). A skill with a problem of its name still loads, as in the reference; one
 * without a description, or whose front matter is not YAML, does not.
 */
public final class SkillFile {
  static final int MAX_NAME = 64;
  static final int MAX_DESCRIPTION = 1024;

  /** The largest SKILL.md read (the standard asks for under 500 lines). */
  static final long MAX_BYTES = 1 << 20;

  private SkillFile() {}

  /** A problem of a skill file; {@code fatal} when the skill is not loaded because of it. */
  public record Problem(Path file, String message, boolean fatal) {}

  /** The skill, if it loads, and every problem found. */
  public record Read(Optional<Skill> skill, List<Problem> problems) {
    public Read {
      problems = List.copyOf(problems);
    }
  }

  public static Read read(Path file, String source) {
    return read(file, source, Optional.empty());
  }

  /**
   * {@code trusted}: the SHA-256 the project's trust saw for this file; a file that is not that any
   * more is not loaded.
   */
  public static Read read(Path file, String source, Optional<String> trusted) {
    List<Problem> problems = new ArrayList<>();
    String fileName = file.getFileName() == null ? "" : file.getFileName().toString();
    if (fileName.equalsIgnoreCase("SKILL.md") && !fileName.equals("SKILL.md")) {
      problems.add(
          new Problem(file, "a skill's file must be named SKILL.md, not " + fileName, true));
      return new Read(Optional.empty(), problems);
    }
    String content;
    try {
      if (Files.size(file) > MAX_BYTES) {
        problems.add(
            new Problem(file, "larger than " + (MAX_BYTES >> 20) + " MiB; not read", true));
        return new Read(Optional.empty(), problems);
      }
      byte[] bytes = Files.readAllBytes(file);
      if (trusted.isPresent() && !trusted.get().equals(Sha256.ofBytes(bytes))) {
        problems.add(new Problem(file, "changed since you trusted it", true));
        return new Read(Optional.empty(), problems);
      }
      content = FrontMatter.decode(bytes);
    } catch (IOException | UncheckedIOException e) {
      problems.add(new Problem(file, "cannot be read: " + e.getMessage(), true));
      return new Read(Optional.empty(), problems);
    }
    FrontMatter fm = FrontMatter.parse(content);
    if (fm.problem().isPresent()) {
      problems.add(new Problem(file, fm.problem().get(), true));
      return new Read(Optional.empty(), problems);
    }
    Path dir = file.toAbsolutePath().getParent();
    String folder = dir.getFileName() == null ? "" : dir.getFileName().toString();
    Object rawDescription = fm.fields().get("description");
    String description = rawDescription instanceof String s ? s : null;
    if (rawDescription != null && description == null) {
      problems.add(
          new Problem(
              file,
              fm.at("description") + "description must be text, not " + kind(rawDescription),
              true));
    } else if (description == null || description.isBlank()) {
      problems.add(
          new Problem(
              file,
              (fm.fields().isEmpty() ? "line 1: no front matter: " : fm.at("description"))
                  + "description is required (front matter \"description: what the skill does and when to use it\")",
              true));
    } else if (description.length() > MAX_DESCRIPTION) {
      problems.add(
          new Problem(
              file,
              fm.at("description")
                  + "description exceeds "
                  + MAX_DESCRIPTION
                  + " characters ("
                  + description.length()
                  + ")",
              false));
    }
    Object rawName = fm.fields().get("name");
    String name = rawName instanceof String s && !s.isEmpty() ? s : folder;
    if (rawName != null && !(rawName instanceof String)) {
      problems.add(
          new Problem(
              file,
              fm.at("name")
                  + "name must be text, not "
                  + kind(rawName)
                  + "; the folder's name \""
                  + folder
                  + "\" is used",
              false));
    }
    String at = fm.at("name");
    if (!name.equals(folder)) {
      problems.add(
          new Problem(
              file,
              at + "name \"" + name + "\" does not match parent directory \"" + folder + "\"",
              false));
    }
    if (name.length() > MAX_NAME) {
      problems.add(
          new Problem(
              file,
              at + "name exceeds " + MAX_NAME + " characters (" + name.length() + ")",
              false));
    }
    if (!name.matches("[a-z0-9-]+")) {
      problems.add(
          new Problem(
              file,
              at + "name contains invalid characters (must be lowercase a-z, 0-9, hyphens only)",
              false));
    }
    if (name.startsWith("-") || name.endsWith("-")) {
      problems.add(new Problem(file, at + "name must not start or end with a hyphen", false));
    }
    if (name.contains("--")) {
      problems.add(new Problem(file, at + "name must not contain consecutive hyphens", false));
    }
    if (description == null || description.isBlank()) {
      return new Read(Optional.empty(), problems);
    }
    boolean userOnly = Boolean.TRUE.equals(fm.fields().get("disable-model-invocation"));
    return new Read(
        Optional.of(
            new Skill(
                name,
                description,
                file.toAbsolutePath().normalize(),
                dir,
                source,
                userOnly,
                fm.body().strip())),
        problems);
  }

  private static String kind(Object value) {
    return switch (value) {
      case Map<?, ?> m -> "a map";
      case List<?> l -> "a list";
      case Number n -> "a number";
      case Boolean b -> "true/false";
      default -> value.getClass().getSimpleName().toLowerCase(Locale.ROOT);
    };
  }
}
