package dev.graft.runtime.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.compaction.CompactionPreparation;
import dev.graft.runtime.compaction.TreePreparation;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.llm.Model;
import dev.graft.runtime.llm.ThinkingLevel;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.MessageCodec;
import dev.graft.runtime.session.EntryCodec;
import dev.graft.runtime.session.SessionEntry;
import dev.graft.runtime.session.SessionPath;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The session-level hook points ({@link SessionHooks}), one {@link HookPoint} each: their payloads,
 * with the reference's field names, and the checks on what the {@code session_before_*} handlers
 * answer. Across scripts the later answer wins, and a cancel stops at once, as in the reference.
 */
final class SessionHookPoints {
  private SessionHookPoints() {}

  /** A point that only tells the scripts: nothing they answer counts. */
  static final class Watch<I> extends HookPoint<I, Void> {
    private final BiConsumer<ObjectNode, I> fill;

    Watch(String event, BiConsumer<ObjectNode, I> fill) {
      super(event);
      this.fill = fill;
    }

    @Override
    Void initial(I input) {
      return null;
    }

    @Override
    void fill(ObjectNode payload, I input) {
      fill.accept(payload, input);
    }

    /** Nothing a handler answers counts, so it is not read at all. */
    @Override
    public boolean answersRead() {
      return false;
    }
  }

  /** A session change and the file on the other side of it, if any. */
  record Change(SessionHooks.Reason reason, Optional<Path> file) {}

  static final Watch<Change> START =
      new Watch<>(
          "session_start",
          (p, c) -> {
            p.put("reason", c.reason().wire());
            putPath(p, "previousSessionFile", c.file());
          });

  static final Watch<Change> SHUTDOWN =
      new Watch<>(
          "session_shutdown",
          (p, c) -> {
            p.put("reason", c.reason().wire());
            putPath(p, "targetSessionFile", c.file());
          });

  static final Watch<Change> SWITCH =
      new Watch<>(
          "session_switch",
          (p, c) -> {
            p.put("reason", c.reason().wire());
            putPath(p, "previousSessionFile", c.file());
          });

  static final Watch<Optional<Path>> FORK =
      new Watch<>("session_fork", (p, previous) -> putPath(p, "previousSessionFile", previous));

  /** A compaction entry just appended, and whether a script wrote it. */
  record Compacted(SessionEntry.Compaction entry, boolean fromHook) {}

  static final Watch<Compacted> COMPACT =
      new Watch<>(
          "session_compact",
          (p, c) -> {
            p.set("compactionEntry", EntryCodec.encode(c.entry()));
            p.put("fromExtension", c.fromHook());
          });

  /** Where a tree move ended. */
  record Moved(
      Optional<String> newLeaf,
      Optional<String> oldLeaf,
      Optional<SessionEntry.BranchSummary> summary,
      Optional<Boolean> fromHook) {}

  static final Watch<Moved> TREE =
      new Watch<>(
          "session_tree",
          (p, m) -> {
            putId(p, "newLeafId", m.newLeaf());
            putId(p, "oldLeafId", m.oldLeaf());
            m.summary().ifPresent(e -> p.set("summaryEntry", EntryCodec.encode(e)));
            m.fromHook().ifPresent(f -> p.put("fromExtension", f));
          });

  /** A model switch and what caused it. */
  record Selected(Model model, Optional<Model> previous, String source) {}

  static final Watch<Selected> MODEL_SELECT =
      new Watch<>(
          "model_select",
          (p, s) -> {
            p.set("model", model(s.model()));
            s.previous().ifPresent(m -> p.set("previousModel", model(m)));
            p.put("source", s.source());
          });

  record LevelSelected(ThinkingLevel level, ThinkingLevel previous) {}

  static final Watch<LevelSelected> THINKING_LEVEL_SELECT =
      new Watch<>(
          "thinking_level_select",
          (p, s) -> {
            p.put("level", s.level().wire());
            p.put("previousLevel", s.previous().wire());
          });

