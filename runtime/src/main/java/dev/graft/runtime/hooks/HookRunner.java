package dev.graft.runtime.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.compaction.CompactionPreparation;
import dev.graft.runtime.compaction.TreePreparation;
import dev.graft.runtime.events.AgentEvent;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.llm.Model;
import dev.graft.runtime.llm.ThinkingLevel;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.MessageCodec;
import dev.graft.runtime.session.SessionEntry;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Runs hook sources (scripts) at the agent's hook points, in load order, with one loop ({@link
 * #run}) over {@link HookPoint}s: {@link AgentHookPoints}, {@link ContextHookPoint}, {@link
 * SessionHookPoints} and the watched agent events ({@link WatchedPoints}). Each event's answer is
 * checked against that event's result type; a wrong answer is reported, naming the source, the
 * event and the field, and ignored. Events that transform something chain: each source sees what
 * the previous ones made of it. Failure policy: a failing handler is reported and the agent goes on
 * as if it had answered nothing, except for {@code tool_call}, which fails closed (the tool call is
 * blocked with the failure as its result).
 */
public final class HookRunner implements AgentHooks {
  private final List<HookSource> sources;
  private final Consumer<Problem> problems;

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

  /** What kind of JSON value {@code value} is, for a report ("a string", "an array"...). */
  static String kind(JsonNode value) {
    String k = value.getNodeType().toString().toLowerCase(Locale.ROOT);
    return ("aeiou".indexOf(k.charAt(0)) >= 0 ? "an " : "a ") + k;
  }

  static boolean nothing(JsonNode value) {
    return value == null || value.isMissingNode() || value.isNull();
  }

  // ------------------------------------------------------------------ input

  @Override
  public InputResult input(String text, List<ContentBlock> images, InputSource source) {
    return run(AgentHookPoints.INPUT, new AgentHookPoints.Prompt(text, images, source));
  }

  @Override
  public InputResult input(String text, List<ContentBlock> images) {
    return input(text, images, InputSource.INTERACTIVE);
  }

  /** {@link #input(String, List)} for a prompt without images. */
  public InputResult input(String text) {
    return input(text, List.of());
  }

  // ------------------------------------------------------------------ before_agent_start

  @Override
  public BeforeAgentStart beforeAgentStart(String prompt, String systemPrompt) {
    return run(
        AgentHookPoints.BEFORE_AGENT_START,
        new AgentHookPoints.Start(prompt, systemPrompt, Optional.empty()));
  }

  @Override
  public BeforeAgentStart beforeAgentStart(
      String prompt, String systemPrompt, ObjectNode systemPromptOptions) {
    return run(
        AgentHookPoints.BEFORE_AGENT_START,
        new AgentHookPoints.Start(prompt, systemPrompt, Optional.of(systemPromptOptions)));
  }

  /** A hook message: {customType, content (string or blocks), display?, details?}. */
  public static Optional<InjectedMessage> injected(JsonNode m) {
    if (!m.path("customType").isTextual() || !m.has("content")) {
      return Optional.empty();
    }
    ObjectNode probe =
        Json.object().put("role", "custom").put("customType", m.get("customType").textValue());
    probe.set("content", m.get("content"));
    probe.put("display", !m.has("display") || m.get("display").asBoolean(true));
    probe.put("timestamp", 0);
    if (MessageCodec.decode(probe) instanceof AgentMessage.Custom c) {
      Optional<JsonNode> details =
          m.has("details") && !m.get("details").isNull()
              ? Optional.of(m.get("details"))
              : Optional.empty();
      return Optional.of(new InjectedMessage(c.customType(), c.content(), c.display(), details));
    }
    return Optional.empty();
  }

  // ------------------------------------------------------------------ context (ContextHookPoint)

  @Override
  public List<AgentMessage> context(List<AgentMessage> messages) {
    return requestContext(messages).messages();
  }

  /**
   * The context chain, with a {@link ReminderSink} for this call: the reminders appended are kept
   * only if every hook continued (none failed or answered wrongly); otherwise they are dropped, and
   * that is reported.
   */
  @Override
  public RequestContext requestContext(List<AgentMessage> messages) {
    return requestContext(messages, null);
  }

