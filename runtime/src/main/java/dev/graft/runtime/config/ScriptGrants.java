package dev.graft.runtime.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What hook scripts may reach beyond the API, granted in settings.json by a script's name ({@code
 * git-checkpoint.js}, {@code stacking/index.js}) or {@code package:NAME} (every script of an
 * installed package): the programs they may run ({@code scripts.exec}: {@code true} for any, or a
 * list of program names; also {@code "run"} below), and in {@code scripts.permissions} the paths
 * they may read and write, the hosts they may fetch and the secret-looking environment variables
 * they may see, and the providers whose keys their providers may take ({@code keys}) ({@code
 * {"read": ["."], "write": ["./notes"], "net": ["api.github.com"], "env": ["GITHUB_TOKEN"]}}).
 * Grants in the global settings apply to your own scripts and global packages; grants in the
 * project's {@code .graft/settings.json} apply only to the project's scripts and packages, which
 * run only once trusted, and are part of what is trusted (see {@link #projectText}). So a
 * repository can never grant anything to a script by itself.
 */
public record ScriptGrants(
    Map<String, Grant> user, Map<String, Grant> project, List<String> problems) {
  public static final String FIELD = "scripts.exec";
  public static final String PERMISSIONS = "scripts.permissions";
  public static final ScriptGrants NONE = new ScriptGrants(Map.of(), Map.of(), List.of());

  /** The fields of a permission object, in the order they are written. */
  public static final List<String> KINDS = List.of("run", "read", "write", "net", "env", "keys");

  public ScriptGrants {
    user = Map.copyOf(user);
    project = Map.copyOf(project);
    problems = List.copyOf(problems);
  }

  /**
   * What one script may reach: any program or the programs named (exactly as the script passes
   * them), and the paths (as written: relative to the project, {@code ~/...} or absolute), hosts
   * and variable names it was granted.
   */
  public record Grant(
      boolean any,
      Set<String> commands,
      Set<String> read,
      Set<String> write,
      Set<String> net,
      Set<String> env,
      Set<String> keys) {
    public static final Grant NONE =
        new Grant(false, Set.of(), Set.of(), Set.of(), Set.of(), Set.of(), Set.of());

    public Grant {
      commands = sorted(commands);
      read = sorted(read);
      write = sorted(write);
      net = sorted(net);
      env = sorted(env);
      keys = sorted(keys);
    }

    /** Without provider keys (the form before {@code keys} existed). */
    public Grant(
        boolean any,
        Set<String> commands,
        Set<String> read,
        Set<String> write,
        Set<String> net,
        Set<String> env) {
      this(any, commands, read, write, net, env, Set.of());
    }

    /** Programs only (the {@code scripts.exec} form). */
    public Grant(boolean any, Set<String> commands) {
      this(any, commands, Set.of(), Set.of(), Set.of(), Set.of(), Set.of());
    }

    private static Set<String> sorted(Set<String> s) {
      return Collections.unmodifiableSortedSet(new TreeSet<>(Objects.requireNonNull(s)));
    }

    public boolean allows(String command) {
      return any || commands.contains(command);
    }

    /** Whether it grants no program. */
    public boolean runsNothing() {
      return !any && commands.isEmpty();
    }

    public boolean isEmpty() {
      return runsNothing()
          && read.isEmpty()
          && write.isEmpty()
          && net.isEmpty()
          && env.isEmpty()
          && keys.isEmpty();
    }

    /** Both grants together. */
    public Grant plus(Grant other) {
      return new Grant(
          any || other.any,
          union(commands, other.commands),
          union(read, other.read),
          union(write, other.write),
          union(net, other.net),
          union(env, other.env),
          union(keys, other.keys));
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
      Set<String> out = new TreeSet<>(a);
      out.addAll(b);
      return out;
    }

    /**
     * The grant as one canonical line: {@code true} or the programs as a sorted JSON list, then
     * each non-empty permission ({@code read=[...]}); a grant of programs alone reads as it always
     * did, so a fingerprint trusted before permissions existed still matches.
     */
    public String text() {
      StringBuilder out = new StringBuilder(any ? "true" : list(commands));
      Map<String, Set<String>> rest = new LinkedHashMap<>();
      rest.put("read", read);
      rest.put("write", write);
      rest.put("net", net);
      rest.put("env", env);
      rest.put("keys", keys);
      rest.forEach((kind, values) -> {
        if (!values.isEmpty()) {
          out.append(' ').append(kind).append('=').append(list(values));
        }
      });
      return out.toString();
    }

    /**
     * The grant a {@link #text()} line gives, or empty when {@code text} is not one: a trust prompt
     * reads a recorded fingerprint's grants back to show them as {@link #describe()} does.
     */
    public static Optional<Grant> fromText(String text) {
      int[] at = {0};
      boolean any = text.startsWith("true");
      Optional<List<String>> commands = any ? Optional.of(List.of()) : readList(text, at);
      if (any) {
        at[0] = 4;
      }
      Map<String, Set<String>> rest = new LinkedHashMap<>();
      for (String kind : List.of("read", "write", "net", "env", "keys")) {
        rest.put(kind, Set.of());
      }
      while (commands.isPresent() && at[0] < text.length()) {
        int eq = text.indexOf('=', at[0]);
        String kind = eq < 0 ? "" : text.substring(at[0], eq);
        if (!kind.startsWith(" ") || !rest.containsKey(kind.substring(1))) {
          return Optional.empty();
        }
        at[0] = eq + 1;
        Optional<List<String>> values = readList(text, at);
        if (values.isEmpty()) {
          return Optional.empty();
        }
        rest.put(kind.substring(1), Set.copyOf(values.get()));
      }
      return commands.map(c ->
          new Grant(
              any,
              Set.copyOf(c),
              rest.get("read"),
              rest.get("write"),
              rest.get("net"),
              rest.get("env"),
              rest.get("keys")));
    }

    /** A list as {@link #list} writes it, from {@code at[0]}, which it moves past the list. */
    private static Optional<List<String>> readList(String text, int[] at) {
      int i = at[0];
      if (i >= text.length() || text.charAt(i++) != '[') {
        return Optional.empty();
      }
      List<String> out = new ArrayList<>();
      while (i < text.length() && text.charAt(i) == '"') {
        StringBuilder value = new StringBuilder();
        for (i++; i < text.length() && text.charAt(i) != '"'; i++) {
          value.append(
              text.charAt(i) == '\\' && i + 1 < text.length() ? text.charAt(++i) : text.charAt(i));
        }
        out.add(value.toString());
        i++;
        if (i < text.length() && text.charAt(i) == ',') {
          i++;
        }
      }
      if (i >= text.length() || text.charAt(i) != ']') {
        return Optional.empty();
      }
      at[0] = i + 1;
      return Optional.of(out);
    }

    /** One line per kind a person reads: "run git, gh", "read ., ~/notes". */
    public List<String> describe() {
      List<String> out = new ArrayList<>();
      if (any) {
        out.add("run any program");
      } else if (!commands.isEmpty()) {
        out.add("run " + String.join(", ", commands));
      }
      if (!read.isEmpty()) {
        out.add("read " + String.join(", ", read));
      }
      if (!write.isEmpty()) {
        out.add("write " + String.join(", ", write));
      }
      if (!net.isEmpty()) {
        out.add("fetch from " + String.join(", ", net));
      }
      if (!env.isEmpty()) {
        out.add("see the variables " + String.join(", ", env));
      }
      if (!keys.isEmpty()) {
        out.add("use your keys of the providers " + String.join(", ", keys));
      }
      return out;
    }

    private static String list(Collection<String> values) {
      return values.stream()
          .sorted()
          .map(c -> "\"" + c.replace("\\", "\\\\").replace("\"", "\\\"") + "\"")
          .reduce((a, b) -> a + "," + b)
          .map(s -> "[" + s + "]")
          .orElse("[]");
    }
  }

  public static ScriptGrants load(GraftHome home, Path projectDir) {
    List<String> problems = new ArrayList<>();
    Map<String, Grant> user = read(home.settings(), problems);
    Map<String, Grant> project = read(Settings.projectFile(projectDir), problems);
    return new ScriptGrants(user, project, problems);
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
    if (!exec.isMissingNode()) {
      if (!exec.isObject()) {
        problems.add(
            file
                + ": "
                + FIELD
                + " must be an object from a script's name to true or a list of programs; ignored");
      } else {
        for (Iterator<Map.Entry<String, JsonNode>> it = exec.fields(); it.hasNext(); ) {
          Map.Entry<String, JsonNode> e = it.next();
          if (e.getKey().isBlank()) {
            problems.add(file + ": " + FIELD + " has an empty script name; ignored");
            continue;
          }
          programs(e.getValue(), file + ": " + FIELD + "." + e.getKey(), problems)
              .ifPresent(g -> grants.merge(e.getKey(), g, Grant::plus));
        }
      }
    }
    JsonNode permissions = scripts.path("permissions");
    if (!permissions.isMissingNode()) {
      if (!permissions.isObject()) {
        problems.add(
            file
                + ": "
                + PERMISSIONS
                + " must be an object from a script's name to its permissions; ignored");
      } else {
        for (Iterator<Map.Entry<String, JsonNode>> it = permissions.fields(); it.hasNext(); ) {
          Map.Entry<String, JsonNode> e = it.next();
          if (e.getKey().isBlank()) {
            problems.add(file + ": " + PERMISSIONS + " has an empty script name; ignored");
            continue;
          }
          permissions(e.getValue(), file + ": " + PERMISSIONS + "." + e.getKey(), problems)
              .ifPresent(g -> grants.merge(e.getKey(), g, Grant::plus));
        }
      }
    }
    grants.values().removeIf(Grant::isEmpty);
    return grants;
  }

  /** {@code true}, {@code false} or a list of program names. */
  private static Optional<Grant> programs(JsonNode v, String where, List<String> problems) {
    if (v.isBoolean()) {
      return Optional.of(v.booleanValue() ? new Grant(true, Set.of()) : Grant.NONE);
    }
    if (!v.isArray()) {
      problems.add(where + " must be true, false or a list of program names; ignored");
      return Optional.empty();
    }
    Optional<Set<String>> names = strings(v, where, "program names", problems);
    return names.map(n -> new Grant(false, n));
  }

  /**
   * A permission object ({@code run}, {@code read}, {@code write}, {@code net}, {@code env}), as
   * granted by settings or asked for by a package's manifest; {@code where} names it in problems.
   */
  public static Optional<Grant> permissions(JsonNode v, String where, List<String> problems) {
    if (!v.isObject()) {
      problems.add(
          where
              + " must be an object {\"run\", \"read\", \"write\", \"net\", \"env\","
              + " \"keys\"}; ignored");
      return Optional.empty();
    }
    Grant g = Grant.NONE;
    for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      String field = e.getKey();
      String at = where + "." + field;
      switch (field) {
        case "run" -> {
          Optional<Grant> run = programs(e.getValue(), at, problems);
          if (run.isPresent()) {
            g = g.plus(run.get());
          }
        }
        case "read", "write", "net", "env", "keys" -> {
          Optional<Set<String>> values =
              strings(
                  e.getValue(),
                  at,
                  switch (field) {
                    case "net" -> "host names";
                    case "env" -> "variable names";
                    case "keys" -> "provider names";
                    default -> "paths";
                  },
                  problems);
          if (values.isPresent()) {
            Set<String> s = values.get();
            g =
                g.plus(
                    switch (field) {
                      case "read" -> new Grant(false, Set.of(), s, Set.of(), Set.of(), Set.of());
                      case "write" -> new Grant(false, Set.of(), Set.of(), s, Set.of(), Set.of());
                      case "net" -> new Grant(false, Set.of(), Set.of(), Set.of(), s, Set.of());
                      case "keys" ->
                          new Grant(false, Set.of(), Set.of(), Set.of(), Set.of(), Set.of(), s);
                      default -> new Grant(false, Set.of(), Set.of(), Set.of(), Set.of(), s);
                    });
          }
        }
        default ->
            problems.add(
                where
                    + " has an unknown field \""
                    + field
                    + "\" (the fields are "
                    + String.join(", ", KINDS)
                    + "); ignored");
      }
    }
    return Optional.of(g);
  }

  private static Optional<Set<String>> strings(
      JsonNode v, String where, String what, List<String> problems) {
    if (!v.isArray()) {
      problems.add(where + " must be a list of " + what + "; ignored");
      return Optional.empty();
    }
    Set<String> out = new TreeSet<>();
    for (JsonNode c : v) {
      if (!c.isTextual() || c.textValue().isBlank()) {
        problems.add(where + " must list " + what + " (non-empty strings); ignored");
        return Optional.empty();
      }
      out.add(c.textValue());
    }
    return Optional.of(out);
  }
}
