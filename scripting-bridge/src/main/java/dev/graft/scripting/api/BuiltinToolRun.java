package dev.graft.scripting.api;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

/**
 * A built-in tool run a script asked for inside the model's call of its own tool of that name
 * ({@code createReadTool(cwd).execute(...)}): the tool, the call, the arguments, the working
 * directory (a real directory), and for bash the environment variables its {@code spawnHook} added
 * or changed.
 */
public record BuiltinToolRun(
    String tool, String toolCallId, ObjectNode arguments, Path cwd, Map<String, String> variables) {
  public BuiltinToolRun {
    Objects.requireNonNull(tool, "tool");
    Objects.requireNonNull(toolCallId, "toolCallId");
    Objects.requireNonNull(arguments, "arguments");
    Objects.requireNonNull(cwd, "cwd");
    variables = Map.copyOf(variables);
  }
}
