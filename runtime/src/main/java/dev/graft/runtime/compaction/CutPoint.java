package dev.graft.runtime.compaction;

import dev.graft.runtime.session.SessionEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntToLongFunction;

/**
 * Where a compaction cuts a path: the entries from {@code firstKeptEntryIndex} on are kept, the
 * ones before are summarised. A cut lands only where a message may start (a user, assistant,
 * shell-run, custom or summary message; never a tool result, so a tool call keeps its results).
 * When the cut falls inside a turn, {@code turnStartIndex} is that turn's first message and the
 * turn's beginning is summarised separately ({@code isSplitTurn}).
 */
public record CutPoint(int firstKeptEntryIndex, int turnStartIndex, boolean isSplitTurn) {

  /**
   * The reference's findCutPoint over {@code entries[start, end)}: walk back from the newest
   * message adding up estimated tokens until {@code keepRecentTokens} are reached, then cut at the
   * nearest valid point at or after there ({@link #cutPointFor}), taking along settings entries
   * just before it.
   */
  public static CutPoint find(
      List<SessionEntry> entries, int start, int end, long keepRecentTokens) {
    return find(entries, start, end, keepRecentTokens, Long.MAX_VALUE);
  }

  /**
   * As {@link #find(List, int, int, long)}, but a message whose own estimate is more than {@code
   * maxKeptMessageTokens} is not kept when a cut point follows it: keeping it would leave the
   * context as full as before (see {@link #pastTooLarge}).
   */
  public static CutPoint find(
      List<SessionEntry> entries,
      int start,
      int end,
      long keepRecentTokens,
      long maxKeptMessageTokens) {
    List<Integer> cutPoints = validCutPoints(entries, start, end);
    if (cutPoints.isEmpty()) {
      return new CutPoint(start, -1, false);
    }
    long accumulated = 0;
    int cut = cutPoints.getFirst();
    for (int i = end - 1; i >= start; i--) {
      if (!(entries.get(i) instanceof SessionEntry.Message m)) {
        continue;
      }
      accumulated += TokenEstimate.of(m.message());
      if (accumulated >= keepRecentTokens) {
        cut = cutPointFor(cutPoints, i);
        break;
      }
    }
    cut =
        pastTooLarge(
            cutPoints,
            cut,
            end,
            i ->
                entries.get(i) instanceof SessionEntry.Message m
                    ? TokenEstimate.of(m.message())
                    : 0,
            maxKeptMessageTokens);
    if (cut == end) {
      return new CutPoint(end, -1, false); // nothing kept
    }
    while (cut > start) {
      SessionEntry previous = entries.get(cut - 1);
      if (previous.type().equals("compaction") || previous.type().equals("message")) {
        break;
      }
      cut--;
    }
    SessionEntry at = entries.get(cut);
    boolean userMessage = at instanceof SessionEntry.Message m && m.message().role().equals("user");
    int turnStart = userMessage ? -1 : turnStart(entries, cut, start);
    return new CutPoint(cut, turnStart, !userMessage && turnStart != -1);
  }

  /**
   * The nearest cut point at or after {@code index}; when there is none (the newest messages that
   * fill the budget are tool results, which cannot start the kept part), the latest one before it,
   * so that the older part is still summarised. The reference falls back to the first cut point
   * there, which keeps everything and compacts nothing.
   */
  static int cutPointFor(List<Integer> cutPoints, int index) {
    for (int c : cutPoints) {
      if (c >= index) {
        return c;
      }
    }
    return cutPoints.getLast();
  }

  /**
   * {@code cut}, or, when a message from {@code cut} to {@code end} is larger than {@code max}
   * tokens by itself (a pasted log larger than the window), the first cut point after the last such
   * message, so that it is summarised (from its beginning, see {@link ConversationText}) rather
   * than kept whole; {@code end} when no cut point follows it (the session ends in it, as when
   * graft was killed before the model answered): nothing is kept. The reference keeps it, and every
   * request after is larger than the window.
   */
  static int pastTooLarge(
      List<Integer> cutPoints, int cut, int end, IntToLongFunction tokensAt, long max) {
    if (max == Long.MAX_VALUE) {
      return cut;
    }
    int last = -1;
    for (int i = cut; i < end; i++) {
      if (tokensAt.applyAsLong(i) > max) {
        last = i;
      }
    }
    if (last < 0) {
      return cut;
    }
    for (int c : cutPoints) {
      if (c > last) {
        return c;
      }
    }
    return end;
  }

  static List<Integer> validCutPoints(List<SessionEntry> entries, int start, int end) {
    List<Integer> points = new ArrayList<>();
    for (int i = start; i < end; i++) {
      SessionEntry e = entries.get(i);
      if (e instanceof SessionEntry.Message m) {
        switch (m.message().role()) {
          case "bashExecution",
              "custom",
              "branchSummary",
              "compactionSummary",
              "user",
              "assistant" ->
              points.add(i);
          default -> {}
        }
      } else if (e.type().equals("branch_summary") || e.type().equals("custom_message")) {
        points.add(i);
      }
    }
    return points;
  }

  /** The message that starts the turn holding entry {@code index}, or -1. */
  public static int turnStart(List<SessionEntry> entries, int index, int start) {
    for (int i = index; i >= start; i--) {
      SessionEntry e = entries.get(i);
      if (e.type().equals("branch_summary") || e.type().equals("custom_message")) {
        return i;
      }
      if (e instanceof SessionEntry.Message m
          && (m.message().role().equals("user") || m.message().role().equals("bashExecution"))) {
        return i;
      }
    }
    return -1;
  }
}
