package dev.graft.runtime.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.MessageCodec;
import dev.graft.runtime.message.MessageContent;
import dev.graft.runtime.session.ContextOrigins;
import dev.graft.runtime.session.SessionEntry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * {@code context}: the messages of one model call, which each script may replace (the next one sees
 * the replacement), with each message's entry in the branch ({@code entryIndex}: its position, or
 * null for a message no entry holds as it is) and the call's {@link ReminderSink}. The reminders
 * appended are kept only if every script continued: one that failed or answered wrongly drops them
 * all, and that is reported once the chain is over. Messages cross as the same JSON trees from call
 * to call ({@link MessageTrees}), so a script that keeps the trees it saw knows unchanged messages
 * by identity, and its answer maps back to messages without decoding: the contract {@link
 * HookSource} states. Within one script, a handler that answers {@code messages} hands the next
 * handler those messages, with their {@code entryIndex} worked out again.
 */
final class ContextHookPoint extends HookPoint<ContextHookPoint.Call, ContextHookPoint.Shaped> {
  static final ContextHookPoint CONTEXT = new ContextHookPoint();

  private ContextHookPoint() {
    super("context");
  }

  /**
   * What one model call's chain shares: the call's trees, its reminder sink, and the branch's
   * entries, read the first time a payload needs them (only when some script handles the event);
   * null entries when the branch is not known.
   */
  static final class State {
    final MessageTrees trees;
    final ReminderSink sink = new ReminderSink();
    private final Supplier<List<SessionEntry>> branch;
    private List<SessionEntry> entries;

    State(MessageTrees before, Supplier<List<SessionEntry>> branch) {
      this.trees = new MessageTrees(before);
      this.branch = branch;
    }

    List<SessionEntry> entries() {
      if (entries == null && branch != null) {
        entries = branch.get();
      }
      return entries;
    }
  }

  /** The messages the next script is asked about, and the call's state. */
  record Call(List<AgentMessage> messages, State state) {}

  /**
   * The messages as the scripts have left them; {@code stopped}: the first script that did not
   * continue (it failed or answered wrongly); {@code reminders}: what is appended to the call.
   */
  record Shaped(
      List<AgentMessage> messages,
      Optional<String> stopped,
      List<AgentHooks.InjectedMessage> reminders) {
    Shaped stoppedBy(String source) {
      return stopped.isPresent() ? this : new Shaped(messages, Optional.of(source), reminders);
    }
  }

  @Override
  Shaped initial(Call call) {
    return new Shaped(call.messages(), Optional.empty(), List.of());
  }

  @Override
  void fill(ObjectNode p, Call call) {
    ArrayNode list = p.putArray("messages");
    call.state().trees.addTrees(list, call.messages());
    List<SessionEntry> entries = call.state().entries();
    if (entries != null) {
      p.set("entryIndex", entryIndex(entries, call.messages()));
    }
  }

  /**
   * The script gets the call's sink, and rules that know the entries of the messages a handler
   * answers.
   */
  @Override
  HookSource.Outcome ask(HookSource source, Call call, ObjectNode payload) {
    return source.handle(
        new HookSource.Request(event(), payload, rules(call), Optional.of(call.state().sink)));
  }

  @Override
  HandlerRules rules(Call call) {
    List<SessionEntry> entries = call.state().entries();
    MessageTrees trees = call.state().trees;
    Function<JsonNode, JsonNode> entryIndexOf =
        entries == null ? m -> null : m -> entryIndex(entries, trees, m);
    return new HandlerRules() {
      @Override
      public Next nextHandler(JsonNode seen, JsonNode answer) {
        return ContextHookPoint.nextHandler(seen, answer, entryIndexOf);
      }

      @Override
      public JsonNode mergeAnswers(JsonNode earlier, JsonNode later) {
        return later;
      }
    };
  }

  /**
   * Without a call's branch (a source asked by name): a next handler's payload loses {@code
   * entryIndex}.
   */
  @Override
  public Next nextHandler(JsonNode seen, JsonNode answer) {
    return nextHandler(seen, answer, m -> null);
  }

  /**
   * A later handler's answer replaces the earlier one's: it was handed the earlier one's messages.
   */
  @Override
  public JsonNode mergeAnswers(JsonNode earlier, JsonNode later) {
    return later;
  }

