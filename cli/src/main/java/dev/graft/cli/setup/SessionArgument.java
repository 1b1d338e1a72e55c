package dev.graft.cli.setup;

import dev.graft.cli.base.UserError;
import dev.graft.runtime.session.SessionStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The session file {@code --session ARG} names: an existing file, the session whose id starts with
 * ARG, or, when ARG is a path (it holds a {@code /} or ends in {@code .jsonl}, the reference's
 * test) to nothing yet, the file a new session starts in. Anything else is a one-line error.
 */
record SessionArgument(Path file, boolean exists) {

  /**
   * {@code base}: the directory a relative path is taken from (graft's own working directory, as
   * for the session commands); {@code cwd}: the directory whose sessions an id is looked up in
   * first.
   */
  static SessionArgument resolve(Path base, SessionStore store, String arg, String cwd) {
    return resolve(base, store, arg, cwd, "--session");
  }

  /** As above, for {@code option} (--session, --fork), which the errors name. */
  static SessionArgument resolve(
      Path base, SessionStore store, String arg, String cwd, String option) {
    Path asFile = base.resolve(arg).normalize();
    if (Files.isRegularFile(asFile)) {
      return new SessionArgument(asFile.toAbsolutePath(), true);
    }
    if (Files.isDirectory(asFile)) {
      throw error(
          option,
          arg,
          "a directory, not a session file; give a session file (*.jsonl) or a session id (graft session list shows them)");
    }
    if (Files.exists(asFile)) {
      throw error(
          option,
          arg,
          "not a regular file (a FIFO, socket or device); give a session file (*.jsonl)");
    }
    if (!isPath(arg)) {
      Optional<Path> found;
      try {
        found = store.resolve(arg, cwd);
      } catch (IllegalArgumentException ambiguous) {
        throw error(option, arg, ambiguous.getMessage());
      }
      return new SessionArgument(
          found.orElseThrow(() -> error(option, arg, "no such session file or session id")), true);
    }
    if (!option.equals("--session")) {
      throw error(option, arg, "no such session file or session id"); // only --session starts one
    }
    if (Files.isSymbolicLink(asFile)) {
      // Writing through it would make a file somewhere else than the one named.
      throw error(
          option,
          arg,
          "a link to "
              + linkTarget(asFile)
              + ", which does not exist; give a session file (*.jsonl)");
    }
    Path folder = asFile.toAbsolutePath().getParent();
    if (!Files.exists(folder)) {
      throw error(option, arg, "no folder " + folder + " to start the session in; create it first");
    }
    if (!Files.isDirectory(folder)) {
      throw error(option, arg, folder + " is not a folder");
    }
    if (!Files.isWritable(folder)) {
      throw error(option, arg, "cannot create a file in " + folder + " (permission denied)");
    }
    return new SessionArgument(asFile.toAbsolutePath(), false);
  }

  /** The reference's test for a path rather than a session id. */
  private static boolean isPath(String arg) {
    return arg.contains("/") || arg.contains("\\") || arg.endsWith(".jsonl");
  }

  private static Path linkTarget(Path link) {
    try {
      Path target = Files.readSymbolicLink(link);
      return link.toAbsolutePath().getParent().resolve(target).normalize();
    } catch (IOException e) {
      return link;
    }
  }

  private static UserError error(String option, String arg, String why) {
    return new UserError(option + " " + arg + ": " + why);
  }
}
