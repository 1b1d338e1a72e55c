package dev.graft.scripting.modules;

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
 * The modules a script may import by a bare name: the installed script packages ({@code
 * "team-lib"}, {@code "team-lib/util.js"}), and for a module of a package, the npm packages that
 * package depends on. A package's dependencies answer only its own modules, as Node resolves them:
 * the nearest {@code node_modules} from the importing file up to the package's folder, never above
 * it and never another package's. A package's entry is its package.json {@code exports} (a string,
 * or the {@code "."} entry's {@code import}/{@code default}), {@code module} or {@code main}, else
 * {@code index.js}/{@code index.mjs}/{@code index.ts}/{@code index.mts}. Node's built-in modules
 * are not among them.
 */
public final class PackageModules {
  /** Node's built-in module names, refused with a message of their own. */
  private static final Set<String> NODE_BUILTINS =
      Set.of(
          "assert",
          "async_hooks",
          "buffer",
          "child_process",
          "cluster",
          "console",
          "constants",
          "crypto",
          "dgram",
          "diagnostics_channel",
          "dns",
          "domain",
          "events",
          "fs",
          "http",
          "http2",
          "https",
          "inspector",
          "module",
          "net",
          "os",
          "path",
          "perf_hooks",
          "process",
          "punycode",
          "querystring",
          "readline",
          "repl",
          "stream",
          "string_decoder",
          "sys",
          "timers",
          "tls",
          "trace_events",
          "tty",
          "url",
          "util",
          "v8",
          "vm",
          "wasi",
          "worker_threads",
          "zlib");

  /** The largest package.json read for a package's entry (a larger one reads as absent). */
  private static final long MAX_MANIFEST_BYTES = 16L << 20;

  private final Map<String, Path> dirs = new LinkedHashMap<>();

  /** {@code packages}: installed package name to its directory. */
  public PackageModules(Map<String, Path> packages) {
    packages.forEach((name, dir) -> dirs.put(name, real(dir)));
  }

  /**
   * The installed packages' directories (real paths): every module a package brings is under one.
   */
  List<Path> roots() {
    return List.copyOf(dirs.values());
  }

  boolean isEmpty() {
    return dirs.isEmpty();
  }

  static boolean isBare(String specifier) {
    return !specifier.isEmpty()
        && !specifier.startsWith("/")
        && !specifier.startsWith(".")
        && !specifier.startsWith(ModuleFileSystem.LIB_PREFIX);
  }

  /**
   * The file {@code specifier} (a bare one) names when {@code from} imports it, if it names one;
   * else {@link #whyNot} says why. A module of a package looks in that package's {@code
   * node_modules} first; every module may import the installed packages.
   */
  Optional<Path> find(String specifier, Optional<Path> from) {
    if (specifier.startsWith("#")) {
      return importsOf(specifier, from);
    }
    String name = nameOf(specifier);
    String rest = specifier.substring(name.length());
    Optional<Path> dir = packageDir(name, from);
    if (dir.isEmpty()) {
      return Optional.empty();
    }
    try {
      Optional<Path> exported =
          PackageExports.exported(
              dir.get(),
              rest.isEmpty() || rest.equals("/") ? "." : "." + rest,
              PackageExports.Mode.IMPORT);
      if (exported.isPresent()) {
        return exported;
      }
    } catch (PackageExports.NotExported e) {
      // An npm dependency keeps to its exports, as in Node; an installed script package's files
      // may be imported by path whatever its exports say (graft's rule for script packages).
      if (!dirs.containsValue(dir.get())) {
        return Optional.empty();
      }
    }
    if (rest.isEmpty() || rest.equals("/")) {
      // An npm dependency's entry is Node's (main); a script package's may be its "module" too.
      return entry(dir.get(), dirs.containsValue(dir.get()));
    }
    // A path that climbs out of the package is refused by the file system, naming where it led.
    return Optional.of(dir.get().resolve(rest.substring(1)).normalize());
  }

  /**
   * {@code #name} imported by a module of a package: what the {@code imports} of the nearest
   * package.json above it (within the installed package) maps it to, as Node resolves it.
   */
  private Optional<Path> importsOf(String specifier, Optional<Path> from) {
    Optional<Path> top = from.flatMap(this::packageOf);
    if (top.isEmpty()) {
      return Optional.empty();
    }
    try {
      return PackageExports.imported(from.get(), top.get(), specifier, PackageExports.Mode.IMPORT);
    } catch (PackageExports.NotExported e) {
      return Optional.empty();
    }
  }

  /**
   * The folder of package {@code name} as seen from {@code from}: its package's dependency (the
   * nearest node_modules up to the package's folder), else the installed package of that name.
   */
  Optional<Path> packageDir(String name, Optional<Path> from) {
    return from.flatMap(f -> dependency(f, name)).or(() -> Optional.ofNullable(dirs.get(name)));
  }

  /** The installed package {@code file} belongs to (the innermost, should one hold another). */
  Optional<Path> packageOf(Path file) {
    return dirs.values().stream()
        .filter(file::startsWith)
        .max((a, b) -> Integer.compare(a.getNameCount(), b.getNameCount()));
  }

  /**
   * The installed package whose dependency {@code file} (a real path) is: a file under a {@code
   * node_modules} folder inside that package.
   */
  Optional<Path> dependencyOwner(Path file) {
    Optional<Path> owner = packageOf(file);
    if (owner.isEmpty()) {
      return Optional.empty();
    }
    for (Path part : owner.get().relativize(file)) {
      if (part.toString().equals("node_modules")) {
        return owner;
      }
    }
    return Optional.empty();
  }

  /**
   * {@code name} in the nearest node_modules from {@code from}'s folder up to its package's folder.
   */
  private Optional<Path> dependency(Path from, String name) {
    Optional<Path> owner = packageOf(from);
    if (owner.isEmpty()) {
      return Optional.empty();
    }
    for (Path d = from.getParent(); d != null && d.startsWith(owner.get()); d = d.getParent()) {
      Path candidate = d.resolve("node_modules").resolve(name).normalize();
      if (candidate.startsWith(d.resolve("node_modules")) && Files.isDirectory(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  /** Why {@code specifier} (a bare one) cannot be imported from {@code from}. */
  String whyNot(String specifier, Optional<Path> from) {
    if (specifier.startsWith("#")) {
      Optional<Path> top = from.flatMap(this::packageOf);
      if (top.isEmpty()) {
        return "cannot import \""
            + specifier
            + "\": a #name is an import of a package's own imports map, and this module is in no"
            + " installed package";
      }
      try {
        PackageExports.imported(from.get(), top.get(), specifier, PackageExports.Mode.IMPORT);
      } catch (PackageExports.NotExported e) {
        return "cannot import \"" + specifier + "\": " + e.getMessage();
      }
    }
    String name = nameOf(specifier);
    String bare = name.startsWith("node:") ? name.substring(5) : name;
    if (name.startsWith("node:") || NODE_BUILTINS.contains(bare)) {
      return "cannot import \""
          + specifier
          + "\": "
          + NodeBuiltins.whyNot(specifier.startsWith("node:") ? specifier.substring(5) : specifier);
    }
    Optional<Path> dir = packageDir(name, from);
    if (dir.isPresent()) {
      try {
        PackageExports.exported(
            dir.get(),
            specifier.length() == name.length() ? "." : "." + specifier.substring(name.length()),
            PackageExports.Mode.IMPORT);
      } catch (PackageExports.NotExported e) {
        if (!dirs.containsValue(dir.get())) {
          return "cannot import \"" + specifier + "\": " + e.getMessage();
        }
      }
      return "cannot import \""
          + specifier
          + "\": "
          + dir.get()
          + " has no entry module (package.json exports, module"
          + " or main, or index.js)";
    }
    if (specifier.equals("graft")) {
      // scripts/graft.d.ts declares the API under this name: types, no module to run.
      return "cannot import \"graft\": it holds only the API's types (scripts/graft.d.ts), no"
          + " code; import them with import type { ... } from \"graft\"";
    }
    String installed =
        dirs.isEmpty()
            ? " (none is installed: graft scripts add SOURCE)"
            : " (installed: " + String.join(", ", dirs.keySet()) + ")";
    Optional<Path> owner = from.flatMap(this::packageOf);
    if (owner.isPresent()) {
      return "cannot import \""
          + specifier
          + "\": "
          + owner.get()
          + " has no dependency \""
          + name
          + "\" in its"
          + " node_modules, and no installed script package is called that"
          + installed;
    }
    return "cannot import \""
        + specifier
        + "\": no installed script package is called \""
        + name
        + "\""
        + installed;
  }

  static String nameOf(String specifier) {
    String[] parts = specifier.split("/", -1);
    return specifier.startsWith("@") && parts.length > 1 ? parts[0] + "/" + parts[1] : parts[0];
  }

  static Optional<Path> entry(Path dir, boolean moduleField) {
    Path manifest = dir.resolve("package.json");
    if (Files.isRegularFile(manifest)) {
      try {
        if (Files.size(manifest) > MAX_MANIFEST_BYTES) {
          throw new IOException(manifest + " is larger than the cap on a package.json graft reads");
        }
        JsonNode pkg = Json.parse(Files.readString(manifest, StandardCharsets.UTF_8));
        for (String declared : declaredEntries(pkg, moduleField)) {
          Path p = dir.resolve(declared).normalize();
          if (p.startsWith(dir) && Files.isRegularFile(p)) {
            return Optional.of(p);
          }
        }
      } catch (IOException e) {
        // an unreadable package.json: fall back to index.js and the like
      }
    }
    return Stream.of("index.js", "index.mjs", "index.ts", "index.mts")
        .map(dir::resolve)
        .filter(Files::isRegularFile)
        .findFirst();
  }

  private static List<String> declaredEntries(JsonNode pkg, boolean moduleField) {
    List<String> out = new ArrayList<>();
    if (pkg == null) {
      return out;
    }
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
    for (String field : moduleField ? List.of("module", "main") : List.of("main")) {
      if (pkg.path(field).isTextual()) {
        out.add(pkg.path(field).asText());
      }
    }
    return out;
  }

  private static Path real(Path p) {
    try {
      return p.toRealPath();
    } catch (IOException e) {
      return p.toAbsolutePath().normalize();
    }
  }
}
