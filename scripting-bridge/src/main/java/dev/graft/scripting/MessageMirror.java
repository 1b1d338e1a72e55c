package dev.graft.scripting;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyExecutable;

/**
 * The {@code context} event's messages as one script's context holds them, from call to call. A
 * session only grows, and graft hands a message to the hooks as the same tree on every call
 * (HookRunner keeps them), so each message tree gets an id the first time it crosses and stays in
 * the script as a frozen JavaScript object: a call sends only the messages the script does not hold
 * yet, and the ids of the others. A message crosses as its head, parsed at once, and its long
 * {@code content} and {@code details}, parsed (and frozen) when a handler first reads them ({@link
 * SessionViewCalls.Split}, as session entries): a handler that reads only roles and ids, as most
 * do, never pays for the rest. Back, a handler's answer names by id the messages it returned as it
 * was given them; only the others are converted. A script holds its own objects (one context per
 * script), so what one script does with its objects never reaches another, and they are frozen, so
 * a handler cannot change what its next call sees. Messages not seen for two calls are forgotten on
 * both sides. Owner thread only.
 */
final class MessageMirror {
  private final Map<JsonNode, Entry> byNode = new IdentityHashMap<>();
  private final Map<Integer, JsonNode> byId = new HashMap<>();
  private int nextId;
  private long call;

  /** The messages of the last call made through the mirror, all held by the script. */
  private List<JsonNode> last = List.of();

  private static final class Entry {
    final int id;
    long seen;

    Entry(int id) {
      this.id = id;
    }
  }

  /** How many messages the script holds now (for tests). */
  int size() {
    return byNode.size();
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
    // entryIndex (a number per message) is made when first read too, as the messages are: it
    // follows messages in the payload, so it keeps its place among the event's keys.
    JsonNode index = fields.get("entryIndex");
    boolean lazyIndex = index != null && index.isArray();
    ObjectNode head = Json.object();
    fields
        .properties()
        .forEach(e -> {
          if (!e.getKey().equals("messages") && !(lazyIndex && e.getKey().equals("entryIndex"))) {
            head.set(e.getKey(), e.getValue());
          }
        });
    ProxyExecutable load =
        args ->
            watchdog.bridgeWork(() ->
                args.length > 0 && args[0].isBoolean() && args[0].asBoolean()
                    ? messages(s, messages)
                    : s.decode(Json.write(messages)));
    ProxyExecutable loadIndex =
        lazyIndex ? args -> watchdog.bridgeWork(() -> s.decode(Json.write(index))) : null;
    return s.prelude().contextEvent().execute(Json.write(head), load, loadIndex);
  }

