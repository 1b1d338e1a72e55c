package dev.graft.cli.packages;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.cli.base.UserError;
import dev.graft.runtime.config.GraftHome;
import dev.graft.runtime.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Fetches packages with the real clients and installs them: git (a mirror clone per URL in
 * {@code $GRAFT_HOME/cache/packages/git}, so a locked commit installs offline once fetched),
 * {@code npm pack} (tarballs kept in {@code cache/packages/npm}), {@code tar} to unpack, and
 * {@code npm install --omit=dev --ignore-scripts} for a package's declared dependencies. No
 * package's own scripts (npm lifecycle scripts, git hooks) run.
 */
public final class PackageInstaller {
  private final Path gitCache;
  private final Path npmCache;

  public PackageInstaller(GraftHome home) {
    Path cache = home.root().resolve("cache").resolve("packages");
    this.gitCache = cache.resolve("git");
    this.npmCache = cache.resolve("npm");
  }

  /** A package unpacked in a staging directory, not yet in place. */
  private record Staged(Path dir, String name, String resolved, String version) {}

  /** Fetches {@code source} as it is now, installs it into {@code scope} and locks it. */
  public PackageLock.Entry add(PackageScope scope, PackageSource source) {
    Staged s = stage(scope, source, Optional.empty(), true);
    PackageLock.Entry entry = new PackageLock.Entry(s.name(), stored(scope, source).text(), s.resolved(), s.version(),
        PackageFiles.hash(s.dir()));
    place(scope, s);
    scope.lock().put(entry);
    return entry;
  }

  /** Fetches {@code name}'s source again; the new entry, or empty when nothing changed. */
  public Optional<PackageLock.Entry> update(PackageScope scope, String name) {
    PackageLock.Entry old = scope.lock().get(name)
        .orElseThrow(() -> new UserError("no package " + name + " in " + scope.lock().file()));
    PackageSource source = PackageSource.parse(old.source(), scope.base());
    Staged s = stage(scope, source, Optional.empty(), true);
    PackageLock.Entry entry = new PackageLock.Entry(old.name(), old.source(), s.resolved(), s.version(),
        PackageFiles.hash(s.dir()));
    if (entry.equals(old) && isInstalled(scope, old)) {
      PackageFiles.deleteTree(stagingRoot(scope, s.dir()));
      return Optional.empty();
    }
    place(scope, s);
    scope.lock().put(entry);
    return Optional.of(entry);
  }

  /** Installs exactly what {@code entry} locks (its commit or version, and files of its hash). */
  public void install(PackageScope scope, PackageLock.Entry entry) {
    PackageSource source = PackageSource.parse(entry.source(), scope.base());
    Staged s = stage(scope, source, Optional.of(entry.resolved()), false);
    String hash = PackageFiles.hash(s.dir());
    if (!hash.equals(entry.hash())) {
      PackageFiles.deleteTree(stagingRoot(scope, s.dir()));
      throw new UserError(entry.name() + ": what " + entry.source() + " gives now (" + hash + ") is not what "
          + scope.lock().file() + " locks (" + entry.hash() + "); graft scripts update " + entry.name()
          + " takes the new content");
    }
    place(scope, new Staged(s.dir(), entry.name(), s.resolved(), s.version()));
  }

  /** Whether {@code entry} is installed in {@code scope} with the locked files. */
  public static boolean isInstalled(PackageScope scope, PackageLock.Entry entry) {
    Path dir = scope.installed(entry.name());
    return Files.isDirectory(dir) && PackageFiles.hash(dir).equals(entry.hash());
  }

  public boolean remove(PackageScope scope, String name) {
    boolean had = scope.lock().remove(name);
    Path dir = scope.installed(name);
    boolean installed = Files.exists(dir);
    PackageFiles.deleteTree(dir);
    return had || installed;
  }

