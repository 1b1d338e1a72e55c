package dev.graft.scripting;

import static dev.graft.scripting.ArgumentChecks.arg;
import static dev.graft.scripting.ArgumentChecks.json;
import static dev.graft.scripting.ArgumentChecks.text;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.scripting.ArgumentChecks.BadArgument;
import dev.graft.scripting.api.ScriptCommandControl;
import java.util.Optional;
import java.util.Set;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyExecutable;

/**
 * The host function behind a command handler's extra ctx methods ({@link ScriptCommandControl}).
 */
final class CommandCalls {
  private static final Set<String> TREE_FIELDS =
      Set.of("summarize", "customInstructions", "replaceInstructions", "label");

  private CommandCalls() {}

  static ProxyExecutable of(
      LoadedScript s, ScriptCommandControl control, GuestCalls calls, Marshal marshal) {
    return args -> {
      String op = args[0].asString();
      String name = "ctx." + op;
      Value a = arg(args, 1);
      Value b = arg(args, 2);
      Value resolve = arg(args, 4);
      Value reject = arg(args, 5);
      return HostReply.serve(
          s,
          name,
          () -> {
            switch (op) {
              case "waitForIdle" ->
                  calls.await(s, name, control.waitForIdle(), resolve, reject, v -> null);
              case "reload" -> calls.await(s, name, control.reload(), resolve, reject, v -> null);
              case "newSession" ->
                  calls.await(
                      s, name, control.newSession(), resolve, reject, CommandCalls::cancelled);
              case "fork" ->
                  calls.await(
                      s,
                      name,
                      control.fork(text(a, "the entry id")),
                      resolve,
                      reject,
                      CommandCalls::cancelled);
              case "navigateTree" ->
                  calls.await(
                      s,
                      name,
                      control.navigateTree(
                          text(a, "the target id"),
                          tree(
                              b == null || b.isNull()
                                  ? null
                                  : marshal.parse(json(b, "the options"), "the options"))),
                      resolve,
                      reject,
                      CommandCalls::cancelled);
              default -> throw new BadArgument("unknown method");
            }
            return HostReply.NOTHING;
          });
    };
  }

  private static String cancelled(Boolean cancelled) {
    return "{\"cancelled\":" + cancelled + "}";
  }

  private static ScriptCommandControl.TreeOptions tree(JsonNode options) throws BadArgument {
    if (options == null) {
      return new ScriptCommandControl.TreeOptions(false, Optional.empty(), false, Optional.empty());
    }
    if (!(options instanceof ObjectNode o)) {
      throw new BadArgument(
          "the options must be an object {summarize?, customInstructions?, replaceInstructions?, label?}");
    }
    for (String field : (Iterable<String>) o::fieldNames) {
      if (!TREE_FIELDS.contains(field)) {
        throw new BadArgument(
            "unknown option \""
                + field
                + "\"; the options are summarize, customInstructions,"
                + " replaceInstructions and label");
      }
    }
    for (String flag : new String[] {"summarize", "replaceInstructions"}) {
      if (o.has(flag) && !o.get(flag).isBoolean()) {
        throw new BadArgument(flag + " must be true or false");
      }
    }
    for (String textField : new String[] {"customInstructions", "label"}) {
      if (o.has(textField) && !o.get(textField).isTextual()) {
        throw new BadArgument(textField + " must be a string");
      }
    }
    return new ScriptCommandControl.TreeOptions(
        o.path("summarize").asBoolean(false),
        Optional.ofNullable(o.get("customInstructions")).map(JsonNode::asText),
        o.path("replaceInstructions").asBoolean(false),
        Optional.ofNullable(o.get("label")).map(JsonNode::asText));
  }
}
