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
   * without a grant), the user's home, graft's environment; for a host that gives none.
   */
  public static NodeAccess of(ScriptFile script) {
    return withoutGrants(script, script.root(), "this host gives scripts no grants");
  }

  /**
   * No grants, working in {@code cwd}, where none can be given (a dry run, a test file): a refused
   * call says {@code why} ("a dry run gives scripts no grants") instead of where a grant goes.
   */
  public static NodeAccess withoutGrants(ScriptFile script, Path cwd, String why) {
    Path home = Path.of(System.getProperty("user.home", "/"));
    return new NodeAccess(
        cwd,
        home,
        System.getenv(),
        ScriptPermissions.none(new ScriptPermissions.GrantAdvice.NoGrants(script.name(), why)));
  }
}