  // ------------------------------------------------------------------ cancelling

  /**
   * A {@code session_before_*} point whose only result is cancelling: true once a script answers
   * {cancel: true}.
   */
  static final class Cancel<I> extends HookPoint<I, Boolean> {
    private final BiConsumer<ObjectNode, I> fill;

    Cancel(String event, BiConsumer<ObjectNode, I> fill) {
      super(event);
      this.fill = fill;
    }

    @Override
    Boolean initial(I input) {
      return false;
    }

    @Override
    void fill(ObjectNode payload, I input) {
      fill.accept(payload, input);
    }

    @Override
    Step<Boolean> read(I input, Boolean result, JsonNode answer, Wrong wrong) {
      return cancel(answer, wrong) ? new Step.Stop<>(true) : new Step.Next<>(result);
    }

    @Override
    public Next nextHandler(JsonNode seen, JsonNode answer) {
      return stopsOnCancel(seen, answer);
    }
  }

  /**
   * A {@code session_before_*} handler that cancels ends the script's handlers, as in the
   * reference.
   */
  static HandlerRules.Next stopsOnCancel(JsonNode seen, JsonNode answer) {
    return answer.path("cancel").asBoolean(false)
        ? new HandlerRules.Next.Stop()
        : new HandlerRules.Next.Payload(seen);
  }

  static final Cancel<Change> BEFORE_SWITCH =
      new Cancel<>(
          "session_before_switch",
          (p, c) -> {
            p.put("reason", c.reason().wire());
            putPath(p, "targetSessionFile", c.file());
          });

  /** The entry a fork starts from, and whether the fork goes to just before it or keeps it. */
  record ForkAt(String entryId, String position) {}

  static final Cancel<ForkAt> BEFORE_FORK =
      new Cancel<>(
          "session_before_fork",
          (p, f) -> p.put("entryId", f.entryId()).put("position", f.position()));

  /**
   * Reads {@code cancel} from an answer; a wrong shape is reported and counts as not cancelling.
   */
  static boolean cancel(JsonNode a, HookPoint.Wrong wrong) {
    if (!a.isObject()) {
      wrong.report("a " + kind(a) + " instead of an object such as {cancel: true}");
      return false;
    }
    if (a.has("cancel") && !a.get("cancel").isBoolean()) {
      wrong.report("a cancel that is not a boolean");
      return false;
    }
    return a.path("cancel").asBoolean(false);
  }

  // ------------------------------------------------------------------ compaction

  /** What a compaction is about to do, on which branch, with which /compact instructions. */
  record CompactionAhead(
      CompactionPreparation preparation,
      List<SessionEntry> branch,
      Optional<String> instructions,
      Set<String> onBranch) {
    CompactionAhead(
        CompactionPreparation preparation,
        List<SessionEntry> branch,
        Optional<String> instructions) {
      this(preparation, branch, instructions, ids(branch));
    }

    private static Set<String> ids(List<SessionEntry> branch) {
      Set<String> ids = new HashSet<>();
      for (int i = 0; i < branch.size(); i++) {
        ids.add(SessionPath.idAt(branch, i)); // a session's path gives them without reading
      }
      return ids;
    }
  }

