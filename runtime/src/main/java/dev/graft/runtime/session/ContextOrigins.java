package dev.graft.runtime.session;

import dev.graft.runtime.message.AgentMessage;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which entry of a branch each message of a context stands for (the seeds' ContextMessage
 * {@code entryIndex}): a message equal to the one an entry gives (a message entry's message, a
 * hook message, a branch summary, a compaction's summary) comes from that entry; any other
 * message (a summary a hook wrote, a message it changed) is synthetic. Equal messages take the
 * earliest entry not taken yet.
 */
public final class ContextOrigins {
  /** The position of a synthetic message. */
  public static final int SYNTHETIC = -1;

  private ContextOrigins() {}

  /** For each of {@code messages}, its entry's position in {@code branch}, or {@link #SYNTHETIC}. */
  public static int[] of(List<SessionEntry> branch, List<AgentMessage> messages) {
    Map<AgentMessage, Deque<Integer>> positions = new HashMap<>();
    for (int i = 0; i < branch.size(); i++) {
      AgentMessage own = messageOf(branch.get(i));
      if (own != null) {
        positions.computeIfAbsent(own, k -> new ArrayDeque<>()).add(i);
      }
    }
    int[] out = new int[messages.size()];
    for (int i = 0; i < out.length; i++) {
      Deque<Integer> at = positions.get(messages.get(i));
      out[i] = at == null || at.isEmpty() ? SYNTHETIC : at.poll();
    }
    return out;
  }

  /** The message {@code entry} puts in a context, or null. */
  static AgentMessage messageOf(SessionEntry entry) {
    if (entry instanceof SessionEntry.Compaction c) {
      return EntryMessages.summaryOf(c);
    }
    return EntryMessages.of(entry).orElse(null);
  }
}
