package dev.graft.runtime.session;

import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;

/**
 * A path of a session's tree ({@link Session#pathTo}, {@link Session#branchPath}), root first, that
 * reads each entry from the file when it is asked for and does not hold it: a path of a million
 * entries costs its index only, and a caller that looks at the last few (a compaction, the usage
 * since the latest one) decodes those only. Each entry's id and type are known without reading it
 * ({@link #id}, {@link #type}; {@link #idAt}, {@link #typeAt} for any list of entries).
 *
 * <p>The entries are read while the session keeps them: once it replaces them wholesale (a new,
 * switched or branched session), reading one of an older path fails.
 */
public final class SessionPath extends AbstractList<SessionEntry> implements RandomAccess {
  private final Session session;
  private final List<EntryNode> nodes;
  private final long generation;

  SessionPath(Session session, List<EntryNode> nodes, long generation) {
    this.session = session;
    this.nodes = nodes;
    this.generation = generation;
  }

  @Override
  public SessionEntry get(int index) {
    return session.entryOfPath(nodes.get(index), generation);
  }

  @Override
  public int size() {
    return nodes.size();
  }

  /** The id of the entry at {@code index}, without reading it. */
  public String id(int index) {
    return nodes.get(index).id;
  }

  /** The type of the entry at {@code index} ("message", "compaction", ...), without reading it. */
  public String type(int index) {
    return nodes.get(index).type;
  }

  /** The id of {@code path}'s entry at {@code index}; read from the index for a session path. */
  public static String idAt(List<SessionEntry> path, int index) {
    return path instanceof SessionPath p ? p.id(index) : path.get(index).id();
  }

  /** The type of {@code path}'s entry at {@code index}; read from the index for a session path. */
  public static String typeAt(List<SessionEntry> path, int index) {
    return path instanceof SessionPath p ? p.type(index) : path.get(index).type();
  }
}
