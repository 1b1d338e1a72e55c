package dev.graft.runtime.agent;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.compaction.CompactionPreparation;
import dev.graft.runtime.compaction.Compactor;
import dev.graft.runtime.compaction.TokenEstimate;
import dev.graft.runtime.concurrent.AbortSignal;
import dev.graft.runtime.config.CompactionSettings;
import dev.graft.runtime.events.AgentEvent;
import dev.graft.runtime.hooks.AgentHooks;
import dev.graft.runtime.hooks.SessionHooks;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Compacting {@link AgentSession}'s session once (threshold, overflow or manual; see
 * docs/compaction.md): whether it is due, what to summarise (from the context as the {@code
 * context} hooks shape it), the hooks around it and the summary call, with the agent's {@link
 * CallSettings} of when it began.
 */
final class SessionCompaction {
  /** Why a compaction stopped when it was aborted: the session is as it was. */
  static final String CANCELLED = "cancelled; nothing was changed";

  private final Session session;
  private final AgentHooks hooks;
  private final Function<List<SessionEntry>, List<AgentMessage>> shape;
  private final Consumer<AgentEvent> emit;
  private final CallSettings call;
  private final AbortSignal signal;

  SessionCompaction(
      Session session,
      AgentHooks hooks,
      Function<List<SessionEntry>, List<AgentMessage>> shaped,
      Consumer<AgentEvent> emit,
      CallSettings call,
      AbortSignal signal) {
    this.session = session;
    this.hooks = hooks;
    this.shape = shaped;
    this.emit = emit;
    this.call = call;
    this.signal = signal;
  }

  /** Compacts when the context is past the model's window minus the reserve. */
  void compactIfFull(String reason) {
    boolean due;
    try {
      List<AgentMessage> messages = session.buildContext().messages();
      TokenEstimate.ContextTokens estimate = TokenEstimate.ofContext(messages);
      due =
          call.compactionForWindow().shouldCompact(estimate.tokens(), call.window())
              && !staleUsage(messages, estimate);
    } catch (OutOfMemoryError e) {
      outOfMemory(reason, e);
      return;
    }
    if (due) {
      compact(Optional.empty(), reason);
    }
  }

  /**
   * A session too large for the heap (a message of gigabytes): the compaction ends with an error
   * that says so, and the prompt goes on, recorded, instead of graft dying. What failed to be
   * allocated was one large array; the heap is usable again once it is dropped.
   */
  private void outOfMemory(String reason, OutOfMemoryError e) {
    emit.accept(new AgentEvent.CompactionStart(reason));
    emit.accept(
        AgentEvent.CompactionEnd.failed(
            reason,
            "the session is too large to compact in memory ("
                + e.getMessage()
                + "); give graft more heap"
                + " (JAVA_TOOL_OPTIONS=-Xmx…) or start a new session",
            false));
  }

  /**
   * What a kept message may be at most by itself: the context may hold no more before compacting.
   */
  private long maxKeptMessageTokens() {
    return call.window() > 0
        ? Math.max(1, call.window() - call.compactionForWindow().reserveTokens())
        : Long.MAX_VALUE;
  }

  /**
   * Whether the estimate rests on the usage of a reply older than the latest compaction: that reply
   * was kept, and its usage counts the context before the compaction, which would compact again at
   * once (the reference skips such usage too). Older means before the compaction on the branch, not
   * earlier by the clock: a reply written in the same millisecond as the compaction before it is
   * new (comparing timestamps, as the reference does, took it for stale).
   */
  private boolean staleUsage(List<AgentMessage> messages, TokenEstimate.ContextTokens estimate) {
    if (estimate.lastUsageIndex().isEmpty()) {
      return false;
    }
    AgentMessage reply = messages.get(estimate.lastUsageIndex().getAsInt());
    List<SessionEntry> path = session.branchPath();
    for (int i = path.size() - 1; i >= 0; i--) {
      SessionEntry e = path.get(i);
      if (e instanceof SessionEntry.Compaction) {
        return true; // reached before the reply: the reply is older
      }
      if (e instanceof SessionEntry.Message m
          && (m.message() == reply || m.message().equals(reply))) {
        return false;
      }
    }
    return false;
  }

  /**
   * Summarises the older part of the current path and appends a compaction entry, with the
   * compaction_start/end events and the session_before_compact/session_compact hooks around it; the
   * new entry's id, or empty (the event said why). A threshold check with nothing to summarise is
   * silent.
   */
  Optional<String> compact(Optional<String> instructions, String reason) {
    try {
      return compactOrThrow(instructions, reason);
    } catch (OutOfMemoryError e) {
      outOfMemory(reason, e);
      return Optional.empty();
    }
  }

