package dev.graft.runtime.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.StopReason;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * One assistant turn of a scripted JSONL file (see {@link ScriptedProvider} for the format),
 * checked when the file is read so that a typo fails at startup with its line number, not in the
 * middle of a test run.
 */
record ScriptedTurn(
    int line,
    List<Block> content,
    Counts usage,
    StopReason stopReason,
    Optional<String> error,
    ErrorKind errorKind,
    long delayMs,
    int chunkSize) {

  sealed interface Block {}

  record Text(String text) implements Block {}

  record Thinking(String thinking, Optional<String> signature) implements Block {}

  /** {@code arguments} is JSON text, sent as the model would stream it (it may be invalid). */
  record ToolCall(String id, String name, String arguments) implements Block {}

  record Counts(long input, long output, long cacheRead, long cacheWrite) {
    static final Counts ZERO = new Counts(0, 0, 0, 0);
  }

  ScriptedTurn {
    content = List.copyOf(content);
    Objects.requireNonNull(usage, "usage");
    Objects.requireNonNull(stopReason, "stopReason");
    Objects.requireNonNull(error, "error");
    Objects.requireNonNull(errorKind, "errorKind");
    if (stopReason.failed() != error.isPresent()) {
      throw new IllegalArgumentException("an error turn needs an error message, and only it");
    }
    if (delayMs < 0 || chunkSize < 0) {
      throw new IllegalArgumentException("delayMs and chunkSize must not be negative");
    }
  }

  private static final Set<String> FIELDS =
      Set.of(
          "content",
          "text",
          "thinking",
          "toolCalls",
          "usage",
          "stopReason",
          "error",
          "errorKind",
          "delayMs",
          "chunkSize",
          "comment");

  /** Reads one line; {@code number} is its 1-based line number, {@code turn} its turn number. */
  static ScriptedTurn parse(String source, int number, int turn, String text)
      throws TurnsFileException {
    JsonNode node;
    try {
      node = Json.parse(text);
    } catch (Exception e) {
      String m = e.getMessage() == null ? "" : e.getMessage();
      int cut = m.indexOf('\n');
      throw new TurnsFileException(
          source, number, "not valid JSON: " + (cut < 0 ? m : m.substring(0, cut)));
    }
    if (!(node instanceof ObjectNode o)) {
      throw new TurnsFileException(source, number, "each line must be a JSON object");
    }
    Reader r = new Reader(source, number, o);
    for (var e : o.properties()) {
      if (!FIELDS.contains(e.getKey())) {
        throw r.fail(
            "unknown field \""
                + e.getKey()
                + "\" (allowed: "
                + String.join(", ", new TreeSet<>(FIELDS))
                + ")");
      }
    }
    List<Block> content = new ArrayList<>();
    if (o.has("content")) {
      if (o.has("text") || o.has("thinking") || o.has("toolCalls")) {
        throw r.fail(
            "use either \"content\" or the shorthand fields text/thinking/toolCalls, not both");
      }
      JsonNode array = o.get("content");
      if (!array.isArray()) {
        throw r.fail("\"content\" must be an array of blocks");
      }
      int calls = 0;
      for (JsonNode b : array) {
        if (!(b instanceof ObjectNode block)) {
          throw r.fail("each content block must be an object");
        }
        String type = block.path("type").asText("");
        switch (type) {
          case "text" -> content.add(new Text(r.string(block, "text", true)));
          case "thinking" ->
              content.add(
                  new Thinking(
                      r.string(block, "thinking", true),
                      Optional.ofNullable(r.string(block, "signature", false))));
          case "toolCall" -> content.add(r.toolCall(block, turn, ++calls));
          default ->
              throw r.fail(
                  "content block type must be text, thinking or toolCall, was \"" + type + "\"");
        }
      }
    } else {
      String thinking = r.string(o, "thinking", false);
      if (thinking != null) {
        content.add(new Thinking(thinking, Optional.empty()));
      }
      String t = r.string(o, "text", false);
      if (t != null) {
        content.add(new Text(t));
      }
      JsonNode calls = o.get("toolCalls");
      if (calls != null) {
        if (!calls.isArray()) {
          throw r.fail("\"toolCalls\" must be an array");
        }
        int n = 0;
        for (JsonNode c : calls) {
          if (!(c instanceof ObjectNode call)) {
            throw r.fail("each tool call must be an object");
          }
          content.add(r.toolCall(call, turn, ++n));
        }
      }
    }
    Counts usage = Counts.ZERO;
    if (o.has("usage")) {
      if (!(o.get("usage") instanceof ObjectNode u)) {
        throw r.fail("\"usage\" must be an object");
      }
      usage =
          new Counts(
              r.count(u, "input"),
              r.count(u, "output"),
              r.count(u, "cacheRead"),
              r.count(u, "cacheWrite"));
    }
    Optional<String> error = Optional.ofNullable(r.string(o, "error", false));
    boolean hasCalls = content.stream().anyMatch(ToolCall.class::isInstance);
    StopReason stop;
    String stopText = r.string(o, "stopReason", false);
    if (stopText == null) {
      stop =
          error.isPresent() ? StopReason.ERROR : hasCalls ? StopReason.TOOL_USE : StopReason.STOP;
    } else {
      try {
        stop = StopReason.fromWire(stopText);
      } catch (IllegalArgumentException e) {
        throw r.fail(
            "stopReason must be stop, length, toolUse, error or aborted, was \"" + stopText + "\"");
      }
    }
    if (stop == StopReason.ABORTED && error.isEmpty()) {
      error = Optional.of("Request was aborted");
    }
    if (stop == StopReason.ERROR && error.isEmpty()) {
      throw r.fail("stopReason \"error\" needs an \"error\" message");
    }
    if (!stop.failed() && error.isPresent()) {
      throw r.fail("\"error\" is only allowed with stopReason error or aborted");
    }
    ErrorKind kind = stop == StopReason.ABORTED ? ErrorKind.ABORTED : ErrorKind.OTHER;
    String kindText = r.string(o, "errorKind", false);
    if (kindText != null) {
      if (error.isEmpty()) {
        throw r.fail("\"errorKind\" needs an \"error\"");
      }
      try {
        kind = ErrorKind.valueOf(kindText.toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw r.fail("errorKind must be one of " + kinds() + ", was \"" + kindText + "\"");
      }
    }
    long delay = o.has("delayMs") ? r.count(o, "delayMs") : 0;
    long chunk = o.has("chunkSize") ? r.count(o, "chunkSize") : 0;
    if (chunk > Integer.MAX_VALUE) {
      throw r.fail("chunkSize is too large");
    }
    return new ScriptedTurn(number, content, usage, stop, error, kind, delay, (int) chunk);
  }

  private static String kinds() {
    List<String> names = new ArrayList<>();
    for (ErrorKind k : ErrorKind.values()) {
      names.add(k.name().toLowerCase(Locale.ROOT));
    }
    return String.join(", ", names);
  }

  /** Field access that fails with the line number. */
  private record Reader(String source, int line, ObjectNode root) {
    TurnsFileException fail(String message) {
      return new TurnsFileException(source, line, message);
    }

    String string(ObjectNode o, String field, boolean required) throws TurnsFileException {
      JsonNode v = o.get(field);
      if (v == null) {
        if (required) {
          throw fail("missing \"" + field + "\"");
        }
        return null;
      }
      if (!v.isTextual()) {
        throw fail("\"" + field + "\" must be a string");
      }
      return v.textValue();
    }

    long count(ObjectNode o, String field) throws TurnsFileException {
      JsonNode v = o.get(field);
      if (v == null) {
        return 0;
      }
      if (!v.isIntegralNumber() || !v.canConvertToLong() || v.longValue() < 0) {
        throw fail("\"" + field + "\" must be a whole number >= 0");
      }
      return v.longValue();
    }

    ToolCall toolCall(ObjectNode call, int turn, int n) throws TurnsFileException {
      String name = string(call, "name", true);
      String id = string(call, "id", false);
      JsonNode args = call.get("arguments");
      String json;
      if (args == null) {
        json = "{}";
      } else if (args.isTextual()) {
        json = args.textValue(); // raw text, possibly invalid on purpose
      } else if (args.isObject()) {
        json = Json.write(args);
      } else {
        throw fail("tool call \"arguments\" must be an object or a string of JSON text");
      }
      return new ToolCall(id != null ? id : "call_" + turn + "_" + n, name, json);
    }
  }
}
