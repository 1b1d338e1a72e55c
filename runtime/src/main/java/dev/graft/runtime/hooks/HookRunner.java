package dev.graft.runtime.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.agent.AgentEvent;
import dev.graft.runtime.agent.AgentEvents;
import dev.graft.runtime.compaction.CompactionPreparation;
import dev.graft.runtime.compaction.TreePreparation;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.llm.Model;
import dev.graft.runtime.message.MessageCodec;
import dev.graft.runtime.message.MessageContent;
import dev.graft.runtime.session.SessionEntry;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Runs hook sources (scripts) at the agent's hook points, in load order. Each event's answer is
 * checked against that event's result type; a wrong answer is reported, naming the source, the
 * event and the field, and ignored. Events that transform something chain: each source sees
 * what the previous ones made of it. Failure policy: a failing handler is reported and the agent
 * goes on as if it had answered nothing, except for {@code tool_call}, which fails closed (the
 * tool call is blocked with the failure as its result).
 */
public final class HookRunner implements AgentHooks {
  private final List<HookSource> sources;
  private final Consumer<Problem> problems;
  private final SessionEvents session = new SessionEvents(this);

  /**
   * A problem with what {@code source} did for {@code event} (it failed, or answered wrongly);
   * {@code text} is the whole line to show, naming both.
   */
  public record Problem(String source, String event, String text) {}

  /** {@code report} receives one line per problem, for the mode to show. */
  public HookRunner(List<HookSource> sources, Consumer<String> report) {
    this(problem -> report.accept(problem.text()), sources);
  }

  private HookRunner(Consumer<Problem> problems, List<HookSource> sources) {
    this.sources = List.copyOf(sources);
    this.problems = problems;
  }

  /** A runner that reports each problem with its source and event (RPC's extension_error). */
  public static HookRunner reporting(List<HookSource> sources, Consumer<Problem> problems) {
    return new HookRunner(problems, sources);
  }

  List<HookSource> handling(String event) {
    return sources.stream().filter(s -> s.events().contains(event)).toList();
  }

  /** Handles {@code event} in one source; an empty answer for a failure (already reported). */
  Optional<JsonNode> ask(HookSource source, String event, JsonNode payload) {
    HookSource.Outcome outcome;
    try {
      outcome = source.handle(event, payload);
    } catch (RuntimeException e) {
      outcome = new HookSource.Outcome.Failure(source.name() + ": " + event + " handler failed: " + e.getMessage());
    }
    return switch (outcome) {
      case HookSource.Outcome.Answer a -> Optional.of(a.value());
      case HookSource.Outcome.Failure f -> {
        problems.accept(new Problem(source.name(), event, f.message()));
        yield Optional.empty();
      }
    };
  }

  void wrong(HookSource source, String event, String what) {
    problems.accept(new Problem(source.name(), event, source.name() + ": " + event + " handler returned " + what + "; ignored"));
  }

  /** A wrong tool_call answer: not ignored, the call is blocked (fail closed). */
  private ToolCallDecision.Block blocked(HookSource source, String what, String why) {
    problems.accept(new Problem(source.name(), "tool_call",
        source.name() + ": tool_call handler returned " + what + "; the tool call is blocked"));
    return new ToolCallDecision.Block("Blocked: the tool_call hook in " + source.name() + " returned " + why);
  }

  /** What kind of JSON value {@code value} is, for a report ("a string", "an array"...). */
  static String kind(JsonNode value) {
    String k = value.getNodeType().toString().toLowerCase(java.util.Locale.ROOT);
    return ("aeiou".indexOf(k.charAt(0)) >= 0 ? "an " : "a ") + k;
  }

  static boolean nothing(JsonNode value) {
    return value == null || value.isMissingNode() || value.isNull();
  }

  // ------------------------------------------------------------------ input

