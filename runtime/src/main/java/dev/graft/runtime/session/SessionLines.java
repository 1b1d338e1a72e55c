package dev.graft.runtime.session;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Supplier;

/**
 * A session read as the JSON lines of its entries and their positions (the index of each entry in
 * file order), for a view that keeps its own copy of the entries and asks only for what was
 * appended since (a hook script's {@code ctx.sessionManager}). Positions stay valid while the
 * {@link #generation} does; it changes when the entries are replaced (a switch, a new session, a
 * fork). Each method takes the session's lock; {@link #consistently} holds it across several.
 */
public final class SessionLines {
  /** A node of the tree as a row: its position, its parent's (-1 for a root) and its label. */
  public record TreeRow(
      int position, int parent, Optional<String> label, Optional<String> labelTimestamp) {}

  /**
   * Positions on a path from the root: all of them, or, when {@code afterKnown}, only those after
   * the entry the caller named as the end of the path it holds.
   */
  public record PathPositions(boolean afterKnown, int[] positions) {}

  private final Session session;

  SessionLines(Session session) {
    this.session = session;
  }

  /** Runs {@code reads} with no change to the session in between (appends wait; keep it short). */
  public <T> T consistently(Supplier<T> reads) {
    synchronized (session) {
      return reads.get();
    }
  }

  public long generation() {
    synchronized (session) {
      return session.generation();
    }
  }

  /** How many entries there are (the header excluded). */
  public int count() {
    synchronized (session) {
      return session.nodes().size();
    }
  }

  /**
   * The lines of the entries at positions {@code from} (inclusive) to {@code to} (exclusive), as in
   * the file.
   */
  public List<String> lines(int from, int to) {
    synchronized (session) {
      List<EntryNode> nodes = session.nodes();
      if (from < 0 || to > nodes.size() || from > to) {
        throw new IndexOutOfBoundsException(
            "entries " + from + " to " + to + " of " + nodes.size());
      }
      List<String> lines = new ArrayList<>(to - from);
      for (int i = from; i < to; i++) {
        lines.add(new String(session.rawLine(nodes.get(i)), StandardCharsets.UTF_8));
      }
      return lines;
    }
  }

  /**
   * The positions of the entries from the root to {@code id} (to the leaf when empty), in that
   * order; none when the id is unknown or the leaf is before the first entry. When the entry at
   * {@code knownEnd} (a position, or -1) is on that path, only the positions after it are given, so
   * a caller that holds the path to it walks only what is new.
   */
  public PathPositions pathTo(Optional<String> id, int knownEnd) {
    synchronized (session) {
      Optional<String> end = id.isPresent() ? id : session.leafId();
      EntryNode node = end.map(session::node).orElse(null);
      if (node == null) {
        return new PathPositions(false, new int[0]);
      }
      List<EntryNode> nodes = session.nodes();
      EntryNode known = knownEnd >= 0 && knownEnd < nodes.size() ? nodes.get(knownEnd) : null;
      ArrayDeque<EntryNode> path = new ArrayDeque<>();
      Set<EntryNode> seen = new HashSet<>();
      boolean afterKnown = false;
      while (node != null && seen.add(node)) {
        if (node == known) {
          afterKnown = true;
          break;
        }
        path.push(node);
        node = node.parentId == null ? null : session.node(node.parentId);
      }
      return new PathPositions(afterKnown, path.stream().mapToInt(n -> n.position).toArray());
    }
  }

  /** The position of entry {@code id} (the later one when the file repeats an id). */
  public OptionalInt position(String id) {
    synchronized (session) {
      EntryNode node = session.node(id);
      return node == null ? OptionalInt.empty() : OptionalInt.of(node.position);
    }
  }

  /**
   * The tree in pre-order: a parent before its children, children oldest first, as {@link
   * Session#tree}.
   */
  public List<TreeRow> tree() {
    return session.treeRows();
  }
}
