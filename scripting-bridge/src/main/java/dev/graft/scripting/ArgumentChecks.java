package dev.graft.scripting;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.graft.runtime.json.Json;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.graalvm.polyglot.Value;

/** Checks of the arguments a script passes to the API; a failed check names what was wrong. */
final class ArgumentChecks {
  private ArgumentChecks() {}

  /** A bad argument: becomes a TypeError in the script. */
  static final class BadArgument extends Exception {
    BadArgument(String message) {
      super(message, null, false, false);
    }
  }

  /**
   * The longest strings, in characters, a script may hand graft through the API (docs/security.md,
   * Limits): beyond one, the call is a TypeError saying the length and the cap.
   */
  static final int MAX_NAME = 200; // customType, entry id, status key

  static final int MAX_SHORT_TEXT =
      1_000; // session name, label, status text, command description, dialog title
  static final int MAX_NOTIFY = 10_000; // ctx.ui.notify, a confirm's message
  static final int MAX_TOOL_DESCRIPTION = 16_384;
  static final int MAX_REMINDER = 1 << 20;
  static final int MAX_EDITOR_TEXT = 1 << 20; // ctx.ui.editor's prefill, setEditorText
  static final int MAX_ENTRY_DATA = 4 << 20; // appendEntry's data, as JSON
  static final int MAX_MESSAGE =
      16 << 20; // sendMessage's message and sendUserMessage's content, as JSON (images included)

  /** {@code s} when it has at most {@code max} characters. */
  static String capped(String s, int max, String what) throws BadArgument {
    if (s != null && s.length() > max) {
      throw new BadArgument(what + " is " + s.length() + " characters long; the limit is " + max);
    }
    return s;
  }

  static Value arg(Value[] args, int i) {
    return i < args.length ? args[i] : null;
  }

  static String text(Value v, String what) throws BadArgument {
    if (v == null || !v.isString() || v.asString().isEmpty()) {
      throw new BadArgument(what + " must be a non-empty string, not " + describe(v));
    }
    return v.asString();
  }

  /** A string, or null for undefined/null. */
  static String optionalText(Value v, String what) throws BadArgument {
    if (v == null || v.isNull()) {
      return null;
    }
    if (!v.isString()) {
      throw new BadArgument(what + " must be a string, not " + typeOf(v));
    }
    return v.asString();
  }

  /** JSON text the prelude encoded; null when the script passed undefined. */
  static String json(Value v, String what) throws BadArgument {
    if (v == null || v.isNull()) {
      throw new BadArgument(what + " is missing");
    }
    return v.asString();
  }

  static List<String> strings(JsonNode node, String what) throws BadArgument {
    if (!node.isArray()) {
      throw new BadArgument(what + " must be an array of strings");
    }
    List<String> out = new ArrayList<>();
    for (int i = 0; i < node.size(); i++) {
      if (!node.get(i).isTextual()) {
        throw new BadArgument(what + "[" + i + "] must be a string");
      }
      out.add(node.get(i).textValue());
    }
    return out;
  }

  static String level(Value v) throws BadArgument {
    String level = optionalText(v, "the type");
    if (level == null) {
      return "info";
    }
    if (!List.of("info", "warning", "error").contains(level)) {
      throw new BadArgument(
          "the type must be \"info\", \"warning\" or \"error\", not \"" + level + "\"");
    }
    return level;
  }

  /**
   * A dialog's {@code {timeout}} in milliseconds: a positive number, or none for undefined/null.
   */
  static Optional<Duration> timeout(Value v) throws BadArgument {
    if (v == null || v.isNull()) {
      return Optional.empty();
    }
    if (!v.isNumber()
        || !v.fitsInDouble()
        || !(v.asDouble() > 0)
        || Double.isInfinite(v.asDouble())) {
      throw new BadArgument(
          "the timeout must be a positive number of milliseconds, not "
              + (v.isNumber() ? v.toString() : typeOf(v)));
    }
    return Optional.of(Duration.ofMillis(Math.max(1, (long) Math.ceil(v.asDouble()))));
  }

  static String jsonString(String s) {
    return Json.write(TextNode.valueOf(s));
  }

  /** JavaScript's name for the kind of {@code v}. */
  static String typeOf(Value v) {
    if (v == null) {
      return "undefined";
    }
    if (v.isNull()) {
      return v.toString().equals("null") ? "null" : "undefined";
    }
    if (v.isString()) {
      return "a string";
    }
    if (v.isNumber()) {
      return "a number";
    }
    if (v.isBoolean()) {
      return "a boolean";
    }
    if (v.canExecute()) {
      return "a function";
    }
    if (v.hasArrayElements()) {
      return "an array";
    }
    return "an object";
  }

  static String describe(Value v) {
    if (v != null && v.isString()) {
      return v.asString().isEmpty() ? "an empty string" : jsonString(v.asString());
    }
    return typeOf(v).toLowerCase(Locale.ROOT);
  }
}
