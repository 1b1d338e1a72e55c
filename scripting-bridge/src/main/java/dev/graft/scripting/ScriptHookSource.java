package dev.graft.scripting;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.hooks.HandlerRules;
import dev.graft.runtime.hooks.HookEvents;
import dev.graft.runtime.hooks.HookSource;
import dev.graft.runtime.hooks.ReminderSink;
import dev.graft.runtime.json.Json;
import dev.graft.scripting.api.EventContext;
import dev.graft.scripting.api.ScriptFile;
import dev.graft.scripting.api.ScriptSettings;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * One script file as a {@link HookSource} for the runtime's HookRunner: an event goes to that
 * script's handlers in registration order, each handed what the previous one made of it, and their
 * answers make the script's one answer, all by the event's {@link HandlerRules}, which the
 * runtime's hook point defines (this class knows no event by name); the runner then checks the
 * answer against the event's result type.
 */
public final class ScriptHookSource implements HookSource {
  private final ScriptEngine engine;
  private final ScriptFile script;
  private final Supplier<EventContext> context;
  private final Set<String> events;

  /** This script's own events as last read, and {@link #events} narrowed to them. */
  private record Narrowed(Set<String> own, Set<String> events) {}

  private volatile Narrowed narrowed = new Narrowed(Set.of(), Set.of());

  private ScriptHookSource(ScriptEngine engine, ScriptFile script, Supplier<EventContext> context) {
    this.engine = engine;
    this.script = script;
    this.context = context;
    // Asked for every event, streamed tokens included: worked out once (scripts are loaded).
    Set<String> handled = new HashSet<>();
    for (String event : ScriptSettings.KNOWN_EVENTS) {
      if (engine.handles(event)) {
        handled.add(event);
      }
    }
    this.events = Set.copyOf(handled);
  }

  /**
   * A source per loaded script, in load order; {@code context} gives each call its ctx, and is
   * asked once per event (the bridge's {@code LiveEventContext}, so that no host code runs).
   */
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

  /**
   * The events any script handled when the sources were made, narrowed to those this script has a
   * handler for now: the runner asks no script about an event it would only answer with nothing (a
   * thread hop, a ctx and a payload each), and still none about an event first registered later.
   * Cheap (asked for every event, streamed tokens included): the narrowed set is remade only when
   * the script's registrations change.
   */
  @Override
  public Set<String> events() {
    Set<String> own = engine.eventsOf(script);
    Narrowed n = narrowed;
    if (n.own() != own) {
      Set<String> both = new HashSet<>(events);
      both.retainAll(own);
      n = new Narrowed(own, Set.copyOf(both));
      narrowed = n;
    }
    return n.events();
  }

  /** {@code event} by name, with its rules from the runtime's catalogue. */
  @Override
  public Outcome handle(String event, JsonNode payload) {
    return handle(event, payload, HookEvents.rules(event), context.get());
  }

  /**
   * The context event: its handlers' ctx has {@code ctx.reminders}, appending to {@code reminders}.
   */
  @Override
  public Outcome handleContext(JsonNode payload, ReminderSink reminders) {
    return handle(
        HookEvents.CONTEXT,
        payload,
        HookEvents.rules(HookEvents.CONTEXT),
        context.get().withReminders(reminders));
  }

  /** The runner's call: the rules come with the event (for context, bound to the call's branch). */
  @Override
  public Outcome handle(Request request) {
    EventContext ctx = context.get();
    return handle(
        request.event(),
        request.payload(),
        request.rules(),
        request.reminders().map(ctx::withReminders).orElse(ctx));
  }

  private Outcome handle(String event, JsonNode payload, HandlerRules rules, EventContext ctx) {
    List<HandlerOutcome> outcomes =
        engine.emitTo(
            script,
            event,
            payload,
            ctx,
            (seen, outcome) -> next(rules, seen, outcome),
            rules.answersRead());
    JsonNode answer = Json.NODES.missingNode();
    // Which handler the answer is from, for a report that it is wrong: the one whose answer was
    // kept whole; none when the rules made one answer of several.
    Optional<String> where = Optional.empty();
    for (HandlerOutcome o : outcomes) {
      switch (o) {
        case HandlerOutcome.Failed f -> {
          return new Outcome.Failure(reported(event, f.failure().message()));
        }
        case HandlerOutcome.Answered a -> {
          if (!nothing(a.value())) {
            JsonNode merged =
                answer.isMissingNode() ? a.value() : rules.mergeAnswers(answer, a.value());
            if (merged == a.value()) {
              where = a.where();
            } else if (merged != answer) {
              where = Optional.empty();
            }
            answer = merged;
          }
        }
      }
    }
    return new Outcome.Answer(answer, where);
  }

  /**
   * A failure as one line that names the script once, by the name {@code graft scripts list} shows:
   * the bridge's message already starts with the script's path and says which handler.
   */
  private String reported(String event, String message) {
    String path = script.path() + ": ";
    if (message.startsWith(path)) {
      return script.name() + ": " + message.substring(path.length());
    }
    return script.name() + ": " + event + " handler: " + message;
  }

  /**
   * What the next handler of this script is handed after {@code outcome}: by the event's rules, for
   * an answer.
   */
  private static Chain.Step next(HandlerRules rules, JsonNode seen, HandlerOutcome outcome) {
    if (!(outcome instanceof HandlerOutcome.Answered a) || nothing(a.value())) {
      return new Chain.Step.Next(seen);
    }
    return switch (rules.nextHandler(seen, a.value())) {
      case HandlerRules.Next.Payload p -> new Chain.Step.Next(p.payload());
      case HandlerRules.Next.Stop stop -> new Chain.Step.Stop();
    };
  }

  private static boolean nothing(JsonNode value) {
    return value.isMissingNode() || value.isNull();
  }
}
