package dev.graft.scripting.api;

import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

/**
 * What a script's {@code process} and Node modules start from: the working directory ({@code
 * process.cwd()}, the base of relative paths), the home folder ({@code os.homedir()}), graft's
 * environment (from which {@code process.env} and child processes get what is not a secret, and the
 * secrets granted by name) and the script's {@link ScriptPermissions}.
 */
public record NodeAccess(
    Path cwd, Path home, Map<String, String> environment, ScriptPermissions permissions) {
  public NodeAccess {
    Objects.requireNonNull(cwd, "cwd");
    Objects.requireNonNull(home, "home");
    environment = Map.copyOf(environment);
    Objects.requireNonNull(permissions, "permissions");
    cwd = cwd.toAbsolutePath().normalize();
    home = home.toAbsolutePath().normalize();
  }

  /**
   * No grants: the script's own folder as the working directory (so it does not read that folder
   * without a grant), the user's home, graft's environment; grants would go under the script's name
   * in {@code $GRAFT_HOME/settings.json}.
   */
  public static NodeAccess of(ScriptFile script) {
    return of(script, script.root());
  }

  /**
   * No grants, working in {@code cwd}: as {@link #of(ScriptFile)}, for a host that knows the
   * project (a dry run), so the script reads its own folder as it would in a run.
   */
  public static NodeAccess of(ScriptFile script, Path cwd) {
    Path home = Path.of(System.getProperty("user.home", "/"));
    return new NodeAccess(
        cwd,
        home,
        System.getenv(),
        ScriptPermissions.none(
            new ScriptPermissions.GrantAdvice(
                script.name(), home.resolve(".graft").resolve("settings.json"), "")));
  }
}
