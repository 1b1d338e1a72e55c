package dev.graft.cli.packages;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.cli.base.UserError;
import dev.graft.runtime.config.ScriptGrants;
import dev.graft.scripting.api.ScriptFinder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What a package brings, by kind (scripts, skills, prompt templates, themes), as its package.json
 * says, for each kind in this order: graft's own manifest ({@code "graft": {"scripts": ["hooks",
 * "extra.ts"], "skills": ["skills"]}}); else the reference's ({@code "pi": {"extensions":
 * ["./extensions", "./src/*.ts", "!**}{@code /skip.ts"], "skills": [...], "prompts": [...],
 * "themes": [...]}}, entries, globs and {@code !}/{@code +}/{@code -} patterns as the reference
 * reads them, and nothing of a kind the {@code pi} object does not name); else the kind's
 * conventional folder ({@code extensions/}, {@code skills/}, {@code prompts/}, {@code themes/});
 * else, for scripts, graft's {@code scripts/} folder, unless it is npm's build scripts folder
 * (package.json's {@code scripts} run files in it). Nothing else is loaded: not {@code dist/} nor
 * any build folder a manifest does not name. Only what lies inside the package, once links are
 * resolved, is taken; what a manifest names but is left out is reported with the reason.
 */
public final class PackageManifest {
  /**
   * The kinds of things a package brings, with graft's manifest key, the reference's key and its
   * conventional folder.
   */
  public enum Kind {
    SCRIPTS("scripts", "extensions", "extensions"),
    SKILLS("skills", "skills", "skills"),
    PROMPTS("prompts", "prompts", "prompts"),
    THEMES("themes", "themes", "themes");

    final String graftKey;
    final String piKey;
    final String folder;

    Kind(String graftKey, String piKey, String folder) {
      this.graftKey = graftKey;
      this.piKey = piKey;
      this.folder = folder;
    }

    /** How listings name the kind ("scripts", "skills", "prompts", "themes"). */
    public String label() {
      return graftKey;
    }
  }

  /** A file or folder of the package a manifest names that is not taken, and why. */
  public record LeftOut(Kind kind, Path path, String why) {}

  /** What a package brings of each kind, and what it names but leaves out. */
  public record Contents(Map<Kind, List<Path>> taken, List<LeftOut> leftOut) {
    public Contents {
      Map<Kind, List<Path>> copy = new EnumMap<>(Kind.class);
      for (Kind k : Kind.values()) {
        copy.put(k, List.copyOf(taken.getOrDefault(k, List.of())));
      }
      taken = Collections.unmodifiableMap(copy);
      leftOut = List.copyOf(leftOut);
    }

    public List<Path> of(Kind kind) {
      return taken.get(kind);
    }
  }

  /** The most files and folders a glob looks at (a package holds no more: PackageContent's cap). */
  private static final int MAX_TREE = 50_000;

  /**
   * The most globs a manifest may hold, braces expanded: each is matched against every path of the
   * package.
   */
  static final int MAX_GLOBS = 256;

  /** The most files and folders a manifest may bring of one kind. */
  static final int MAX_SCRIPTS = 1_000;

  /** package.json's npm scripts that run a file of the {@code scripts/} folder. */
  private static final Pattern RUNS_SCRIPTS_FOLDER =
      Pattern.compile("(?:^|[\\s\"'=;&|(])(?:\\./)?scripts/");

  private PackageManifest() {}

  /**
   * What the package at {@code dir} asks to reach beyond the API: its package.json's {@code
   * "graft": {"permissions": {"run": [...], "read": [...], "write": [...], "net": [...], "env":
   * [...]}}}; none when it asks nothing. A malformed request is a problem, and asks nothing.
   */
  public static ScriptGrants.Grant permissions(Path dir, List<String> problems) {
    Optional<JsonNode> manifest = PackageFiles.manifest(dir);
    JsonNode asked = manifest.map(m -> m.path("graft").path("permissions")).orElse(null);
    if (asked == null || asked.isMissingNode() || asked.isNull()) {
      return ScriptGrants.Grant.NONE;
    }
    return ScriptGrants.permissions(
            asked, dir.resolve("package.json") + ": graft.permissions", problems)
        .orElse(ScriptGrants.Grant.NONE);
  }

  /**
   * The scripts {@code dir} brings, as locations to load (files, or folders loaded like --scripts);
   * a {@link dev.graft.cli.base.UserError} when its manifest asks for more than graft matches
   * ({@link #MAX_GLOBS}, {@link #MAX_SCRIPTS}, {@link ManifestGlob}'s caps).
   */
  public static List<Path> scripts(Path dir) {
    return of(dir, Kind.SCRIPTS);
  }

  /**
   * The files of {@code kind} {@code dir} brings (for skills: SKILL.md files and loose .md files).
   */
  public static List<Path> of(Path dir, Kind kind) {
    return read(dir, kind, new ArrayList<>());
  }

  /** Every kind {@code dir} brings, and what its manifest names but leaves out. */
  public static Contents contents(Path dir) {
    Map<Kind, List<Path>> taken = new EnumMap<>(Kind.class);
    List<LeftOut> leftOut = new ArrayList<>();
    for (Kind k : Kind.values()) {
      taken.put(k, read(dir, k, leftOut));
    }
    return new Contents(taken, leftOut);
  }

  private static List<Path> read(Path dir, Kind kind, List<LeftOut> leftOut) {
    Path real;
    try {
      real = dir.toRealPath();
    } catch (IOException e) {
      return List.of();
    }
    Optional<JsonNode> manifest = PackageFiles.manifest(dir);
    JsonNode graft = manifest.map(m -> m.path("graft").path(kind.graftKey)).orElse(null);
    JsonNode pi = manifest.map(m -> m.path("pi")).orElse(null);
    List<Path> found;
    if (graft != null && graft.isArray()) {
      if (graft.size() > MAX_SCRIPTS) {
        throw tooMany();
      }
      found = new ArrayList<>();
      for (JsonNode s : graft) {
        Path p = dir.resolve(s.asText()).normalize();
        if (!p.startsWith(dir)) {
          leftOut.add(
              new LeftOut(
                  kind,
                  p,
                  "package.json's graft." + kind.graftKey + " names a path outside the package"));
        } else if (!Files.exists(p)) {
          leftOut.add(
              new LeftOut(
                  kind,
                  p,
                  "package.json's graft."
                      + kind.graftKey
                      + " names it, but the package does not hold it"));
        } else if (kind == Kind.SCRIPTS || !Files.isDirectory(p)) {
          found.add(p);
        } else {
          found.addAll(folderFiles(p, kind));
        }
      }
    } else if (pi != null && pi.isObject()) {
      found = piEntries(dir, pi.path(kind.piKey), kind, leftOut);
    } else if (Files.isDirectory(dir.resolve(kind.folder))) {
      found = folderFiles(dir.resolve(kind.folder), kind);
    } else if (kind == Kind.SCRIPTS
        && Files.isDirectory(dir.resolve("scripts"))
        && !runsScriptsFolder(manifest.map(m -> m.path("scripts")).orElse(null))) {
      found = List.of(dir.resolve("scripts"));
    } else {
      found = List.of();
    }
    List<Path> out = new ArrayList<>();
    for (Path p : found.stream().distinct().toList()) {
      if (inside(real, p)) {
        out.add(p);
      } else {
        leftOut.add(new LeftOut(kind, p, "a link that leads outside the package"));
      }
    }
    if (out.size() > MAX_SCRIPTS) {
      throw tooMany();
    }
    return out;
  }

  private static UserError tooMany() {
    return new UserError(
        "package.json names more than "
            + String.format("%,d", MAX_SCRIPTS)
            + " scripts (the cap on"
            + " what a package loads)");
  }

  /** A folder's files of {@code kind}, as the reference collects a folder a manifest names. */
  private static List<Path> folderFiles(Path folder, Kind kind) {
    return switch (kind) {
      case SCRIPTS -> folderEntries(folder);
      case SKILLS -> ResourceFolders.skills(folder, true);
      case PROMPTS -> ResourceFolders.files(folder, ".md", true);
      case THEMES -> ResourceFolders.files(folder, ".json", true);
    };
  }

  /**
   * Whether npm's {@code scripts} (build, prepare, postinstall...) run files of {@code scripts/}.
   */
  private static boolean runsScriptsFolder(JsonNode npmScripts) {
    if (npmScripts == null || !npmScripts.isObject()) {
      return false;
    }
    for (JsonNode command : npmScripts) {
      if (command.isTextual() && RUNS_SCRIPTS_FOLDER.matcher(command.asText()).find()) {
        return true;
      }
    }
    return false;
  }

  /** The reference's manifest entries: paths and globs, then its override patterns. */
  private static List<Path> piEntries(
      Path dir, JsonNode entries, Kind kind, List<LeftOut> leftOut) {
    if (!entries.isArray()) {
      return List.of();
    }
    if (entries.size() > MAX_SCRIPTS) {
      throw tooMany();
    }
    List<String> sources = new ArrayList<>();
    List<String> patterns = new ArrayList<>();
    for (JsonNode e : entries) {
      if (e.isTextual()) {
        String s = e.asText();
        (s.startsWith("!") || s.startsWith("+") || s.startsWith("-") ? patterns : sources).add(s);
      }
    }
    List<Path> all = new ArrayList<>();
    List<String> tree = null;
    int globs = 0;
    for (String s : sources) {
      if (ManifestGlob.isGlob(s)) {
        ManifestGlob glob = ManifestGlob.of(s);
        globs += glob.size();
        if (globs > MAX_GLOBS) {
          throw new UserError(
              "package.json holds more than "
                  + MAX_GLOBS
                  + " globs (the cap on what graft matches)");
        }
        tree = tree == null ? tree(dir) : tree;
        for (String rel : tree) {
          if (glob.matches(rel)) {
            Path p = dir.resolve(rel);
            if (Files.isDirectory(p)) {
              all.addAll(folderFiles(p, kind));
            } else if (kind != Kind.SCRIPTS
                || ScriptFinder.isScriptName(p.getFileName().toString())) {
              all.add(p);
            }
            if (all.size() > MAX_SCRIPTS) {
              throw tooMany();
            }
          }
        }
      } else {
        Path p = dir.resolve(s).normalize();
        if (Files.isDirectory(p)) {
          all.addAll(folderFiles(p, kind));
        } else if (Files.isRegularFile(p)) {
          all.add(p);
        } else {
          leftOut.add(
              new LeftOut(
                  kind,
                  p,
                  "package.json's pi."
                      + kind.piKey
                      + " names it, but the package does not hold it"));
        }
      }
    }
    return applyPatterns(dir, all, patterns, kind, leftOut);
  }

  /**
   * {@code !glob} drops what it matches (the path in the package, the name, or the absolute path,
   * as minimatch matches them; for a SKILL.md its folder's too), {@code +path} puts an exact path
   * back, {@code -path} drops an exact path, in that order.
   */
  private static List<Path> applyPatterns(
      Path dir, List<Path> all, List<String> patterns, Kind kind, List<LeftOut> leftOut) {
    Map<Path, String> dropped = new LinkedHashMap<>();
    int globs = 0;
    for (String p : patterns) {
      if (p.startsWith("!")) {
        ManifestGlob glob = ManifestGlob.literal(p.substring(1));
        globs += glob.size();
        if (globs > MAX_GLOBS) {
          throw new UserError(
              "package.json holds more than "
                  + MAX_GLOBS
                  + " exclusions (the cap on what graft matches)");
        }
        for (Path f : all) {
          if (!dropped.containsKey(f) && globMatches(glob, dir, f)) {
            dropped.put(f, p);
          }
        }
      }
    }
    for (String p : patterns) {
      if (p.startsWith("+")) {
        all.stream().filter(f -> exact(dir, f, p.substring(1))).forEach(dropped::remove);
      }
    }
    for (String p : patterns) {
      if (p.startsWith("-")) {
        all.stream()
            .filter(f -> exact(dir, f, p.substring(1)))
            .forEach(f -> dropped.putIfAbsent(f, p));
      }
    }
    dropped.forEach((f, p) ->
        leftOut.add(
            new LeftOut(kind, f, "excluded by \"" + p + "\" in package.json's pi." + kind.piKey)));
    return all.stream().filter(f -> !dropped.containsKey(f)).distinct().toList();
  }

  private static boolean globMatches(ManifestGlob glob, Path dir, Path f) {
    if (glob.matches(relative(dir, f))
        || glob.matches(f.getFileName().toString())
        || glob.matches(f.toString())) {
      return true;
    }
    Path parent = f.getParent();
    return f.getFileName().toString().equals("SKILL.md")
        && parent != null
        && !parent.equals(dir)
        && (glob.matches(relative(dir, parent))
            || glob.matches(parent.getFileName().toString())
            || glob.matches(parent.toString()));
  }

  private static boolean exact(Path dir, Path f, String path) {
    String p = path.startsWith("./") ? path.substring(2) : path;
    if (p.equals(relative(dir, f)) || p.equals(f.toString())) {
      return true;
    }
    Path parent = f.getParent();
    return f.getFileName().toString().equals("SKILL.md")
        && parent != null
        && (p.equals(relative(dir, parent)) || p.equals(parent.toString()));
  }

  /**
   * A folder of scripts as the reference reads one: what its package.json's {@code pi.extensions}
   * names, else its {@code index.ts} or {@code index.js}; else its script files and the same of
   * each folder in it (hidden entries and node_modules left out).
   */
  private static List<Path> folderEntries(Path folder) {
    Optional<List<Path>> own = declaredOrIndex(folder);
    if (own.isPresent()) {
      return own.get();
    }
    List<Path> out = new ArrayList<>();
    try (Stream<Path> list = Files.list(folder)) {
      for (Path p : list.sorted().toList()) {
        String name = p.getFileName().toString();
        if (name.startsWith(".") || name.equals("node_modules")) {
          continue;
        }
        if (Files.isRegularFile(p)
            && ScriptFinder.isScriptName(name)
            && !ScriptFinder.isTestName(name)) {
          out.add(p);
        } else if (Files.isDirectory(p)) {
          declaredOrIndex(p).ifPresent(out::addAll);
        }
      }
    } catch (IOException e) {
      // an unreadable folder brings nothing
    }
    return out;
  }

  private static Optional<List<Path>> declaredOrIndex(Path folder) {
    JsonNode declared =
        PackageFiles.manifest(folder).map(m -> m.path("pi").path("extensions")).orElse(null);
    if (declared != null && declared.isArray()) {
      List<Path> out = new ArrayList<>();
      for (JsonNode e : declared) {
        Path p = folder.resolve(e.asText()).normalize();
        if (e.isTextual() && Files.exists(p)) {
          out.add(p);
        }
      }
      if (!out.isEmpty()) {
        return Optional.of(out);
      }
    }
    return LooseScripts.index(folder).map(List::of);
  }

  /**
   * Every file and folder in the package, as relative paths (node_modules, .git and links left
   * out).
   */
  private static List<String> tree(Path dir) {
    List<String> out = new ArrayList<>();
    try {
      Files.walkFileTree(
          dir,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) {
              String name = d.getFileName() == null ? "" : d.getFileName().toString();
              if (!d.equals(dir) && (name.equals("node_modules") || name.equals(".git"))) {
                return FileVisitResult.SKIP_SUBTREE;
              }
              if (!d.equals(dir)) {
                out.add(relative(dir, d));
              }
              return out.size() > MAX_TREE ? FileVisitResult.TERMINATE : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path f, BasicFileAttributes attrs) {
              if (attrs.isRegularFile()) {
                out.add(relative(dir, f));
              }
              return out.size() > MAX_TREE ? FileVisitResult.TERMINATE : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path f, IOException e) {
              return FileVisitResult.CONTINUE;
            }
          });
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  private static boolean inside(Path realDir, Path p) {
    try {
      return p.toRealPath().startsWith(realDir);
    } catch (IOException e) {
      return false;
    }
  }

  private static String relative(Path dir, Path f) {
    List<String> parts = new ArrayList<>();
    dir.relativize(f).forEach(p -> parts.add(p.toString()));
    return String.join("/", parts);
  }
}
