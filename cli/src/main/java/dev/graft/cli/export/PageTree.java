package dev.graft.cli.export;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The session tree as the page lists it: one row per entry in depth-first order, children
 * oldest first, as {@code graft session tree} prints it. Only what a row shows is held (id,
 * parent, a one-line preview), never the entries themselves. Unlike {@code Session.tree()},
 * entries caught in a parent cycle are listed too: the first of them in the file becomes a root.
 */
final class PageTree {
  /** The entry is one of several children (or roots): it starts a branch. */
  static final int BRANCH = 1;
  /** The entry is the last of its siblings. */
  static final int LAST = 2;
  /** The entry has several children: the page can fold them. */
  static final int FORK = 4;
  /** An assistant message that ended in an error, or a tool result that is an error. */
  static final int ERROR = 8;

  /** What the page needs of one entry; {@code element} numbers its data block in the page. */
  record Item(int element, String id, String parentId, long millis, String kind, int flags, String text) {}

  /** An item placed in the tree: {@code parent} and {@code size} (descendants) count rows. */
  record Row(Item item, int parent, int indent, int flags, int size) {}

  private final List<Item> items = new ArrayList<>();
  private final Map<String, Item> byId = new HashMap<>();

  /** Adds an entry in file order; of two entries with one id the later stands for it. */
  void add(Item item) {
    items.add(item);
    byId.put(item.id(), item);
  }

  private record Frame(Item item, int parent, int indent, int flags) {}

  List<Row> rows() {
    Map<Item, List<Item>> children = new HashMap<>();
    List<Item> roots = new ArrayList<>();
    List<Item> live = new ArrayList<>();
    for (Item item : items) {
      if (byId.get(item.id()) != item) {
        continue;
      }
      live.add(item);
      Item parent = item.parentId() == null || item.parentId().equals(item.id()) ? null : byId.get(item.parentId());
      if (parent == null) {
        roots.add(item);
      } else {
        children.computeIfAbsent(parent, k -> new ArrayList<>()).add(item);
      }
    }
    children.values().forEach(list -> list.sort(Comparator.comparingLong(Item::millis)));

    List<Row> rows = new ArrayList<>(live.size());
    Set<Item> placed = new HashSet<>();
    Deque<Frame> stack = new ArrayDeque<>();
    pushSiblings(stack, roots, -1, 0);
    int next = 0;
    while (true) {
      while (!stack.isEmpty()) {
        Frame frame = stack.pop();
        if (!placed.add(frame.item())) {
          continue;
        }
        List<Item> kids = children.getOrDefault(frame.item(), List.of());
        int row = rows.size();
        int flags = frame.flags() | frame.item().flags() | (kids.size() > 1 ? FORK : 0);
        rows.add(new Row(frame.item(), frame.parent(), frame.indent(), flags, 0));
        pushSiblings(stack, kids, row, kids.size() > 1 ? frame.indent() + 1 : frame.indent());
      }
      // Entries in a parent cycle are reachable from no root: list them from the first one.
      while (next < live.size() && placed.contains(live.get(next))) {
        next++;
      }
      if (next == live.size()) {
        break;
      }
      stack.push(new Frame(live.get(next), -1, 0, 0));
    }

    int[] sizes = new int[rows.size()];
    for (int i = rows.size() - 1; i >= 0; i--) {
      int parent = rows.get(i).parent();
      if (parent >= 0) {
        sizes[parent] += 1 + sizes[i];
      }
    }
    List<Row> sized = new ArrayList<>(rows.size());
    for (int i = 0; i < rows.size(); i++) {
      Row r = rows.get(i);
      sized.add(new Row(r.item(), r.parent(), r.indent(), r.flags(), sizes[i]));
    }
    return sized;
  }

  private static void pushSiblings(Deque<Frame> stack, List<Item> siblings, int parent, int indent) {
    boolean branch = siblings.size() > 1;
    for (int i = siblings.size() - 1; i >= 0; i--) {
      int flags = branch ? BRANCH | (i == siblings.size() - 1 ? LAST : 0) : 0;
      stack.push(new Frame(siblings.get(i), parent, indent, flags));
    }
  }
}
