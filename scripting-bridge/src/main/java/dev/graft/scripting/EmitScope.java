package dev.graft.scripting;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import dev.graft.scripting.api.EventContext;
import java.util.Arrays;
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

  EmitScope(EventContext context, HostCalls host, Watchdog watchdog) {
    this(context, host, watchdog, false);
  }

  /** {@code command}: for a command handler, whose ctx also has the command-only methods. */
  EmitScope(EventContext context, HostCalls host, Watchdog watchdog, boolean command) {
    this.command = command;
    this.context = context;
    this.host = host;
    this.watchdog = watchdog;
  }

  /**
   * Payloads up to this many characters of JSON are parsed into the event object in the call that
   * runs the handler (the prelude's invokeEvent), within the handler's run: one call into the
   * context fewer, for a parse that takes well under a millisecond. Larger ones are parsed as
   * bridge work of their own, outside the handler's spin budget.
   */
  static final int PARSED_WITH_HANDLER = 16 * 1024;

  /** The numbers events parsed in invokeEvent are known by there (0: none). */
  private static final AtomicInteger EVENT_NUMBERS = new AtomicInteger();

  /**
   * A script's event object for a payload: made, or to be made in invokeEvent from {@code text},
   * where a later handler of the script finds it again by {@code number}.
   */
  private record Made(
      JsonNode payload, Value event, String text, int number, String lazyPaths, Object lazyLoad) {}

  private final Map<LoadedScript, Made> made = new IdentityHashMap<>();

  /**
   * The event object of any event but {@code context} ({@link #contextEvent}), made again only when
   * the payload changes: made now, or its JSON text for invokeEvent to parse.
   */
  private Made event(LoadedScript s, JsonNode payload) {
    Made m = made.get(s);
    if (m != null && m.payload() == payload) {
      return m;
    }
    LazyValues lazy = LazyValues.in(payload);
    if (lazy != null) {
      // Parsed in invokeEvent, which adds the lazy values as properties read when first used.
      String rest = watchdog.bridgeWork(() -> Json.write(lazy.rest()));
      m =
          new Made(
              payload,
              null,
              rest,
              EVENT_NUMBERS.incrementAndGet(),
              lazy.paths(),
              lazy.loader(watchdog));
      made.put(s, m);
      return m;
    }
    String text = watchdog.bridgeWork(() -> Json.write(payload));
    m =
        text.length() > PARSED_WITH_HANDLER
            ? new Made(payload, watchdog.bridgeWork(() -> s.decode(text)), null, 0, null, null)
            : new Made(payload, null, text, EVENT_NUMBERS.incrementAndGet(), null, null);
    made.put(s, m);
    return m;
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
    Value event;
    String text = null;
    int number = 0;
    String lazyPaths = null;
    Object lazyLoad = null;
    if (contextEvent) {
      event = contextEvent(s, payload);
    } else {
      Made m = event(s, payload);
      event = m.event();
      text = m.text();
      number = m.number();
      lazyPaths = m.lazyPaths();
      lazyLoad = m.lazyLoad();
    }
    boolean entries = contextEvent && withoutEntries.remove(s);
    Value ctx = contexts.get(s);
    if (ctx == null) {
      ctx =
          s.invokeEvent(
              withCtxParts(
                  s,
                  fn,
                  done,
                  event,
                  text,
                  number,
                  lazyPaths,
                  lazyLoad,
                  null,
                  entries,
                  this.number));
      contexts.put(s, ctx);
    } else {
      s.invokeEvent(fn, done, event, text, number, lazyPaths, lazyLoad, ctx, entries, this.number);
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
      c = watchdog.bridgeWork(() -> s.prelude().makeCtx().execute(withCtxParts(s)));
      contexts.put(s, c);
    }
    return c;
  }

  /**
   * {@code head} followed by what the prelude makes a ctx of (its makeCtx, and invokeEvent after
   * the handler's arguments): the ctx data's JSON and the host handles of {@code s}.
   */
  private Object[] withCtxParts(LoadedScript s, Object... head) {
    Object[] parts = Arrays.copyOf(head, head.length + 8);
    int i = head.length;
    parts[i++] = contextJson();
    parts[i++] = host.ui(s, context.ui());
    parts[i++] = context.ui().available();
    parts[i++] = SessionViewCalls.of(s, context.session(), watchdog);
    parts[i++] = host.agent(s, context.agent());
    parts[i++] = command ? host.commands(s, context.commands()) : null;
    parts[i++] = context.reminders().map(sink -> host.reminders(s, sink)).orElse(null);
    parts[i] = context.ui().components();
    return parts;
  }
}
