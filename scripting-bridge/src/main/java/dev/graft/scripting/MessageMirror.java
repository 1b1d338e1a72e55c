package dev.graft.scripting;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyExecutable;

/**
 * The {@code context} event's messages as one script's context holds them, from call to call.
 * A session only grows, and graft hands a message to the hooks as the same tree on every call
 * (HookRunner keeps them), so each message tree gets an id the first time it crosses and stays
 * in the script as a frozen JavaScript object from the second call that has it on: a call sends
 * only the messages the script does not hold yet, and the ids of the others. A message's first
 * call gets it unfrozen and not kept, as the handler's own copy: freezing costs GraalJS a walk of
 * every object (about as much as parsing them), so a run that calls the model once, or a script
 * whose first call should come quickly, does not pay for it. Back, a handler's answer names by id
 * the messages it returned as it was given them; only the others are converted. On a message's
 * first call "as it was given" is checked by its JSON: the script's JSON.stringify of the object
 * against the text graft sent (a native call and a string comparison, where converting it back
 * would walk it in the interpreter and parse it again). A script holds its own copy (one context
 * per script), so what one script does with its objects never reaches another, and the kept
 * objects are frozen, so a handler cannot change what its next call sees. Messages not seen for
 * two calls are forgotten on both sides. Owner thread only.
 */
final class MessageMirror {
  private final Map<JsonNode, Entry> byNode = new IdentityHashMap<>();
  private final Map<Integer, JsonNode> byId = new HashMap<>();
  private int nextId;
  private long call;

  private static final class Entry {
    final int id;
    /** Whether the script keeps the message (from its second call on); else it had it once, as its own copy. */
    boolean kept;
    long seen;

    Entry(int id) {
      this.id = id;
    }
  }

  /** How many messages the script holds now (for tests). */
  int size() {
    return (int) byNode.values().stream().filter(e -> e.kept).count();
  }

  /**
   * The event object for {@code payload} ({@code {type: "context", messages: [...]}}), made in
   * {@code s}'s context. Its {@code messages} are made when the handler first reads them ({@code
   * load}, called back from the script): a handler that does not look at them costs neither the
   * JSON nor the parse. Read while the event is the script's latest, they come through the mirror
   * (held ones reused, the others parsed and kept); read later (a handler that kept an old event),
   * as a copy that leaves the mirror alone.
   */
  Value event(LoadedScript s, JsonNode payload, Watchdog watchdog) {
    JsonNode messages = payload.path("messages");
    if (!(payload instanceof ObjectNode fields) || !messages.isArray()) {
      return s.decode(Json.write(payload));
    }
    ObjectNode head = Json.object();
    fields.properties().forEach(e -> {
      if (!e.getKey().equals("messages")) {
        head.set(e.getKey(), e.getValue());
      }
    });
    ProxyExecutable load = args -> watchdog.bridgeWork(() -> args.length > 0 && args[0].isBoolean() && args[0].asBoolean()
        ? messages(s, messages) : s.decode(Json.write(messages)));
    return s.helper("contextEvent").execute(Json.write(head), load);
  }

  /** The messages array of a context event, made through the mirror: the held ones reused, the others parsed. */
  private Value messages(LoadedScript s, JsonNode messages) {
    call++;
    // ids: per message its id if the script holds it, -id - 1 if it is to keep it from now on, null
    // if it is the script's own copy; then the ids of those copies, in order; the fresh messages'
    // JSON texts end at the offsets given last, so that the script can compare a copy it returns.
    StringBuilder ids = new StringBuilder(messages.size() * 6 + 16).append("[[");
    StringBuilder copies = new StringBuilder().append('[');
    StringBuilder ends = new StringBuilder().append('[');
    StringBuilder fresh = new StringBuilder(1 << 16).append('[');
    for (int i = 0; i < messages.size(); i++) {
      JsonNode m = messages.get(i);
      Entry e = byNode.get(m);
      if (i > 0) {
        ids.append(',');
      }
      if (e == null) { // first seen: the handler's own copy, not kept
        e = new Entry(nextId++);
        byNode.put(m, e);
        byId.put(e.id, m);
        ids.append("null");
        copies.append(copies.length() > 1 ? "," : "").append(e.id);
        appendFresh(fresh, ends, m);
      } else if (!e.kept) { // seen again: kept from now on
        e.kept = true;
        ids.append(-e.id - 1);
        appendFresh(fresh, ends, m);
      } else {
        ids.append(e.id);
      }
      e.seen = call;
    }
    ids.append("],").append(copies).append("],").append(ends).append("]]");
    fresh.append(']');
    List<Integer> drop = new ArrayList<>();
    for (Iterator<Entry> it = byNode.values().iterator(); it.hasNext(); ) {
      Entry e = it.next();
      if (e.seen < call - 1) {
        it.remove();
        byId.remove(e.id);
        if (e.kept) {
          drop.add(e.id);
        }
      }
    }
    return s.helper("contextMessages").execute(ids.toString(), fresh.toString(), drop.toString());
  }

  /** Appends {@code m}'s JSON to the fresh array's text and the offset where it ends (in UTF-16 units, as JavaScript counts). */
  private static void appendFresh(StringBuilder fresh, StringBuilder ends, JsonNode m) {
    if (fresh.length() > 1) {
      fresh.append(',');
    }
    fresh.append(Json.write(m));
    ends.append(ends.length() > 1 ? "," : "").append(fresh.length());
  }

  /**
   * A context handler's answer as encodeContextAnswer gave it ("ids\n" + JSON, the JSON with only
   * the messages not named by id): the tree, with the messages named by id put back, in their
   * places, as the very trees graft handed over.
   */
  JsonNode answer(Marshal marshal, String text, String what) throws Marshal.NotJson {
    int cut = text.indexOf('\n');
    JsonNode value = marshal.parse(text.substring(cut + 1), what);
    if (cut <= 0) {
      return value;
    }
    JsonNode ids = marshal.parse(text.substring(0, cut), what);
    if (!(value instanceof ObjectNode o) || !(o.get("messages") instanceof ArrayNode rest) || !ids.isArray()) {
      throw new Marshal.NotJson(what + " lost its messages on the way"); // the prelude always sends them
    }
    ArrayNode list = Json.array();
    int next = 0;
    for (JsonNode idNode : ids) {
      int id = idNode.asInt(-1);
      if (id >= 0) {
        JsonNode held = byId.get(id);
        if (held == null) {
          throw new Marshal.NotJson(what + " named a message graft no longer holds");
        }
        list.add(held);
      } else if (next < rest.size()) {
        list.add(rest.get(next++));
      } else {
        throw new Marshal.NotJson(what + " lost its messages on the way");
      }
    }
    o.set("messages", list);
    return value;
  }
}
