package dev.graft.scripting.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.llm.Model;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;

/**
 * The agent as every handler's {@code ctx} sees it: {@code isIdle()}, {@code abort()}, {@code
 * hasPendingMessages()}, {@code getContextUsage()}, {@code getSystemPrompt()}, {@code
 * compact(options)} and {@code complete(request)}.
 *
 * <p>Threading as {@link ScriptHostPort}: called on the script owner thread; the synchronous
 * methods answer at once and never wait for the agent thread (which may be waiting for this very
 * handler); compaction and model calls run elsewhere and answer by future.
 */
public interface ScriptAgentControl {

  /**
   * {@code ctx.getContextUsage()}: tokens and percent are empty when unknown (just after a
   * compaction).
   */
  record ContextUsage(OptionalLong tokens, long contextWindow, OptionalDouble percent) {}

  /** {@code ctx.complete(request)}, checked: messages are message objects with a string role. */
  record Completion(
      List<ObjectNode> messages, Optional<String> systemPrompt, OptionalInt maxTokens) {
    public Completion {
      messages = List.copyOf(messages);
    }
  }

  boolean isIdle();

  /** Aborts the running prompt, and the model calls scripts made ({@link #complete}). */
  void abort();

  boolean hasPendingMessages();

  /** Empty when the model's context window is unknown. */
  Optional<ContextUsage> contextUsage();

  String systemPrompt();

  /**
   * Aborts the run (if any), waits until the agent is idle, and compacts. The value is the
   * reference's CompactionResult: {@code {summary, firstKeptEntryId, tokensBefore, details?}}; the
   * future fails with the reason when nothing was compacted.
   */
  CompletableFuture<JsonNode> compact(Optional<String> customInstructions);

  /**
   * One model call with the session's model (no tools): {@code {text, content, stopReason, usage,
   * errorMessage?}}. An error or an abort (the agent's {@link #abort}) is an answer with stopReason
   * "error" or "aborted", as in the reference's {@code complete}.
   */
  CompletableFuture<JsonNode> complete(Completion request);

  /**
   * How many runs (prompts) the agent has started: a script's model calls are counted per run
   * ({@link ScriptSettings#modelCalls()}), and a new number starts a new count. Without an agent,
   * one run that never ends.
   */
  default long runs() {
    return 0;
  }

  /**
   * {@code ctx.rebuildContext()}: builds the context of the current branch now, through the {@code
   * context} hooks, as for the next model call (whose reminders are not added); the value is the
   * messages the model would be sent. graft builds the context afresh before every model call, so a
   * script calls this to see the result of its changes (a saved entry, say), not to make them
   * count.
   */
  default CompletableFuture<JsonNode> rebuildContext() {
    return CompletableFuture.failedFuture(
        new IllegalStateException("there is no agent whose context to rebuild"));
  }

  /**
   * {@code ctx.modelRegistry.find(provider, id)}: the model graft knows by that name, whether or
   * not it has a key for it. The bridge shows scripts only a description of it (never a key, a base
   * URL or headers).
   */
  default Optional<Model> findModel(String provider, String id) {
    return Optional.empty();
  }

  /**
   * {@code ctx.modelRegistry.available()}: the models graft can call (a key found, or none needed).
   */
  default List<Model> availableModels() {
    return List.of();
  }

  /** No agent (a test, or before the agent exists): idle, nothing to abort, no model to call. */
  ScriptAgentControl NONE =
      new ScriptAgentControl() {
        @Override
        public boolean isIdle() {
          return true;
        }

        @Override
        public void abort() {}

        @Override
        public boolean hasPendingMessages() {
          return false;
        }

        @Override
        public Optional<ContextUsage> contextUsage() {
          return Optional.empty();
        }

        @Override
        public String systemPrompt() {
          return "";
        }

        @Override
        public CompletableFuture<JsonNode> compact(Optional<String> customInstructions) {
          return CompletableFuture.failedFuture(
              new IllegalStateException("there is no agent to compact"));
        }

        @Override
        public CompletableFuture<JsonNode> complete(Completion request) {
          return CompletableFuture.failedFuture(
              new IllegalStateException("there is no agent whose model to call"));
        }
      };
}
