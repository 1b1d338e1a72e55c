package dev.graft.scripting.api;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A program a script's {@code child_process} asks to start: the program (a name looked up on
 * graft's PATH, or a path), its arguments as they are (no shell), its working directory, its whole
 * environment (the bridge has taken the secrets out) and whether its standard input is a pipe the
 * script writes to (else it is empty).
 */
public record ScriptSpawn(
    String command,
    List<String> args,
    Path cwd,
    Map<String, String> environment,
    boolean pipeInput) {
  public ScriptSpawn {
    Objects.requireNonNull(command, "command");
    args = List.copyOf(args);
    Objects.requireNonNull(cwd, "cwd");
    environment = Map.copyOf(environment);
  }
}
