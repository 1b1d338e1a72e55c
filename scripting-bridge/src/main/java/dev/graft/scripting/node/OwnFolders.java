package dev.graft.scripting.node;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A script's own folders (where it was found, its package), split into those it reads without a
 * grant and those it does not: a folder that is the project or the user's home, or holds either, is
 * withheld, so {@code -s ./gate.js} in a project's root does not read its {@code .env} and a script
 * saved in the home folder does not read {@code ~/.ssh}. Real paths, compared by whole names.
 */
record OwnFolders(List<Path> readable, List<Withheld> withheld) {
  /** A folder withheld, as given and as its real path, and why (for the refusal). */
  record Withheld(Path dir, Path real, String why) {
    boolean holds(Path p) {
      return p.startsWith(dir) || p.startsWith(real);
    }
  }

  OwnFolders {
    readable = List.copyOf(readable);
    withheld = List.copyOf(withheld);
  }

  static OwnFolders of(List<Path> own, Path cwd, Path home) {
    Path project = PathGrants.realOf(cwd.toAbsolutePath().normalize());
    Path user = PathGrants.realOf(home.toAbsolutePath().normalize());
    List<Path> readable = new ArrayList<>();
    List<Withheld> withheld = new ArrayList<>();
    for (Path dir : own) {
      Path given = dir.toAbsolutePath().normalize();
      Path real = PathGrants.realOf(given);
      Optional<String> why = why(real, project, user);
      if (why.isPresent()) {
        withheld.add(new Withheld(given, real, why.get()));
      } else {
        readable.add(given);
      }
    }
    return new OwnFolders(readable, withheld);
  }

  private static Optional<String> why(Path real, Path project, Path user) {
    if (real.equals(project)) {
      return Optional.of("its own folder is the project's");
    }
    if (project.startsWith(real)) {
      return Optional.of("its own folder holds the project");
    }
    if (real.equals(user)) {
      return Optional.of("its own folder is your home folder");
    }
    if (user.startsWith(real)) {
      return Optional.of("its own folder holds your home folder");
    }
    return Optional.empty();
  }

  /** Why {@code p} (or where it leads, {@code real}) is not readable as the script's own. */
  Optional<String> whyNot(Path p, Path real) {
    return withheld.stream()
        .filter(w -> w.holds(p) || w.holds(real))
        .map(Withheld::why)
        .findFirst();
  }
}