  /** {@code session_before_compact}: cancel, or supply the compaction (the last valid one wins). */
  static final HookPoint<CompactionAhead, SessionHooks.BeforeCompact> BEFORE_COMPACT =
      new HookPoint<>("session_before_compact") {
        @Override
        SessionHooks.BeforeCompact initial(CompactionAhead input) {
          return new SessionHooks.BeforeCompact.Proceed();
        }

        @Override
        void fill(ObjectNode p, CompactionAhead c) {
          p.set("preparation", preparation(c.preparation()));
          ArrayNode entries = p.putArray("branchEntries");
          c.branch().forEach(e -> entries.add(EntryCodec.encode(e)));
          c.instructions().ifPresent(i -> p.put("customInstructions", i));
        }

        @Override
        Step<SessionHooks.BeforeCompact> read(
            CompactionAhead input, SessionHooks.BeforeCompact result, JsonNode a, Wrong wrong) {
          if (cancel(a, wrong)) {
            return new Step.Stop<>(new SessionHooks.BeforeCompact.Cancel());
          }
          if (a.isObject() && a.has("compaction") && !a.get("compaction").isNull()) {
            Optional<SessionHooks.BeforeCompact.Supply> supplied =
                supplied(a.get("compaction"), input.onBranch(), wrong);
            if (supplied.isPresent()) {
              return new Step.Next<>(supplied.get());
            }
          }
          return new Step.Next<>(result);
        }

        @Override
        public Next nextHandler(JsonNode seen, JsonNode answer) {
          return stopsOnCancel(seen, answer);
        }
      };

  private static Optional<SessionHooks.BeforeCompact.Supply> supplied(
      JsonNode c, Set<String> onBranch, HookPoint.Wrong wrong) {
    if (!c.isObject()) {
      wrong.report(
          "a compaction that is a "
              + kind(c)
              + ", not {summary, firstKeptEntryId, tokensBefore, details?}");
      return Optional.empty();
    }
    if (!c.path("summary").isTextual() || c.get("summary").textValue().isBlank()) {
      wrong.report("a compaction without a non-empty string summary");
      return Optional.empty();
    }
    if (!c.path("firstKeptEntryId").isTextual()) {
      wrong.report("a compaction without a string firstKeptEntryId");
      return Optional.empty();
    }
    String firstKept = c.get("firstKeptEntryId").textValue();
    // "" keeps nothing, as the preparation says when the branch ends in a message too large to keep
    if (!firstKept.equals(SessionEntry.Compaction.NOTHING_KEPT) && !onBranch.contains(firstKept)) {
      wrong.report(
          "a compaction whose firstKeptEntryId \""
              + firstKept
              + "\" is not an entry of the current branch");
      return Optional.empty();
    }
    JsonNode tokens = c.path("tokensBefore");
    boolean whole =
        tokens.isIntegralNumber()
            || tokens.isNumber() && tokens.asDouble() == Math.rint(tokens.asDouble());
    if (!whole || tokens.asLong() < 0) {
      wrong.report("a compaction whose tokensBefore is not a whole number of 0 or more");
      return Optional.empty();
    }
    Optional<JsonNode> details =
        c.has("details") && !c.get("details").isNull()
            ? Optional.of(c.get("details"))
            : Optional.empty();
    return Optional.of(
        new SessionHooks.BeforeCompact.Supply(
            c.get("summary").textValue(), firstKept, tokens.asLong(), details));
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
    o.putObject("settings")
        .put("enabled", prep.settings().enabled())
        .put("reserveTokens", prep.settings().reserveTokens())
        .put("keepRecentTokens", prep.settings().keepRecentTokens());
    return o;
  }

  private static ArrayNode messages(List<AgentMessage> messages) {
    ArrayNode list = Json.NODES.arrayNode();
    messages.forEach(m -> list.add(MessageCodec.encode(m)));
    return list;
  }

  // ------------------------------------------------------------------ tree

