package dev.graft.runtime.compaction;

import dev.graft.runtime.config.CompactionSettings;
import dev.graft.runtime.message.AgentMessage;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a compaction will do, before any model is asked: the messages to summarise, the start of a
 * turn cut in two (summarised separately), the previous summary to build on, the first entry kept,
 * the context size before, and the files read and changed. Hooks see this and may cancel the
 * compaction or supply their own summary.
 */
public record CompactionPreparation(
    String firstKeptEntryId,
    List<AgentMessage> messagesToSummarize,
    List<AgentMessage> turnPrefixMessages,
    boolean isSplitTurn,
    long tokensBefore,
    Optional<String> previousSummary,
    FileOps fileOps,
    CompactionSettings settings) {
  public CompactionPreparation {
    Objects.requireNonNull(firstKeptEntryId, "firstKeptEntryId");
    messagesToSummarize = List.copyOf(messagesToSummarize);
    turnPrefixMessages = List.copyOf(turnPrefixMessages);
    previousSummary = previousSummary == null ? Optional.empty() : previousSummary;
    Objects.requireNonNull(fileOps, "fileOps");
    Objects.requireNonNull(settings, "settings");
  }
}
