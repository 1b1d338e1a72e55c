package dev.graft.cli.commands;

import dev.graft.cli.CliContext;
import dev.graft.cli.UserError;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionFileException;
import java.nio.file.Path;

/** Opening the session file a command was given, with its warnings on stderr. */
final class SessionFiles {
  private SessionFiles() {}

  static Path resolve(CliContext context, Path file) {
    return file.isAbsolute() ? file : context.cwd().resolve(file).normalize();
  }

  static Session open(CliContext context, Path file) throws SessionFileException {
    Session session = Session.open(resolve(context, file), context.clock());
    for (String warning : session.warnings()) {
      context.err().println("graft: warning: " + session.file().orElseThrow().getFileName() + " " + warning);
    }
    context.err().flush();
    return session;
  }

  static void requireEntry(Session session, String id) {
    if (!session.contains(id)) {
      throw new UserError("entry " + id + " not found in " + session.file().map(Path::toString).orElse("the session"));
    }
  }
}
