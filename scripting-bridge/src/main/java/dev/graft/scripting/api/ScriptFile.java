package dev.graft.scripting.api;

import java.nio.file.Path;
import java.util.Objects;

/**
 * One script as discovered: its file, the directory it may import from (the directory it was found
 * in, or a single file's parent), and the short name its log lines carry ({@code pruning.js},
 * {@code stacking/index.js}).
 */
public record ScriptFile(Path path, Path root, String name) {
  public ScriptFile {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(root, "root");
    Objects.requireNonNull(name, "name");
    path = path.toAbsolutePath().normalize();
    root = root.toAbsolutePath().normalize();
    if (!path.startsWith(root)) {
      throw new IllegalArgumentException(path + " is not inside " + root);
    }
  }

  /** The full path: what problems are reported under. */
  @Override
  public String toString() {
    return path.toString();
  }
}
