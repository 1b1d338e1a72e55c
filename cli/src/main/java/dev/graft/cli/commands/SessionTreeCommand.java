package dev.graft.cli.commands;

import dev.graft.cli.export.EntryPreview;
import dev.graft.cli.export.TreeDrawing;
import dev.graft.runtime.hooks.ScriptText;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.TreeNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code graft session tree FILE}: the tree as indented text. A chain of single children stays at
 * one indent; a node with several children opens a branch for each, so a long session reads as a
 * list and only real branches are indented.
 */
@Command(
    name = "tree",
    mixinStandardHelpOptions = true,
    description = {
      "Print the session tree, one line per entry.",
      "",
      "Each line has the entry's id, what it is and its [label]; '*' and '<- leaf' mark the leaf. "
          + "Branches are indented under the entry they start from."
    })
final class SessionTreeCommand implements Callable<Integer> {
  @ParentCommand SessionCommand parent;

  @Parameters(paramLabel = "FILE", description = "The session file (.jsonl).")
  Path file;

  @Override
  public Integer call() throws Exception {
    var context = parent.context();
    try (Session session = SessionFiles.open(context, file)) {
      PrintWriter out = context.out();
      String leaf = session.leafId().orElse(null);
      out.println(
          session.file().orElseThrow()
              + "  (session "
              + session.id()
              + ", cwd "
              + session.cwd()
              + session.name().map(n -> ", name \"" + ScriptText.safeLine(n) + "\"").orElse("")
              + ")");
      TreeDrawing.draw(
          session.tree(),
          TreeNode::children,
          (node, prefix) -> {
            boolean isLeaf = node.entry().id().equals(leaf);
            out.println(
                prefix
                    + (isLeaf ? "* " : "")
                    + node.entry().id()
                    + " "
                    + EntryPreview.of(node.entry())
                    + label(node.label())
                    + (isLeaf ? "  <- leaf" : ""));
          });
      if (leaf == null) {
        out.println("(the leaf is before the first entry: the next entry starts a new root)");
      }
      out.flush();
    }
    return 0;
  }

  private static String label(Optional<String> label) {
    return label.map(l -> "  [" + ScriptText.safeLine(l) + "]").orElse("");
  }
}
