package dev.graft.cli.commands;

import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.TreeNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code graft session tree FILE}: the tree as indented text. A chain of single children stays
 * at one indent; a node with several children opens a branch for each, so a long session reads
 * as a list and only real branches are indented.
 */
@Command(
    name = "tree",
    mixinStandardHelpOptions = true,
    description = {
      "Print the session tree: one line per entry (id, what it is, [label]);",
      "'*' and '<- leaf' mark the leaf. Branches are indented under the entry they start from."
    })
final class SessionTreeCommand implements Callable<Integer> {
  @ParentCommand SessionCommand parent;

  @Parameters(paramLabel = "FILE", description = "The session file (.jsonl).")
  Path file;

  private record Item(TreeNode node, String indent, String marker) {}

  @Override
  public Integer call() throws Exception {
    var context = parent.context();
    try (Session session = SessionFiles.open(context, file)) {
      PrintWriter out = context.out();
      String leaf = session.leafId().orElse(null);
      out.println(session.file().orElseThrow() + "  (session " + session.id() + ", cwd " + session.cwd()
          + session.name().map(n -> ", name \"" + n + "\"").orElse("") + ")");
      List<TreeNode> roots = session.tree();
      Deque<Item> stack = new ArrayDeque<>();
      pushChildren(stack, roots, "", roots.size() > 1);
      while (!stack.isEmpty()) {
        Item item = stack.pop();
        TreeNode node = item.node();
        boolean isLeaf = node.entry().id().equals(leaf);
        out.println(item.indent() + item.marker() + (isLeaf ? "* " : "") + node.entry().id() + " "
            + EntryPreview.of(node.entry()) + label(node.label()) + (isLeaf ? "  <- leaf" : ""));
        List<TreeNode> children = node.children();
        if (children.size() == 1) {
          stack.push(new Item(children.getFirst(), item.indent() + continuation(item.marker()), ""));
        } else {
          pushChildren(stack, children, item.indent() + continuation(item.marker()), true);
        }
      }
      if (leaf == null) {
        out.println("(the leaf is before the first entry: the next entry starts a new root)");
      }
      out.flush();
    }
    return 0;
  }

  private static void pushChildren(Deque<Item> stack, List<TreeNode> children, String indent, boolean branch) {
    for (int i = children.size() - 1; i >= 0; i--) {
      String marker = !branch ? "" : i == children.size() - 1 ? "└─ " : "├─ ";
      stack.push(new Item(children.get(i), indent, marker));
    }
  }

  private static String continuation(String marker) {
    return switch (marker) {
      case "├─ " -> "│  ";
      case "└─ " -> "   ";
      default -> "";
    };
  }

  private static String label(Optional<String> label) {
    return label.map(l -> "  [" + l + "]").orElse("");
  }
}
