package dev.graft.runtime.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.compaction.CompactionPreparation;
import dev.graft.runtime.compaction.TreePreparation;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.llm.Model;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.MessageCodec;
import dev.graft.runtime.session.EntryCodec;
import dev.graft.runtime.session.SessionEntry;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The session-level events of {@link HookRunner}: their payloads, with the reference's field
 * names, and the checks on what the {@code session_before_*} handlers answer. Across sources the
 * later answer wins, and a cancel stops at once, as in the reference.
 */
final class SessionEvents {
  private final HookRunner runner;

  SessionEvents(HookRunner runner) {
    this.runner = runner;
  }

  private void watch(String event, ObjectNode payload) {
    for (HookSource source : runner.handling(event)) {
      runner.ask(source, event, payload);
    }
  }

  private static ObjectNode payload(String event) {
    return Json.object().put("type", event);
  }

  private static void putPath(ObjectNode o, String field, Optional<Path> path) {
    path.ifPresent(p -> o.put(field, p.toString()));
  }

  private static void putId(ObjectNode o, String field, Optional<String> id) {
    if (id.isPresent()) {
      o.put(field, id.get());
    } else {
      o.putNull(field);
    }
  }

  private static String kind(JsonNode value) {
    return value.getNodeType().toString().toLowerCase(Locale.ROOT);
  }

  // ------------------------------------------------------------------ start, shutdown, switch, fork

  void start(SessionHooks.Reason reason, Optional<Path> previous) {
    ObjectNode p = payload("session_start").put("reason", reason.wire());
    putPath(p, "previousSessionFile", previous);
    watch("session_start", p);
  }

  void shutdown(SessionHooks.Reason reason, Optional<Path> target) {
    ObjectNode p = payload("session_shutdown").put("reason", reason.wire());
    putPath(p, "targetSessionFile", target);
    watch("session_shutdown", p);
  }

  void switched(SessionHooks.Reason reason, Optional<Path> previous) {
    ObjectNode p = payload("session_switch").put("reason", reason.wire());
    putPath(p, "previousSessionFile", previous);
    watch("session_switch", p);
  }

  void forked(Optional<Path> previous) {
    ObjectNode p = payload("session_fork");
    putPath(p, "previousSessionFile", previous);
    watch("session_fork", p);
  }

  SessionHooks.BeforeSwitch beforeSwitch(SessionHooks.Reason reason, Optional<Path> target) {
    ObjectNode p = payload("session_before_switch").put("reason", reason.wire());
    putPath(p, "targetSessionFile", target);
    return new SessionHooks.BeforeSwitch(cancelled("session_before_switch", p));
  }

  SessionHooks.BeforeFork beforeFork(String entryId, String position) {
    ObjectNode p = payload("session_before_fork").put("entryId", entryId).put("position", position);
    return new SessionHooks.BeforeFork(cancelled("session_before_fork", p));
  }

  /** Whether a source answered {cancel: true} to an event whose only result is cancelling. */
  private boolean cancelled(String event, ObjectNode payload) {
    for (HookSource source : runner.handling(event)) {
      Optional<JsonNode> answer = runner.ask(source, event, payload);
      if (answer.isEmpty() || HookRunner.nothing(answer.get())) {
        continue;
      }
      if (cancel(source, event, answer.get())) {
        return true;
      }
    }
    return false;
  }

  /** Reads {@code cancel} from an answer; a wrong shape is reported and counts as not cancelling. */
  private boolean cancel(HookSource source, String event, JsonNode a) {
    if (!a.isObject()) {
      runner.wrong(source, event, "a " + kind(a) + " instead of an object such as {cancel: true}");
      return false;
    }
    if (a.has("cancel") && !a.get("cancel").isBoolean()) {
      runner.wrong(source, event, "a cancel that is not a boolean");
      return false;
    }
    return a.path("cancel").asBoolean(false);
  }

  // ------------------------------------------------------------------ compaction