  /**
   * {@link #requestContext(List)} with each message's {@code entryIndex}: its entry's position in
   * {@code branch}, null for a message no entry holds as it is (a summary, a hook's own), worked
   * out again for each handler that changed the messages.
   */
  @Override
  public RequestContext requestContext(
      List<AgentMessage> messages, Supplier<List<SessionEntry>> branch) {
    ContextHookPoint.State state = new ContextHookPoint.State(lastTrees, branch);
    ContextHookPoint.Shaped shaped =
        run(ContextHookPoint.CONTEXT, new ContextHookPoint.Call(messages, state));
    lastTrees = state.trees;
    return new RequestContext(shaped.messages(), shaped.reminders());
  }

  /** The previous context call's trees; a call that runs alongside another only misses some. */
  private volatile ContextHookPoint.MessageTrees lastTrees;

  // ------------------------------------------------------------------ tool_call

  @Override
  public ToolCallDecision toolCall(ContentBlock.ToolCall call) {
    return run(AgentHookPoints.TOOL_CALL, new AgentHookPoints.Call(call, call.arguments()));
  }

  // ------------------------------------------------------------------ tool_result

  @Override
  public ToolResultPatch toolResult(
      ContentBlock.ToolCall call,
      List<ContentBlock> content,
      Optional<JsonNode> details,
      boolean isError) {
    AgentHookPoints.ToolOutcome start =
        new AgentHookPoints.ToolOutcome(call, content, details, isError, false);
    AgentHookPoints.ToolOutcome end = run(AgentHookPoints.TOOL_RESULT, start);
    return end.changed()
        ? new ToolResultPatch(Optional.of(end.content()), end.details(), Optional.of(end.isError()))
        : ToolResultPatch.NONE;
  }

