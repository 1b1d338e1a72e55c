package dev.graft.cli.chat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.MessageContent;
import java.util.List;

/** One-line descriptions of tool calls and their results, as the interactive mode shows them. */
public final class ToolLines {
  private ToolLines() {}

  /** "read src/a.txt", "$ mvn test", "edit pom.xml"…; other tools as name and JSON arguments. */
  public static String call(String tool, ObjectNode args) {
    return switch (tool) {
      case "bash" -> "$ " + text(args, "command");
      case "read" -> "read " + text(args, "path") + range(args);
      case "write" ->
          "write " + text(args, "path") + " (" + lines(text(args, "content").lines().count()) + ")";
      case "edit" -> "edit " + text(args, "path");
      case "grep" -> "grep " + text(args, "pattern") + in(args);
      case "find" -> "find " + text(args, "pattern") + in(args);
      case "ls" -> "ls " + (args.hasNonNull("path") ? text(args, "path") : ".");
      default -> tool + " " + Json.write(args);
    };
  }

  /** "1 line", "2 lines". */
  static String lines(long count) {
    return count + (count == 1 ? " line" : " lines");
  }

  /** The result's first line and how many lines follow; "(no output)" when empty. */
  public static String result(List<ContentBlock> content) {
    String text = new MessageContent.Blocks(content).text("\n").strip();
    long images = content.stream().filter(ContentBlock.Image.class::isInstance).count();
    if (text.isEmpty()) {
      return images > 0 ? images + " image" + (images > 1 ? "s" : "") : "(no output)";
    }
    List<String> lines = text.lines().toList();
    String first = lines.stream().filter(l -> !l.isBlank()).findFirst().orElse("").strip();
    int more = lines.size() - 1;
    return first + (more > 0 ? "  (+" + more + " line" + (more > 1 ? "s" : "") + ")" : "");
  }

  private static String text(ObjectNode args, String field) {
    JsonNode v = args.get(field);
    if (v == null || v.isNull()) {
      return "";
    }
    return v.isTextual() ? v.textValue() : Json.write(v);
  }

  private static String range(ObjectNode args) {
    if (!args.has("offset") && !args.has("limit")) {
      return "";
    }
    String from = args.has("offset") ? args.get("offset").asText() : "1";
    return ":" + from + (args.has("limit") ? "+" + args.get("limit").asText() : "");
  }

  private static String in(ObjectNode args) {
    return args.hasNonNull("path") ? " in " + text(args, "path") : "";
  }
}
