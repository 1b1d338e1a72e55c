package dev.graft.runtime.session;

import dev.graft.runtime.message.AgentMessage;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which entry of a branch each message of a context stands for (the {@code context} event's {@code
 * entryIndex}): a message equal to the one an entry gives (a message entry's message, a hook
 * message, a branch summary, a compaction's summary) comes from that entry; any other message (a
 * summary a hook wrote, a message it changed) is synthetic. A message that is the very object an
 * entry holds comes from that entry; equal messages take the earliest entry not taken yet.
 */
public final class ContextOrigins {
  /** The position of a synthetic message. */
  public static final int SYNTHETIC = -1;

  private ContextOrigins() {}

  /**
   * For each of {@code messages}, its entry's position in {@code branch}, or {@link #SYNTHETIC}.
   * Most messages are the very objects their entries hold, in the branch's order: those that begin
   * the context so are matched walking both lists, without a map (each is the first entry not taken
   * that holds it, as the rule above says). The rest are found by identity among the entries after
   * them, and only the others (summaries made afresh, messages a hook rebuilt) are compared by
   * value, with the entries no message took by identity.
   */
  public static int[] of(List<SessionEntry> branch, List<AgentMessage> messages) {
    AgentMessage[] own = new AgentMessage[branch.size()];
    for (int i = 0; i < own.length; i++) {
      own[i] = messageOf(branch.get(i));
    }
    int[] out = new int[messages.size()];
    boolean[] taken = new boolean[own.length];
    int matched = 0;
    int next = 0; // the entries before it that hold a message are all taken
    while (matched < out.length) {
      while (next < own.length && own[next] == null) {
        next++;
      }
      if (next == own.length || own[next] != messages.get(matched)) {
        break;
      }
      taken[next] = true;
      out[matched++] = next++;
    }
    if (matched == out.length) {
      return out;
    }
    Map<AgentMessage, Deque<Integer>> byIdentity = new IdentityHashMap<>();
    for (int i = next; i < own.length; i++) {
      if (own[i] != null) {
        byIdentity.computeIfAbsent(own[i], k -> new ArrayDeque<>()).add(i);
      }
    }
    boolean unmatched = false;
    for (int i = matched; i < out.length; i++) {
      Deque<Integer> at = byIdentity.get(messages.get(i));
      out[i] = at == null || at.isEmpty() ? SYNTHETIC : at.poll();
      if (out[i] == SYNTHETIC) {
        unmatched = true;
      } else {
        taken[out[i]] = true;
      }
    }
    if (unmatched) {
      Map<AgentMessage, Deque<Integer>> byValue = new HashMap<>();
      for (int i = 0; i < own.length; i++) {
        if (own[i] != null && !taken[i]) {
          byValue.computeIfAbsent(own[i], k -> new ArrayDeque<>()).add(i);
        }
      }
      for (int i = matched; i < out.length; i++) {
        if (out[i] == SYNTHETIC) {
          Deque<Integer> at = byValue.get(messages.get(i));
          out[i] = at == null || at.isEmpty() ? SYNTHETIC : at.poll();
        }
      }
    }
    return out;
  }

  /** The message {@code entry} puts in a context, or null. */
  static AgentMessage messageOf(SessionEntry entry) {
    if (entry instanceof SessionEntry.Message m) {
      return m.message();
    }
    if (entry instanceof SessionEntry.Compaction c) {
      return EntryMessages.summaryOf(c);
    }
    return EntryMessages.of(entry).orElse(null);
  }
}
