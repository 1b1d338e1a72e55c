package dev.graft.runtime.session;

import dev.graft.runtime.message.AgentMessage;
import java.util.Optional;

/**
 * The message an entry stands for in a context (the reference's createCustomMessage,
 * createBranchSummaryMessage and createCompactionSummaryMessage): entry timestamps become epoch
 * milliseconds.
 */
public final class EntryMessages {
  private EntryMessages() {}

  /** A message entry's message, a hook message, or a branch summary; empty for other entries. */
  public static Optional<AgentMessage> of(SessionEntry entry) {
    return switch (entry) {
      case SessionEntry.Message m -> Optional.of(m.message());
      case SessionEntry.CustomMessage c ->
          Optional.of(
              new AgentMessage.Custom(
                  c.customType(),
                  c.content(),
                  c.display(),
                  c.details(),
                  millis(c.timestamp()),
                  null));
      case SessionEntry.BranchSummary b ->
          Optional.of(
              new AgentMessage.BranchSummary(b.summary(), b.fromId(), millis(b.timestamp()), null));
      default -> Optional.empty();
    };
  }

  /** A compaction's summary, the first message of the context it starts. */
  public static AgentMessage.CompactionSummary summaryOf(SessionEntry.Compaction c) {
    return new AgentMessage.CompactionSummary(
        c.summary(), c.tokensBefore(), millis(c.timestamp()), null);
  }

  private static long millis(String timestamp) {
    return Timestamps.epochMillis(timestamp).orElse(0);
  }
}
