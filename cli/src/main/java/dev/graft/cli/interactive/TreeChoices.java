package dev.graft.cli.interactive;

import dev.graft.cli.export.EntryPreview;
import dev.graft.cli.export.TreeDrawing;
import dev.graft.cli.ui.Choice;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.StopReason;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import dev.graft.runtime.session.TreeNode;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The session tree as picker rows for {@code /tree}: one row per entry the {@link Filter} shows,
 * drawn like {@code graft session tree} (a chain stays at one indent, branches get ├─ and └─), with
 * labels. By default bookkeeping entries (labels, settings changes, names, hook state) and
 * assistant messages that only call tools are left out; their children take their place. The row of
 * the current position (the leaf, or its nearest shown ancestor) is marked.
 */
final class TreeChoices {
  /** One row: the entry it goes to, how it is shown, and whether it is where the session is now. */
  record Row(String entryId, Choice choice, boolean current) {}

  /** Which entries {@code /tree} shows (session-tree-plan.md, "Tree Selector Improvements"). */
  enum Filter {
    /** Everything but bookkeeping entries and tool-only assistant messages. */
    DEFAULT("default"),
    /** The default, without tool results either. */
    NO_TOOLS("no-tools"),
    /** The user's messages only. */
    USER_ONLY("user-only"),
    /** Labelled entries only. */
    LABELED_ONLY("labeled-only"),
    /** Every entry. */
    ALL("all");

    final String word;

    Filter(String word) {
      this.word = word;
    }

    Filter next() {
      return values()[(ordinal() + 1) % values().length];
    }

    static Optional<Filter> parse(String word) {
      for (Filter f : values()) {
        if (f.word.equalsIgnoreCase(word.strip())) {
          return Optional.of(f);
        }
      }
      return Optional.empty();
    }

    static String words() {
      return String.join(", ", Arrays.stream(values()).map(f -> f.word).toList());
    }
  }

  private TreeChoices() {}

  static List<Row> rows(Session session) {
    return rows(session, Filter.DEFAULT);
  }

  static List<Row> rows(Session session, Filter filter) {
    String leaf = session.leafId().orElse(null);
    Predicate<TreeNode> show =
        n -> shown(n.entry(), n.entry().id().equals(leaf), filter, n.label().isPresent());
    String current = currentRow(session, leaf, filter);
    List<Row> rows = new ArrayList<>();
    TreeDrawing.draw(
        shownChildren(session.tree(), show),
        node -> shownChildren(node.children(), show),
        (node, prefix) -> {
          SessionEntry entry = node.entry();
          boolean isCurrent = entry.id().equals(current);
          String label = node.label().map(l -> "[" + l + "] ").orElse("");
          String own = label + EntryPreview.of(entry);
          String text = prefix + own + (isCurrent ? "  ← here" : "");
          // the filter searches the entry's own text: not the tree's lines nor the marker
          rows.add(new Row(entry.id(), Choice.withId(text, entry.id(), own), isCurrent));
        });
    return rows;
  }

  /** Whether {@code /tree} shows an entry under {@code filter}. */
  static boolean shown(SessionEntry entry, boolean isLeaf, Filter filter, boolean labelled) {
    return switch (filter) {
      case ALL -> true;
      case LABELED_ONLY -> labelled;
      case USER_ONLY ->
          entry instanceof SessionEntry.Message m && m.message() instanceof AgentMessage.User;
      case NO_TOOLS ->
          shown(entry, isLeaf)
              && !(entry instanceof SessionEntry.Message m
                  && m.message() instanceof AgentMessage.ToolResult);
      case DEFAULT -> shown(entry, isLeaf);
    };
  }

  /** Whether {@code /tree} shows an entry by default. */
  static boolean shown(SessionEntry entry, boolean isLeaf) {
    return switch (entry) {
      case SessionEntry.Label l -> false;
      case SessionEntry.Custom c -> false;
      case SessionEntry.ModelChange m -> false;
      case SessionEntry.ThinkingLevelChange t -> false;
      case SessionEntry.SessionInfo s -> false;
      case SessionEntry.Message m when m.message() instanceof AgentMessage.Assistant a ->
          isLeaf
              || a.content().stream()
                  .anyMatch(b -> b instanceof ContentBlock.Text t && !t.text().isBlank())
              || !(a.stoppedWith(StopReason.STOP) || a.stoppedWith(StopReason.TOOL_USE));
      default -> true;
    };
  }

  /** The leaf, or the nearest ancestor of it that is shown. */
  private static String currentRow(Session session, String leaf, Filter filter) {
    if (leaf == null) {
      return null;
    }
    List<SessionEntry> path = session.branchPath();
    for (int i = path.size() - 1; i >= 0; i--) {
      if (shown(
          path.get(i),
          path.get(i).id().equals(leaf),
          filter,
          session.label(path.get(i).id()).isPresent())) {
        return path.get(i).id();
      }
    }
    return null;
  }

  /** {@code nodes} with each hidden one replaced, in place, by its own shown children. */
  private static List<TreeNode> shownChildren(List<TreeNode> nodes, Predicate<TreeNode> show) {
    List<TreeNode> out = new ArrayList<>();
    Deque<TreeNode> pending = new ArrayDeque<>(nodes);
    while (!pending.isEmpty()) {
      TreeNode n = pending.pollFirst();
      if (show.test(n)) {
        out.add(n);
      } else {
        List<TreeNode> children = n.children();
        for (int i = children.size() - 1; i >= 0; i--) {
          pending.addFirst(children.get(i));
        }
      }
    }
    return out;
  }

  /** The row to start on: the current one, else the last. */
  static int initial(List<Row> rows) {
    for (int i = 0; i < rows.size(); i++) {
      if (rows.get(i).current()) {
        return i;
      }
    }
    return Math.max(0, rows.size() - 1);
  }

  static Optional<Row> find(List<Row> rows, String entryId) {
    return rows.stream().filter(r -> r.entryId().equals(entryId)).findFirst();
  }
}
