package dev.graft.runtime.tools;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The files and directories of a project as the find tool sees them (ignore files honoured, {@code
 * .git} left out), for completing {@code @file} in the editor.
 */
public final class ProjectFiles {
  private ProjectFiles() {}

  /** One entry: its {@code /}-separated path from the root, and whether it is a directory. */
  public record Entry(String path, boolean directory) {}

  /** At most {@code limit} entries under {@code root}, depth first in name order. */
  public static List<Entry> list(Path root, int limit) {
    List<Entry> out = new ArrayList<>();
    try {
      new LocalFileTree()
          .walk(
              root,
              entry -> {
                if (out.size() >= limit) {
                  return SearchOperations.Decision.STOP;
                }
                switch (entry.kind()) {
                  case FILE, SYMLINK -> out.add(new Entry(entry.relativePath(), false));
                  case DIRECTORY -> out.add(new Entry(entry.relativePath(), true));
                  default -> {}
                }
                return SearchOperations.Decision.CONTINUE;
              });
    } catch (IOException e) {
      // what was listed before the failure
    }
    return out;
  }
}
