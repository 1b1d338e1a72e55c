package dev.graft.scripting;

import static dev.graft.scripting.ArgumentChecks.arg;
import static dev.graft.scripting.ArgumentChecks.jsonString;
import static dev.graft.scripting.ArgumentChecks.text;

import dev.graft.scripting.ArgumentChecks.BadArgument;
import dev.graft.scripting.api.ScriptSessionView;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyExecutable;

/**
 * The host function behind {@code ctx.sessionManager}. Reads that return entries answer {@link
 * HostReply.Entries}: lines, a line break and meta, where meta is {@code {"g": generation, "from":
 * first new position, "n": count, "r": answer}} (for getBranch, {@code {"after": true when only the
 * positions after the script's known end are given, "p": positions}}) and lines a JSON array of the
 * entries the script does not hold yet, spliced from the session file's text (never re-encoded).
 * With {@code "h"} and {@code "lz"} in meta, the lines are split as {@link Split} says: the message
 * and data values' text, then the heads ({@code h} characters). Meta comes last because its {@code
 * lz} is known only once the lines are split, and the lines go straight into the reply. Other reads
 * answer a value.
 */
final class SessionViewCalls {
  private SessionViewCalls() {}

  /**
   * The host function; a read's entries are taken in by the prelude's function given as its sixth
   * argument, called here. Reading and taking them in is the bridge's work ({@link
   * Watchdog#bridgeWork}): the first read of a long session's branch parses every entry, which can
   * take longer than a handler's spin limit, and is bounded by the handler timeout instead.
   */
  static ProxyExecutable of(LoadedScript s, ScriptSessionView view, Watchdog watchdog) {
    return args ->
        watchdog.bridgeWork(() -> {
          String reply = serve(s, view, args);
          Value adopt = arg(args, 5);
          return reply != null && reply.startsWith("S") && adopt != null && adopt.canExecute()
              ? adopt.execute(reply)
              : reply;
        });
  }

  private static String serve(LoadedScript s, ScriptSessionView view, Value[] args) {
    {
      String op = args[0].asString();
      String name = "ctx.sessionManager." + op;
      Value a = arg(args, 1);
      return HostReply.serve(
          s,
          name,
          () ->
              switch (op) {
                case "getEntries" -> read(view, args, new ScriptSessionView.Query.All());
                case "getBranch" ->
                    read(
                        view,
                        args,
                        new ScriptSessionView.Query.Branch(
                            a == null || a.isNull()
                                ? Optional.empty()
                                : Optional.of(text(a, "the entry id")),
                            intArg(args, 4, -1)));
                case "getEntry" ->
                    read(view, args, new ScriptSessionView.Query.Entry(text(a, "the entry id")));
                case "getLeafEntry" -> read(view, args, new ScriptSessionView.Query.Leaf());
                case "getTree" -> read(view, args, new ScriptSessionView.Query.Tree());
                case "getLabel" -> HostReply.string(view.label(text(a, "the entry id")));
                case "getLeafId" ->
                    new HostReply.JsonValue(
                        view.leafId().map(ArgumentChecks::jsonString).orElse("null"));
                case "getHeader" -> new HostReply.JsonValue(view.header().orElse("null"));
                case "getSessionFile" -> HostReply.string(view.sessionFile());
                case "getSessionId" -> HostReply.string(view.sessionId());
                case "getSessionName" -> HostReply.string(view.sessionName());
                case "getCwd" -> HostReply.string(view.cwd());
                case "getSessionDir" -> HostReply.string(view.sessionDir());
                default -> throw new BadArgument("unknown method");
              });
    }
  }

  private static HostReply read(
      ScriptSessionView view, Value[] args, ScriptSessionView.Query query) {
    Value generation = arg(args, 2);
    String g = generation == null || !generation.isString() ? "" : generation.asString();
    return entries(view.read(g, Math.max(0, intArg(args, 3, 0)), query));
  }