  /**
   * Why there is nothing to compact: a compaction that is the branch's last entry has left nothing
   * new (the reference says "Already compacted"); a session without a message has nothing either
   * (the reference: "session too small"); else the part to keep is all there is (only an overflow
   * compaction gets that far).
   */
  private static String nothingToCompact(List<SessionEntry> branch, CompactionSettings settings) {
    if (!branch.isEmpty() && branch.getLast() instanceof SessionEntry.Compaction) {
      return "nothing to compact: the context was just compacted; send a message first";
    }
    if (branch.stream().noneMatch(e -> e instanceof SessionEntry.Message)) {
      return "nothing to compact: the session has no messages yet";
    }
    return "nothing to compact: the recent messages to keep are all there is"
        + " (compaction.keepRecentTokens keeps the last "
        + settings.keepRecentTokens()
        + " tokens; a lower one in settings.json compacts more)";
  }

  private Optional<String> compactOrThrow(Optional<String> instructions, String reason) {
    CompactionSettings settings = call.compactionForWindow();
    List<SessionEntry> branch = session.branchPath();
    // The context as the hooks shape it for the model: a compaction summarises what the model
    // was shown (a pop's summaries, not the turns it popped). Reminders are not taken here.
    List<AgentMessage> shaped = shape.apply(branch);
    Optional<CompactionPreparation> preparation =
        Compactor.prepare(branch, shaped, settings, maxKeptMessageTokens());
    boolean nothingOlder =
        preparation.isEmpty()
            || preparation.get().messagesToSummarize().isEmpty()
                && preparation.get().turnPrefixMessages().isEmpty();
    // A /compact (RPC compact) whose messages all fit in keepRecentTokens compacts anyway, as the
    // reference does: the summary of no older history goes before every message, all kept.
    boolean nothing = reason.equals("manual") ? preparation.isEmpty() : nothingOlder;
    if (nothing && reason.equals("threshold")) {
      return Optional
          .empty(); // past the threshold with nothing older to summarise: not worth a word each
      // prompt
    }
    emit.accept(new AgentEvent.CompactionStart(reason));
    if (nothing) {
      emit.accept(
          AgentEvent.CompactionEnd.failed(reason, nothingToCompact(branch, settings), false));
      return Optional.empty();
    }
    SessionHooks.BeforeCompact decision =
        hooks.sessionBeforeCompact(preparation.get(), branch, instructions);
    if (decision instanceof SessionHooks.BeforeCompact.Cancel) {
      emit.accept(
          AgentEvent.CompactionEnd.failed(
              reason, "compaction cancelled by a session_before_compact hook", true));
      return Optional.empty();
    }
    String summary;
    String id;
    boolean fromHook = decision instanceof SessionHooks.BeforeCompact.Supply;
    try {
      if (decision instanceof SessionHooks.BeforeCompact.Supply supplied) {
        if (signal.aborted()) {
          throw new Compactor.CompactionException(CANCELLED);
        }
        summary = supplied.summary();
        id =
            session.appendCompaction(
                summary,
                supplied.firstKeptEntryId(),
                supplied.tokensBefore(),
                supplied.details(),
                true);
      } else {
        Compactor.Result result =
            Compactor.summarize(
                preparation.get(),
                call.provider(),
                call.model(),
                call.thinking(),
                instructions,
                signal);
        if (signal.aborted()) {
          throw new Compactor.CompactionException(CANCELLED);
        }
        summary = result.summary();
        id =
            session.appendCompaction(
                summary,
                result.firstKeptEntryId(),
                result.tokensBefore(),
                Optional.of(result.details()),
                false);
      }
    } catch (Compactor.CompactionException e) {
      // aborted (Esc, RPC abort): the summary call fails with the provider's "Request was
      // aborted", which reads like a fault; say what happened instead, as the reference does
      String why = signal.aborted() ? CANCELLED : e.getMessage();
      emit.accept(AgentEvent.CompactionEnd.failed(reason, why, signal.aborted()));
      return Optional.empty();
    }
    Optional<ObjectNode> result = Optional.empty();
    if (session.entry(id).orElseThrow() instanceof SessionEntry.Compaction entry) {
      hooks.sessionCompact(entry, fromHook);
      result = Optional.of(entry.result());
    }
    emit.accept(
        new AgentEvent.CompactionEnd(
            reason, Optional.of(id), Optional.of(summary), Optional.empty(), result, false));
    return Optional.of(id);
  }
}