  @Override
  public InputResult input(String text) {
    String current = text;
    boolean transformed = false;
    for (HookSource source : handling("input")) {
      ObjectNode payload = Json.object().put("type", "input").put("text", current).put("source", "interactive");
      Optional<JsonNode> answer = ask(source, "input", payload);
      if (answer.isEmpty() || nothing(answer.get())) {
        continue;
      }
      JsonNode a = answer.get();
      if (!a.isObject()) {
        wrong(source, "input", kind(a) + " instead of {action: \"continue\", \"transform\" or \"handled\", text?}");
        continue;
      }
      switch (a.path("action").asText("")) {
        case "continue" -> {}
        case "handled" -> {
          return new InputResult.Handled();
        }
        case "transform" -> {
          if (a.path("text").isTextual()) {
            current = a.get("text").textValue();
            transformed = true;
          } else {
            wrong(source, "input", "{action: \"transform\"} without a string field text");
          }
        }
        default -> wrong(source, "input", "an object without action \"continue\", \"transform\" or \"handled\"");
      }
    }
    return transformed ? new InputResult.Transform(current) : new InputResult.Continue();
  }

  // ------------------------------------------------------------------ before_agent_start

  @Override
  public BeforeAgentStart beforeAgentStart(String prompt, String systemPrompt) {
    String current = systemPrompt;
    boolean replaced = false;
    Optional<InjectedMessage> message = Optional.empty();
    for (HookSource source : handling("before_agent_start")) {
      ObjectNode payload = Json.object().put("type", "before_agent_start").put("prompt", prompt).put("systemPrompt", current);
      Optional<JsonNode> answer = ask(source, "before_agent_start", payload);
      if (answer.isEmpty() || nothing(answer.get())) {
        continue;
      }
      JsonNode a = answer.get();
      if (!a.isObject()) {
        wrong(source, "before_agent_start", kind(a) + " instead of {message?, systemPrompt?}");
        continue;
      }
      if (a.has("systemPrompt")) {
        if (a.get("systemPrompt").isTextual()) {
          current = a.get("systemPrompt").textValue();
          replaced = true;
        } else {
          wrong(source, "before_agent_start", "a systemPrompt that is not a string");
        }
      }
      if (a.has("message") && !nothing(a.get("message"))) {
        Optional<InjectedMessage> m = injected(a.get("message"));
        if (m.isEmpty()) {
          wrong(source, "before_agent_start", "a message without a string customType and a string or block-array content");
        } else if (message.isPresent()) {
          wrong(source, "before_agent_start", "a second message (one per prompt; the first one stands)");
        } else {
          message = m;
        }
      }
    }
    return new BeforeAgentStart(message, replaced ? Optional.of(current) : Optional.empty());
  }

  /** A hook message: {customType, content (string or blocks), display?, details?}. */
  public static Optional<InjectedMessage> injected(JsonNode m) {
    if (!m.path("customType").isTextual() || !m.has("content")) {
      return Optional.empty();
    }
    ObjectNode probe = Json.object().put("role", "custom").put("customType", m.get("customType").textValue());
    probe.set("content", m.get("content"));
    probe.put("display", !m.has("display") || m.get("display").asBoolean(true));
    probe.put("timestamp", 0);
    if (MessageCodec.decode(probe) instanceof AgentMessage.Custom c) {
      Optional<JsonNode> details = m.has("details") && !m.get("details").isNull() ? Optional.of(m.get("details")) : Optional.empty();
      return Optional.of(new InjectedMessage(c.customType(), c.content(), c.display(), details));
    }
    return Optional.empty();
  }

  // ------------------------------------------------------------------ context

  @Override
  public List<AgentMessage> context(List<AgentMessage> messages) {
    return requestContext(messages).messages();
  }

