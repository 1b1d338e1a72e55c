package dev.graft.scripting;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.hooks.HookSource;
import dev.graft.runtime.hooks.ReminderSink;
import dev.graft.runtime.json.Json;
import dev.graft.scripting.api.EventContext;
import dev.graft.scripting.api.ScriptFile;
import dev.graft.scripting.api.ScriptSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One script file as a {@link HookSource} for the runtime's HookRunner: an event goes to that
 * script's handlers in registration order, each seeing what the previous one made of it
 * ({@code context} messages, {@code tool_call} input, a {@code tool_result} patch); the runner
 * then checks the answer against the event's result type.
 */
public final class ScriptHookSource implements HookSource {
  private final ScriptEngine engine;
  private final ScriptFile script;
  private final Supplier<EventContext> context;
  private final Set<String> events;

  /**
   * The events whose answers the runtime reads (the HookRunner's hook points); for the others a
   * handler's answer is not read at all, so none of its getters runs.
   */
  private static final Set<String> ANSWERED = Set.of("input", "before_agent_start", "context", "tool_call",
      "tool_result", "session_before_switch", "session_before_fork", "session_before_compact", "session_before_tree",
      "user_bash", "resources_discover", "before_provider_request");

  private ScriptHookSource(ScriptEngine engine, ScriptFile script, Supplier<EventContext> context) {
    this.engine = engine;
    this.script = script;
    this.context = context;
    // Asked for every event, streamed tokens included: worked out once (scripts are loaded).
    Set<String> handled = new java.util.HashSet<>();
    for (String event : ScriptSettings.KNOWN_EVENTS) {
      if (engine.handles(event)) {
        handled.add(event);
      }
    }
    this.events = Set.copyOf(handled);
  }

  /** A source per loaded script, in load order; {@code context} gives each call its ctx. */
  public static List<HookSource> of(ScriptEngine engine, Supplier<EventContext> context) {
    List<HookSource> sources = new ArrayList<>();
    for (ScriptFile script : engine.scripts()) {
      sources.add(new ScriptHookSource(engine, script, context));
    }
    return sources;
  }

  @Override
  public String name() {
    return script.name();
  }

  @Override
  public Set<String> events() {
    return events;
  }

  @Override
  public Outcome handle(String event, JsonNode payload) {
    return handle(event, payload, context.get());
  }

  /** The context event: its handlers' ctx has {@code ctx.reminders}, appending to {@code reminders}. */
  @Override
  public Outcome handleContext(JsonNode payload, ReminderSink reminders) {
    return handle("context", payload, context.get().withReminders(reminders));
  }

  /** As {@link #handleContext(JsonNode, ReminderSink)}; a handler's new messages get their {@code entryIndex}. */
  @Override
  public Outcome handleContext(JsonNode payload, ReminderSink reminders, Function<JsonNode, JsonNode> entryIndexOf) {
    return handle("context", payload, context.get().withReminders(reminders), entryIndexOf);
  }

  private Outcome handle(String event, JsonNode payload, EventContext ctx) {
    return handle(event, payload, ctx, m -> null);
  }

  private Outcome handle(String event, JsonNode payload, EventContext ctx, Function<JsonNode, JsonNode> entryIndexOf) {
    List<HandlerOutcome> outcomes = engine.emitTo(script, event, payload, ctx,
        (seen, outcome) -> next(event, seen, outcome, entryIndexOf), ANSWERED.contains(event));
    JsonNode answer = Json.NODES.missingNode();
    for (HandlerOutcome o : outcomes) {
      switch (o) {
        case HandlerOutcome.Failed f -> {
          return new Outcome.Failure(reported(event, f.failure().message()));
        }
        case HandlerOutcome.Answered a -> {
          if (!a.value().isMissingNode() && !a.value().isNull()) {
            answer = merge(event, answer, a.value());
          }
        }
      }
    }
    return new Outcome.Answer(answer);
  }

  /**
   * A failure as one line that names the script once, by the name {@code graft scripts list}
   * shows: the bridge's message already starts with the script's path and says which handler.
   */
  private String reported(String event, String message) {
    String path = script.path() + ": ";
    if (message.startsWith(path)) {
      return script.name() + ": " + message.substring(path.length());
    }
    return script.name() + ": " + event + " handler: " + message;
  }

  /** What the next handler of this script sees after {@code outcome}. */
  private static Chain.Step next(String event, JsonNode seen, HandlerOutcome outcome,
      Function<JsonNode, JsonNode> entryIndexOf) {
    if (!(outcome instanceof HandlerOutcome.Answered a) || a.value().isMissingNode() || a.value().isNull()
        || !(seen instanceof ObjectNode payload)) {
      return new Chain.Step.Next(seen);
    }
    JsonNode value = a.value();
    if (event.startsWith("session_before_") && value.path("cancel").asBoolean(false)) {
      return new Chain.Step.Stop(); // a cancel ends it, as in the reference
    }
    switch (event) {
      case "context" -> {
        if (value.path("messages").isArray()) {
          ObjectNode next = shallowCopy(payload);
          next.set("messages", value.get("messages"));
          if (next.has("entryIndex")) {
            JsonNode index = entryIndexOf.apply(value.get("messages"));
            if (index == null) {
              next.remove("entryIndex");
            } else {
              next.set("entryIndex", index);
            }
          }
          return new Chain.Step.Next(next);
        }
      }
      case "tool_call" -> {
        if (value.path("block").asBoolean(false)) {
          return new Chain.Step.Stop();
        }
        if (value.get("input") instanceof ObjectNode input) {
          ObjectNode next = shallowCopy(payload);
          next.set("input", input);
          return new Chain.Step.Next(next);
        }
      }
      case "tool_result" -> {
        ObjectNode next = shallowCopy(payload);
        value.properties().forEach(e -> {
          if (List.of("content", "details", "isError").contains(e.getKey())) {
            next.set(e.getKey(), e.getValue());
          }
        });
        return new Chain.Step.Next(next);
      }
      default -> {}
    }
    return new Chain.Step.Next(seen);
  }

  /**
   * A new payload object with the same field values: the fields a handler's answer replaces are
   * set on it, the others are shared. Nothing changes the trees afterwards (the runtime and the
   * next handler read them; a handler gets its own JavaScript copy), so the deep copy this was
   * once, of a 2,000-message context on every model call, bought nothing.
   */
  private static ObjectNode shallowCopy(ObjectNode payload) {
    ObjectNode copy = Json.object();
    copy.setAll(payload);
    return copy;
  }

  /** The script's overall answer: later handlers' fields win, as they saw the earlier ones'. */
  private static JsonNode merge(String event, JsonNode earlier, JsonNode later) {
    if (earlier instanceof ObjectNode e && later instanceof ObjectNode l && !event.equals("context")) {
      ObjectNode merged = e.deepCopy();
      merged.setAll(l);
      return merged;
    }
    return later;
  }
}
