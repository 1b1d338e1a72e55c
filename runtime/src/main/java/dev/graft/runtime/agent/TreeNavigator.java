package dev.graft.runtime.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.compaction.BranchSummary;
import dev.graft.runtime.compaction.Compactor;
import dev.graft.runtime.compaction.TreePreparation;
import dev.graft.runtime.concurrent.AbortSignal;
import dev.graft.runtime.config.CompactionSettings;
import dev.graft.runtime.hooks.AgentHooks;
import dev.graft.runtime.hooks.SessionHooks;
import dev.graft.runtime.llm.LlmProvider;
import dev.graft.runtime.llm.Model;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import java.util.Optional;

/**
 * {@code /tree} for {@link AgentSession}: moving the leaf to another entry, with the
 * session_before_tree and session_tree hooks around it, an optional branch summary of the branch
 * left, and an optional label. Nothing is removed from the session.
 */
final class TreeNavigator {
  private final Session session;
  private final AgentHooks hooks;

  TreeNavigator(Session session, AgentHooks hooks) {
    this.session = session;
    this.hooks = hooks;
  }

  /**
   * Moves to {@code targetId}; a branch summary, when asked for, is written with {@code
   * summarizer}'s model and window-scaled compaction settings (or supplied by a session_before_tree
   * hook).
   */
  AgentSession.TreeResult navigate(
      String targetId, AgentSession.TreeNavigation how, AbortSignal signal, CallSettings summarizer)
      throws Compactor.CompactionException {
    Optional<String> oldLeaf = session.leafId();
    if (oldLeaf.filter(targetId::equals).isPresent()) {
      return new AgentSession.TreeResult(Optional.empty(), Optional.empty());
    }
    SessionEntry target =
        session
            .entry(targetId)
            .orElseThrow(() -> new IllegalArgumentException("entry " + targetId + " not found"));
    var abandoned = BranchSummary.collect(session, oldLeaf, targetId);
    var preparation =
        new TreePreparation(
            targetId,
            oldLeaf,
            abandoned.commonAncestorId(),
            abandoned.entries(),
            how.summarize(),
            how.customInstructions(),
            how.replaceInstructions(),
            how.label());
    SessionHooks.BeforeTree.Proceed decision =
        switch (hooks.sessionBeforeTree(preparation)) {
          case SessionHooks.BeforeTree.Cancel c -> null;
          case SessionHooks.BeforeTree.Proceed p -> p;
        };
    if (decision == null) {
      return AgentSession.TreeResult.CANCELLED;
    }
    Optional<String> instructions =
        decision.customInstructions().isPresent()
            ? decision.customInstructions()
            : how.customInstructions();
    boolean replace = decision.replaceInstructions().orElse(how.replaceInstructions());
    Optional<String> label =
        decision.label().isPresent() ? decision.label().filter(l -> !l.isBlank()) : how.label();
    Optional<String> summary = Optional.empty();
    Optional<JsonNode> details = Optional.empty();
    boolean fromHook = false;
    if (how.summarize() && decision.summary().isPresent()) {
      summary = Optional.of(decision.summary().get().summary());
      details = decision.summary().get().details();
      fromHook = true;
    } else if (how.summarize() && !abandoned.entries().isEmpty()) {
      Model callModel = summarizer.model();
      LlmProvider callProvider = summarizer.provider();
      CompactionSettings settings = summarizer.compactionForWindow();
      var result =
          BranchSummary.summarize(
              abandoned.entries(),
              callProvider,
              callModel,
              settings.reserveTokens(),
              instructions,
              replace,
              signal);
      summary = Optional.of(result.summary());
      details = Optional.of(result.details());
    }
    Optional<String> newLeaf;
    Optional<String> editorText = Optional.empty();
    if (target instanceof SessionEntry.Message m && m.message() instanceof AgentMessage.User u) {
      newLeaf = target.parentId();
      editorText = Optional.of(u.content().text(""));
    } else if (target instanceof SessionEntry.CustomMessage c) {
      newLeaf = target.parentId();
      editorText = Optional.of(c.content().text(""));
    } else {
      newLeaf = Optional.of(targetId);
    }
    Optional<String> summaryId = Optional.empty();
    if (summary.isPresent()) {
      summaryId = Optional.of(session.branchWithSummary(newLeaf, summary.get(), details, fromHook));
      summaryId.ifPresent(
          id -> label.ifPresent(l -> session.appendLabelChange(id, Optional.of(l))));
    } else {
      if (newLeaf.isPresent()) {
        session.branch(newLeaf.get());
      } else {
        session.resetLeaf();
      }
      label.ifPresent(l -> session.appendLabelChange(targetId, Optional.of(l)));
    }
    Optional<SessionEntry.BranchSummary> summaryEntry =
        summaryId
            .flatMap(session::entry)
            .filter(SessionEntry.BranchSummary.class::isInstance)
            .map(SessionEntry.BranchSummary.class::cast);
    hooks.sessionTree(
        session.leafId(),
        oldLeaf,
        summaryEntry,
        summary.isPresent() ? Optional.of(fromHook) : Optional.empty());
    return new AgentSession.TreeResult(editorText, summaryId);
  }
}
