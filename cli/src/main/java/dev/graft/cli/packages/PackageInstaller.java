package dev.graft.cli.packages;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.cli.base.Sha256;
import dev.graft.cli.base.UserError;
import dev.graft.runtime.config.GraftHome;
import dev.graft.runtime.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Fetches packages and installs them. git keeps a mirror clone per URL in {@code
 * $GRAFT_HOME/cache/packages/git} (so a locked commit installs offline once fetched) and hands
 * graft the commit's files as a tar stream; {@code npm pack} fetches a registry package's tarball
 * into {@code cache/packages/npm}; graft unpacks archives and copies folders itself ({@link
 * PackageContent}); npm installs the declared dependencies ({@link PackageDependencies}, {@link
 * Npm}). Everything happens in a staging folder that is deleted however the step ends, and what a
 * lock file records is checked before anything else of the package is used. No program of a package
 * runs: not npm's lifecycle scripts, not git hooks, not anything an {@code .npmrc} of the package
 * names.
 */
public final class PackageInstaller {
  private static final Duration GIT_FETCH_LIMIT = Duration.ofMinutes(5);
  private static final Duration GIT_LOCAL_LIMIT = Duration.ofMinutes(2);

  private final Path home;
  private final Path cache;
  private final Path gitCache;
  private final Path npmCache;
  private final Npm npm;

  public PackageInstaller(GraftHome home) {
    this(home, false);
  }

  /**
   * {@code offline} (--offline): npm installs a package's dependencies from its cache only, and
   * fails, saying so, when one is not there.
   */
  public PackageInstaller(GraftHome home, boolean offline) {
    this.home = home.root();
    this.cache = this.home.resolve("cache").resolve("packages");
    this.gitCache = cache.resolve("git");
    this.npmCache = cache.resolve("npm");
    this.npm = new Npm(cache, offline);
  }

  /**
   * {@code dir} in graft's cache, made, once nothing on the way to it below $GRAFT_HOME is a link.
   */
  private Path cacheDir(Path dir) {
    NoLinks.check(home, dir);
    mkdirs(dir);
    return dir;
  }

  /** npm, once the files graft writes its configuration to are no links. */
  private Npm npm() {
    NoLinks.check(home, cache.resolve(Npm.CONFIG_FILE));
    NoLinks.check(home, cache.resolve(Npm.GLOBAL_CONFIG_FILE));
    return npm;
  }

  /**
   * A package fetched into a staging folder: its files (in {@code content}, under {@code under}),
   * name and origin.
   */
  private record Fetched(
      PackageContent content, String under, String name, String resolved, String version) {
    Path dir() {
      return under.isEmpty() ? content.root() : content.root().resolve(under);
    }
  }

  /** Fetches {@code source} as it is now, installs it into {@code scope} and locks it. */
  public PackageLock.Entry add(PackageScope scope, PackageSource source) {
    try (Staging st = Staging.in(scope)) {
      Fetched f = fetch(st, source, Optional.empty(), true);
      String hash = PackageFiles.hash(f.dir());
      checkManifest(f);
      PackageDependencies.Installed deps = dependencies(st, f, f.name(), Optional.empty());
      PackageLock.Entry entry =
          new PackageLock.Entry(
              f.name(),
              stored(scope, source).text(),
              f.resolved(),
              f.version(),
              hash,
              deps.lock(),
              deps.hash());
      place(scope, f.dir(), f.name());
      scope.lock().put(entry);
      return entry;
    }
  }

  /** Fetches {@code name}'s source again; the new entry, or empty when nothing changed. */
  public Optional<PackageLock.Entry> update(PackageScope scope, String name) {
    PackageLock.Entry old =
        scope
            .lock()
            .get(name)
            .orElseThrow(() -> new UserError("no package " + name + " in " + scope.lock().file()));
    PackageSource source = PackageSource.parse(old.source(), scope.base());
    try (Staging st = Staging.in(scope)) {
      Fetched f = fetch(st, source, Optional.empty(), true);
      String hash = PackageFiles.hash(f.dir());
      checkManifest(f);
      PackageDependencies.Installed deps = dependencies(st, f, old.name(), Optional.empty());
      PackageLock.Entry entry =
          new PackageLock.Entry(
              old.name(), old.source(), f.resolved(), f.version(), hash, deps.lock(), deps.hash());
      if (entry.equals(old) && isInstalled(scope, old)) {
        return Optional.empty();
      }
      place(scope, f.dir(), old.name());
      scope.lock().put(entry);
      return Optional.of(entry);
    }
  }

