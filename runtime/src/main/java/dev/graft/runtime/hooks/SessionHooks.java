package dev.graft.runtime.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.compaction.CompactionPreparation;
import dev.graft.runtime.compaction.TreePreparation;
import dev.graft.runtime.llm.Model;
import dev.graft.runtime.llm.ThinkingLevel;
import dev.graft.runtime.session.SessionEntry;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * The session-level hook points: a session starting, ending and being replaced, compaction and tree
 * navigation (each may be cancelled or supplied by a hook), and the model changing. Each {@code
 * before} point has its own result type; the others only watch. The defaults do nothing.
 */
public interface SessionHooks {

  /** Why a session starts or ends, with the reference's wire names. */
  enum Reason {
    STARTUP,
    RELOAD,
    NEW,
    RESUME,
    FORK,
    QUIT;

    public String wire() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * The session is in use: at startup, or after /new, /resume or /fork replaced the previous one.
   */
  default void sessionStart(Reason reason, Optional<Path> previousSessionFile) {}

  /** The session is being left: graft quits, or /new, /resume or /fork replaces it. */
  default void sessionShutdown(Reason reason, Optional<Path> targetSessionFile) {}

  /**
   * Before /new ({@link Reason#NEW}) or /resume ({@link Reason#RESUME}, with the file to resume).
   */
  default BeforeSwitch sessionBeforeSwitch(Reason reason, Optional<Path> targetSessionFile) {
    return BeforeSwitch.PROCEED;
  }

  /** After /new or /resume replaced the session. */
  default void sessionSwitch(Reason reason, Optional<Path> previousSessionFile) {}

  /**
   * Before /fork from {@code entryId} ({@code position} "before": the fork ends just before it).
   */
  default BeforeFork sessionBeforeFork(String entryId, String position) {
    return BeforeFork.PROCEED;
  }

  /** After /fork moved to the new session. */
  default void sessionFork(Optional<Path> previousSessionFile) {}

  /** Before a compaction is written: go on, cancel it, or supply it. */
  default BeforeCompact sessionBeforeCompact(
      CompactionPreparation preparation,
      List<SessionEntry> branchEntries,
      Optional<String> customInstructions) {
    return new BeforeCompact.Proceed();
  }

  /** After a compaction entry was appended; {@code fromHook} when a hook supplied it. */
  default void sessionCompact(SessionEntry.Compaction entry, boolean fromHook) {}

  /**
   * Before /tree moves the leaf: go on (perhaps with other instructions or label), cancel, or
   * supply the summary.
   */
  default BeforeTree sessionBeforeTree(TreePreparation preparation) {
    return BeforeTree.PROCEED;
  }

  /** After /tree moved the leaf; {@code fromHook} is present when a summary entry was written. */
  default void sessionTree(
      Optional<String> newLeafId,
      Optional<String> oldLeafId,
      Optional<SessionEntry.BranchSummary> summaryEntry,
      Optional<Boolean> fromHook) {}

  /**
   * A different model was chosen: {@code source} is "set", "cycle" or "restore" (taken from a
   * resumed session).
   */
  default void modelSelect(Model model, Optional<Model> previousModel, String source) {}

  /**
   * The thinking level the model gets changed (Shift+Tab, /thinking, RPC, a script, a model switch
   * that moves it to the nearest the new model has); not for a resumed session's level.
   */
  default void thinkingLevelSelect(ThinkingLevel level, ThinkingLevel previousLevel) {}

  /** Result of {@link #sessionBeforeSwitch}. */
  record BeforeSwitch(boolean cancel) {
    public static final BeforeSwitch PROCEED = new BeforeSwitch(false);
  }

  /** Result of {@link #sessionBeforeFork}. */
  record BeforeFork(boolean cancel) {
    public static final BeforeFork PROCEED = new BeforeFork(false);
  }

  /** Result of {@link #sessionBeforeCompact}. */
  sealed interface BeforeCompact {
    record Proceed() implements BeforeCompact {}

    record Cancel() implements BeforeCompact {}

    /** The hook wrote the compaction itself; it is appended as it is (marked fromHook). */
    record Supply(
        String summary, String firstKeptEntryId, long tokensBefore, Optional<JsonNode> details)
        implements BeforeCompact {
      public Supply {
        Objects.requireNonNull(summary, "summary");
        Objects.requireNonNull(firstKeptEntryId, "firstKeptEntryId");
        if (tokensBefore < 0) {
          throw new IllegalArgumentException("tokensBefore must not be negative");
        }
        details = details == null ? Optional.empty() : details;
      }
    }
  }

  /** Result of {@link #sessionBeforeTree}. */
  sealed interface BeforeTree {
    Proceed PROCEED =
        new Proceed(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());

    record Cancel() implements BeforeTree {}

    /**
     * Go on; each part present replaces the navigation's own: the branch summary (used when the
     * user asked for one), the summary instructions, whether they replace the prompt, the label.
     */
    record Proceed(
        Optional<SuppliedSummary> summary,
        Optional<String> customInstructions,
        Optional<Boolean> replaceInstructions,
        Optional<String> label)
        implements BeforeTree {
      public Proceed {
        summary = summary == null ? Optional.empty() : summary;
        customInstructions = customInstructions == null ? Optional.empty() : customInstructions;
        replaceInstructions = replaceInstructions == null ? Optional.empty() : replaceInstructions;
        label = label == null ? Optional.empty() : label;
      }
    }
  }

  /** A branch summary a hook wrote. */
  record SuppliedSummary(String summary, Optional<JsonNode> details) {
    public SuppliedSummary {
      Objects.requireNonNull(summary, "summary");
      details = details == null ? Optional.empty() : details;
    }
  }
}
