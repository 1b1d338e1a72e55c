package dev.graft.runtime.llm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.ContentBlock;
import java.util.Optional;

/**
 * Turns the JSON text a model streamed as tool arguments into an object, and marks calls whose
 * arguments could not be read. Unlike the reference, which completes truncated JSON and would run
 * {@code write} with half a file, graft runs nothing it cannot parse: such a call gets empty
 * arguments and an {@value #ERROR_FIELD} the agent returns to the model as the tool's error.
 */
public final class ToolCallArguments {
  /** Extra field on a tool call block: why its arguments could not be parsed. */
  public static final String ERROR_FIELD = "argumentsError";

  /** Extra field on a tool call block: the argument text as the model sent it. */
  public static final String RAW_FIELD = "rawArguments";

  private ToolCallArguments() {}

  /** Why the call's arguments were unusable, if they were. */
  public static Optional<String> error(ContentBlock.ToolCall call) {
    return Json.text(call.extra(), ERROR_FIELD);
  }

  /** The outcome of parsing: the arguments, or a message for the model. */
  record Parsed(ObjectNode arguments, Optional<String> error) {}

  /**
   * Parses {@code text}; an empty text means no arguments. Raw control characters and invalid
   * escapes inside strings are repaired first, as the reference does, since models emit them.
   */
  static Parsed parse(String toolName, String text) {
    if (text.isBlank()) {
      return new Parsed(Json.object(), Optional.empty());
    }
    JsonNode node;
    try {
      node = Json.parse(text);
    } catch (JsonProcessingException first) {
      try {
        node = Json.parse(JsonRepair.repair(text));
      } catch (JsonProcessingException e) {
        return new Parsed(Json.object(), Optional.of(message(toolName, describe(first, text))));
      }
    }
    if (node instanceof ObjectNode object) {
      return new Parsed(object, Optional.empty());
    }
    return new Parsed(
        Json.object(),
        Optional.of(message(toolName, "expected a JSON object but got " + node.getNodeType())));
  }

  /** Marks {@code call} as having unusable arguments. */
  static ContentBlock.ToolCall withError(ContentBlock.ToolCall call, String error, String raw) {
    ObjectNode extra = call.extra().deepCopy();
    extra.put(ERROR_FIELD, error);
    extra.put(RAW_FIELD, raw);
    return new ContentBlock.ToolCall(call.id(), call.name(), Json.object(), extra);
  }

  private static String message(String toolName, String problem) {
    return "The arguments for tool \""
        + toolName
        + "\" were not valid JSON ("
        + problem
        + "), so the tool was not run. Call it again with a complete JSON object.";
  }

  /**
   * The problem as {@link Json#problem} words every other JSON text's: places by character for
   * arguments on one line, by line and column for arguments on several.
   */
  private static String describe(JsonProcessingException e, String text) {
    boolean oneLine = text.indexOf('\n') < 0 && text.indexOf('\r') < 0;
    String problem = Json.problem(e, oneLine ? "character $2" : "line $1, column $2");
    var at = e.getLocation();
    if (at == null || at.getColumnNr() < 1) {
      return problem;
    }
    return problem
        + (oneLine
            ? " at character " + at.getColumnNr()
            : " at line " + at.getLineNr() + ", column " + at.getColumnNr());
  }
}
