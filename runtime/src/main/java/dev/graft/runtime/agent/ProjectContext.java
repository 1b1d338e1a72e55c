package dev.graft.runtime.agent;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Instructions a project gives the agent: {@code AGENTS.md} (or, failing that, {@code CLAUDE.md})
 * in graft's home and in every directory from the filesystem root down to the working directory,
 * outermost first, so the nearest file has the last word.
 */
public final class ProjectContext {
  private static final List<String> NAMES = List.of("AGENTS.md", "CLAUDE.md");
  private static final long MAX_BYTES = 256 * 1024;

  /** One file found, with its content. */
  public record ContextFile(Path path, String content) {}

  private ProjectContext() {}

  public static List<ContextFile> find(Path graftHome, Path cwd) {
    List<ContextFile> files = new ArrayList<>();
    read(graftHome).ifPresent(files::add);
    List<Path> dirs = new ArrayList<>();
    for (Path d = cwd.toAbsolutePath().normalize(); d != null; d = d.getParent()) {
      dirs.addFirst(d);
    }
    for (Path dir : dirs) {
      read(dir)
          .filter(f -> files.stream().noneMatch(x -> x.path().equals(f.path())))
          .ifPresent(files::add);
    }
    return files;
  }

  private static Optional<ContextFile> read(Path dir) {
    for (String name : NAMES) {
      Path file = dir.resolve(name);
      try {
        if (Files.isRegularFile(file) && Files.size(file) <= MAX_BYTES) {
          return Optional.of(new ContextFile(file, Files.readString(file, StandardCharsets.UTF_8)));
        }
      } catch (IOException | UncheckedIOException e) {
        // an unreadable instructions file is skipped, as if it were not there
      }
    }
    return Optional.empty();
  }
}