  /**
   * {@code session_before_tree}: cancel, or change the summary, instructions and label (later
   * fields win).
   */
  static final HookPoint<TreePreparation, SessionHooks.BeforeTree> BEFORE_TREE =
      new HookPoint<>("session_before_tree") {
        @Override
        SessionHooks.BeforeTree initial(TreePreparation input) {
          return SessionHooks.BeforeTree.PROCEED;
        }

        @Override
        void fill(ObjectNode p, TreePreparation prep) {
          ObjectNode o = p.putObject("preparation").put("targetId", prep.targetId());
          putId(o, "oldLeafId", prep.oldLeafId());
          putId(o, "commonAncestorId", prep.commonAncestorId());
          ArrayNode entries = o.putArray("entriesToSummarize");
          prep.entriesToSummarize().forEach(e -> entries.add(EntryCodec.encode(e)));
          o.put("userWantsSummary", prep.userWantsSummary());
          prep.customInstructions().ifPresent(i -> o.put("customInstructions", i));
          o.put("replaceInstructions", prep.replaceInstructions());
          prep.label().ifPresent(l -> o.put("label", l));
        }

        @Override
        Step<SessionHooks.BeforeTree> read(
            TreePreparation input, SessionHooks.BeforeTree result, JsonNode a, Wrong wrong) {
          if (cancel(a, wrong)) {
            return new Step.Stop<>(new SessionHooks.BeforeTree.Cancel());
          }
          if (a.isObject() && result instanceof SessionHooks.BeforeTree.Proceed earlier) {
            return new Step.Next<>(treeAnswer(a, earlier, wrong));
          }
          return new Step.Next<>(result);
        }

        @Override
        public Next nextHandler(JsonNode seen, JsonNode answer) {
          return stopsOnCancel(seen, answer);
        }
      };

  /**
   * {@code a.field} when the answer has it and {@code ok} accepts it; when it has it otherwise, the
   * wrong answer is reported and {@code earlier} kept.
   */
  private static <T> Optional<T> field(
      JsonNode a,
      String field,
      Predicate<JsonNode> ok,
      Function<JsonNode, T> value,
      String expected,
      Optional<T> earlier,
      HookPoint.Wrong wrong) {
    if (!a.has(field)) {
      return earlier;
    }
    if (ok.test(a.get(field))) {
      return Optional.of(value.apply(a.get(field)));
    }
    wrong.report("a " + field + " that is not " + expected);
    return earlier;
  }

  /** {@code earlier} with the valid parts of {@code a} in place of its own. */
  private static SessionHooks.BeforeTree.Proceed treeAnswer(
      JsonNode a, SessionHooks.BeforeTree.Proceed earlier, HookPoint.Wrong wrong) {
    Optional<SessionHooks.SuppliedSummary> summary = earlier.summary();
    JsonNode s = a.path("summary");
    if (!s.isMissingNode() && !s.isNull()) {
      if (s.isObject()
          && s.path("summary").isTextual()
          && !s.get("summary").textValue().isBlank()) {
        Optional<JsonNode> details =
            s.has("details") && !s.get("details").isNull()
                ? Optional.of(s.get("details"))
                : Optional.empty();
        summary =
            Optional.of(new SessionHooks.SuppliedSummary(s.get("summary").textValue(), details));
      } else {
        wrong.report("a summary that is not {summary: non-empty string, details?}");
      }
    }
    return new SessionHooks.BeforeTree.Proceed(
        summary,
        field(
            a,
            "customInstructions",
            JsonNode::isTextual,
            JsonNode::textValue,
            "a string",
            earlier.customInstructions(),
            wrong),
        field(
            a,
            "replaceInstructions",
            JsonNode::isBoolean,
            JsonNode::booleanValue,
            "a boolean",
            earlier.replaceInstructions(),
            wrong),
        field(
            a,
            "label",
            JsonNode::isTextual,
            JsonNode::textValue,
            "a string",
            earlier.label(),
            wrong));
  }

  // ------------------------------------------------------------------ payload parts

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

  /**
   * A model as scripts see it (the reference's Model fields that graft has), without its base URL
   * or headers: where a provider lives, and what a URL or header may embed, is not a script's.
   */
  static ObjectNode model(Model m) {
    ObjectNode o =
        Json.object()
            .put("id", m.id())
            .put("name", m.name())
            .put("provider", m.provider())
            .put("api", m.api().wire())
            .put("reasoning", m.reasoning())
            .put("contextWindow", m.contextWindow())
            .put("maxTokens", m.maxTokens());
    ArrayNode input = o.putArray("input").add("text");
    if (m.images()) {
      input.add("image");
    }
    return o;
  }
}
