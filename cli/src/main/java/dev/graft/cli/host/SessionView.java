package dev.graft.cli.host;

import dev.graft.runtime.json.Json;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionLines;
import dev.graft.scripting.api.ScriptSessionView;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A hook script's {@code ctx.sessionManager} over the agent's session. Every read takes the
 * session's own short lock, which the agent thread never holds while it waits for a script.
 */
public final class SessionView implements ScriptSessionView {
  private final Session session;
  private final SessionLines lines;

  public SessionView(Session session) {
    this.session = session;
    this.lines = session.lines();
  }

  @Override
  public Reply read(String generation, int known, Query query) {
    return lines.consistently(() -> {
      // The session id and this object tell sessions apart; the generation tells a session's
      // contents apart after a switch, a new session or a fork.
      String current =
          session.id() + ":" + System.identityHashCode(session) + ":" + lines.generation();
      int count = lines.count();
      int from = current.equals(generation) && known <= count ? known : 0;
      Answer answer =
          switch (query) {
            case Query.All a -> new Answer.Nothing();
            case Query.Branch b -> {
              SessionLines.PathPositions path =
                  lines.pathTo(b.fromId(), from == 0 ? -1 : b.knownEnd());
              yield new Answer.Positions(path.afterKnown(), path.positions());
            }
            case Query.Entry e -> new Answer.Position(lines.position(e.id()));
            case Query.Leaf l ->
                new Answer.Position(
                    session.leafId().map(lines::position).orElse(OptionalInt.empty()));
            case Query.Tree t -> {
              List<TreeRow> rows = new ArrayList<>();
              for (SessionLines.TreeRow r : lines.tree()) {
                rows.add(new TreeRow(r.position(), r.parent(), r.label(), r.labelTimestamp()));
              }
              yield new Answer.Rows(rows);
            }
          };
      return new Reply(current, from, lines.lines(from, count), count, answer);
    });
  }

  @Override
  public Optional<String> label(String id) {
    return session.label(id);
  }

  @Override
  public Optional<String> leafId() {
    return session.leafId();
  }

  @Override
  public Optional<String> header() {
    return Optional.of(Json.write(session.header().toJson()));
  }

  @Override
  public Optional<String> sessionFile() {
    return session.file().map(Path::toString);
  }

  @Override
  public String sessionId() {
    return session.id();
  }

  @Override
  public Optional<String> sessionName() {
    return session.name();
  }

  @Override
  public String cwd() {
    return session.cwd();
  }

  @Override
  public Optional<String> sessionDir() {
    return session.file().map(f -> f.getParent().toString());
  }
}
