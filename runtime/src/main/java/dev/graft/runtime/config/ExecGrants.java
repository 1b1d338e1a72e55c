package dev.graft.runtime.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Which hook scripts may run which programs with {@code graft.exec}: the {@code scripts.exec} field
 * of settings.json, an object from a script's name ({@code git-checkpoint.js}, {@code
 * stacking/index.js}) to {@code true} (any program), {@code false} (none) or a list of program
 * names. Grants in the global settings apply to your own scripts ($GRAFT_HOME/scripts, --scripts,
 * -s); grants in the project's {@code .graft/settings.json} apply only to the project's scripts,
 * which run only once trusted, and are part of what is trusted (see {@link #projectText}). So a
 * repository can never grant a program to a script by itself. The key {@code package:NAME} grants
 * to every script of an installed script package: in the global settings for a global package, in
 * the project's for a project package (part of that package's trust).
 */
public record ExecGrants(
    Map<String, Grant> user, Map<String, Grant> project, List<String> problems) {
  public static final String FIELD = "scripts.exec";
  public static final ExecGrants NONE = new ExecGrants(Map.of(), Map.of(), List.of());

  public ExecGrants {
    user = Map.copyOf(user);
    project = Map.copyOf(project);
    problems = List.copyOf(problems);
  }

  /**
   * What one script may run: any program, or the programs named (exactly as the script passes
   * them).
   */
  public record Grant(boolean any, Set<String> commands) {
    public Grant {
      commands =
          Collections.unmodifiableSortedSet(
              new TreeSet<>(Objects.requireNonNull(commands, "commands")));
    }

    public boolean allows(String command) {
      return any || commands.contains(command);
    }

    /** {@code true}, or the programs as a sorted JSON list. */
    String text() {
      return any
          ? "true"
          : commands.stream()
              .sorted()
              .map(c -> "\"" + c.replace("\\", "\\\\").replace("\"", "\\\"") + "\"")
              .reduce((a, b) -> a + "," + b)
              .map(s -> "[" + s + "]")
              .orElse("[]");
    }
  }

  public static ExecGrants load(GraftHome home, Path projectDir) {
    List<String> problems = new ArrayList<>();
    Map<String, Grant> user = read(home.settings(), problems);
    Map<String, Grant> project = read(Settings.projectFile(projectDir), problems);
    return new ExecGrants(user, project, problems);
  }

  public Optional<Grant> forUserScript(String name) {
    return Optional.ofNullable(user.get(name));
  }

  public Optional<Grant> forProjectScript(String name) {
    return Optional.ofNullable(project.get(name));
  }

  /**
   * The project's grant for one key (a script's name, or {@code package:NAME}) as text; empty when
   * none.
   */
  public String projectTextFor(String key) {
    Grant g = project.get(key);
    return g == null ? "" : key + "=" + g.text() + "\n";
  }

  /**
   * The project's grants as one canonical text (sorted; empty when there are none), so that a trust
   * fingerprint can cover them: a changed grant needs trust again.
   */
  public String projectText() {
    StringBuilder out = new StringBuilder();
    new TreeMap<>(project)
        .forEach((name, grant) -> out.append(name).append('=').append(grant.text()).append('\n'));
    return out.toString();
  }

  private static Map<String, Grant> read(Path file, List<String> problems) {
    JsonNode root = Settings.read(file, problems);
    Map<String, Grant> grants = new TreeMap<>();
    if (root == null) {
      return grants;
    }
    JsonNode scripts = root.path("scripts");
    if (scripts.isMissingNode()) {
      return grants;
    }
    if (!scripts.isObject()) {
      problems.add(file + ": scripts must be an object; ignored");
      return grants;
    }
    JsonNode exec = scripts.path("exec");
    if (exec.isMissingNode()) {
      return grants;
    }
    if (!exec.isObject()) {
      problems.add(
          file
              + ": "
              + FIELD
              + " must be an object from a script's name to true or a list of programs; ignored");
      return grants;
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = exec.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      String name = e.getKey();
      JsonNode v = e.getValue();
      String where = file + ": " + FIELD + "." + name;
      if (name.isBlank()) {
        problems.add(file + ": " + FIELD + " has an empty script name; ignored");
      } else if (v.isBoolean()) {
        if (v.booleanValue()) {
          grants.put(name, new Grant(true, Set.of()));
        }
      } else if (v.isArray()) {
        Set<String> commands = new TreeSet<>();
        boolean ok = true;
        for (JsonNode c : v) {
          if (c.isTextual() && !c.textValue().isBlank()) {
            commands.add(c.textValue());
          } else {
            ok = false;
          }
        }
        if (ok) {
          grants.put(name, new Grant(false, commands));
        } else {
          problems.add(where + " must list program names (non-empty strings); ignored");
        }
      } else {
        problems.add(where + " must be true, false or a list of program names; ignored");
      }
    }
    return grants;
  }
}