  /**
   * The context chain, with a {@link ReminderSink} for this call: the reminders appended are
   * kept only if every hook continued (none failed or answered wrongly); otherwise they are
   * dropped, and that is reported.
   */
  @Override
  public RequestContext requestContext(List<AgentMessage> messages) {
    List<AgentMessage> current = messages;
    ReminderSink sink = new ReminderSink();
    Optional<String> stopped = Optional.empty();
    MessageTrees trees = new MessageTrees(lastTrees);
    for (HookSource source : handling("context")) {
      ObjectNode payload = Json.object().put("type", "context");
      ArrayNode list = payload.putArray("messages");
      current.forEach(m -> list.add(trees.tree(m)));
      Optional<JsonNode> answer = askContext(source, payload, sink);
      if (answer.isEmpty()) {
        stopped = stopped.or(() -> Optional.of(source.name()));
        continue;
      }
      if (nothing(answer.get())) {
        continue;
      }
      JsonNode a = answer.get();
      if (!a.path("messages").isArray()) {
        wrong(source, "context", "something other than {messages: [...]}");
        stopped = stopped.or(() -> Optional.of(source.name()));
        continue;
      }
      List<AgentMessage> next = new ArrayList<>();
      int i = 0;
      boolean ok = true;
      for (JsonNode m : a.get("messages")) {
        AgentMessage decoded = trees.message(m);
        if (decoded instanceof AgentMessage.Unknown u) {
          wrong(source, "context", "messages[" + i + "] with role '" + u.role() + "' and fields that are not a message");
          ok = false;
          break;
        }
        next.add(decoded);
        i++;
      }
      if (ok) {
        current = next;
      } else {
        stopped = stopped.or(() -> Optional.of(source.name()));
      }
    }
    trees.before = null; // only one call back
    lastTrees = trees;
    List<ReminderSink.Reminder> appended = sink.close();
    if (appended.isEmpty()) {
      return new RequestContext(current, List.of());
    }
    if (stopped.isPresent()) {
      String who = stopped.get();
      problems.accept(new Problem(who, "context", appended.size() + (appended.size() == 1 ? " reminder" : " reminders")
          + " not added: the context hook of " + who + " did not continue"));
      return new RequestContext(current, List.of());
    }
    List<InjectedMessage> reminders = appended.stream().map(r -> new InjectedMessage(r.customType(),
        MessageContent.of(r.text()), true, Optional.<JsonNode>of(Json.object().put("source", r.source())))).toList();
    return new RequestContext(current, reminders);
  }

  /**
   * The messages of one context call as JSON trees, each made once: a message the previous call
   * handed over (the same object: the session keeps its entries) gets the same tree again, and a
   * tree a source answered with that is one it was handed maps back to its message without
   * decoding. So a source that keeps the trees it saw (the scripting bridge does) can tell by
   * identity which messages are unchanged, and only new or changed ones are converted. The trees
   * are never modified. Kept for one call: the messages of the call before are what the next
   * call looks up.
   */
  private static final class MessageTrees {
    private final Map<AgentMessage, ObjectNode> trees = new IdentityHashMap<>();
    private final Map<JsonNode, AgentMessage> messages = new IdentityHashMap<>();
    private MessageTrees before;

    MessageTrees(MessageTrees before) {
      this.before = before;
    }

    ObjectNode tree(AgentMessage m) {
      ObjectNode tree = trees.get(m);
      if (tree == null) {
        tree = before == null ? null : before.trees.get(m);
        if (tree == null) {
          tree = MessageCodec.encode(m);
        }
        trees.put(m, tree);
        messages.put(tree, m);
      }
      return tree;
    }

    /** The message of a tree in an answer: the one it was made from, or decoded (a new or changed message). */
    AgentMessage message(JsonNode tree) {
      AgentMessage known = messages.get(tree);
      if (known != null) {
        return known;
      }
      AgentMessage decoded = MessageCodec.decode(tree);
      if (!(decoded instanceof AgentMessage.Unknown)) {
        // The next source is handed this message's own encoding, as before, made once.
        tree(decoded);
      }
      return decoded;
    }
  }

