package dev.graft.cli.packages;

import dev.graft.cli.base.UserError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Keeps graft from writing, deleting or replacing anything through a symbolic link: every component
 * of a path below a folder the user chose (the project, {@code $GRAFT_HOME}) must be a real folder
 * or file, or not exist yet. A repository can commit {@code .graft/packages} as a link to {@code
 * ~/.graft}; installing must then stop, not replace the user's scripts.
 */
final class NoLinks {
  private NoLinks() {}

  /**
   * {@code path}, once no component of it below {@code anchor} is a link; else a {@link UserError}
   * naming the first that is. {@code path} must be under {@code anchor}.
   */
  static Path check(Path anchor, Path path) {
    Path base = anchor.toAbsolutePath().normalize();
    Path p = path.toAbsolutePath().normalize();
    if (!p.startsWith(base)) {
      throw new IllegalArgumentException(p + " is not under " + base);
    }
    if (p.equals(base)) {
      return path;
    }
    Path at = base;
    for (Path part : base.relativize(p)) {
      at = at.resolve(part);
      if (Files.isSymbolicLink(at)) {
        throw new UserError(
            at
                + " is a link to "
                + target(at)
                + "; graft reads and writes packages through no link:"
                + " make it a folder of its own, or delete it");
      }
    }
    return path;
  }

  private static String target(Path link) {
    try {
      return Files.readSymbolicLink(link).toString();
    } catch (IOException e) {
      return "somewhere graft cannot read";
    }
  }
}