  /**
   * Installs exactly what {@code entry} locks: its commit or version, refused unless its files are
   * those of the locked hash (checked before its dependencies are even read), then the locked
   * dependencies, refused unless they are those of their hash.
   */
  public void install(PackageScope scope, PackageLock.Entry entry) {
    PackageSource source = PackageSource.parse(entry.source(), scope.base());
    try (Staging st = Staging.in(scope)) {
      Fetched f = fetch(st, source, Optional.of(entry.resolved()), false);
      String hash = PackageFiles.hash(f.dir());
      if (!hash.equals(entry.hash())) {
        throw new UserError(
            entry.name()
                + ": what "
                + entry.source()
                + " gives now ("
                + hash
                + ") is not what "
                + scope.lock().file()
                + " locks ("
                + entry.hash()
                + "); graft scripts update "
                + scope.option()
                + entry.name()
                + " takes the new content");
      }
      if (!entry.hasDependencies()
          && !PackageDependencies.declared(entry.name(), f.dir()).isEmpty()) {
        throw new UserError(
            entry.name()
                + ": "
                + scope.lock().file()
                + " records no resolution of its dependencies, so"
                + " they cannot be installed exactly; graft scripts update "
                + scope.option()
                + entry.name()
                + " locks them");
      }
      PackageDependencies.Installed deps =
          dependencies(
              st,
              f,
              entry.name(),
              entry.hasDependencies() ? Optional.of(entry.dependencies()) : Optional.empty());
      if (!entry.dependenciesHash().isEmpty() && !deps.hash().equals(entry.dependenciesHash())) {
        throw new UserError(
            entry.name()
                + ": its dependencies as installed now ("
                + deps.hash()
                + ") are not what "
                + scope.lock().file()
                + " locks ("
                + entry.dependenciesHash()
                + "); graft scripts update "
                + scope.option()
                + entry.name()
                + " resolves them again");
      }
      place(scope, f.dir(), entry.name());
    }
  }