  /**
   * The reply to a read, written once at its final size: the lines are measured first ({@link
   * Split}), then copied. Only the reply refers to the lines, so they can be collected before the
   * reply's text becomes a String.
   */
  static HostReply.Entries entries(ScriptSessionView.Reply reply) {
    Split split = Split.of(reply.lines(), Split.SMALLEST);
    StringBuilder meta = new StringBuilder(64 + split.lazyLength());
    meta.append("{\"g\":")
        .append(jsonString(reply.generation()))
        .append(",\"from\":")
        .append(reply.from())
        .append(",\"n\":")
        .append(reply.count());
    if (split.values() > 0) {
      meta.append(",\"h\":").append(split.headsLength()).append(",\"lz\":[");
      split.lazy(meta);
      meta.append(']');
    }
    meta.append(",\"r\":");
    answer(meta, reply.answer());
    meta.append('}');
    HostReply.Entries entries =
        new HostReply.Entries(
            Math.addExact(split.rawLength() + split.headsLength() + 1, meta.length()));
    StringBuilder out = entries.text();
    split.raw(out);
    split.heads(out);
    out.append('\n').append(meta);
    return entries;
  }

  /**
   * Entry lines split for the script, measured without copying anything, so the reply is written at
   * its final size: {@link #heads}, a JSON array of the lines with the value of each top-level
   * "message" and "data" that is an object or array replaced by 0; {@link #raw}, those values' text
   * one after the other; {@link #lazy}, per value "entry, 0 for message or 1 for data, start, end
   * in raw" (comma-separated). The script parses a value when it is first read, so a handler that
   * reads only an entry's type does not parse its message. A line it cannot split (not an object, a
   * key written with an escape or given twice) goes whole into the heads, and so does a value
   * shorter than {@code smallest} characters (a getter costs more than its parse).
   */
  static final class Split {
    /** The shortest value read when first used, in characters. */
    static final int SMALLEST = 400;

    private final List<String> lines;
    private final int smallest;

    /** Per value: line, kind (0 message, 1 data), start and end in the line. */
    private int[] found = new int[64];

    private int used;
    private long linesLength;
    private long valuesLength;

    /** The two keys whose values are split out: kind 0 and kind 1, each as a JSON string. */
    private final String first;

    private final String second;

    private Split(List<String> lines, int smallest, String first, String second) {
      this.lines = lines;
      this.smallest = smallest;
      this.first = "\"" + first + "\"";
      this.second = "\"" + second + "\"";
    }

    /** An entry's {@code message} (kind 0) and {@code data} (kind 1). */
    static Split of(List<String> lines, int smallest) {
      return of(lines, smallest, "message", "data");
    }

    /** The values of keys {@code first} (kind 0) and {@code second} (kind 1). */
    static Split of(List<String> lines, int smallest, String first, String second) {
      Split s = new Split(lines, smallest, first, second);
      for (int i = 0; i < lines.size(); i++) {
        String line = lines.get(i);
        s.linesLength += line.length();
        int mark = s.used;
        boolean split;
        try {
          split = s.splitObject(line, i);
        } catch (RuntimeException notSplit) {
          split = false;
        }
        if (!split) {
          for (int k = mark; k < s.used; k += 4) {
            s.valuesLength -= s.found[k + 3] - s.found[k + 2];
          }
          s.used = mark;
        }
      }
      return s;
    }

    int values() {
      return used / 4;
    }

    int rawLength() {
      return Math.toIntExact(valuesLength);
    }

    /** The brackets, the commas, the lines less their values, and a 0 for each value. */
    int headsLength() {
      return Math.toIntExact(
          2L + Math.max(0, lines.size() - 1) + linesLength - valuesLength + values());
    }

    /** An upper bound of what {@link #lazy} writes. */
    int lazyLength() {
      return Math.toIntExact(values() * (4L + 11 + 1 + 11 + 11));
    }

    void raw(StringBuilder out) {
      for (int k = 0; k < used; k += 4) {
        out.append(lines.get(found[k]), found[k + 2], found[k + 3]);
      }
    }

