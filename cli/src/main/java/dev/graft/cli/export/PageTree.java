package dev.graft.cli.export;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The session tree as the page lists it: one row per entry in depth-first order, children oldest
 * first, as {@code graft session tree} prints it. Only what a row shows is held (id, parent, a
 * one-line preview), in columns, never the entries themselves: a 100,000-entry session takes a few
 * tens of megabytes here. Unlike {@code Session.tree()}, entries caught in a parent cycle are
 * listed too: the first of them in the file becomes a root.
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
  record Item(
      int element, String id, String parentId, long millis, String kind, int flags, String text) {}

  /** Items in file order, in columns. */
  private final List<Item> items = new ArrayList<>();

  private final Map<String, Integer> byId = new HashMap<>();
  private final Map<String, String> kinds = new HashMap<>();

  /** Adds an entry in file order; of two entries with one id the later stands for it. */
  void add(Item item) {
    // Share the strings that repeat (kinds, and a parent id with its parent's id) so that the
    // index grows by little more than each entry's id and preview.
    String kind = kinds.computeIfAbsent(item.kind(), k -> k);
    String parentId = item.parentId();
    Integer parent = parentId == null ? null : byId.get(parentId);
    if (parent != null) {
      parentId = items.get(parent).id();
    }
    items.add(
        new Item(
            item.element(), item.id(), parentId, item.millis(), kind, item.flags(), item.text()));
    byId.put(item.id(), items.size() - 1);
  }

  /** The rows: {@code item(r)} is the entry of row r; parent and size (descendants) count rows. */
  record Rows(List<Item> items, int[] item, int[] parent, int[] indent, int[] flags, int[] size) {
    int count() {
      return item.length;
    }

    Item item(int row) {
      return items.get(item[row]);
    }
  }

  Rows rows() {
    int n = items.size();
    int[] parentOf = new int[n];
    boolean[] live = new boolean[n];
    int[] childCount = new int[n];
    int liveCount = 0;
    for (int i = 0; i < n; i++) {
      Item item = items.get(i);
      live[i] = byId.get(item.id()) == i;
      Integer p =
          item.parentId() == null || item.parentId().equals(item.id())
              ? null
              : byId.get(item.parentId());
      parentOf[i] = p == null ? -1 : p;
      if (live[i]) {
        liveCount++;
        if (parentOf[i] >= 0) {
          childCount[parentOf[i]]++;
        }
      }
    }
    // Children of node i: children[start[i] .. start[i + 1]), oldest first (file order on ties).
    int[] start = new int[n + 1];
    for (int i = 0; i < n; i++) {
      start[i + 1] = start[i] + childCount[i];
    }
    int[] children = new int[start[n]];
    int[] fill = Arrays.copyOf(start, n);
    List<Integer> roots = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      if (!live[i]) {
        continue;
      }
      if (parentOf[i] < 0) {
        roots.add(i);
      } else {
        children[fill[parentOf[i]]++] = i;
      }
    }
    for (int i = 0; i < n; i++) {
      if (childCount[i] > 1) {
        Integer[] kids = new Integer[childCount[i]];
        for (int k = 0; k < kids.length; k++) {
          kids[k] = children[start[i] + k];
        }
        Arrays.sort(kids, (a, b) -> Long.compare(items.get(a).millis(), items.get(b).millis()));
        for (int k = 0; k < kids.length; k++) {
          children[start[i] + k] = kids[k];
        }
      }
    }

    int[] rowItem = new int[liveCount];
    int[] rowParent = new int[liveCount];
    int[] rowIndent = new int[liveCount];
    int[] rowFlags = new int[liveCount];
    boolean[] placed = new boolean[n];
    Stack stack = new Stack(liveCount + 1);
    for (int r = roots.size() - 1; r >= 0; r--) {
      stack.push(roots.get(r), -1, 0, siblingFlags(r, roots.size()));
    }
    int rows = 0;
    int next = 0;
    while (true) {
      while (stack.size > 0) {
        stack.size--;
        int node = stack.node[stack.size];
        if (placed[node]) {
          continue;
        }
        placed[node] = true;
        int kids = childCount[node];
        int row = rows++;
        rowItem[row] = node;
        rowParent[row] = stack.parent[stack.size];
        rowIndent[row] = stack.indent[stack.size];
        rowFlags[row] = stack.flags[stack.size] | items.get(node).flags() | (kids > 1 ? FORK : 0);
        int indent = kids > 1 ? rowIndent[row] + 1 : rowIndent[row];
        for (int k = kids - 1; k >= 0; k--) {
          stack.push(children[start[node] + k], row, indent, siblingFlags(k, kids));
        }
      }
      // Entries in a parent cycle are reachable from no root: list them from the first one.
      while (next < n && (!live[next] || placed[next])) {
        next++;
      }
      if (next == n) {
        break;
      }
      stack.push(next, -1, 0, 0);
    }

    int[] size = new int[rows];
    for (int r = rows - 1; r >= 0; r--) {
      if (rowParent[r] >= 0) {
        size[rowParent[r]] += 1 + size[r];
      }
    }
    return new Rows(items, rowItem, rowParent, rowIndent, rowFlags, size);
  }

  private static int siblingFlags(int index, int siblings) {
    return siblings < 2 ? 0 : BRANCH | (index == siblings - 1 ? LAST : 0);
  }

  /** The depth-first stack, in columns; each node is pushed once, so it never outgrows the rows. */
  private static final class Stack {
    final int[] node;
    final int[] parent;
    final int[] indent;
    final int[] flags;
    int size;

    Stack(int capacity) {
      node = new int[capacity];
      parent = new int[capacity];
      indent = new int[capacity];
      flags = new int[capacity];
    }

    void push(int n, int p, int i, int f) {
      node[size] = n;
      parent[size] = p;
      indent[size] = i;
      flags[size] = f;
      size++;
    }
  }
}
