package dev.graft.runtime.compaction;

import dev.graft.runtime.session.SessionEntry;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a move in the session tree will do, before anything is summarised: where it goes, the leaf
 * it leaves, where the two paths meet, the abandoned entries a branch summary would cover, and what
 * the user asked for. Hooks see this and may cancel the move or supply the summary.
 */
public record TreePreparation(
    String targetId,
    Optional<String> oldLeafId,
    Optional<String> commonAncestorId,
    List<SessionEntry> entriesToSummarize,
    boolean userWantsSummary,
    Optional<String> customInstructions,
    boolean replaceInstructions,
    Optional<String> label) {
  public TreePreparation {
    Objects.requireNonNull(targetId, "targetId");
    oldLeafId = oldLeafId == null ? Optional.empty() : oldLeafId;
    commonAncestorId = commonAncestorId == null ? Optional.empty() : commonAncestorId;
    entriesToSummarize = List.copyOf(entriesToSummarize);
    customInstructions = customInstructions == null ? Optional.empty() : customInstructions;
    label = label == null ? Optional.empty() : label;
  }
}
