package dev.graft.cli.packages;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.cli.base.UserError;
import dev.graft.runtime.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A package's npm dependencies as graft installs them: only its {@code dependencies} (never
 * devDependencies), each from the npm registry or a {@code .tgz} file, checked before npm runs and
 * again in what npm resolved (dependencies of dependencies included). npm works in a folder graft
 * made, from a package.json graft writes with those dependencies alone, never in the package's
 * files; what it installed then lands in the package's {@code node_modules} as {@link
 * PackageContent} writes any package (files and folders only, within the caps).
 */
final class PackageDependencies {
  private static final String ROOT_NAME = "graft-dependencies";

  /**
   * A range or tag of the registry: {@code ^1.2.0}, {@code >=1 <2}, {@code 1.x || 2.x}, {@code
   * latest}.
   */
  private static final Pattern REGISTRY_RANGE = Pattern.compile("[\\w.^~<>=|*+\\- ]*");

  private static final Pattern TARBALL = Pattern.compile(".*\\.(tgz|tar\\.gz)");

  private PackageDependencies() {}

  /**
   * What npm resolved the dependencies to ({@code packages} of its lock file, the root left out),
   * and their hash.
   */
  record Installed(JsonNode lock, String hash) {
    static final Installed NONE = new Installed(Json.object(), "");
  }

  /**
   * Installs the dependencies the package in {@code content} declares: as {@code locked} says when
   * given, else as their ranges resolve now. {@code work} is a new empty folder of graft's.
   */
  static Installed install(
      String name,
      Path packageDir,
      PackageContent content,
      String under,
      Npm npm,
      Path work,
      Optional<JsonNode> locked) {
    ObjectNode declared = declared(name, packageDir);
    if (declared.isEmpty()) {
      return Installed.NONE;
    }
    ObjectNode manifest =
        Json.object().put("name", ROOT_NAME).put("version", "0.0.0").put("private", true);
    manifest.set("dependencies", declared);
    write(work.resolve("package.json"), manifest);
    if (locked.isPresent()) {
      checkLock(name, locked.get());
      ObjectNode lock =
          Json.object()
              .put("name", ROOT_NAME)
              .put("version", "0.0.0")
              .put("lockfileVersion", 3)
              .put("requires", true);
      ObjectNode packages = lock.putObject("packages");
      packages.set("", manifest.deepCopy().without(List.of("private")));
      locked.get().fields().forEachRemaining(e -> packages.set(e.getKey(), e.getValue()));
      write(work.resolve("package-lock.json"), lock);
    }
    try {
      npm.install(work, locked.isPresent(), () -> tooLarge(work));
    } catch (UserError e) {
      // npm's git is a path that is not there: a dependency from git fails before any clone.
      if (e.details().stream().anyMatch(line -> line.contains("An unknown git error occurred"))) {
        throw UserError.withDetails(
            name
                + ": a dependency of its dependencies comes from git; graft installs dependencies"
                + " from the npm registry or .tgz files only, and npm fetched nothing from git",
            e.details());
      }
      throw e.prefixed(name + ": ");
    }
    JsonNode resolved = readLock(name, work.resolve("package-lock.json"));
    checkLock(name, resolved);
    Path modules = work.resolve("node_modules");
    if (Files.isDirectory(modules)) {
      // npm's own record of the folder and bin links are npm's, not the package's.
      content.addFolder(
          modules,
          under.isEmpty() ? "node_modules" : under + "/node_modules",
          Set.of(".package-lock.json", ".bin"));
    }
    return new Installed(resolved, PackageFiles.dependenciesHash(packageDir));
  }

  /** The package's dependencies, each checked, a {@code file:} path made absolute. */
  static ObjectNode declared(String name, Path packageDir) {
    JsonNode deps =
        PackageFiles.manifest(packageDir).map(m -> m.path("dependencies")).orElse(Json.object());
    ObjectNode out = Json.object();
    if (!deps.isObject()) {
      return out;
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = deps.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      String dep = e.getKey();
      String spec = e.getValue().asText("");
      if (!PackageSource.isPackageName(dep)) {
        throw new UserError(
            name + ": \"" + dep + "\" in its dependencies is not an npm package name");
      }
      out.put(dep, checked(name, dep, spec, packageDir));
    }
    return out;
  }

