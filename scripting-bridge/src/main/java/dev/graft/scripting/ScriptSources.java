package dev.graft.scripting;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Where scripts come from: directories and single files, in load order, and the shared library
 * directory that every script may import as {@code graft/lib/<file>}.
 */
public record ScriptSources(List<Path> locations, Optional<Path> libDir) {
  public ScriptSources {
    locations = List.copyOf(locations);
    Objects.requireNonNull(libDir, "libDir");
  }

  public static ScriptSources of(Path... locations) {
    return new ScriptSources(List.of(locations), Optional.empty());
  }

  public ScriptSources withLibDir(Path dir) {
    return new ScriptSources(locations, Optional.of(dir));
  }
}
