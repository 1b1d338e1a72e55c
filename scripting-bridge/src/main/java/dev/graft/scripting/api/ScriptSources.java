package dev.graft.scripting.api;

import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Where scripts come from: directories and single files, in load order; the shared library
 * directory that every script may import as {@code graft/lib/<file>}; and the installed script
 * packages, by name, that every script may import as {@code "name"} or {@code "name/file.js"} (each
 * package's own npm dependencies, in its {@code node_modules}, come along).
 */
public record ScriptSources(
    List<Path> locations, Optional<Path> libDir, Map<String, Path> packages) {
  public ScriptSources {
    locations = List.copyOf(locations);
    Objects.requireNonNull(libDir, "libDir");
    packages = Collections.unmodifiableMap(new TreeMap<>(packages));
  }

  public ScriptSources(List<Path> locations, Optional<Path> libDir) {
    this(locations, libDir, Map.of());
  }

  public static ScriptSources of(Path... locations) {
    return new ScriptSources(List.of(locations), Optional.empty());
  }

  public ScriptSources withLibDir(Path dir) {
    return new ScriptSources(locations, Optional.of(dir), packages);
  }

  public ScriptSources withPackages(Map<String, Path> value) {
    return new ScriptSources(locations, libDir, value);
  }
}
