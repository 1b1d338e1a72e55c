package dev.graft.scripting;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import dev.graft.scripting.api.EventContext;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.graalvm.polyglot.Value;

/**
 * The JavaScript values of one emit (or command), per script: its {@code ctx}, made once, and the
 * event object, made again only when the payload changes. A script's handlers that see the same
 * payload share one event object, so a change one makes in place is seen by the next, as in the
 * reference agent (for {@code context}, changes to the messages array: the messages a script keeps
 * are frozen, see {@link MessageMirror}). Owner thread only.
 */
final class EmitScope {
  private final EventContext context;
  private final Marshal marshal;
  private final HostCalls host;
  private final Map<LoadedScript, Value> contexts = new IdentityHashMap<>();
  private final Map<LoadedScript, JsonNode> payloads = new IdentityHashMap<>();
  private final Map<LoadedScript, Value> events = new IdentityHashMap<>();

  /** The scripts whose context event object has no {@code entries} yet. */
  private final Set<LoadedScript> withoutEntries =
      Collections.newSetFromMap(new IdentityHashMap<>());

  /** This emit's number, which the prelude's invokeEvent knows its ctx by. */
  private final int number = NUMBERS.incrementAndGet();

  private static final AtomicInteger NUMBERS = new AtomicInteger();
  private String contextJson;

  private final Watchdog watchdog;

  private final boolean command;

  EmitScope(EventContext context, Marshal marshal, HostCalls host, Watchdog watchdog) {
    this(context, marshal, host, watchdog, false);
  }

  /** {@code command}: for a command handler, whose ctx also has the command-only methods. */
  EmitScope(
      EventContext context, Marshal marshal, HostCalls host, Watchdog watchdog, boolean command) {
    this.command = command;
    this.context = context;
    this.marshal = marshal;
    this.host = host;
    this.watchdog = watchdog;
  }

  /** The event object of any event but {@code context} ({@link #contextEvent}). */
  Value event(LoadedScript s, JsonNode payload) {
    if (payloads.get(s) == payload) {
      return events.get(s);
    }
    Value v = watchdog.bridgeWork(() -> marshal.toJs(s, payload));
    payloads.put(s, payload);
    events.put(s, v);
    return v;
  }

  /**
   * The context event object: the script's {@link MessageMirror} makes it, its messages when the
   * handler first reads them, sending only those the script does not hold. Its {@code entries} are
   * added with its ctx ({@link #enter}).
   */
  Value contextEvent(LoadedScript s, JsonNode payload) {
    if (payloads.get(s) == payload) {
      return events.get(s);
    }
    Value v = watchdog.bridgeWork(() -> s.messages().event(s, payload, watchdog));
    payloads.put(s, payload);
    events.put(s, v);
    withoutEntries.add(s);
    return v;
  }

  /**
   * Calls event handler {@code fn} of {@code s} with {@code done} (GuestCalls): {@code fn(event,
   * ctx)}, the event object made from {@code payload} (a {@code context} one with {@code
   * contextEvent}), and the ctx made in the same call into the script (the prelude's invokeEvent),
   * unless this emit made it already. One call into the context instead of two: each cost more than
   * what making the ctx does.
   */
  void enter(LoadedScript s, Value fn, Object done, JsonNode payload, boolean contextEvent) {
    Value event = contextEvent ? contextEvent(s, payload) : event(s, payload);
    boolean entries = contextEvent && withoutEntries.remove(s);
    Value made = contexts.get(s);
    if (made == null) {
      made =
          s.invokeEvent(
              fn,
              done,
              event,
              null,
              entries,
              number,
              contextJson(),
              host.ui(s, context.ui()),
              context.ui().available(),
              SessionViewCalls.of(s, context.session()),
              host.agent(s, context.agent()),
              command ? host.commands(s, context.commands()) : null,
              context.reminders().map(sink -> host.reminders(s, sink)).orElse(null),
              context.ui().components());
      contexts.put(s, made);
    } else {
      s.invokeEvent(fn, done, event, made, entries, number);
    }
  }

  private String contextJson() {
    if (contextJson == null) {
      contextJson = Json.write(context.data());
    }
    return contextJson;
  }

  Value ctx(LoadedScript s) {
    Value c = contexts.get(s);
    if (c == null) {
      String data = contextJson();
      c =
          watchdog.bridgeWork(() ->
              s.prelude()
                  .makeCtx()
                  .execute(
                      data,
                      host.ui(s, context.ui()),
                      context.ui().available(),
                      SessionViewCalls.of(s, context.session()),
                      host.agent(s, context.agent()),
                      command ? host.commands(s, context.commands()) : null,
                      context.reminders().map(sink -> host.reminders(s, sink)).orElse(null),
                      context.ui().components()));
      contexts.put(s, c);
    }
    return c;
  }
}
