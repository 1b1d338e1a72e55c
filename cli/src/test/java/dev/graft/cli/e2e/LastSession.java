package dev.graft.cli.e2e;

import dev.graft.runtime.config.GraftHome;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import dev.graft.runtime.session.SessionStore;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;

/** The session a test's graft run wrote last for a project, under the test's GRAFT_HOME. */
public final class LastSession {
  private LastSession() {}

  /** The most recent session file of {@code project}; fails the test when there is none. */
  public static Path file(Path home, Path project) {
    return new SessionStore(new GraftHome(home), Clock.systemUTC())
        .mostRecent(project.toString())
        .orElseThrow();
  }

  /** Every entry of that session, in file order. */
  public static List<SessionEntry> entries(Path home, Path project) throws Exception {
    try (Session s = Session.open(file(home, project))) {
      return s.entries();
    }
  }
}