  /** The previous context call's trees; a call that runs alongside another only misses some. */
  private volatile MessageTrees lastTrees;

  /** As {@link #ask}, for the context event with the call's reminder sink. */
  private Optional<JsonNode> askContext(HookSource source, JsonNode payload, ReminderSink sink) {
    HookSource.Outcome outcome;
    try {
      outcome = source.handleContext(payload, sink);
    } catch (RuntimeException e) {
      outcome = new HookSource.Outcome.Failure(source.name() + ": context handler failed: " + e.getMessage());
    }
    return switch (outcome) {
      case HookSource.Outcome.Answer a -> Optional.of(a.value());
      case HookSource.Outcome.Failure f -> {
        problems.accept(new Problem(source.name(), "context", f.message()));
        yield Optional.empty();
      }
    };
  }

  // ------------------------------------------------------------------ tool_call

  @Override
  public ToolCallDecision toolCall(ContentBlock.ToolCall call) {
    ObjectNode input = call.arguments();
    boolean replaced = false;
    for (HookSource source : handling("tool_call")) {
      ObjectNode payload = Json.object().put("type", "tool_call").put("toolCallId", call.id()).put("toolName", call.name());
      payload.set("input", input);
      HookSource.Outcome outcome;
      try {
        outcome = source.handle("tool_call", payload);
      } catch (RuntimeException e) {
        outcome = new HookSource.Outcome.Failure(source.name() + ": tool_call handler failed: " + e.getMessage());
      }
      if (outcome instanceof HookSource.Outcome.Failure f) {
        problems.accept(new Problem(source.name(), "tool_call", f.message() + " (the tool call is blocked)"));
        return new ToolCallDecision.Block("Blocked: the tool_call hook in " + source.name() + " failed: " + f.message());
      }
      JsonNode a = ((HookSource.Outcome.Answer) outcome).value();
      if (nothing(a)) {
        continue;
      }
      if (!a.isObject()) {
        return blocked(source, kind(a) + " instead of {block?, reason?, input?}", "an unusable answer");
      }
      if (a.has("block") && !a.get("block").isBoolean() && !a.get("block").isNull()) {
        // A gate that answers {block: "yes"} meant to block: fail closed rather than guess.
        return blocked(source, "a block that is not a boolean", "an unusable answer");
      }
      if (a.path("block").asBoolean(false)) {
        if (a.has("reason") && !a.get("reason").isTextual() && !a.get("reason").isNull()) {
          problems.accept(new Problem(source.name(), "tool_call",
              source.name() + ": tool_call handler returned a reason that is not a string; the tool call is blocked without it"));
        }
        String reason = a.path("reason").isTextual() ? a.get("reason").textValue() : "Blocked by " + source.name();
        return new ToolCallDecision.Block(reason);
      }
      if (a.has("input")) {
        if (a.get("input") instanceof ObjectNode o) {
          input = o;
          replaced = true;
        } else {
          return blocked(source, "an input that is not an object", "an unusable input");
        }
      }
    }
    return replaced ? new ToolCallDecision.ReplaceInput(input) : new ToolCallDecision.Proceed();
  }

  // ------------------------------------------------------------------ tool_result

