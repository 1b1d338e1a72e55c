package dev.graft.cli.commands;

import dev.graft.cli.base.CliContext;
import dev.graft.cli.base.UserError;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionFileException;
import java.nio.file.Path;

/** Opening the session file a command was given, read-only, with its warnings on stderr. */
final class SessionFiles {
  private SessionFiles() {}

  static Path resolve(CliContext context, Path file) {
    return file.isAbsolute() ? file : context.cwd().resolve(file).normalize();
  }

  /**
   * Opens the file to read it: nothing is written (an old version is migrated in memory only, a
   * warning says so) and a graft working in it is not disturbed.
   */
  static Session open(CliContext context, Path file) throws SessionFileException {
    Session session = Session.openReadOnly(resolve(context, file), context.clock());
    for (String warning : session.warnings()) {
      context
          .err()
          .println("graft: warning: " + session.file().orElseThrow().getFileName() + " " + warning);
    }
    context.err().flush();
    return session;
  }

  static void requireEntry(Session session, String id) {
    if (!session.contains(id)) {
      throw new UserError(
          "entry "
              + id
              + " not found in "
              + session.file().map(Path::toString).orElse("the session"));
    }
  }
}