  SessionHooks.BeforeCompact beforeCompact(CompactionPreparation prep, List<SessionEntry> branch, Optional<String> instructions) {
    String event = "session_before_compact";
    List<HookSource> sources = runner.handling(event);
    if (sources.isEmpty()) {
      return new SessionHooks.BeforeCompact.Proceed();
    }
    ObjectNode p = payload(event);
    p.set("preparation", preparation(prep));
    ArrayNode entries = p.putArray("branchEntries");
    branch.forEach(e -> entries.add(EntryCodec.encode(e)));
    instructions.ifPresent(i -> p.put("customInstructions", i));
    Set<String> onBranch = new HashSet<>();
    branch.forEach(e -> onBranch.add(e.id()));
    SessionHooks.BeforeCompact result = new SessionHooks.BeforeCompact.Proceed();
    for (HookSource source : sources) {
      Optional<JsonNode> answer = runner.ask(source, event, p);
      if (answer.isEmpty() || HookRunner.nothing(answer.get())) {
        continue;
      }
      JsonNode a = answer.get();
      if (cancel(source, event, a)) {
        return new SessionHooks.BeforeCompact.Cancel();
      }
      if (a.isObject() && a.has("compaction") && !a.get("compaction").isNull()) {
        Optional<SessionHooks.BeforeCompact.Supply> supplied = supplied(source, a.get("compaction"), onBranch);
        if (supplied.isPresent()) {
          result = supplied.get();
        }
      }
    }
    return result;
  }

  private Optional<SessionHooks.BeforeCompact.Supply> supplied(HookSource source, JsonNode c, Set<String> onBranch) {
    String event = "session_before_compact";
    if (!c.isObject()) {
      runner.wrong(source, event, "a compaction that is a " + kind(c) + ", not {summary, firstKeptEntryId, tokensBefore, details?}");
      return Optional.empty();
    }
    if (!c.path("summary").isTextual() || c.get("summary").textValue().isBlank()) {
      runner.wrong(source, event, "a compaction without a non-empty string summary");
      return Optional.empty();
    }
    if (!c.path("firstKeptEntryId").isTextual()) {
      runner.wrong(source, event, "a compaction without a string firstKeptEntryId");
      return Optional.empty();
    }
    String firstKept = c.get("firstKeptEntryId").textValue();
    if (!onBranch.contains(firstKept)) {
      runner.wrong(source, event, "a compaction whose firstKeptEntryId \"" + firstKept + "\" is not an entry of the current branch");
      return Optional.empty();
    }
    JsonNode tokens = c.path("tokensBefore");
    boolean whole = tokens.isIntegralNumber() || tokens.isNumber() && tokens.asDouble() == Math.rint(tokens.asDouble());
    if (!whole || tokens.asLong() < 0) {
      runner.wrong(source, event, "a compaction whose tokensBefore is not a whole number of 0 or more");
      return Optional.empty();
    }
    Optional<JsonNode> details = c.has("details") && !c.get("details").isNull() ? Optional.of(c.get("details")) : Optional.empty();
    return Optional.of(new SessionHooks.BeforeCompact.Supply(c.get("summary").textValue(), firstKept, tokens.asLong(), details));
  }

  static ObjectNode preparation(CompactionPreparation prep) {
    ObjectNode o = Json.object().put("firstKeptEntryId", prep.firstKeptEntryId());
    o.set("messagesToSummarize", messages(prep.messagesToSummarize()));
    o.set("turnPrefixMessages", messages(prep.turnPrefixMessages()));
    o.put("isSplitTurn", prep.isSplitTurn());
    o.put("tokensBefore", prep.tokensBefore());
    prep.previousSummary().ifPresent(s -> o.put("previousSummary", s));
    ObjectNode files = o.putObject("fileOps");
    prep.fileOps().read().forEach(files.putArray("read")::add);
    prep.fileOps().written().forEach(files.putArray("written")::add);
    prep.fileOps().edited().forEach(files.putArray("edited")::add);
    o.putObject("settings").put("enabled", prep.settings().enabled()).put("reserveTokens", prep.settings().reserveTokens())
        .put("keepRecentTokens", prep.settings().keepRecentTokens());
    return o;
  }

  private static ArrayNode messages(List<AgentMessage> messages) {
    ArrayNode list = Json.NODES.arrayNode();
    messages.forEach(m -> list.add(MessageCodec.encode(m)));
    return list;
  }

  void compacted(SessionEntry.Compaction entry, boolean fromHook) {
    ObjectNode p = payload("session_compact");
    p.set("compactionEntry", EntryCodec.encode(entry));
    p.put("fromExtension", fromHook);
    watch("session_compact", p);
  }

  // ------------------------------------------------------------------ tree

