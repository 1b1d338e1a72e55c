package dev.graft.runtime.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.graft.runtime.config.EditDistance;
import dev.graft.runtime.json.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Finds API keys: in {@code $GRAFT_HOME/auth.json} first (the reference's format, {@code
 * {"anthropic": {"type": "api_key", "key": "sk-..."}}}), then in the provider's environment
 * variables. auth.json holds secrets, so graft refuses to read it while group or others may read or
 * write it, and says how to fix that.
 */
final class Credentials {
  private static final Set<PosixFilePermission> TOO_OPEN =
      Set.of(
          PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE,
          PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE);

  private final Path authFile;
  private final Map<String, String> env;
  private final Map<String, String> stored;
  private final List<String> problems;
  private final List<String> names;

  private Credentials(
      Path authFile,
      Map<String, String> env,
      Map<String, String> stored,
      List<String> problems,
      List<String> names) {
    this.authFile = authFile;
    this.env = env;
    this.stored = stored;
    this.problems = problems;
    this.names = names;
  }

  static Credentials load(Path authFile, Map<String, String> env) {
    Map<String, String> stored = new LinkedHashMap<>();
    List<String> problems = new ArrayList<>();
    List<String> names = new ArrayList<>();
    try {
      Optional<String> tooOpen = tooOpen(authFile);
      if (tooOpen.isPresent()) {
        problems.add(
            authFile
                + " is readable or writable by group or others (mode "
                + tooOpen.get()
                + "); graft ignores it until you run: chmod 600 "
                + authFile);
      } else {
        read(authFile, env, stored, problems, names);
      }
    } catch (NoSuchFileException e) {
      // No file, no stored keys.
    } catch (IOException e) {
      problems.add(authFile + ": cannot read: " + Durations.describeCause(e));
    }
    return new Credentials(
        authFile, env, Map.copyOf(stored), List.copyOf(problems), List.copyOf(names));
  }

  /** The file's mode when group or others have access; empty when it is private. */
  private static Optional<String> tooOpen(Path file) throws IOException {
    Set<PosixFilePermission> perms;
    try {
      perms = Files.getPosixFilePermissions(file);
    } catch (UnsupportedOperationException notPosix) {
      // No POSIX permissions to check (Windows); access is governed by ACLs there.
      Files.size(file);
      return Optional.empty();
    }
    for (PosixFilePermission p : TOO_OPEN) {
      if (perms.contains(p)) {
        return Optional.of(octal(perms) + ", " + PosixFilePermissions.toString(perms));
      }
    }
    return Optional.empty();
  }

  private static String octal(Set<PosixFilePermission> perms) {
    int mode = 0;
    for (PosixFilePermission p : perms) {
      mode |= 1 << (8 - p.ordinal());
    }
    return String.format("%03o", mode);
  }

  private static void read(
      Path file,
      Map<String, String> env,
      Map<String, String> stored,
      List<String> problems,
      List<String> names)
      throws IOException {
    String text = Files.readString(file, StandardCharsets.UTF_8);
    if (text.isBlank()) {
      return;
    }
    JsonNode root;
    try {
      root = Json.parse(text);
    } catch (IOException e) {
      problems.add(file + ": invalid JSON; graft ignores the file (" + Json.problem(e) + ")");
      return;
    }
    if (!(root instanceof ObjectNode object)) {
      problems.add(file + ": expected a JSON object of provider names to credentials");
      return;
    }
    for (var e : object.properties()) {
      String provider = e.getKey();
      names.add(provider);
      JsonNode v = e.getValue();
      String type = v.path("type").asText("");
      if (v.isTextual() && v.textValue().startsWith("!")) {
        problems.add(
            file + ": " + provider + ": shell commands (\"!...\") are not supported by graft");
      } else if (v.isTextual()) {
        stored.put(provider, ModelsFile.resolve(v.textValue(), env));
      } else if (type.equals("api_key") && v.path("key").isTextual()) {
        String key = v.get("key").textValue();
        if (key.startsWith("!")) {
          problems.add(
              file
                  + ": "
                  + provider
                  + ".key: shell commands (\"!...\") are not supported by graft");
        } else {
          stored.put(provider, ModelsFile.resolve(key, env));
        }
      } else if (type.equals("oauth")) {
        problems.add(
            file
                + ": "
                + provider
                + ": OAuth logins are not supported by graft; store an API key instead");
      } else {
        problems.add(
            file + ": " + provider + ": expected {\"type\": \"api_key\", \"key\": \"...\"}");
      }
    }
  }

  Path authFile() {
    return authFile;
  }

  List<String> problems() {
    return problems;
  }

  /**
   * A line for each provider name of auth.json that graft does not know but that is close to one it
   * does ({@code known}): a case difference or at most two edits, a typo most likely. Names far
   * from every known one are the reference's providers graft lacks, in an auth.json shared with it,
   * and are passed over in silence.
   */
  List<String> misspelledProviders(Collection<String> known) {
    List<String> lines = new ArrayList<>();
    for (String name : names) {
      if (known.contains(name)) {
        continue;
      }
      known.stream()
          .filter(k -> k.equalsIgnoreCase(name))
          .findFirst()
          .or(() -> EditDistance.nearest(name.toLowerCase(Locale.ROOT), known, 2, false))
          .ifPresent(best ->
              lines.add(
                  authFile
                      + ": no provider "
                      + TextNode.valueOf(name) // quoted as JSON: escapes stay on one line
                      + "; did you mean \""
                      + best
                      + "\"?"));
    }
    return lines;
  }

  /** The key for {@code provider}: auth.json, then its environment variables. */
  Optional<ApiKey> find(String provider) {
    String key = stored.get(provider);
    if (key != null && !key.isEmpty()) {
      return Optional.of(new ApiKey(key, authFile.getFileName().toString()));
    }
    for (String var : KnownProvider.envVarsFor(provider)) {
      String v = env.get(var);
      if (v != null && !v.isBlank()) {
        return Optional.of(new ApiKey(v.strip(), var));
      }
    }
    return Optional.empty();
  }
}
