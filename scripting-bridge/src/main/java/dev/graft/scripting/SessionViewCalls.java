package dev.graft.scripting;

import static dev.graft.scripting.ArgumentChecks.arg;
import static dev.graft.scripting.ArgumentChecks.jsonString;
import static dev.graft.scripting.ArgumentChecks.text;

import dev.graft.scripting.ArgumentChecks.BadArgument;
import dev.graft.scripting.api.ScriptSessionView;
import java.util.Optional;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyExecutable;

/**
 * The host function behind {@code ctx.sessionManager}. Reads that return entries answer {@link
 * HostReply.Entries}: meta, a line break and lines, where meta is {@code {"g": generation, "from":
 * first new position, "n": count, "r": answer}} (for getBranch, {@code {"after": true when only the
 * positions after the script's known end are given, "p": positions}}) and lines a JSON array of the
 * entries the script does not hold yet, spliced from the session file's text (never re-encoded).
 * Other reads answer a value.
 */
final class SessionViewCalls {
  private SessionViewCalls() {}

  static ProxyExecutable of(LoadedScript s, ScriptSessionView view) {
    return args -> {
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
    };
  }

  private static HostReply read(
      ScriptSessionView view, Value[] args, ScriptSessionView.Query query) {
    Value generation = arg(args, 2);
    String g = generation == null || !generation.isString() ? "" : generation.asString();
    ScriptSessionView.Reply reply = view.read(g, Math.max(0, intArg(args, 3, 0)), query);
    HostReply.Entries entries =
        new HostReply.Entries(64 + reply.lines().stream().mapToInt(l -> l.length() + 1).sum());
    StringBuilder out = entries.text();
    out.append("{\"g\":")
        .append(jsonString(reply.generation()))
        .append(",\"from\":")
        .append(reply.from())
        .append(",\"n\":")
        .append(reply.count())
        .append(",\"r\":");
    answer(out, reply.answer());
    out.append("}\n[");
    for (int i = 0; i < reply.lines().size(); i++) {
      if (i > 0) {
        out.append(',');
      }
      out.append(reply.lines().get(i));
    }
    out.append(']');
    return entries;
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
