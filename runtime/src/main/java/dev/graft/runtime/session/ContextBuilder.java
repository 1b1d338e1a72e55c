package dev.graft.runtime.session;

import dev.graft.runtime.message.AgentMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The reference's buildSessionContext over a path of index nodes. Only the entries that end up in
 * the context (and the last settings on the path) are read from the file, so a long session whose
 * older part was compacted costs little to open.
 */
final class ContextBuilder {
  private ContextBuilder() {}

  static SessionContext build(Session session, List<EntryNode> path) {
    if (path.isEmpty()) {
      return SessionContext.EMPTY;
    }
    String thinkingLevel = "off";
    Optional<SessionContext.ModelRef> model = Optional.empty();
    int compactionIdx = -1;
    SessionEntry.Compaction compaction = null;

    // Settings: the last valid entry of each kind on the path wins.
    boolean thinkingFound = false;
    boolean modelFound = false;
    for (int i = path.size() - 1;
        i >= 0 && (!thinkingFound || !modelFound || compaction == null);
        i--) {
      EntryNode node = path.get(i);
      switch (node.type) {
        case "thinking_level_change" -> {
          if (!thinkingFound && session.entry(node) instanceof SessionEntry.ThinkingLevelChange t) {
            thinkingLevel = t.thinkingLevel();
            thinkingFound = true;
          }
        }
        case "model_change" -> {
          if (!modelFound && session.entry(node) instanceof SessionEntry.ModelChange m) {
            model = Optional.of(new SessionContext.ModelRef(m.provider(), m.modelId()));
            modelFound = true;
          }
        }
        case "message" -> {
          if (!modelFound
              && "assistant".equals(node.role)
              && session.entry(node) instanceof SessionEntry.Message m
              && m.message() instanceof AgentMessage.Assistant a) {
            model = Optional.of(new SessionContext.ModelRef(a.provider(), a.model()));
            modelFound = true;
          }
        }
        case "compaction" -> {
          if (compaction == null && session.entry(node) instanceof SessionEntry.Compaction c) {
            compaction = c;
            compactionIdx = i;
          }
        }
        default -> {}
      }
    }

    List<AgentMessage> messages = new ArrayList<>();
    if (compaction != null) {
      messages.add(EntryMessages.summaryOf(compaction));
      boolean foundFirstKept = false;
      for (int i = 0; i < compactionIdx; i++) {
        EntryNode node = path.get(i);
        if (compaction.firstKeptEntryId().filter(node.id::equals).isPresent()) {
          foundFirstKept = true;
        }
        if (foundFirstKept) {
          addMessage(session, node, messages);
        }
      }
      for (int i = compactionIdx + 1; i < path.size(); i++) {
        addMessage(session, path.get(i), messages);
      }
    } else {
      for (EntryNode node : path) {
        addMessage(session, node, messages);
      }
    }
    return new SessionContext(messages, thinkingLevel, thinkingFound, model);
  }

  private static void addMessage(Session session, EntryNode node, List<AgentMessage> out) {
    switch (node.type) {
      case "message", "custom_message", "branch_summary" -> {
        SessionEntry entry = session.entry(node);
        // As the reference, a branch summary with an empty summary adds nothing.
        if (!(entry instanceof SessionEntry.BranchSummary b && b.summary().isEmpty())) {
          EntryMessages.of(entry).ifPresent(out::add);
        }
      }
      default -> {}
    }
  }
}