  /** Whether {@code entry} is installed in {@code scope} with the locked files and dependencies. */
  public static boolean isInstalled(PackageScope scope, PackageLock.Entry entry) {
    Path dir;
    try {
      dir = scope.installedChecked(entry.name());
    } catch (UserError e) {
      // Installing it again says which link is in the way.
      return false;
    }
    return Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)
        && PackageFiles.hash(dir).equals(entry.hash())
        && PackageFiles.dependenciesHash(dir).equals(entry.dependenciesHash());
  }

  public boolean remove(PackageScope scope, String name) {
    Path dir = scope.installedChecked(name);
    boolean had = scope.lock().remove(name);
    boolean installed = Files.exists(dir, LinkOption.NOFOLLOW_LINKS);
    PackageFiles.deleteTree(dir);
    return had || installed;
  }

  /** The package's files in the staging folder, every link resolved or refused. */
  private Fetched fetch(
      Staging st, PackageSource source, Optional<String> locked, boolean refresh) {
    try {
      Fetched f =
          switch (source) {
            case PackageSource.Git g -> git(st, g, locked, refresh);
            case PackageSource.Npm n -> npm(st, n, locked);
            case PackageSource.Tarball t ->
                tarball(st, st.scope.base().resolve(t.file()).normalize(), locked);
            case PackageSource.Local l -> local(st, st.scope.base().resolve(l.dir()).normalize());
          };
      f.content().resolveLinks();
      // graft installs the dependencies itself; a folder's own or an archive's bundled ones are not
      // used.
      PackageFiles.deleteTree(f.dir().resolve("node_modules"));
      PackageFiles.deleteTree(f.dir().resolve(".git"));
      return f;
    } catch (PackageContent.Refused e) {
      throw new UserError(source.text() + ": " + e.getMessage());
    }
  }

  /**
   * A package whose manifest asks for more than graft matches is not added (a run would load none
   * of it).
   */
  private static void checkManifest(Fetched f) {
    try {
      PackageManifest.scripts(f.dir());
    } catch (UserError e) {
      throw e.prefixed(f.name() + ": ");
    }
  }

  /** Installs the dependencies the fetched package declares, as {@code locked} says when given. */
  private PackageDependencies.Installed dependencies(
      Staging st, Fetched f, String name, Optional<JsonNode> locked) {
    try {
      PackageDependencies.Installed deps =
          PackageDependencies.install(
              name, f.dir(), f.content(), f.under(), npm(), st.folder("dependencies"), locked);
      f.content().resolveLinks();
      return deps;
    } catch (PackageContent.Refused e) {
      throw new UserError(name + ": " + e.getMessage());
    }
  }

  private Fetched git(Staging st, PackageSource.Git g, Optional<String> locked, boolean refresh) {
    if (locked.isPresent() && !locked.get().matches("[0-9a-f]{40}|[0-9a-f]{64}")) {
      throw new UserError(
          g.text() + ": the lock file's \"resolved\" must be a commit id, not " + locked.get());
    }
    Path mirror = cacheDir(gitCache).resolve(Sha256.ofText(g.url()).substring(0, 24) + ".git");
    NoLinks.check(home, mirror);
    if (!Files.isDirectory(mirror)) {
      git(
          List.of("clone", "--mirror", "--quiet", "--", g.url(), mirror.toString()),
          "git could not clone " + g.url(),
          GIT_FETCH_LIMIT);
    } else if (refresh || locked.isPresent() && !hasCommit(mirror, locked.get())) {
      git(
          List.of("--git-dir=" + mirror, "fetch", "--quiet", "--prune", "origin"),
          "git could not fetch " + g.url(),
          GIT_FETCH_LIMIT);
    }
    String commit =
        locked.orElseGet(() -> {
          String ref = g.ref().orElse("HEAD");
          try {
            return git(
                    List.of(
                        "--git-dir=" + mirror,
                        "rev-parse",
                        "--verify",
                        "--quiet",
                        ref + "^{commit}"),
                    "git rev-parse",
                    GIT_LOCAL_LIMIT)
                .strip();
          } catch (UserError e) {
            throw new UserError(g.text() + ": no branch, tag or commit " + ref + " in " + g.url());
          }
        });
    if (!hasCommit(mirror, commit)) {
      throw new UserError(
          g.text()
              + ": commit "
              + commit
              + " is not in "
              + g.url()
              + " (was it force-pushed away?)");
    }
    PackageContent content = PackageContent.into(st.folder("package"));
    Processes.read(
        gitRun(
            List.of("--git-dir=" + mirror, "archive", "--format=tar", commit),
            "git could not archive " + commit,
            GIT_LOCAL_LIMIT),
        out -> {
          content.addTar(out);
          return null;
        });
    String base = g.url().replaceAll("/+$", "").replaceAll(".*[/:]", "").replaceAll("\\.git$", "");
    return named(content, "", base, commit, commit.substring(0, Math.min(12, commit.length())));
  }

  private boolean hasCommit(Path mirror, String commit) {
    try {
      git(
          List.of("--git-dir=" + mirror, "cat-file", "-e", commit + "^{commit}"),
          "git cat-file",
          GIT_LOCAL_LIMIT);
      return true;
    } catch (UserError e) {
      return false;
    }
  }

  private String git(List<String> args, String doing, Duration limit) {
    return Processes.output(gitRun(args, doing, limit));
  }

  /**
   * git with no prompt, the transports graft allows (for anything git fetches on its own too) and a
   * time limit.
   */
  private Processes.Run gitRun(List<String> args, String doing, Duration limit) {
    List<String> command = new ArrayList<>(List.of("git", "-c", "core.hooksPath=/dev/null"));
    command.addAll(args);
    return new Processes.Run(
        gitCache,
        command,
        doing,
        env -> {
          env.put("GIT_ALLOW_PROTOCOL", "https:http:ssh:git:file");
          env.putIfAbsent("GIT_SSH_COMMAND", "ssh -o BatchMode=yes");
        },
        limit);
  }

  private Fetched npm(Staging st, PackageSource.Npm n, Optional<String> locked) {
    cacheDir(npmCache);
    String spec = locked.orElse(n.spec());
    if (!PackageSource.NPM_NAME.matcher(spec).matches()) {
      throw new UserError(n.text() + ": \"" + spec + "\" is not an npm package name and version");
    }
    Optional<Path> cached = locked.map(this::cachedTarball).filter(Files::isRegularFile);
    Path tgz;
    if (cached.isPresent()) {
      tgz = cached.get();
    } else {
      String out = npm().pack(spec, st.folder("npm"), npmCache);
      JsonNode packed;
      try {
        packed = Json.parse(out);
      } catch (IOException e) {
        throw new UserError(
            "npm pack " + spec + " printed no JSON: " + out.lines().findFirst().orElse(""));
      }
      JsonNode first = packed == null ? Json.object() : packed.path(0);
      String name = first.path("name").asText();
      String version = first.path("version").asText();
      Path produced = npmCache.resolve(first.path("filename").asText()).normalize();
      if (!PackageSource.isPackageName(name)
          || !produced.getParent().equals(npmCache)
          || !Files.isRegularFile(produced)) {
        throw new UserError("npm pack " + spec + " reported no tarball it wrote");
      }
      tgz = cachedTarball(name + "@" + version);
      move(produced, tgz);
    }
    PackageContent content = PackageContent.into(st.folder("package"));
    content.addTarball(tgz);
    String under = topFolder(content.root());
    Path dir = under.isEmpty() ? content.root() : content.root().resolve(under);
    JsonNode manifest =
        PackageFiles.manifest(dir)
            .orElseThrow(() -> new UserError(spec + ": the tarball has no package.json"));
    String name = manifest.path("name").asText();
    String version = manifest.path("version").asText();
    if (!PackageSource.isPackageName(name)) {
      throw new UserError(spec + ": \"" + name + "\" is not a usable package name");
    }
    return new Fetched(content, under, name, name + "@" + version, version);
  }

  private Path cachedTarball(String nameAtVersion) {
    return npmCache.resolve(nameAtVersion.replace("/", "__") + ".tgz");
  }

  private Fetched tarball(Staging st, Path file, Optional<String> locked) {
    cacheDir(npmCache);
    Path tgz = file;
    String sha = Files.isRegularFile(file) ? "sha256:" + Sha256.ofFile(file) : "";
    if (locked.isPresent() && !locked.get().equals(sha)) {
      Path cached = npmCache.resolve(locked.get().replace(':', '-') + ".tgz");
      if (!locked.get().matches("sha256:[0-9a-f]{64}") || !Files.isRegularFile(cached)) {
        throw new UserError(file + ": not the tarball that was locked (" + locked.get() + ")");
      }
      tgz = cached;
      sha = locked.get();
    } else if (sha.isEmpty()) {
      throw new UserError(file + ": no such file");
    }
    PackageContent content = PackageContent.into(st.folder("package"));
    content.addTarball(tgz);
    if (tgz.equals(file)) {
      // Kept, so that the lock file installs it once the file is gone; only once it unpacked within
      // the caps.
      copy(file, npmCache.resolve(sha.replace(':', '-') + ".tgz"));
    }
    String base = file.getFileName().toString().replaceAll("(-\\d[\\w.-]*)?\\.(tgz|tar\\.gz)$", "");
    return named(content, topFolder(content.root()), base, sha, "");
  }

  private Fetched local(Staging st, Path dir) {
    if (!Files.isDirectory(dir)) {
      throw new UserError(dir + ": no such directory");
    }
    PackageContent content = PackageContent.into(st.folder("package"));
    // graft installs the dependencies itself, and a git folder is not the package's content.
    // The folder named is read where it is, a link to it followed; links inside are the package's.
    content.addFolder(real(dir), "", Set.of(".git", "node_modules"));
    return named(content, "", dir.getFileName().toString(), PackageLock.Entry.FOLDER, "");
  }

  private static Path real(Path dir) {
    try {
      return dir.toRealPath();
    } catch (IOException e) {
      throw new UserError(dir + ": cannot read it (" + e.getMessage() + ")");
    }
  }

  /**
   * The folder an archive keeps everything in ({@code package/} for npm pack's), or "" when there
   * is none.
   */
  private static String topFolder(Path root) {
    try (Stream<Path> top = Files.list(root)) {
      List<Path> entries = top.toList();
      return entries.size() == 1 && Files.isDirectory(entries.getFirst(), LinkOption.NOFOLLOW_LINKS)
          ? entries.getFirst().getFileName().toString()
          : "";
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The fetched files named by their package.json (name, version), or by {@code fallback}. */
  private static Fetched named(
      PackageContent content,
      String under,
      String fallbackName,
      String resolved,
      String fallbackVersion) {
    Path dir = under.isEmpty() ? content.root() : content.root().resolve(under);
    Optional<JsonNode> manifest = PackageFiles.manifestToInstall(dir);
    String name =
        manifest.map(m -> m.path("name").asText("")).filter(s -> !s.isBlank()).orElse(fallbackName);
    String version =
        manifest
            .map(m -> m.path("version").asText(""))
            .filter(s -> !s.isBlank())
            .orElse(fallbackVersion);
    if (!PackageSource.isPackageName(name)) {
      throw new UserError(
          "\""
              + name
              + "\" is not a usable package name (npm's rules: at most "
              + PackageSource.MAX_NAME
              + " characters, lower case, no spaces; give the package a package.json with a \"name\")");
    }
    return new Fetched(content, under, name, resolved, version);
  }

  private static void place(PackageScope scope, Path dir, String name) {
    Path dest = scope.installedChecked(name);
    PackageFiles.deleteTree(dest);
    mkdirs(dest.getParent());
    move(dir, dest);
  }

  /**
   * The source as the lock file keeps it: a path inside the scope's base relative to it, else
   * absolute.
   */
  private static PackageSource stored(PackageScope scope, PackageSource source) {
    return switch (source) {
      case PackageSource.Tarball t -> new PackageSource.Tarball(pathText(scope, t.file()));
      case PackageSource.Local l -> new PackageSource.Local(pathText(scope, l.dir()));
      default -> source;
    };
  }

  private static String pathText(PackageScope scope, String given) {
    Path abs =
        Path.of(given).isAbsolute()
            ? Path.of(given)
            : Path.of("").toAbsolutePath().resolve(given).normalize();
    if (scope.project() && abs.startsWith(scope.base())) {
      List<String> parts = new ArrayList<>();
      scope.base().relativize(abs).forEach(p -> parts.add(p.toString()));
      return "./" + String.join("/", parts);
    }
    return abs.toString();
  }

  /**
   * A {@code .staging-*} folder under the scope's packages (so the finished package moves into
   * place in one rename), deleted when the step ends, whether it succeeded or not.
   */
  private static final class Staging implements AutoCloseable {
    private final PackageScope scope;
    private final Path root;
    private final boolean madePackagesDir;

    private Staging(PackageScope scope, Path root, boolean madePackagesDir) {
      this.scope = scope;
      this.root = root;
      this.madePackagesDir = madePackagesDir;
    }

    static Staging in(PackageScope scope) {
      scope.checked(scope.packagesDir());
      try {
        boolean made = !Files.isDirectory(scope.packagesDir());
        Files.createDirectories(scope.packagesDir());
        return new Staging(
            scope, Files.createTempDirectory(scope.packagesDir(), ".staging-"), made);
      } catch (IOException e) {
        throw new UncheckedIOException(
            "cannot write " + scope.packagesDir() + ": " + e.getMessage(), e);
      }
    }

    /** A new folder in the staging folder. */
    Path folder(String name) {
      Path p = root.resolve(name);
      mkdirs(p);
      return p;
    }

    /** Deletes the staging folder, and the packages folder it made when nothing went into it. */
    @Override
    public void close() {
      PackageFiles.deleteTree(root);
      if (madePackagesDir) {
        try {
          Files.deleteIfExists(scope.packagesDir()); // refused while it holds a package
        } catch (IOException e) {
          // it holds what this step installed: it stays
        }
      }
    }
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
      throw new UncheckedIOException(
          "cannot move " + from + " to " + to + ": " + e.getMessage(), e);
    }
  }

  private static void copy(Path from, Path to) {
    try {
      Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot copy " + from + ": " + e.getMessage(), e);
    }
  }
}