    void heads(StringBuilder out) {
      out.append('[');
      int k = 0;
      for (int i = 0; i < lines.size(); i++) {
        if (i > 0) {
          out.append(',');
        }
        String line = lines.get(i);
        int copied = 0;
        for (; k < used && found[k] == i; k += 4) {
          out.append(line, copied, found[k + 2]).append('0');
          copied = found[k + 3];
        }
        out.append(line, copied, line.length());
      }
      out.append(']');
    }

    void lazy(StringBuilder out) {
      long at = 0;
      for (int k = 0; k < used; k += 4) {
        if (k > 0) {
          out.append(',');
        }
        out.append(found[k]).append(',').append(found[k + 1]).append(',').append(at);
        at += found[k + 3] - found[k + 2];
        out.append(',').append(at);
      }
    }

    private boolean splitObject(String line, int index) {
      int i = space(line, 0);
      if (line.charAt(i) != '{') {
        return false;
      }
      i = space(line, i + 1);
      if (line.charAt(i) == '}') {
        return true;
      }
      boolean message = false;
      boolean data = false;
      while (true) {
        if (line.charAt(i) != '"') {
          return false;
        }
        int keyEnd = JsonText.skipString(line, i);
        if (line.indexOf('\\', i, keyEnd) >= 0) {
          return false;
        }
        int kind =
            line.startsWith(first, i) && keyEnd - i == first.length()
                ? 0
                : line.startsWith(second, i) && keyEnd - i == second.length() ? 1 : -1;
        if (kind == 0 && message || kind == 1 && data) {
          return false;
        }
        message |= kind == 0;
        data |= kind == 1;
        i = space(line, keyEnd);
        if (line.charAt(i) != ':') {
          return false;
        }
        i = space(line, i + 1);
        int end = JsonText.skipValue(line, i);
        char c = line.charAt(i);
        if (kind >= 0 && (c == '{' || c == '[') && end - i >= smallest) {
          if (used + 4 > found.length) {
            found = Arrays.copyOf(found, found.length * 2);
          }
          found[used++] = index;
          found[used++] = kind;
          found[used++] = i;
          found[used++] = end;
          valuesLength += end - i;
        }
        i = space(line, end);
        if (line.charAt(i) == '}') {
          break;
        }
        if (line.charAt(i) != ',') {
          return false;
        }
        i = space(line, i + 1);
      }
      return true;
    }

    private static int space(String line, int at) {
      int i = at;
      while (i < line.length()
          && (line.charAt(i) == ' '
              || line.charAt(i) == '\t'
              || line.charAt(i) == '\n'
              || line.charAt(i) == '\r')) {
        i++;
      }
      return i;
    }
  }

  private static int intArg(Value[] args, int i, int otherwise) {
    Value v = arg(args, i);
    return v != null && v.fitsInInt() ? v.asInt() : otherwise;
  }

  private static void answer(StringBuilder out, ScriptSessionView.Answer answer) {
    switch (answer) {
      case ScriptSessionView.Answer.Nothing n -> out.append("null");
      case ScriptSessionView.Answer.Position p ->
          out.append(p.position().isPresent() ? p.position().getAsInt() : -1);
      case ScriptSessionView.Answer.Positions p -> {
        out.append("{\"after\":").append(p.afterKnown()).append(",\"p\":[");
        for (int i = 0; i < p.positions().length; i++) {
          if (i > 0) {
            out.append(',');
          }
          out.append(p.positions()[i]);
        }
        out.append("]}");
      }
      case ScriptSessionView.Answer.Rows r -> {
        out.append('[');
        boolean first = true;
        for (ScriptSessionView.TreeRow row : r.rows()) {
          if (!first) {
            out.append(',');
          }
          first = false;
          out.append('[')
              .append(row.position())
              .append(',')
              .append(row.parent())
              .append(',')
              .append(row.label().map(ArgumentChecks::jsonString).orElse("null"))
              .append(',')
              .append(row.labelTimestamp().map(ArgumentChecks::jsonString).orElse("null"))
              .append(']');
        }
        out.append(']');
      }
    }
  }
}