  SessionHooks.BeforeTree beforeTree(TreePreparation prep) {
    String event = "session_before_tree";
    List<HookSource> sources = runner.handling(event);
    if (sources.isEmpty()) {
      return SessionHooks.BeforeTree.PROCEED;
    }
    ObjectNode p = payload(event);
    ObjectNode o = p.putObject("preparation").put("targetId", prep.targetId());
    putId(o, "oldLeafId", prep.oldLeafId());
    putId(o, "commonAncestorId", prep.commonAncestorId());
    ArrayNode entries = o.putArray("entriesToSummarize");
    prep.entriesToSummarize().forEach(e -> entries.add(EntryCodec.encode(e)));
    o.put("userWantsSummary", prep.userWantsSummary());
    prep.customInstructions().ifPresent(i -> o.put("customInstructions", i));
    o.put("replaceInstructions", prep.replaceInstructions());
    prep.label().ifPresent(l -> o.put("label", l));
    SessionHooks.BeforeTree.Proceed result = SessionHooks.BeforeTree.PROCEED;
    for (HookSource source : sources) {
      Optional<JsonNode> answer = runner.ask(source, event, p);
      if (answer.isEmpty() || HookRunner.nothing(answer.get())) {
        continue;
      }
      JsonNode a = answer.get();
      if (cancel(source, event, a)) {
        return new SessionHooks.BeforeTree.Cancel();
      }
      if (a.isObject()) {
        result = treeAnswer(source, a, result);
      }
    }
    return result;
  }

  /**
   * {@code a.field} when the answer has it and {@code ok} accepts it; when it has it otherwise,
   * the wrong answer is reported and {@code earlier} kept.
   */
  private <T> Optional<T> field(HookSource source, String event, JsonNode a, String field, Predicate<JsonNode> ok,
      Function<JsonNode, T> value, String expected, Optional<T> earlier) {
    if (!a.has(field)) {
      return earlier;
    }
    if (ok.test(a.get(field))) {
      return Optional.of(value.apply(a.get(field)));
    }
    runner.wrong(source, event, "a " + field + " that is not " + expected);
    return earlier;
  }

  /** {@code earlier} with the valid parts of {@code a} in place of its own. */
  private SessionHooks.BeforeTree.Proceed treeAnswer(HookSource source, JsonNode a, SessionHooks.BeforeTree.Proceed earlier) {
    String event = "session_before_tree";
    Optional<SessionHooks.SuppliedSummary> summary = earlier.summary();
    JsonNode s = a.path("summary");
    if (!s.isMissingNode() && !s.isNull()) {
      if (s.isObject() && s.path("summary").isTextual() && !s.get("summary").textValue().isBlank()) {
        Optional<JsonNode> details = s.has("details") && !s.get("details").isNull() ? Optional.of(s.get("details")) : Optional.empty();
        summary = Optional.of(new SessionHooks.SuppliedSummary(s.get("summary").textValue(), details));
      } else {
        runner.wrong(source, event, "a summary that is not {summary: non-empty string, details?}");
      }
    }
    return new SessionHooks.BeforeTree.Proceed(summary,
        field(source, event, a, "customInstructions", JsonNode::isTextual, JsonNode::textValue, "a string",
            earlier.customInstructions()),
        field(source, event, a, "replaceInstructions", JsonNode::isBoolean, JsonNode::booleanValue, "a boolean",
            earlier.replaceInstructions()),
        field(source, event, a, "label", JsonNode::isTextual, JsonNode::textValue, "a string", earlier.label()));
  }

  void tree(Optional<String> newLeaf, Optional<String> oldLeaf, Optional<SessionEntry.BranchSummary> summary,
      Optional<Boolean> fromHook) {
    ObjectNode p = payload("session_tree");
    putId(p, "newLeafId", newLeaf);
    putId(p, "oldLeafId", oldLeaf);
    summary.ifPresent(e -> p.set("summaryEntry", EntryCodec.encode(e)));
    fromHook.ifPresent(f -> p.put("fromExtension", f));
    watch("session_tree", p);
  }

  // ------------------------------------------------------------------ model

  void modelSelect(Model model, Optional<Model> previous, String source) {
    ObjectNode p = payload("model_select");
    p.set("model", model(model));
    previous.ifPresent(m -> p.set("previousModel", model(m)));
    p.put("source", source);
    watch("model_select", p);
  }

  /** A model as scripts see it (the reference's Model fields that graft has). */
  static ObjectNode model(Model m) {
    ObjectNode o = Json.object().put("id", m.id()).put("name", m.name()).put("provider", m.provider())
        .put("api", m.api().toString().toLowerCase(Locale.ROOT).replace('_', '-')).put("baseUrl", m.baseUrl())
        .put("reasoning", m.reasoning()).put("contextWindow", m.contextWindow()).put("maxTokens", m.maxTokens());
    ArrayNode input = o.putArray("input").add("text");
    if (m.images()) {
      input.add("image");
    }
    return o;
  }
}