  /**
   * {@code spec} if graft installs it: a registry range or tag, {@code npm:NAME@RANGE}, a .tgz file
   * or https URL.
   */
  private static String checked(String name, String dep, String spec, Path packageDir) {
    String s = spec.strip();
    if (REGISTRY_RANGE.matcher(s).matches()) {
      return s;
    }
    if (s.startsWith("npm:")) {
      String aliased = s.substring(4);
      int at = aliased.lastIndexOf('@');
      if (at > 0
              && PackageSource.isPackageName(aliased.substring(0, at))
              && REGISTRY_RANGE.matcher(aliased.substring(at + 1)).matches()
          || PackageSource.isPackageName(aliased)) {
        return s;
      }
    }
    if (s.startsWith("https://") && TARBALL.matcher(s).matches()) {
      return s;
    }
    if (s.startsWith("file:") && TARBALL.matcher(s).matches()) {
      String path = s.substring(5);
      if (path.startsWith("/")) {
        return s;
      }
      // A tarball the package holds itself.
      Path p = packageDir.resolve(path).normalize();
      if (p.startsWith(packageDir)) {
        return "file:" + p;
      }
    }
    throw new UserError(
        name
            + ": dependency "
            + dep
            + " is \""
            + spec
            + "\"; graft installs dependencies from the npm"
            + " registry or .tgz files only");
  }

  /**
   * npm's resolution: every package from the registry (https) or a .tgz file, none a link or from
   * git.
   */
  private static void checkLock(String name, JsonNode packages) {
    for (Iterator<Map.Entry<String, JsonNode>> it = packages.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      String at = e.getKey();
      JsonNode p = e.getValue();
      if (at.isEmpty()) {
        continue;
      }
      if (!at.startsWith("node_modules/")
          || at.contains("/../")
          || at.endsWith("/..")
          || at.contains("\\")) {
        throw new UserError(
            name + ": the locked dependency \"" + at + "\" is not a path in node_modules");
      }
      if (p.path("link").asBoolean(false)) {
        throw new UserError(
            name
                + ": dependency "
                + at
                + " is a link to "
                + p.path("resolved").asText("?")
                + "; graft installs dependencies from the npm registry or .tgz files only");
      }
      String resolved = p.path("resolved").asText("");
      if (!resolved.isEmpty()
          && !(resolved.startsWith("https://")
              || resolved.startsWith("file:") && TARBALL.matcher(resolved).matches())) {
        throw new UserError(
            name
                + ": dependency "
                + at
                + " comes from "
                + resolved
                + "; graft installs dependencies"
                + " from the npm registry or .tgz files only");
      }
    }
  }

  private static JsonNode readLock(String name, Path file) {
    try {
      JsonNode lock = Json.parse(Files.readString(file, StandardCharsets.UTF_8));
      JsonNode packages = lock == null ? null : lock.get("packages");
      if (packages == null || !packages.isObject()) {
        throw new UserError(name + ": npm wrote no package-lock.json with \"packages\"");
      }
      ObjectNode out = ((ObjectNode) packages).deepCopy();
      out.remove("");
      return out;
    } catch (IOException e) {
      throw new UserError(
          name + ": npm wrote no readable package-lock.json (" + e.getMessage() + ")");
    }
  }

  /** Why npm must stop: what it has written under {@code work} passed the cap. */
  private static Optional<String> tooLarge(Path work) {
    long[] total = {0};
    int[] entries = {0};
    try {
      Files.walkFileTree(
          work,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path f, BasicFileAttributes attrs) {
              total[0] += attrs.size();
              entries[0]++;
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) {
              entries[0]++;
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path f, IOException e) {
              return FileVisitResult.CONTINUE;
            }
          });
    } catch (IOException e) {
      return Optional.empty();
    }
    if (total[0] > PackageContent.MAX_BYTES) {
      return Optional.of(
          "the package's dependencies are larger than "
              + (PackageContent.MAX_BYTES >> 20)
              + " MiB (the cap on a package's size)");
    }
    if (entries[0] > 2 * PackageContent.MAX_ENTRIES) {
      return Optional.of(
          "the package's dependencies have more than "
              + String.format("%,d", PackageContent.MAX_ENTRIES)
              + " files and directories (the cap on a package's size)");
    }
    return Optional.empty();
  }

  private static void write(Path file, JsonNode json) {
    try {
      Files.writeString(
          file,
          Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(json) + "\n",
          StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
    }
  }
}
