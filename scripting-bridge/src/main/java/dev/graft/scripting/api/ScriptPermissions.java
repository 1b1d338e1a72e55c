package dev.graft.scripting.api;

import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * What one script may reach through graft's Node modules beyond its own files, Deno-style: paths it
 * may read and write ({@code fs}), hosts it may fetch, and environment variables with
 * secret-looking names it may see. Programs are granted apart, as for {@code graft.exec}.
 *
 * <p>A path grant is an absolute path, allowing it and everything under it, or an absolute glob
 * ({@code *} within a name, {@code **} across folders), allowing what it matches and everything
 * under that. A host grant is a name ({@code api.github.com}), a wildcard for its subdomains
 * ({@code *.github.com}) or either with a port ({@code localhost:8080}). {@code advice} says where
 * a grant is added, for the message that refuses a call.
 */
public record ScriptPermissions(
    List<String> read, List<String> write, List<String> net, Set<String> env, GrantAdvice advice) {

  /** What a refused call advises: where its grant goes, or why no grant can be given. */
  public sealed interface GrantAdvice {
    /** The name grants are given by: the script's name, or {@code package:NAME}. */
    String key();

    /** What to do so that {@code field} grants {@code value}, for the refusal's message. */
    String add(String field, String value);

    /**
     * Grants go in {@code "scripts": {"permissions": {KEY: {...}}}} of {@code settings}; {@code
     * after} follows the advice (what to do next, such as trusting the package again).
     */
    record InSettings(String key, Path settings, String after) implements GrantAdvice {
      public InSettings {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(after, "after");
      }

      /**
       * {@code add "scripts": {"permissions": {"x.js": {"read": ["/etc/hosts"]}}} to
       * ~/.graft/settings.json}.
       */
      @Override
      public String add(String field, String value) {
        return "add \"scripts\": {\"permissions\": {"
            + quote(key)
            + ": {"
            + quote(field)
            + ": ["
            + quote(value)
            + "]}}} to "
            + settings
            + after;
      }
    }

    /**
     * No grant can be given where the script runs (a dry run, a test file): advice to add one would
     * change nothing, so {@code why} says that instead ("a dry run gives scripts no grants").
     */
    record NoGrants(String key, String why) implements GrantAdvice {
      public NoGrants {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(why, "why");
      }

      @Override
      public String add(String field, String value) {
        return why;
      }
    }
  }

  public ScriptPermissions {
    read = List.copyOf(read);
    write = List.copyOf(write);
    net = List.copyOf(net);
    env = Collections.unmodifiableSortedSet(new TreeSet<>(env));
    Objects.requireNonNull(advice, "advice");
    for (String p : read) {
      requireAbsolute(p, "read");
    }
    for (String p : write) {
      requireAbsolute(p, "write");
    }
  }

  /** Nothing beyond the script's own files; {@code advice} says where grants would go. */
  public static ScriptPermissions none(GrantAdvice advice) {
    return new ScriptPermissions(List.of(), List.of(), List.of(), Set.of(), advice);
  }

  private static void requireAbsolute(String p, String field) {
    if (!p.startsWith("/")) {
      throw new IllegalArgumentException(field + " grant " + p + " is not an absolute path");
    }
  }

  static String quote(String s) {
    StringBuilder out = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        default -> {
          if (c < 0x20) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.append('"').toString();
  }
}
