package dev.graft.runtime.compaction;

import dev.graft.runtime.config.CompactionSettings;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.session.ContextOrigins;
import dev.graft.runtime.session.SessionEntry;
import dev.graft.runtime.session.SessionPath;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What to compact when {@code context} hooks shaped the context (a pop's summaries in place of the
 * popped turns, say): the summary is written from the messages the model was shown, not from the
 * raw entries behind them, so what a hook hid stays hidden and what it added is summarised ("later
 * wins": a compaction made after a pop summarises the pop's summaries, and hides what came before
 * its first kept entry, pops included; docs/compaction.md). The part kept starts at a message that
 * stands for an entry of the branch, which becomes the compaction's first kept entry; the previous
 * compaction's summary is built on only when the hooks left it first in the context.
 */
final class ShapedCompaction {
  private ShapedCompaction() {}

  /** {@code maxKeptMessageTokens}: as in {@link CutPoint#find(List, int, int, long, long)}. */
  static Optional<CompactionPreparation> prepare(
      List<SessionEntry> path,
      List<AgentMessage> shaped,
      CompactionSettings settings,
      long maxKeptMessageTokens) {
    if (path.isEmpty() || path.getLast() instanceof SessionEntry.Compaction || shaped.isEmpty()) {
      return Optional.empty();
    }
    int[] origins = ContextOrigins.of(path, shaped);
    int previous = -1;
    for (int i = path.size() - 1; i >= 0 && previous < 0; i--) {
      if ("compaction".equals(SessionPath.typeAt(path, i))
          && path.get(i) instanceof SessionEntry.Compaction) {
        previous = i;
      }
    }
    int start = 0;
    Optional<String> previousSummary = Optional.empty();
    FileOps files = new FileOps();
    if (previous >= 0
        && origins[0] == previous
        && path.get(previous) instanceof SessionEntry.Compaction c) {
      start = 1;
      previousSummary = Optional.of(c.summary());
      if (!c.fromHook().orElse(false) && c.details().isPresent()) {
        files.addDetails(c.details().get());
      }
    }
    // The kept part may start at a message only if every message after it comes from a later
    // entry (the compaction hides the earlier ones) and every message before it from an earlier
    // one (a later one would come back after the compaction, summarised and kept both).
    int[] suffixMin = new int[shaped.size() + 1];
    suffixMin[shaped.size()] = Integer.MAX_VALUE;
    for (int i = shaped.size() - 1; i >= 0; i--) {
      suffixMin[i] = origins[i] >= 0 ? Math.min(origins[i], suffixMin[i + 1]) : suffixMin[i + 1];
    }
    List<Integer> cutPoints = new ArrayList<>();
    int prefixMax = -1;
    for (int i = start; i < shaped.size(); i++) {
      if (origins[i] >= 0
          && origins[i] == suffixMin[i]
          && prefixMax < origins[i]
          && !(path.get(origins[i]) instanceof SessionEntry.Compaction)
          && startsTurnPart(shaped.get(i))) {
        cutPoints.add(i);
      }
      prefixMax = Math.max(prefixMax, origins[i]);
    }
    if (cutPoints.isEmpty()) {
      return Optional.empty();
    }
    int cut = cutPoints.getFirst();
    long accumulated = 0;
    for (int i = shaped.size() - 1; i >= start; i--) {
      accumulated += TokenEstimate.of(shaped.get(i));
      if (accumulated >= settings.keepRecentTokens()) {
        cut = CutPoint.cutPointFor(cutPoints, i);
        break;
      }
    }
    cut =
        CutPoint.pastTooLarge(
            cutPoints,
            cut,
            shaped.size(),
            i -> TokenEstimate.of(shaped.get(i)),
            maxKeptMessageTokens);
    if (cut == shaped.size()) { // nothing kept
      List<AgentMessage> all = List.copyOf(shaped.subList(start, cut));
      all.forEach(files::add);
      return Optional.of(
          new CompactionPreparation(
              SessionEntry.Compaction.NOTHING_KEPT,
              all,
              List.of(),
              false,
              TokenEstimate.ofContext(shaped).tokens(),
              previousSummary,
              files,
              settings));
    }
    boolean userAtCut = shaped.get(cut).role().equals("user");
    int turnStart = -1;
    for (int i = cut; i >= start && !userAtCut; i--) {
      String role = shaped.get(i).role();
      if (role.equals("user")
          || role.equals("bashExecution")
          || role.equals("custom")
          || role.equals("branchSummary")) {
        turnStart = i;
        break;
      }
    }
    boolean split = !userAtCut && turnStart >= 0 && turnStart < cut;
    List<AgentMessage> toSummarize = List.copyOf(shaped.subList(start, split ? turnStart : cut));
    List<AgentMessage> prefix = split ? List.copyOf(shaped.subList(turnStart, cut)) : List.of();
    toSummarize.forEach(files::add);
    prefix.forEach(files::add);
    int firstKept = origins[cut];
    // Settings changes just before the first kept entry go with it, as in CutPoint.
    while (firstKept > 0
        && (path.get(firstKept - 1) instanceof SessionEntry.ModelChange
            || path.get(firstKept - 1) instanceof SessionEntry.ThinkingLevelChange)) {
      firstKept--;
    }
    long tokensBefore = TokenEstimate.ofContext(shaped).tokens();
    return Optional.of(
        new CompactionPreparation(
            path.get(firstKept).id(),
            toSummarize,
            prefix,
            split,
            tokensBefore,
            previousSummary,
            files,
            settings));
  }

  /**
   * Whether the kept part may start with {@code m} (never a tool result: a call keeps its results).
   */
  private static boolean startsTurnPart(AgentMessage m) {
    return switch (m.role()) {
      case "bashExecution", "custom", "branchSummary", "compactionSummary", "user", "assistant" ->
          true;
      default -> false;
    };
  }
}
