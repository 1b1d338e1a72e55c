package dev.graft.runtime.tools;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/** The file-system access of the grep and find tools: a walk that honours ignore files. */
interface SearchOperations {

  enum Kind {
    FILE,
    DIRECTORY,
    SYMLINK,
    OTHER
  }

  /** One entry met on a walk; {@code relativePath} is {@code /}-separated, from the walk's root. */
  record Entry(Path path, String relativePath, Kind kind) {}

  enum Decision {
    CONTINUE,
    /** Do not go into this directory. */
    SKIP_SUBTREE,
    STOP
  }

  @FunctionalInterface
  interface Visitor {
    Decision visit(Entry entry) throws IOException;
  }

  boolean exists(Path path);

  boolean isDirectory(Path path);

  /**
   * Visits everything under {@code root} (not root itself), depth first, each directory's entries
   * in name order. Entries ignored by {@code .gitignore} or {@code .ignore} files are left out, and
   * so is every {@code .git} directory; hidden files are included. Symbolic links are reported but
   * not followed. Directories that cannot be read are skipped.
   */
  void walk(Path root, Visitor visitor) throws IOException;

  InputStream open(Path file) throws IOException;
}
