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
import java.util.Arrays;
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
 * the script as a frozen JavaScript object from the second call that has it on: a call sends only
 * the messages the script does not hold yet, and the ids of the others. A message's first call gets
 * it unfrozen and not kept, as the handler's own copy: freezing costs GraalJS a walk of every
 * object (about as much as parsing them), so a run that calls the model once, or a script whose
 * first call should come quickly, does not pay for it. Back, a handler's answer names by id the
 * messages it returned as it was given them; only the others are converted. On a message's first
 * call "as it was given" is checked by its JSON: the script's JSON.stringify of the object against
 * the text graft sent (a native call and a string comparison, where converting it back would walk
 * it in the interpreter and parse it again); when every message of a call is a copy (a first call)
 * the script stringifies the returned array once and graft compares the texts ({@link #answer}). A
 * script holds its own copy (one context per script), so what one script does with its objects
 * never reaches another, and the kept objects are frozen, so a handler cannot change what its next
 * call sees. Messages not seen for two calls are forgotten on both sides. Owner thread only.
 */
final class MessageMirror {
  private final Map<JsonNode, Entry> byNode = new IdentityHashMap<>();
  private final Map<Integer, JsonNode> byId = new HashMap<>();
  private int nextId;
  private long call;

  /**
   * The messages of the last call made through the mirror, and how many of them led that call held
   * by the script.
   */
  private List<JsonNode> last = List.of();

  private int lastHeld;

  /**
   * The last call's messages when every one was a copy (a first call), for an answer that names
   * them by their JSON.
   */
  private Sent sent;

  private static final class Entry {
    final int id;

    /**
     * Whether the script keeps the message (from its second call on); else it had it once, as its
     * own copy.
     */
    boolean kept;

    /** Kept from the call being made, once the script has taken it. */
    boolean keepNow;

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
    int max = Math.min(n, lastHeld);
    while (prefix < max && messages.get(prefix) == last.get(prefix)) {
      prefix++;
    }
    // [prefix, ids, copies, ends]: after the prefix, per message its id if the script holds it,
    // -id - 1 if it is to keep it from now on, null if it is the script's own copy; the ids of
    // those
    // copies, in order; where the fresh messages' JSON texts end, so that the script can compare a
    // copy it returns. What the script holds (ids, kept messages, the last call's array) changes
    // here
    // only once the script has taken the call, so a call that fails half-way (interrupted) leaves
    // both sides agreeing; only the last-seen marks move, which at worst keeps a message longer.
    StringBuilder ids =
        new StringBuilder((n - prefix) * 6 + 16).append('[').append(prefix).append(",[");
    Fresh fresh = new Fresh();
    List<JsonNode> order = new ArrayList<>(n);
    Map<JsonNode, Entry> added = new IdentityHashMap<>();
    List<Entry> kept = new ArrayList<>();
    int held = prefix;
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
      boolean keeps;
      if (e == null) { // first seen: the handler's own copy, not kept
        e = new Entry(id++);
        added.put(m, e);
        appendCopy(ids, fresh, e, m);
        keeps = false;
      } else if (e.kept
          || e.keepNow) { // held (or kept earlier in this call: a message given twice)
        ids.append(e.id);
        keeps = true;
      } else if (added.containsKey(m)) { // first seen earlier in this call: another copy
        appendCopy(ids, fresh, e, m);
        keeps = false;
      } else { // seen again: kept from now on
        e.keepNow = true;
        kept.add(e);
        ids.append(-e.id - 1);
        fresh.add(m, -1);
        keeps = true;
      }
      if (held == i && keeps) {
        held++;
      }
      e.seen = now;
    }
    String freshText = fresh.text();
    ids.append("],").append(fresh.copyIdsJson()).append(',').append(fresh.endsJson()).append(']');
    List<Entry> gone = new ArrayList<>();
    List<Integer> drop = new ArrayList<>();
    for (Entry e : byNode.values()) {
      if (e.seen < now - 1) {
        gone.add(e);
        if (e.kept) {
          drop.add(e.id);
        }
      }
    }
    Value made;
    try {
      made = s.prelude().contextMessages().execute(ids.toString(), freshText, drop.toString());
    } catch (RuntimeException | Error failed) {
      sent = null;
      kept.forEach(e -> e.keepNow = false); // the script did not take the call: nothing changes,
      last =
          List.of(); // but its array of the last call may be cut short: the next call names every
      // message
      lastHeld = 0;
      throw failed;
    }
    call = now;
    nextId = id;
    kept.forEach(e -> {
      e.kept = true;
      e.keepNow = false;
    });
    added.forEach((m, e) -> {
      byNode.put(m, e);
      byId.put(e.id, m);
    });
    for (Entry e : gone) {
      byNode.remove(byId.remove(e.id));
    }
    last = order;
    lastHeld = held;
    // Every message a copy (a first call): the script answers by their JSON (see answer).
    sent =
        prefix == 0 && fresh.copies() == n && n > 0
            ? new Sent(freshText, fresh.starts(), fresh.endsAt(), fresh.ids())
            : null;
    return made;
  }

  private static void appendCopy(StringBuilder ids, Fresh fresh, Entry e, JsonNode m) {
    ids.append("null");
    fresh.add(m, e.id);
  }

  /**
   * The JSON array of the messages a call sends, written by one generator, and where each one ends
   * (in UTF-16 units, as JavaScript counts): the script compares a copy it returns with its text.
   * One generator for all: a writer per message cost more than the writing while graft starts.
   */
  private static final class Fresh {
    private final StringWriter out = new StringWriter(1 << 16);
    private final JsonGenerator json;
    private int[] at = new int[16];
    private int[] ids = new int[16];
    private int count;

    Fresh() {
      try {
        json = Json.MAPPER.getFactory().createGenerator(out);
        json.writeStartArray();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    /** Adds {@code m}, a copy with id {@code id} or (-1) a message the script keeps. */
    void add(JsonNode m, int id) {
      int end;
      try {
        Json.write(json, m);
        end = out.getBuffer().length() + json.getOutputBuffered();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      if (count == at.length) {
        at = Arrays.copyOf(at, count * 2);
        ids = Arrays.copyOf(ids, count * 2);
      }
      at[count] = end;
      ids[count++] = id;
    }

    String text() {
      try {
        json.writeEndArray();
        json.close();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return out.toString();
    }

    /** Where each message's text ends, as a JSON array. */
    String endsJson() {
      StringBuilder text = new StringBuilder().append('[');
      for (int i = 0; i < count; i++) {
        text.append(i > 0 ? "," : "").append(at[i]);
      }
      return text.append(']').toString();
    }

    /** The copies' ids, in order, as a JSON array. */
    String copyIdsJson() {
      StringBuilder text = new StringBuilder().append('[');
      for (int i = 0; i < count; i++) {
        if (ids[i] >= 0) {
          text.append(text.length() > 1 ? "," : "").append(ids[i]);
        }
      }
      return text.append(']').toString();
    }

    /** How many of the messages are copies. */
    int copies() {
      int copies = 0;
      for (int i = 0; i < count; i++) {
        copies += ids[i] >= 0 ? 1 : 0;
      }
      return copies;
    }

    int[] endsAt() {
      return Arrays.copyOf(at, count);
    }

    int[] starts() {
      int[] starts = new int[count];
      for (int i = 0; i < count; i++) {
        starts[i] = i == 0 ? 1 : at[i - 1] + 1;
      }
      return starts;
    }

    /** Per message, its id if a copy, else -1. */
    int[] ids() {
      return Arrays.copyOf(ids, count);
    }
  }

  /**
   * A context handler's answer as encodeContextAnswer gave it: "ids\n" + JSON, the JSON with only
   * the messages not named by id, or, on a call whose messages were all copies, "*" + the JSON of
   * the messages it returned ({@link #answerByText}). Returns the tree, with the messages named put
   * back, in their places, as the very trees graft handed over.
   */
  JsonNode answer(LoadedScript s, Marshal marshal, String text, String what)
      throws Marshal.NotJson {
    if (text.startsWith("*")) {
      return answerByText(s, marshal, text, what);
    }
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
   * The answer of a call whose messages were all copies (a first call): the script sent the native
   * JSON.stringify of the messages it returned, which graft matches against the texts it sent, in
   * order and else by text; the script then encodes only the others, with the answer's other fields
   * (contextAnswerRest), as it encodes any answer. Comparing the text in Java, where the script
   * would have had to stringify its messages one by one, is what makes a first call over a long
   * session quick.
   */
  private JsonNode answerByText(LoadedScript s, Marshal marshal, String text, String what)
      throws Marshal.NotJson {
    Sent given = sent;
    sent = null;
    if (given == null) {
      throw new Marshal.NotJson(what + " lost its messages on the way");
    }
    int[] ids;
    try {
      ids = given.match(text, 1);
    } catch (IndexOutOfBoundsException | IllegalArgumentException e) {
      throw new Marshal.NotJson(what + " lost its messages on the way");
    }
    StringBuilder others = new StringBuilder().append('[');
    for (int i = 0; i < ids.length; i++) {
      if (ids[i] < 0) {
        others.append(others.length() > 1 ? "," : "").append(i);
      }
    }
    Value rest = s.prelude().contextAnswerRest().execute(others.append(']').toString(), what);
    return withMessages(marshal.parse(rest.asString(), what), ids, what);
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

  /**
   * The JSON texts of a call's copies in the text sent ({@code starts}, {@code ends}), and their
   * ids.
   */
  private record Sent(String text, int[] starts, int[] ends, int[] ids) {
    /**
     * Per element of the JSON array at {@code from} in {@code answer} (JSON.stringify's, compact):
     * the id of the copy it is the text of, or -1. The element at the cursor is tried first (most
     * handlers keep the order), then any by its text.
     */
    int[] match(String answer, int from) {
      if (answer.charAt(from) != '[') {
        throw new IllegalArgumentException("not an array");
      }
      int p = from + 1;
      if (answer.charAt(p) == ']') {
        return new int[0];
      }
      int[] out = new int[ends.length + 8];
      int count = 0;
      int j = 0;
      Map<String, Integer> byText = null;
      while (true) {
        int id = -1;
        int end = -1;
        if (j < ends.length) {
          int length = ends[j] - starts[j];
          int after = p + length;
          if (after < answer.length()
              && (answer.charAt(after) == ',' || answer.charAt(after) == ']')
              && answer.regionMatches(p, text, starts[j], length)) {
            id = ids[j++];
            end = after;
          }
        }
        if (end < 0) {
          end = JsonText.skipValue(answer, p);
          if (byText == null) {
            byText = new HashMap<>();
            for (int k = ends.length - 1; k >= 0; k--) {
              byText.put(text.substring(starts[k], ends[k]), k);
            }
          }
          Integer k = byText.get(answer.substring(p, end));
          if (k != null) {
            id = ids[k];
            j = k + 1;
          } else {
            j++; // most likely the message at the cursor, replaced
          }
        }
        if (count == out.length) {
          out = Arrays.copyOf(out, count * 2);
        }
        out[count++] = id;
        char c = answer.charAt(end);
        if (c == ']') {
          return Arrays.copyOf(out, count);
        }
        if (c != ',') {
          throw new IllegalArgumentException("not an array");
        }
        p = end + 1;
      }
    }
  }
}