  private Staged stage(PackageScope scope, PackageSource source, Optional<String> locked, boolean refresh) {
    Path stage;
    try {
      Files.createDirectories(scope.packagesDir());
      stage = Files.createTempDirectory(scope.packagesDir(), ".staging-");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + scope.packagesDir() + ": " + e.getMessage(), e);
    }
    try {
      Staged s = switch (source) {
        case PackageSource.Git g -> git(g, locked, refresh, stage);
        case PackageSource.Npm n -> npm(n, locked, stage);
        case PackageSource.Tarball t -> tarball(scope.base().resolve(t.file()).normalize(), locked, stage);
        case PackageSource.Local l -> local(scope.base().resolve(l.dir()).normalize(), stage);
      };
      dependencies(s.dir());
      return s;
    } catch (RuntimeException e) {
      PackageFiles.deleteTree(stage);
      throw e;
    }
  }

  private Staged git(PackageSource.Git g, Optional<String> locked, boolean refresh, Path stage) {
    if (locked.isPresent() && !locked.get().matches("[0-9a-f]{40}|[0-9a-f]{64}")) {
      throw new UserError(g.text() + ": the lock file's \"resolved\" must be a commit id, not " + locked.get());
    }
    Path mirror = gitCache.resolve(PackageFiles.sha256Of(g.url()).substring(0, 24) + ".git");
    try {
      Files.createDirectories(gitCache);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (!Files.isDirectory(mirror)) {
      Processes.run(gitCache, List.of("git", "clone", "--mirror", "--quiet", "--", g.url(), mirror.toString()));
    } else if (refresh || locked.isPresent() && !hasCommit(mirror, locked.get())) {
      Processes.run(gitCache, List.of("git", "--git-dir=" + mirror, "fetch", "--quiet", "--prune", "origin"));
    }
    String commit = locked.orElseGet(() -> {
      String ref = g.ref().orElse("HEAD");
      try {
        return Processes.run(gitCache, List.of("git", "--git-dir=" + mirror, "rev-parse", "--verify", "--quiet",
            ref + "^{commit}")).strip();
      } catch (UserError e) {
        throw new UserError(g.text() + ": no branch, tag or commit " + ref + " in " + g.url());
      }
    });
    if (!hasCommit(mirror, commit)) {
      throw new UserError(g.text() + ": commit " + commit + " is not in " + g.url() + " (was it force-pushed away?)");
    }
    Path tar = stage.resolve(".archive.tar");
    Path files = stage.resolve("package");
    Processes.run(gitCache, List.of("git", "--git-dir=" + mirror, "archive", "--format=tar", "-o", tar.toString(), commit));
    mkdirs(files);
    Processes.run(stage, List.of("tar", "-xf", tar.toString(), "-C", files.toString()));
    delete(tar);
    String base = g.url().replaceAll("/+$", "").replaceAll(".*[/:]", "").replaceAll("\\.git$", "");
    return named(files, base, commit, commit.substring(0, Math.min(12, commit.length())));
  }

  private boolean hasCommit(Path mirror, String commit) {
    try {
      Processes.run(gitCache, List.of("git", "--git-dir=" + mirror, "cat-file", "-e", commit + "^{commit}"));
      return true;
    } catch (UserError e) {
      return false;
    }
  }

  private Staged npm(PackageSource.Npm n, Optional<String> locked, Path stage) {
    mkdirs(npmCache);
    String spec = locked.orElse(n.spec());
    if (!PackageSource.NPM_NAME.matcher(spec).matches()) {
      throw new UserError(n.text() + ": \"" + spec + "\" is not an npm package name and version");
    }
    Optional<Path> cached = locked.map(this::cachedTarball).filter(Files::isRegularFile);
    Path tgz;
    if (cached.isPresent()) {
      tgz = cached.get();
    } else {
      String out = Processes.run(stage, List.of("npm", "pack", spec, "--json", "--ignore-scripts", "--pack-destination",
          npmCache.toString()));
      JsonNode packed;
      try {
        packed = Json.parse(out);
      } catch (IOException e) {
        throw new UserError("npm pack " + spec + " printed no JSON: " + out.lines().findFirst().orElse(""));
      }
      JsonNode first = packed.path(0);
      String name = first.path("name").asText();
      String version = first.path("version").asText();
      Path produced = npmCache.resolve(first.path("filename").asText());
      tgz = cachedTarball(name + "@" + version);
      move(produced, tgz);
    }
    Path files = unpack(tgz, stage);
    JsonNode manifest = PackageFiles.manifest(files).orElseThrow(() -> new UserError(spec + ": the tarball has no package.json"));
    String name = manifest.path("name").asText();
    String version = manifest.path("version").asText();
    return new Staged(files, name, name + "@" + version, version);
  }

  private Path cachedTarball(String nameAtVersion) {
    return npmCache.resolve(nameAtVersion.replace("/", "__") + ".tgz");
  }

  private Staged tarball(Path file, Optional<String> locked, Path stage) {
    mkdirs(npmCache);
    Path tgz = file;
    String sha = Files.isRegularFile(file) ? "sha256:" + PackageFiles.sha256Of(file) : "";
    if (locked.isPresent() && !locked.get().equals(sha)) {
      Path cached = npmCache.resolve(locked.get().replace(':', '-') + ".tgz");
      if (!Files.isRegularFile(cached)) {
        throw new UserError(file + ": not the tarball that was locked (" + locked.get() + ")");
      }
      tgz = cached;
      sha = locked.get();
    } else if (sha.isEmpty()) {
      throw new UserError(file + ": no such file");
    } else {
      copy(file, npmCache.resolve(sha.replace(':', '-') + ".tgz"));
    }
    Path files = unpack(tgz, stage);
    String base = file.getFileName().toString().replaceAll("(-\\d[\\w.-]*)?\\.(tgz|tar\\.gz)$", "");
    return named(files, base, sha, "");
  }

  private Staged local(Path dir, Path stage) {
    if (!Files.isDirectory(dir)) {
      throw new UserError(dir + ": no such directory");
    }
    Path files = stage.resolve("package");
    PackageFiles.copyTree(dir, files);
    return named(files, dir.getFileName().toString(), "local", "");
  }

  /** The staged files named by their package.json (name, version), or by {@code fallback}. */
  private static Staged named(Path files, String fallbackName, String resolved, String fallbackVersion) {
    Optional<JsonNode> manifest = PackageFiles.manifest(files);
    String name = manifest.map(m -> m.path("name").asText("")).filter(s -> !s.isBlank()).orElse(fallbackName);
    String version = manifest.map(m -> m.path("version").asText("")).filter(s -> !s.isBlank()).orElse(fallbackVersion);
    if (!PackageSource.isPackageName(name)) {
      throw new UserError("\"" + name + "\" is not a usable package name (give the package a package.json with a \"name\")");
    }
    return new Staged(files, name, resolved, version);
  }

  private Path unpack(Path tgz, Path stage) {
    Path out = stage.resolve("unpacked");
    mkdirs(out);
    Processes.run(stage, List.of("tar", "-xzf", tgz.toString(), "-C", out.toString()));
    try (Stream<Path> top = Files.list(out)) {
      List<Path> entries = top.toList();
      return entries.size() == 1 && Files.isDirectory(entries.getFirst()) ? entries.getFirst() : out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** npm installs the dependencies a package declares (none of their lifecycle scripts run). */
  private static void dependencies(Path dir) {
    Optional<JsonNode> deps = PackageFiles.manifest(dir).map(m -> m.path("dependencies"))
        .filter(d -> d.isObject() && !d.isEmpty());
    if (deps.isPresent()) {
      Processes.run(dir, List.of("npm", "install", "--omit=dev", "--ignore-scripts", "--no-audit", "--no-fund",
          "--prefer-offline", "--no-package-lock"));
    }
  }

  private static void place(PackageScope scope, Staged s) {
    Path dest = scope.installed(s.name());
    PackageFiles.deleteTree(dest);
    mkdirs(dest.getParent());
    move(s.dir(), dest);
    PackageFiles.deleteTree(stagingRoot(scope, s.dir()));
  }

  /** The {@code .staging-*} directory under the scope's packages that holds {@code dir}. */
  private static Path stagingRoot(PackageScope scope, Path dir) {
    return scope.packagesDir().resolve(scope.packagesDir().relativize(dir).getName(0));
  }

  /** The source as the lock file keeps it: a path inside the scope's base relative to it, else absolute. */
  private static PackageSource stored(PackageScope scope, PackageSource source) {
    return switch (source) {
      case PackageSource.Tarball t -> new PackageSource.Tarball(pathText(scope, t.file()));
      case PackageSource.Local l -> new PackageSource.Local(pathText(scope, l.dir()));
      default -> source;
    };
  }

  private static String pathText(PackageScope scope, String given) {
    Path abs = Path.of(given).isAbsolute() ? Path.of(given) : Path.of("").toAbsolutePath().resolve(given).normalize();
    if (scope.project() && abs.startsWith(scope.base())) {
      List<String> parts = new ArrayList<>();
      scope.base().relativize(abs).forEach(p -> parts.add(p.toString()));
      return "./" + String.join("/", parts);
    }
    return abs.toString();
  }

  private static void mkdirs(Path dir) {
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + dir + ": " + e.getMessage(), e);
    }
  }

  private static void move(Path from, Path to) {
    try {
      Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot move " + from + " to " + to + ": " + e.getMessage(), e);
    }
  }

  private static void copy(Path from, Path to) {
    try {
      Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot copy " + from + ": " + e.getMessage(), e);
    }
  }

  private static void delete(Path p) {
    try {
      Files.deleteIfExists(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
