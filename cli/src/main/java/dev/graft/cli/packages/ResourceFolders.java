package dev.graft.cli.packages;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The files of a skills, prompts or themes folder, found as the reference finds them: hidden
 * entries and {@code node_modules} skipped, links followed, names in sorted order.
 */
public final class ResourceFolders {
  /** The deepest a skills folder is searched (a skill is rarely more than a few folders down). */
  private static final int MAX_DEPTH = 12;

  /** The name a skill folder's file must have, exactly. */
  private static final String SKILL_FILE = "SKILL.md";

  private ResourceFolders() {}

  /**
   * The skills in {@code dir}: a folder holding a SKILL.md is one skill (nothing under it is
   * searched); a {@code skill.md} in another case is listed too, for {@code SkillFile} to report
   * and not load (a skill the user meant, not one to lose without a word), and the search goes on
   * as the reference's does; otherwise its folders are searched for skills, and, with {@code
   * rootFiles}, each {@code .md} file directly in {@code dir} is a skill of its own (graft's and
   * the reference's layout; the Agent Skills standard's {@code .agents/skills} has only folders).
   */
  public static List<Path> skills(Path dir, boolean rootFiles) {
    List<Path> out = new ArrayList<>();
    skills(dir, rootFiles, 0, out);
    return out;
  }

  private static void skills(Path dir, boolean rootFiles, int depth, List<Path> out) {
    List<Path> entries = entries(dir);
    Optional<Path> skill = skillFile(entries, SKILL_FILE::equals);
    if (skill.isPresent()) {
      out.add(skill.get());
      return;
    }
    Optional<Path> misnamed = skillFile(entries, SKILL_FILE::equalsIgnoreCase);
    misnamed.ifPresent(out::add);
    if (depth >= MAX_DEPTH) {
      return;
    }
    for (Path p : entries) {
      if (Files.isDirectory(p)) {
        skills(p, false, depth + 1, out);
      } else if (rootFiles
          && !misnamed.equals(Optional.of(p))
          && Files.isRegularFile(p)
          && p.getFileName().toString().endsWith(".md")) {
        out.add(p);
      }
    }
  }

  /**
   * The folder's skill file: its {@code SKILL.md}, compared by the name listed (as the reference
   * does, so a case-insensitive disk finds what a Linux one does).
   */
  private static Optional<Path> skillFile(List<Path> entries, Predicate<String> name) {
    return entries.stream()
        .filter(p -> name.test(p.getFileName().toString()) && Files.isRegularFile(p))
        .findFirst();
  }

  /** The files named {@code *ext} in {@code dir}, and with {@code recursive} in its folders too. */
  public static List<Path> files(Path dir, String ext, boolean recursive) {
    List<Path> out = new ArrayList<>();
    files(dir, ext, recursive ? MAX_DEPTH : 0, out);
    return out;
  }

  private static void files(Path dir, String ext, int depth, List<Path> out) {
    for (Path p : entries(dir)) {
      if (Files.isRegularFile(p) && p.getFileName().toString().endsWith(ext)) {
        out.add(p);
      } else if (depth > 0 && Files.isDirectory(p)) {
        files(p, ext, depth - 1, out);
      }
    }
  }

  private static List<Path> entries(Path dir) {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> list = Files.list(dir)) {
      return list.filter(
              p -> {
                String name = p.getFileName().toString();
                return !name.startsWith(".") && !name.equals("node_modules");
              })
          .sorted()
          .toList();
    } catch (IOException e) {
      return List.of();
    }
  }
}
