package dev.graft.runtime.session;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds {@link Session#tree()} without recursion, so a linear session of any length does not
 * exhaust the stack: entries whose parent is missing (or themselves) become roots; children are
 * sorted by time, oldest first, as the reference sorts them.
 */
final class SessionTrees {
  private SessionTrees() {}

  static List<TreeNode> build(Session session, List<EntryNode> nodes, Map<String, EntryNode> byId) {
    Shape shape = shape(session, nodes, byId);
    Map<EntryNode, List<EntryNode>> children = shape.children();
    Map<EntryNode, SessionEntry> entries = shape.entries();

    // Post-order: a node's TreeNode is made after all of its children's.
    Map<EntryNode, TreeNode> built = new HashMap<>();
    Deque<EntryNode> stack = new ArrayDeque<>();
    Deque<EntryNode> order = new ArrayDeque<>();
    stack.addAll(shape.roots());
    while (!stack.isEmpty()) {
      EntryNode node = stack.pop();
      order.push(node);
      for (EntryNode child : children.getOrDefault(node, List.of())) {
        stack.push(child);
      }
    }
    while (!order.isEmpty()) {
      EntryNode node = order.pop();
      List<TreeNode> kids = new ArrayList<>();
      for (EntryNode child : children.getOrDefault(node, List.of())) {
        kids.add(built.remove(child));
      }
      built.put(node, new TreeNode(entries.get(node), session.label(node.id), kids));
    }
    List<TreeNode> result = new ArrayList<>();
    for (EntryNode root : shape.roots()) {
      result.add(built.get(root));
    }
    return result;
  }

  /** The same tree as rows in pre-order (a parent before its children, children oldest first). */
  static List<SessionLines.TreeRow> rows(
      Session session, List<EntryNode> nodes, Map<String, EntryNode> byId) {
    Shape shape = shape(session, nodes, byId);
    List<SessionLines.TreeRow> rows = new ArrayList<>(nodes.size());
    record Visit(EntryNode node, int parent) {}
    Deque<Visit> stack = new ArrayDeque<>();
    for (EntryNode root : shape.roots().reversed()) {
      stack.push(new Visit(root, -1));
    }
    while (!stack.isEmpty()) {
      Visit v = stack.pop();
      rows.add(
          new SessionLines.TreeRow(
              v.node().position,
              v.parent(),
              session.label(v.node().id),
              session.labelTimestamp(v.node().id)));
      for (EntryNode child : shape.children().getOrDefault(v.node(), List.of()).reversed()) {
        stack.push(new Visit(child, v.node().position));
      }
    }
    return rows;
  }

  private record Shape(
      List<EntryNode> roots,
      Map<EntryNode, List<EntryNode>> children,
      Map<EntryNode, SessionEntry> entries) {}

  private static Shape shape(Session session, List<EntryNode> nodes, Map<String, EntryNode> byId) {
    Map<EntryNode, List<EntryNode>> children = new HashMap<>();
    List<EntryNode> roots = new ArrayList<>();
    for (EntryNode node : nodes) {
      if (byId.get(node.id) != node) {
        continue; // a duplicate id: the later entry stands for it, as in the reference's index
      }
      EntryNode parent =
          node.parentId == null || node.parentId.equals(node.id) ? null : byId.get(node.parentId);
      if (parent == null) {
        roots.add(node);
      } else {
        children.computeIfAbsent(parent, k -> new ArrayList<>()).add(node);
      }
    }
    Map<EntryNode, SessionEntry> entries = new HashMap<>();
    Map<EntryNode, Long> times = new HashMap<>();
    for (EntryNode node : nodes) {
      SessionEntry e = session.entry(node);
      entries.put(node, e);
      times.put(node, Timestamps.epochMillis(e.timestamp()).orElse(0));
    }
    Comparator<EntryNode> byTime = Comparator.comparingLong(times::get);
    children.values().forEach(list -> list.sort(byTime));
    return new Shape(roots, children, entries);
  }
}