  /** A content answer as text and image blocks; empty when it is anything else. */
  static Optional<List<ContentBlock>> blocks(JsonNode content) {
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

  // ------------------------------------------------------------------ watching (WatchedPoints)

  @Override
  public void observe(AgentEvent event) {
    run(WatchedPoints.of(event), event);
  }

  // ------------------------------------------------------------------ the generic loop

  /**
   * Asks the scripts that handle {@code point}'s event, in load order, and reads each answer into
   * the point's result: nothing and failures (reported) leave it as it was, a wrong answer is
   * reported naming the script, the event and what was wrong, and a stop ends the asking. The
   * payload is built only when a script is to be asked, and again only when what the next script is
   * asked about changed; the point has the last word ({@link HookPoint#end}).
   */
  <I, R> R run(HookPoint<I, R> point, I input) {
    R result = point.initial(input);
    List<HookSource> sources = handling(point.event());
    if (sources.isEmpty()) {
      return point.end(input, result, problems);
    }
    String event = point.event();
    I current = input;
    ObjectNode payload = null;
    for (HookSource source : sources) {
      if (payload == null) {
        payload = point.payload(current);
      }
      HookPoint.Step<R> step;
      switch (outcome(point, source, current, payload)) {
        case HookSource.Outcome.Failure f -> {
          problems.accept(new Problem(source.name(), event, f.message() + point.failureNote()));
          step = point.failed(current, result, source.name(), f.message());
        }
        case HookSource.Outcome.Answer a when nothing(a.value()) ->
            step = new HookPoint.Step.Next<>(result);
        case HookSource.Outcome.Answer a ->
            step =
                point.read(
                    current,
                    result,
                    a.value(),
                    new HookPoint.Wrong() {
                      @Override
                      public String source() {
                        return source.name();
                      }

                      @Override
                      public void report(String what, String consequence) {
                        problems.accept(
                            new Problem(
                                source.name(),
                                event,
                                source.name()
                                    + ": "
                                    + event
                                    + " handler returned "
                                    + what
                                    + "; "
                                    + consequence
                                    + a.where().map(at -> " (at " + at + ")").orElse("")));
                      }
                    });
      }
      switch (step) {
        case HookPoint.Step.Next<R> next -> result = next.result();
        case HookPoint.Step.Stop<R> stop -> {
          return point.end(current, stop.result(), problems);
        }
      }
      I following = point.next(current, result);
      if (following != current) {
        current = following;
        payload = null; // made again for the next script, if there is one
      }
    }
    return point.end(current, result, problems);
  }

  /** What {@code source} made of {@code payload}; a throw is a failure. */
  private static <I> HookSource.Outcome outcome(
      HookPoint<I, ?> point, HookSource source, I input, ObjectNode payload) {
    try {
      return point.ask(source, input, payload);
    } catch (RuntimeException e) {
      return new HookSource.Outcome.Failure(
          source.name() + ": " + point.event() + " handler failed: " + e.getMessage());
    }
  }

  // ------------------------------------------------------------------ session events
  // (SessionHookPoints)

  @Override
  public void sessionStart(Reason reason, Optional<Path> previousSessionFile) {
    run(SessionHookPoints.START, new SessionHookPoints.Change(reason, previousSessionFile));
  }

  @Override
  public void sessionShutdown(Reason reason, Optional<Path> targetSessionFile) {
    run(SessionHookPoints.SHUTDOWN, new SessionHookPoints.Change(reason, targetSessionFile));
  }

  @Override
  public BeforeSwitch sessionBeforeSwitch(Reason reason, Optional<Path> targetSessionFile) {
    return new BeforeSwitch(
        run(
            SessionHookPoints.BEFORE_SWITCH,
            new SessionHookPoints.Change(reason, targetSessionFile)));
  }

  @Override
  public void sessionSwitch(Reason reason, Optional<Path> previousSessionFile) {
    run(SessionHookPoints.SWITCH, new SessionHookPoints.Change(reason, previousSessionFile));
  }

  @Override
  public BeforeFork sessionBeforeFork(String entryId, String position) {
    return new BeforeFork(
        run(SessionHookPoints.BEFORE_FORK, new SessionHookPoints.ForkAt(entryId, position)));
  }

  @Override
  public void sessionFork(Optional<Path> previousSessionFile) {
    run(SessionHookPoints.FORK, previousSessionFile);
  }

  @Override
  public BeforeCompact sessionBeforeCompact(
      CompactionPreparation preparation,
      List<SessionEntry> branchEntries,
      Optional<String> customInstructions) {
    return run(
        SessionHookPoints.BEFORE_COMPACT,
        new SessionHookPoints.CompactionAhead(preparation, branchEntries, customInstructions));
  }

  @Override
  public void sessionCompact(SessionEntry.Compaction entry, boolean fromHook) {
    run(SessionHookPoints.COMPACT, new SessionHookPoints.Compacted(entry, fromHook));
  }

  @Override
  public BeforeTree sessionBeforeTree(TreePreparation preparation) {
    return run(SessionHookPoints.BEFORE_TREE, preparation);
  }

  @Override
  public void sessionTree(
      Optional<String> newLeafId,
      Optional<String> oldLeafId,
      Optional<SessionEntry.BranchSummary> summaryEntry,
      Optional<Boolean> fromHook) {
    run(
        SessionHookPoints.TREE,
        new SessionHookPoints.Moved(newLeafId, oldLeafId, summaryEntry, fromHook));
  }

  @Override
  public boolean handles(String event) {
    return !handling(event).isEmpty();
  }

  @Override
  public JsonNode beforeProviderRequest(JsonNode payload) {
    return run(ResourceHookPoints.BEFORE_PROVIDER_REQUEST, payload);
  }

  @Override
  public Discovered resourcesDiscover(Path cwd, String reason) {
    return run(ResourceHookPoints.RESOURCES_DISCOVER, new ResourceHookPoints.Discover(cwd, reason));
  }

  @Override
  public void modelSelect(Model model, Optional<Model> previousModel, String source) {
    run(
        SessionHookPoints.MODEL_SELECT,
        new SessionHookPoints.Selected(model, previousModel, source));
  }

  @Override
  public void thinkingLevelSelect(ThinkingLevel level, ThinkingLevel previousLevel) {
    run(
        SessionHookPoints.THINKING_LEVEL_SELECT,
        new SessionHookPoints.LevelSelected(level, previousLevel));
  }
}
