package dev.graft.scripting;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The modules a script may import by a bare name: the installed script packages
 * ({@code "team-lib"}, {@code "team-lib/util.js"}) and the npm packages they depend on (found in
 * each package's {@code node_modules}; where two packages bring the same name, the first
 * package's wins). A package's entry is its package.json {@code exports} (a string, or the
 * {@code "."} entry's {@code import}/{@code default}), {@code module} or {@code main}, else
 * {@code index.js}/{@code index.mjs}/{@code index.ts}/{@code index.mts}. Node's built-in modules
 * are not among them.
 */
final class PackageModules {
  /** Node's built-in module names, refused with a message of their own. */
  private static final Set<String> NODE_BUILTINS = Set.of("assert", "async_hooks", "buffer", "child_process",
      "cluster", "console", "constants", "crypto", "dgram", "diagnostics_channel", "dns", "domain", "events", "fs",
      "http", "http2", "https", "inspector", "module", "net", "os", "path", "perf_hooks", "process", "punycode",
      "querystring", "readline", "repl", "stream", "string_decoder", "sys", "timers", "tls", "trace_events", "tty",
      "url", "util", "v8", "vm", "wasi", "worker_threads", "zlib");

  private final Map<String, Path> dirs = new LinkedHashMap<>();

  /** {@code packages}: installed package name to its directory. */
  PackageModules(Map<String, Path> packages) {
    packages.forEach((name, dir) -> dirs.put(name, real(dir)));
    for (Path dir : List.copyOf(dirs.values())) {
      for (Map.Entry<String, Path> dep : dependencies(dir.resolve("node_modules")).entrySet()) {
        dirs.putIfAbsent(dep.getKey(), dep.getValue());
      }
    }
  }

  /** Every directory a script may read modules from. */
  List<Path> roots() {
    return List.copyOf(dirs.values());
  }

  boolean isEmpty() {
    return dirs.isEmpty();
  }

  static boolean isBare(String specifier) {
    return !specifier.isEmpty() && !specifier.startsWith("/") && !specifier.startsWith(".")
        && !specifier.startsWith(ModuleFileSystem.LIB_PREFIX);
  }

  /** The file {@code specifier} (a bare one) names, if it names one; else {@link #whyNot} says why. */
  Optional<Path> find(String specifier) {
    Path dir = dirs.get(nameOf(specifier));
    if (dir == null) {
      return Optional.empty();
    }
    String rest = specifier.substring(nameOf(specifier).length());
    if (rest.isEmpty() || rest.equals("/")) {
      return entry(dir);
    }
    return Optional.of(dir.resolve(rest.substring(1)).normalize());
  }

  /** Why {@code specifier} (a bare one) cannot be imported. */
  String whyNot(String specifier) {
    String name = nameOf(specifier);
    String bare = name.startsWith("node:") ? name.substring(5) : name;
    if (name.startsWith("node:") || NODE_BUILTINS.contains(bare)) {
      return "cannot import \"" + specifier + "\": Node's built-in modules are not available to graft scripts, which"
          + " run sandboxed without files, network or processes (the API object has what graft allows, such as"
          + " graft.exec)";
    }
    Path dir = dirs.get(name);
    if (dir != null) {
      return "cannot import \"" + specifier + "\": " + dir + " has no entry module (package.json exports, module or"
          + " main, or index.js)";
    }
    return "cannot import \"" + specifier + "\": no installed script package or npm dependency of one is called \""
        + name + "\"" + (dirs.isEmpty() ? " (none is installed: graft scripts add SOURCE)"
        : " (installed: " + String.join(", ", dirs.keySet()) + ")");
  }

  private static String nameOf(String specifier) {
    String[] parts = specifier.split("/", -1);
    return specifier.startsWith("@") && parts.length > 1 ? parts[0] + "/" + parts[1] : parts[0];
  }

  static Optional<Path> entry(Path dir) {
    Path manifest = dir.resolve("package.json");
    if (Files.isRegularFile(manifest)) {
      try {
        JsonNode pkg = Json.parse(Files.readString(manifest, StandardCharsets.UTF_8));
        for (String declared : declaredEntries(pkg)) {
          Path p = dir.resolve(declared).normalize();
          if (p.startsWith(dir) && Files.isRegularFile(p)) {
            return Optional.of(p);
          }
        }
      } catch (IOException e) {
        // an unreadable package.json: fall back to index.js and the like
      }
    }
    return Stream.of("index.js", "index.mjs", "index.ts", "index.mts").map(dir::resolve)
        .filter(Files::isRegularFile).findFirst();
  }

  private static List<String> declaredEntries(JsonNode pkg) {
    List<String> out = new ArrayList<>();
    JsonNode exports = pkg.path("exports");
    JsonNode dot = exports.isObject() && exports.has(".") ? exports.get(".") : exports;
    if (dot.isTextual()) {
      out.add(dot.asText());
    } else if (dot.isObject()) {
      for (String condition : List.of("import", "default", "module")) {
        JsonNode v = dot.path(condition);
        if (v.isTextual()) {
          out.add(v.asText());
        } else if (v.isObject() && v.path("default").isTextual()) {
          out.add(v.path("default").asText());
        }
      }
    }
    for (String field : List.of("module", "main")) {
      if (pkg.path(field).isTextual()) {
        out.add(pkg.path(field).asText());
      }
    }
    return out;
  }

  /** The packages in a {@code node_modules} directory, {@code @scope/name} included. */
  private static Map<String, Path> dependencies(Path nodeModules) {
    Map<String, Path> found = new LinkedHashMap<>();
    if (!Files.isDirectory(nodeModules)) {
      return found;
    }
    try (Stream<Path> list = Files.list(nodeModules)) {
      for (Path p : list.sorted().toList()) {
        String name = p.getFileName().toString();
        if (name.startsWith(".") || !Files.isDirectory(p)) {
          continue;
        }
        if (name.startsWith("@")) {
          try (Stream<Path> scoped = Files.list(p)) {
            scoped.filter(Files::isDirectory).sorted()
                .forEach(s -> found.put(name + "/" + s.getFileName(), real(s)));
          }
        } else {
          found.put(name, real(p));
        }
      }
    } catch (IOException e) {
      // an unreadable node_modules: its modules cannot be imported, and say so when asked
    }
    return found;
  }

  private static Path real(Path p) {
    try {
      return p.toRealPath();
    } catch (IOException e) {
      return p.toAbsolutePath().normalize();
    }
  }
}
