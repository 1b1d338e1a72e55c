package dev.graft.runtime.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import java.nio.file.Path;

/** Small helpers to call tools in tests. */
final class Calls {
  private Calls() {}

  /**
   * An arguments object from name/value pairs; values are strings, numbers, booleans or JSON nodes.
   */
  static ObjectNode args(Object... pairs) {
    ObjectNode node = Json.object();
    for (int i = 0; i < pairs.length; i += 2) {
      String name = (String) pairs[i];
      Object value = pairs[i + 1];
      switch (value) {
        case String s -> node.put(name, s);
        case Integer n -> node.put(name, n);
        case Long n -> node.put(name, n);
        case Double n -> node.put(name, n);
        case Boolean b -> node.put(name, b);
        case JsonNode j -> node.set(name, j);
        default -> throw new IllegalArgumentException(String.valueOf(value));
      }
    }
    return node;
  }

  static ObjectNode edit(String oldText, String newText) {
    return args("oldText", oldText, "newText", newText);
  }

  static ToolResult run(Tool tool, Path cwd, ObjectNode arguments) {
    return tool.execute("call-1", arguments, ToolContext.of(cwd));
  }
}