  /**
   * An answer with a {@code messages} array hands the next handler those messages, with their
   * {@code entryIndex} from {@code entryIndexOf} (dropped when it cannot say); any other answer,
   * the same payload.
   */
  private static Next nextHandler(
      JsonNode seen, JsonNode answer, Function<JsonNode, JsonNode> entryIndexOf) {
    if (!(seen instanceof ObjectNode payload) || !answer.path("messages").isArray()) {
      return new Next.Payload(seen);
    }
    ObjectNode next = withSameFields(payload);
    next.set("messages", answer.get("messages"));
    if (next.has("entryIndex")) {
      JsonNode index = entryIndexOf.apply(answer.get("messages"));
      if (index == null) {
        next.remove("entryIndex");
      } else {
        next.set("entryIndex", index);
      }
    }
    return new Next.Payload(next);
  }

  @Override
  Step<Shaped> read(Call call, Shaped result, JsonNode a, Wrong wrong) {
    if (!a.path("messages").isArray()) {
      wrong.report("something other than {messages: [...]}");
      return new Step.Next<>(result.stoppedBy(wrong.source()));
    }
    List<AgentMessage> next = new ArrayList<>();
    int i = 0;
    for (JsonNode m : a.get("messages")) {
      AgentMessage decoded = call.state().trees.message(m, i);
      if (decoded instanceof AgentMessage.Unknown u) {
        wrong.report(
            "messages[" + i + "] with role '" + u.role() + "' and fields that are not a message");
        return new Step.Next<>(result.stoppedBy(wrong.source()));
      }
      next.add(decoded);
      i++;
    }
    return new Step.Next<>(new Shaped(next, result.stopped(), result.reminders()));
  }

  @Override
  Step<Shaped> failed(Call call, Shaped result, String source, String message) {
    return new Step.Next<>(result.stoppedBy(source));
  }

  @Override
  Call next(Call call, Shaped result) {
    return result.messages() == call.messages() ? call : new Call(result.messages(), call.state());
  }

  /**
   * Closes the sink: its reminders join the result if every script continued, else they are
   * reported dropped.
   */
  @Override
  Shaped end(Call call, Shaped result, Consumer<HookRunner.Problem> problems) {
    call.state().trees.forgetBefore();
    List<ReminderSink.Reminder> appended = call.state().sink.close();
    if (appended.isEmpty()) {
      return result;
    }
    if (result.stopped().isPresent()) {
      String who = result.stopped().get();
      problems.accept(
          new HookRunner.Problem(
              who,
              event(),
              appended.size()
                  + (appended.size() == 1 ? " reminder" : " reminders")
                  + " not added: the context hook of "
                  + who
                  + " did not continue"));
      return result;
    }
    List<AgentHooks.InjectedMessage> reminders =
        appended.stream()
            .map(r ->
                new AgentHooks.InjectedMessage(
                    r.customType(),
                    MessageContent.of(r.text()),
                    true,
                    Optional.<JsonNode>of(Json.object().put("source", r.source()))))
            .toList();
    return new Shaped(result.messages(), result.stopped(), reminders);
  }

  /**
   * {@code entryIndex} for {@code messages}: each one's position in {@code branch}, or null when
   * synthetic.
   */
  static ArrayNode entryIndex(List<SessionEntry> branch, List<AgentMessage> messages) {
    ArrayNode out = Json.array();
    for (int at : ContextOrigins.of(branch, messages)) {
      if (at == ContextOrigins.SYNTHETIC) {
        out.addNull();
      } else {
        out.add(at);
      }
    }
    return out;
  }

  /**
   * {@link #entryIndex(List, List)} for a handler's answer; null when a message in it is not one.
   */
  private static JsonNode entryIndex(
      List<SessionEntry> branch, MessageTrees trees, JsonNode messages) {
    List<AgentMessage> decoded = new ArrayList<>();
    for (JsonNode m : messages) {
      AgentMessage message = trees.message(m, decoded.size());
      if (message instanceof AgentMessage.Unknown) {
        return null;
      }
      decoded.add(message);
    }
    return entryIndex(branch, decoded);
  }

  /**
   * The messages of one context call as JSON trees, each made once, which keeps the contract {@link
   * HookSource} states (same tree, same message): a message an earlier call handed over (the same
   * object: the session keeps its entries) gets the same tree again, and a tree a source answered
   * with that is one it was handed maps back to its message without decoding. So a source that
   * keeps the trees it saw (the scripting bridge does) can tell by identity which messages are
   * unchanged, and only new or changed ones are converted. A change a handler makes again on the
   * next call (a script that prunes, redacts or summarises the same messages every time) maps to
   * the message it made the call before, so the scripts after it are handed trees they already hold
   * instead of new ones. The trees are never modified.
   *
   * <p>A session grows at its end, so a call's messages are mostly the call before's, in the same
   * places: those take the tree the call before gave the message in that place, and an answer's
   * message in the place it was handed over maps back to it, both without a lookup ({@link
   * TreeIndex} finds the others). What is kept: the index (see there), and the call before's
   * messages and changes, for the next call.
   */
  static final class MessageTrees {
    private static final AgentMessage[] NO_MESSAGES = {};
    private static final ObjectNode[] NO_TREES = {};

