package dev.graft.cli.packages;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The files of a skills, prompts or themes folder, found as the reference finds them: hidden
 * entries and {@code node_modules} skipped, links followed, names in sorted order.
 */
public final class ResourceFolders {
  /** The deepest a skills folder is searched (a skill is rarely more than a few folders down). */
  private static final int MAX_DEPTH = 12;

  private ResourceFolders() {}

  /**
   * The skills in {@code dir}: a folder holding a SKILL.md is one skill (nothing under it is
   * searched); otherwise its folders are searched for skills, and, with {@code rootFiles}, each
   * {@code .md} file directly in {@code dir} is a skill of its own (graft's and the reference's
   * layout; the Agent Skills standard's {@code .agents/skills} has only folders).
   */
  public static List<Path> skills(Path dir, boolean rootFiles) {
    List<Path> out = new ArrayList<>();
    skills(dir, rootFiles, 0, out);
    return out;
  }

  private static void skills(Path dir, boolean rootFiles, int depth, List<Path> out) {
    Path skill = dir.resolve("SKILL.md");
    if (Files.isRegularFile(skill)) {
      out.add(skill);
      return;
    }
    if (depth >= MAX_DEPTH) {
      return;
    }
    for (Path p : entries(dir)) {
      if (Files.isDirectory(p)) {
        skills(p, false, depth + 1, out);
      } else if (rootFiles
          && Files.isRegularFile(p)
          && p.getFileName().toString().endsWith(".md")) {
        out.add(p);
      }
    }
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
