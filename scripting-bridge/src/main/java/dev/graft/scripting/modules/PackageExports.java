package dev.graft.scripting.modules;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A package.json's {@code exports} and {@code imports} maps, read as Node reads them: a subpath
 * ({@code "."}, {@code "./v4"}, {@code "#internal"}) or a pattern with one {@code *}, and
 * conditions tried in the map's order ({@code import} for an ES module import, {@code require} for
 * {@code require()}, {@code node} and {@code default} for both). A target must stay inside the
 * package ({@code ./...}, no {@code ..} out of it and no {@code node_modules} segment).
 */
public final class PackageExports {
  /**
   * How a module is asked for: its conditions, in no particular order (the map's order decides).
   */
  public enum Mode {
    IMPORT(List.of("import", "node", "default", "module")),
    REQUIRE(List.of("require", "node", "default"));

    final List<String> conditions;

    Mode(List<String> conditions) {
      this.conditions = conditions;
    }
  }

  private PackageExports() {}

  /** The package.json of {@code dir}, if it has one that parses. */
  static Optional<JsonNode> manifest(Path dir) {
    Path file = dir.resolve("package.json");
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      return Optional.ofNullable(Json.parse(Files.readString(file, StandardCharsets.UTF_8)));
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /**
   * What {@code subpath} ({@code "."} or {@code "./x"}) of the package at {@code dir} resolves to
   * through its {@code exports}; empty when the package has no {@code exports} (then the caller
   * resolves as before exports existed).
   *
   * @throws NotExported when the package has exports and they do not export {@code subpath}
   */
  public static Optional<Path> exported(Path dir, String subpath, Mode mode) throws NotExported {
    Optional<JsonNode> pkg = manifest(dir);
    if (pkg.isEmpty() || !pkg.get().has("exports") || pkg.get().get("exports").isNull()) {
      return Optional.empty();
    }
    JsonNode exports = pkg.get().get("exports");
    JsonNode map = exports;
    if (!exports.isObject() || !hasSubpathKeys(exports)) {
      map = Json.object().set(".", exports);
    }
    Optional<Path> target = match(dir, map, subpath, mode);
    if (target.isEmpty()) {
      throw new NotExported(
          "Package subpath '"
              + subpath
              + "' is not defined by \"exports\" in "
              + dir.resolve("package.json"));
    }
    return target;
  }

  /**
   * What {@code specifier} ({@code #name}) resolves to through the {@code imports} of the nearest
   * package.json at or above {@code from}'s folder, up to {@code top}.
   */
  public static Optional<Path> imported(Path from, Path top, String specifier, Mode mode)
      throws NotExported {
    for (Path d = from.getParent(); d != null && d.startsWith(top); d = d.getParent()) {
      Optional<JsonNode> pkg = manifest(d);
      if (pkg.isPresent()) {
        JsonNode imports = pkg.get().path("imports");
        Optional<Path> target =
            imports.isObject() ? match(d, imports, specifier, mode) : Optional.empty();
        if (target.isEmpty()) {
          throw new NotExported(
              "Package import specifier \""
                  + specifier
                  + "\" is not defined in "
                  + d.resolve("package.json"));
        }
        return target;
      }
    }
    throw new NotExported(
        "Package import specifier \""
            + specifier
            + "\" is not defined: no package.json above "
            + from.getParent());
  }

  private static boolean hasSubpathKeys(JsonNode o) {
    Iterator<String> names = o.fieldNames();
    return names.hasNext() && names.next().startsWith(".");
  }

  private static Optional<Path> match(Path dir, JsonNode map, String key, Mode mode) {
    JsonNode exact = map.get(key);
    if (exact != null && !key.contains("*")) {
      return target(dir, exact, "", mode);
    }
    String bestKey = null;
    String bestMatch = null;
    for (Iterator<Map.Entry<String, JsonNode>> it = map.fields(); it.hasNext(); ) {
      String k = it.next().getKey();
      int star = k.indexOf('*');
      if (star < 0 || k.indexOf('*', star + 1) >= 0) {
        continue;
      }
      String before = k.substring(0, star);
      String after = k.substring(star + 1);
      if (key.startsWith(before)
          && key.endsWith(after)
          && key.length() >= k.length()
          && (bestKey == null
              || before.length() > bestKey.indexOf('*')
              || before.length() == bestKey.indexOf('*') && k.length() > bestKey.length())) {
        bestKey = k;
        bestMatch = key.substring(before.length(), key.length() - after.length());
      }
    }
    if (bestKey != null) {
      return target(dir, map.get(bestKey), bestMatch, mode);
    }
    // A folder mapping ("./dir/": "./lib/"), which old packages still use.
    for (Iterator<Map.Entry<String, JsonNode>> it = map.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      if (e.getKey().endsWith("/") && key.startsWith(e.getKey()) && e.getValue().isTextual()) {
        return inside(dir, e.getValue().asText() + key.substring(e.getKey().length()));
      }
    }
    return Optional.empty();
  }

  private static Optional<Path> target(Path dir, JsonNode t, String star, Mode mode) {
    if (t == null || t.isNull()) {
      return Optional.empty();
    }
    if (t.isTextual()) {
      return inside(dir, t.asText().replace("*", star));
    }
    if (t.isArray()) {
      for (JsonNode alternative : t) {
        Optional<Path> p = target(dir, alternative, star, mode);
        if (p.isPresent()) {
          return p;
        }
      }
      return Optional.empty();
    }
    if (t.isObject()) {
      for (Iterator<Map.Entry<String, JsonNode>> it = t.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        if (mode.conditions.contains(e.getKey())) {
          Optional<Path> p = target(dir, e.getValue(), star, mode);
          if (p.isPresent()) {
            return p;
          }
        }
      }
    }
    return Optional.empty();
  }

  private static Optional<Path> inside(Path dir, String relative) {
    if (!relative.startsWith("./")) {
      return Optional.empty();
    }
    for (String segment : relative.substring(2).split("/")) {
      if (segment.equals("..") || segment.equals("node_modules")) {
        return Optional.empty();
      }
    }
    Path p = dir.resolve(relative.substring(2)).normalize();
    return p.startsWith(dir) ? Optional.of(p) : Optional.empty();
  }

  /** A subpath the package does not export, or an import it does not define. */
  public static final class NotExported extends Exception {
    NotExported(String message) {
      super(message, null, false, false);
    }
  }
}