  /**
   * The messages array of a context event, made through the mirror: the held ones reused, the
   * others parsed.
   */
  private Value messages(LoadedScript s, JsonNode messages) {
    long now = call + 1;
    int n = messages.size();
    // A session grows at its end: the messages the last call began with, held by the script, are
    // named by their number alone, and the script reuses its array of them.
    int prefix = 0;
    int max = Math.min(n, last.size());
    while (prefix < max && messages.get(prefix) == last.get(prefix)) {
      prefix++;
    }
    // [prefix, ids]: after the prefix, per message its id if the script holds it, -id - 1 if it is
    // to keep it from now on (the next of the fresh messages). What the script holds (ids, kept
    // messages, the last call's array) changes here only once the script has taken the call, so a
    // call that fails half-way (interrupted) leaves both sides agreeing; only the last-seen marks
    // move, which at worst keeps a message longer.
    StringBuilder ids =
        new StringBuilder((n - prefix) * 6 + 16).append('[').append(prefix).append(",[");
    Fresh fresh = new Fresh();
    List<JsonNode> order = new ArrayList<>(n);
    Map<JsonNode, Entry> added = new IdentityHashMap<>();
    int id = nextId;
    for (int i = 0; i < n; i++) {
      JsonNode m = messages.get(i);
      order.add(m);
      Entry e = byNode.get(m);
      if (e == null) {
        e = added.get(m);
      }
      if (i < prefix) {
        e.seen = now;
        continue;
      }
      if (i > prefix) {
        ids.append(',');
      }
      if (e == null) { // first seen: sent, kept from now on
        e = new Entry(id++);
        added.put(m, e);
        ids.append(-e.id - 1);
        fresh.add(m);
      } else { // held, or sent earlier in this call (a message given twice)
        ids.append(e.id);
      }
      e.seen = now;
    }
    ids.append("]]");
    // The fresh messages split as session entries are (SessionViewCalls.Split): their heads parsed
    // now, their long content and details when a handler first reads them.
    SessionViewCalls.Split split =
        SessionViewCalls.Split.of(
            fresh.elements(), SessionViewCalls.Split.SMALLEST, "content", "details");
    StringBuilder heads = new StringBuilder(split.headsLength());
    split.heads(heads);
    StringBuilder raw = new StringBuilder(split.rawLength());
    split.raw(raw);
    StringBuilder lazy = new StringBuilder(split.lazyLength() + 2).append('[');
    split.lazy(lazy);
    lazy.append(']');
    List<Entry> gone = new ArrayList<>();
    List<Integer> drop = new ArrayList<>();
    for (Entry e : byNode.values()) {
      if (e.seen < now - 1) {
        gone.add(e);
        drop.add(e.id);
      }
    }
    Value made;
    try {
      made =
          s.prelude()
              .contextMessages()
              .execute(
                  ids.toString(),
                  heads.toString(),
                  raw.toString(),
                  lazy.toString(),
                  drop.toString());
    } catch (RuntimeException | Error failed) {
      // The script did not take the call: nothing changes, but its array of the last call may be
      // cut short: the next call names every message.
      last = List.of();
      throw failed;
    }
    call = now;
    nextId = id;
    added.forEach((m, e) -> {
      byNode.put(m, e);
      byId.put(e.id, m);
    });
    for (Entry e : gone) {
      byNode.remove(byId.remove(e.id));
    }
    last = order;
    return made;
  }

  /**
   * Each message a call sends, as JSON text: written by one generator and cut where each ends (a
   * writer per message cost more than the writing while graft starts).
   */
  private static final class Fresh {
    private final StringWriter out = new StringWriter(1 << 16);
    private final JsonGenerator json;
    private final List<Integer> ends = new ArrayList<>();

    Fresh() {
      try {
        json = Json.MAPPER.getFactory().createGenerator(out);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    void add(JsonNode m) {
      try {
        Json.write(json, m);
        ends.add(out.getBuffer().length() + json.getOutputBuffered());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    List<String> elements() {
      try {
        json.flush();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      StringBuffer text = out.getBuffer();
      List<String> texts = new ArrayList<>(ends.size());
      int start = 0;
      for (int end : ends) {
        // a root-level separator (a space) may lead each value after the first
        int from = start;
        while (from < end && text.charAt(from) == ' ') {
          from++;
        }
        texts.add(text.substring(from, end));
        start = end;
      }
      return texts;
    }
  }

  /**
   * A context handler's answer as encodeContextAnswer gave it: "ids\n" + JSON, the JSON with only
   * the messages not named by id. Returns the tree, with the messages named put back, in their
   * places, as the very trees graft handed over.
   */
  JsonNode answer(LoadedScript s, Marshal marshal, String text, String what)
      throws Marshal.NotJson {
    int cut = text.indexOf('\n');
    JsonNode value = marshal.parse(text.substring(cut + 1), what);
    if (cut <= 0) {
      return value;
    }
    JsonNode ids = marshal.parse(text.substring(0, cut), what);
    if (!ids.isArray()) {
      throw new Marshal.NotJson(
          what + " lost its messages on the way"); // the prelude always sends them
    }
    int[] named = new int[ids.size()];
    for (int i = 0; i < named.length; i++) {
      named[i] = ids.get(i).asInt(-1);
    }
    return withMessages(value, named, what);
  }

  /**
   * {@code value}'s messages as {@code ids} name them: an id, a held message; -1, the next of those
   * it has.
   */
  private JsonNode withMessages(JsonNode value, int[] ids, String what) throws Marshal.NotJson {
    if (!(value instanceof ObjectNode o) || !(o.get("messages") instanceof ArrayNode rest)) {
      throw new Marshal.NotJson(
          what + " lost its messages on the way"); // the prelude always sends them
    }
    ArrayNode list = Json.array();
    int next = 0;
    for (int id : ids) {
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
