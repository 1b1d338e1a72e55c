package dev.graft.runtime.session;

import java.util.List;
import java.util.Optional;

/** A node of {@link Session#tree()}: an entry, its label and its children, oldest first. */
public record TreeNode(SessionEntry entry, Optional<String> label, List<TreeNode> children) {
  public TreeNode {
    label = label == null ? Optional.empty() : label;
    children = List.copyOf(children);
  }
}