    private final TreeIndex index;

    /** The messages decoded from answers in this call, by their JSON's value. */
    private final Map<JsonNode, AgentMessage> changed = new HashMap<>();

    private MessageTrees before;

    /** The messages the call's first payload handed over, and their trees, in order. */
    private AgentMessage[] first = NO_MESSAGES;

    private ObjectNode[] firstTrees = NO_TREES;
    private boolean filled;

    MessageTrees(MessageTrees before) {
      this.before = before;
      this.index = before == null ? new TreeIndex() : before.index;
    }

    /** Once the call is over: only one call back is kept. */
    void forgetBefore() {
      before = null;
    }

    /** Adds the trees of {@code messages} to {@code list}. */
    void addTrees(ArrayNode list, List<AgentMessage> messages) {
      AgentMessage[] given = messages.toArray(NO_MESSAGES);
      ObjectNode[] made = new ObjectNode[given.length];
      // The first payload is read against the call before's, a later one (after a handler changed
      // the messages) against the first.
      MessageTrees was = filled ? this : before; // null on a runner's first call
      for (int i = 0; i < given.length; i++) {
        made[i] =
            was != null && i < was.first.length && given[i] == was.first[i]
                ? was.firstTrees[i]
                : index.tree(given[i]);
        list.add(made[i]);
      }
      if (!filled) {
        filled = true;
        first = given;
        firstTrees = made;
        index.keepAtMost(this, before);
      }
    }

    ObjectNode tree(AgentMessage m) {
      return index.tree(m);
    }

    /** How many messages the index holds (for tests). */
    int indexSize() {
      return index.size();
    }

    /**
     * The message of a tree in an answer, at {@code at} in its list: the one it was made from, the
     * one an equal answer decoded to in this call or the call before, or decoded (a new or changed
     * message).
     */
    AgentMessage message(JsonNode tree, int at) {
      if (at < firstTrees.length && firstTrees[at] == tree) {
        return first[at];
      }
      AgentMessage known = index.message(tree);
      if (known != null) {
        return known;
      }
      AgentMessage again = changed.get(tree);
      if (again == null && before != null) {
        again = before.changed.get(tree);
      }
      AgentMessage decoded = again != null ? again : MessageCodec.decode(tree);
      if (!(decoded instanceof AgentMessage.Unknown)) {
        changed.put(tree, decoded);
        // The next source is handed this message's own encoding, as before, made once.
        index.tree(decoded);
      }
      return decoded;
    }
  }

  /**
   * Each message's tree and back, shared by the context calls of one runner. It keeps what the
   * calls hand over until it holds more than twice the messages of the latest two calls; then it
   * keeps only theirs (and their changes), so a message out of the context (compacted, on another
   * branch) is let go within a few calls. Calls may run at once (a command rebuilding the context
   * while the agent calls the model): each method holds the index's lock.
   */
  static final class TreeIndex {
    private Map<AgentMessage, ObjectNode> trees = new IdentityHashMap<>();
    private Map<JsonNode, AgentMessage> messages = new IdentityHashMap<>();

    synchronized ObjectNode tree(AgentMessage m) {
      ObjectNode tree = trees.get(m);
      if (tree == null) {
        tree = MessageCodec.encode(m);
        trees.put(m, tree);
        messages.put(tree, m);
      }
      return tree;
    }

    synchronized AgentMessage message(JsonNode tree) {
      return messages.get(tree);
    }

    /** Lets go of what neither {@code latest} nor {@code before} holds, once it is too much. */
    synchronized void keepAtMost(MessageTrees latest, MessageTrees before) {
      int live = latest.first.length + latest.changed.size();
      if (before != null) {
        live += before.first.length + before.changed.size();
      }
      if (trees.size() <= 2 * live + 64) {
        return;
      }
      Map<AgentMessage, ObjectNode> old = trees;
      trees = new IdentityHashMap<>();
      messages = new IdentityHashMap<>();
      for (MessageTrees call : before == null ? List.of(latest) : List.of(before, latest)) {
        for (int i = 0; i < call.first.length; i++) {
          keep(call.first[i], call.firstTrees[i]);
        }
        for (AgentMessage m : call.changed.values()) {
          ObjectNode tree = old.get(m);
          if (tree != null) {
            keep(m, tree);
          }
        }
      }
    }

    private void keep(AgentMessage m, ObjectNode tree) {
      if (trees.putIfAbsent(m, tree) == null) {
        messages.put(tree, m);
      }
    }

    /** How many messages it holds (for tests). */
    synchronized int size() {
      return trees.size();
    }
  }
}
