package dev.graft.runtime.config;

import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

/**
 * graft's per-user directory: {@code $GRAFT_HOME}, or {@code ~/.graft}. Holds settings.json,
 * models.json, auth.json, sessions/ and scripts/.
 */
public record GraftHome(Path root) {
  public GraftHome {
    Objects.requireNonNull(root, "root");
    root = root.toAbsolutePath().normalize();
  }

  /** From the environment: GRAFT_HOME when set and not blank, else ~/.graft. */
  public static GraftHome fromEnvironment(Map<String, String> env) {
    String override = env.get("GRAFT_HOME");
    if (override != null && !override.isBlank()) {
      return new GraftHome(Path.of(override));
    }
    return new GraftHome(Path.of(System.getProperty("user.home"), ".graft"));
  }

  public Path sessions() {
    return root.resolve("sessions");
  }

  public Path settings() {
    return root.resolve("settings.json");
  }

  public Path models() {
    return root.resolve("models.json");
  }

  public Path auth() {
    return root.resolve("auth.json");
  }

  public Path scripts() {
    return root.resolve("scripts");
  }
}
