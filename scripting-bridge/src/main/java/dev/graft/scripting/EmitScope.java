package dev.graft.scripting;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import dev.graft.scripting.api.EventContext;
import java.util.IdentityHashMap;
import java.util.Map;
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
   * handler first reads them, sending only those the script does not hold.
   */
  Value contextEvent(LoadedScript s, JsonNode payload) {
    if (payloads.get(s) == payload) {
      return events.get(s);
    }
    Value made = watchdog.bridgeWork(() -> s.messages().event(s, payload, watchdog));
    Value ctx = ctx(s);
    Value v = watchdog.bridgeWork(() -> s.prelude().withEntries().execute(made, ctx));
    payloads.put(s, payload);
    events.put(s, v);
    return v;
  }

  Value ctx(LoadedScript s) {
    Value c = contexts.get(s);
    if (c == null) {
      if (contextJson == null) {
        contextJson = Json.write(context.data());
      }
      c =
          watchdog.bridgeWork(() ->
              s.prelude()
                  .makeCtx()
                  .execute(
                      contextJson,
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