  @Override
  public ToolResultPatch toolResult(ContentBlock.ToolCall call, List<ContentBlock> content, Optional<JsonNode> details, boolean isError) {
    List<ContentBlock> c = content;
    Optional<JsonNode> d = details;
    boolean e = isError;
    boolean changed = false;
    for (HookSource source : handling("tool_result")) {
      ObjectNode payload = Json.object().put("type", "tool_result").put("toolCallId", call.id()).put("toolName", call.name());
      payload.set("input", call.arguments());
      payload.set("content", MessageCodec.encodeBlocks(c));
      d.ifPresent(x -> payload.set("details", x));
      payload.put("isError", e);
      Optional<JsonNode> answer = ask(source, "tool_result", payload);
      if (answer.isEmpty() || nothing(answer.get())) {
        continue;
      }
      JsonNode a = answer.get();
      if (!a.isObject()) {
        wrong(source, "tool_result", "something other than {content?, details?, isError?}");
        continue;
      }
      if (a.has("content")) {
        Optional<List<ContentBlock>> blocks = blocks(a.get("content"));
        if (blocks.isEmpty()) {
          wrong(source, "tool_result", "a content that is not an array of text and image blocks");
          continue;
        }
        c = blocks.get();
        changed = true;
      }
      if (a.has("details")) {
        d = a.get("details").isNull() ? Optional.empty() : Optional.of(a.get("details"));
        changed = true;
      }
      if (a.has("isError")) {
        if (a.get("isError").isBoolean()) {
          e = a.get("isError").booleanValue();
          changed = true;
        } else {
          wrong(source, "tool_result", "an isError that is not a boolean");
        }
      }
    }
    return changed ? new ToolResultPatch(Optional.of(c), d, Optional.of(e)) : ToolResultPatch.NONE;
  }

  private static Optional<List<ContentBlock>> blocks(JsonNode content) {
    if (!content.isArray()) {
      return Optional.empty();
    }
    List<ContentBlock> out = new ArrayList<>();
    for (JsonNode b : content) {
      if (!(b instanceof ObjectNode o)) {
        return Optional.empty();
      }
      ContentBlock block = MessageCodec.decodeBlock(o);
      if (!(block instanceof ContentBlock.Text || block instanceof ContentBlock.Image)) {
        return Optional.empty();
      }
      out.add(block);
    }
    return Optional.of(out);
  }

  // ------------------------------------------------------------------ watching

  @Override
  public void observe(AgentEvent event) {
    ObjectNode payload = AgentEvents.toJson(event);
    String name = payload.get("type").asText();
    for (HookSource source : handling(name)) {
      ask(source, name, payload);
    }
  }

  // ------------------------------------------------------------------ session events (SessionEvents)

  @Override
  public void sessionStart(Reason reason, Optional<Path> previousSessionFile) {
    session.start(reason, previousSessionFile);
  }

  @Override
  public void sessionShutdown(Reason reason, Optional<Path> targetSessionFile) {
    session.shutdown(reason, targetSessionFile);
  }

  @Override
  public BeforeSwitch sessionBeforeSwitch(Reason reason, Optional<Path> targetSessionFile) {
    return session.beforeSwitch(reason, targetSessionFile);
  }

  @Override
  public void sessionSwitch(Reason reason, Optional<Path> previousSessionFile) {
    session.switched(reason, previousSessionFile);
  }

  @Override
  public BeforeFork sessionBeforeFork(String entryId, String position) {
    return session.beforeFork(entryId, position);
  }

  @Override
  public void sessionFork(Optional<Path> previousSessionFile) {
    session.forked(previousSessionFile);
  }

  @Override
  public BeforeCompact sessionBeforeCompact(CompactionPreparation preparation, List<SessionEntry> branchEntries,
      Optional<String> customInstructions) {
    return session.beforeCompact(preparation, branchEntries, customInstructions);
  }

  @Override
  public void sessionCompact(SessionEntry.Compaction entry, boolean fromHook) {
    session.compacted(entry, fromHook);
  }

  @Override
  public BeforeTree sessionBeforeTree(TreePreparation preparation) {
    return session.beforeTree(preparation);
  }

  @Override
  public void sessionTree(Optional<String> newLeafId, Optional<String> oldLeafId,
      Optional<SessionEntry.BranchSummary> summaryEntry, Optional<Boolean> fromHook) {
    session.tree(newLeafId, oldLeafId, summaryEntry, fromHook);
  }

  @Override
  public void modelSelect(Model model, Optional<Model> previousModel, String source) {
    session.modelSelect(model, previousModel, source);
  }
}
