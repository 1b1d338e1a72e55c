package dev.graft.cli.export;

import dev.graft.runtime.session.TreeNode;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.function.Function;

/**
 * How graft draws a session tree as lines, depth first: a chain of single children stays at one
 * indent; a node with several children opens a branch for each with ├─ and └─, so a long session
 * reads as a list and only real branches are indented. {@code graft session tree} and the {@code
 * /tree} picker both draw this way.
 */
public final class TreeDrawing {
  private TreeDrawing() {}

  /** Draws one line: {@code prefix} is the indent and branch marker to put before the entry. */
  public interface Line {
    void draw(TreeNode node, String prefix);
  }

  private record Item(TreeNode node, String indent, String marker) {}

  /** Draws {@code roots} and, below each node, {@code children.apply(node)}. */
  public static void draw(
      List<TreeNode> roots, Function<TreeNode, List<TreeNode>> children, Line line) {
    Deque<Item> stack = new ArrayDeque<>();
    push(stack, roots, "", roots.size() > 1);
    while (!stack.isEmpty()) {
      Item item = stack.pop();
      line.draw(item.node(), item.indent() + item.marker());
      List<TreeNode> below = children.apply(item.node());
      String indent = item.indent() + continuation(item.marker());
      if (below.size() == 1) {
        stack.push(new Item(below.getFirst(), indent, ""));
      } else {
        push(stack, below, indent, true);
      }
    }
  }

  private static void push(Deque<Item> stack, List<TreeNode> nodes, String indent, boolean branch) {
    for (int i = nodes.size() - 1; i >= 0; i--) {
      String marker = !branch ? "" : i == nodes.size() - 1 ? "└─ " : "├─ ";
      stack.push(new Item(nodes.get(i), indent, marker));
    }
  }

  private static String continuation(String marker) {
    return switch (marker) {
      case "├─ " -> "│  ";
      case "└─ " -> "   ";
      default -> "";
    };
  }
}
