package dev.graft.runtime.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The program that starts graft itself: what a script sees as {@code process.execPath}, so that a
 * script starting "the agent itself" (the reference's subagent example: {@code
 * spawn(process.execPath, ["--mode", "json", "-p", ...])}) starts graft with the same JDK and
 * {@code GRAFT_HOME}. The launcher ({@code ./graft}) exports its real path as {@code
 * GRAFT_LAUNCHER}; graft started another way (a test, {@code java -cp}) has none, and is then the
 * program named {@code graft} on the PATH.
 *
 * <p>A {@code run} grant of {@code graft} lets a script run this launcher by that path too, since
 * it is the program the user named: a script need not be granted an install path.
 */
public final class GraftLauncher {
  /** The variable the launcher exports its real path in. */
  public static final String VARIABLE = "GRAFT_LAUNCHER";

  /** The program name a grant gives: graft itself. */
  public static final String NAME = "graft";

  private GraftLauncher() {}

  /**
   * The launcher's absolute path, when {@code env} names an executable file by an absolute path;
   * else {@code graft}.
   */
  public static String path(Map<String, String> env) {
    String named = env.get(VARIABLE);
    if (named == null || named.isBlank() || !named.startsWith("/")) {
      return NAME;
    }
    Path p = Path.of(named);
    return Files.isRegularFile(p) && Files.isExecutable(p) ? p.normalize().toString() : NAME;
  }

  /**
   * The name {@code command} is granted by: {@code graft} when it is the launcher's path, else the
   * command itself.
   */
  public static String grantName(String command, Map<String, String> env) {
    String self = path(env);
    return !self.equals(NAME) && self.equals(command) ? NAME : command;
  }
}
