package dev.graft.cli.trust;

import dev.graft.cli.base.UserError;
import dev.graft.cli.packages.LooseScripts;
import dev.graft.cli.packages.PackageLock;
import dev.graft.cli.packages.PackageManifest;
import dev.graft.cli.packages.PackageScope;
import dev.graft.runtime.config.GraftHome;
import dev.graft.runtime.config.ScriptGrants;
import dev.graft.runtime.config.ScriptLibrarySetting;
import dev.graft.scripting.api.ScriptFile;
import dev.graft.scripting.api.ScriptFinder;
import dev.graft.scripting.api.ScriptSources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where a run's hook scripts come from, in load order: $GRAFT_HOME/scripts, the global script
 * packages' scripts, each --scripts DIR, each -s FILE, the project's script packages' scripts (each
 * once trusted, like the project's scripts), then the project's {@code .graft/scripts} — the last
 * only when you trust what it holds now ({@link TrustStore}), or the {@link TrustDecision} says so.
 * The exec grants are read at the same moment, so that the project's grants in force are the ones
 * trusted.
 */
public final class ScriptLocations {
  private ScriptLocations() {}

  /** Where a script was found; {@code label} is how listings show it. */
  public enum Source {
    USER("user"),
    OPTION("--scripts"),
    PROJECT("project"),
    PACKAGE("package"),
    TRIED("-e, this run only"),
    PROJECT_PACKAGE("project package");

    public final String label;

    Source(String label) {
      this.label = label;
    }
  }

  /** {@code packageName}: the installed script package the location belongs to, if any. */
  public record Location(Path path, Source source, Optional<String> packageName) {
    public Location(Path path, Source source) {
      this(path, source, Optional.empty());
    }
  }

  /**
   * What to look at: graft's home, the directory --scripts and -s paths are relative to, the
   * project directory (the session's working directory), the options.
   */
  public record Request(
      GraftHome home,
      Path baseDir,
      Path projectDir,
      List<Path> dirs,
      List<Path> files,
      boolean noScripts,
      List<PackagePlan> tried) {
    public Request {
      dirs = List.copyOf(dirs);
      files = List.copyOf(files);
      tried = List.copyOf(tried);
    }

    public Request(
        GraftHome home,
        Path baseDir,
        Path projectDir,
        List<Path> dirs,
        List<Path> files,
        boolean noScripts) {
      this(home, baseDir, projectDir, dirs, files, noScripts, List.of());
    }
  }

  /** The project's scripts directory, what it holds now, and whether that is trusted. */
  public record Project(Path dir, ScriptFingerprint fingerprint, TrustStore.State state) {}

  /**
   * Decides whether to load project scripts that are not trusted as they are (and may record it).
   */
  @FunctionalInterface
  public interface TrustDecision {
    boolean load(Project project, TrustStore store);

    /** Loads nothing untrusted and says nothing (listings show the state themselves). */
    TrustDecision SKIP = (project, store) -> false;
  }

  /**
   * The locations to load, the project's scripts directory if it has one, and the grants in force;
   * the shared library ({@code scripts.libraryDir}) and the installed packages scripts may import
   * (global ones, and the project's that are trusted), each project package's trust, and warnings
   * (settings that could not be used, locked packages not installed).
   */
  public record Plan(
      List<Location> locations,
      Optional<Project> project,
      boolean projectLoaded,
      ScriptGrants grants,
      Optional<Path> libraryDir,
      Map<String, Path> packages,
      List<PackagePlan> packagePlans,
      List<String> warnings) {
    public Plan {
      locations = List.copyOf(locations);
      packages = Map.copyOf(packages);
      packagePlans = List.copyOf(packagePlans);
      warnings = List.copyOf(warnings);
    }

    public List<Path> paths() {
      return locations.stream().map(Location::path).toList();
    }

    /** What the engine loads: the locations, the library and the importable packages. */
    public ScriptSources sources() {
      return new ScriptSources(paths(), libraryDir, packages);
    }

    /**
     * Where {@code script} came from (a script of yours linked in from elsewhere counts as the
     * options'); a file of a package is always that package's.
     */
    public Source sourceOf(ScriptFile script) {
      return locationOf(script).map(Location::source).orElse(Source.OPTION);
    }

    public Optional<Location> locationOf(ScriptFile script) {
      for (Location l : locations) {
        Path at = realPath(l.path());
        if (Files.isDirectory(at) ? script.root().equals(at) : script.path().equals(at)) {
          return Optional.of(l);
        }
      }
      // A package's script that a link inside the package leads to another of its folders.
      for (PackagePlan p : packagePlans) {
        if (p.loaded() && script.path().startsWith(realPath(p.dir()))) {
          return locations.stream()
              .filter(l -> l.packageName().equals(Optional.of(p.entry().name())))
              .findFirst();
        }
      }
      return Optional.empty();
    }
  }

  /**
   * An installed package: its lock entry, its scope, where it is, its trust (a project package's,
   * as for the project's scripts; none for a global one), whether it loads, what its manifest asks
   * to reach ({@code graft.permissions}) and whether you approved that (a project package's by
   * trusting it, a global one's with {@code graft scripts trust --global --package NAME}).
   */
  public record PackagePlan(
      PackageLock.Entry entry,
      boolean project,
      Path dir,
      Optional<Project> trust,
      boolean loaded,
      ScriptGrants.Grant asks,
      boolean asksApproved) {
    public PackagePlan(
        PackageLock.Entry entry,
        boolean project,
        Path dir,
        Optional<Project> trust,
        boolean loaded) {
      this(entry, project, dir, trust, loaded, ScriptGrants.Grant.NONE, true);
    }
  }

  /**
   * What a package's manifest asks, as a fingerprint's grants text covers it (empty when it asks
   * nothing).
   */
  public static String asksText(ScriptGrants.Grant asks) {
    return asks.isEmpty() ? "" : ScriptFingerprint.ASKS + asks.text() + "\n";
  }

  /** The record of a global package's approved asks: a fingerprint of the asks alone. */
  public static ScriptFingerprint approval(ScriptGrants.Grant asks) {
    String text = asksText(asks);
    return new ScriptFingerprint(ScriptFingerprint.combine(Map.of(), text), Map.of(), text);
  }

  /**
   * A package the project loads takes the place of your global one of the same name, as the
   * reference's project entry wins: one copy of its scripts, skills and templates, and imports by
   * that name read the project's.
   */
  private static void shadowGlobalPackages(
      Request r,
      List<Location> locations,
      Map<String, Path> packages,
      List<PackagePlan> plans,
      List<String> warnings) {
    Map<String, Path> projects = new LinkedHashMap<>();
    plans.stream()
        .filter(p -> p.project() && p.loaded())
        .forEach(p -> projects.put(p.entry().name(), p.dir()));
    for (int i = 0; i < plans.size(); i++) {
      PackagePlan p = plans.get(i);
      String name = p.entry().name();
      if (p.project() || !p.loaded() || r.tried().contains(p) || !projects.containsKey(name)) {
        continue;
      }
      displace(i, projects.get(name), plans, locations, packages);
      warnings.add(
          "your global package "
              + name
              + " is not loaded here: the project's "
              + name
              + " takes its place");
    }
  }

  /**
   * A package tried with -e takes the place of an installed one of its name, global or the
   * project's, for this run: else both would load, and the installed one's commands would win.
   */
  private static void shadowByTried(
      Request r,
      List<Location> locations,
      Map<String, Path> packages,
      List<PackagePlan> plans,
      List<String> warnings) {
    for (PackagePlan tried : r.tried()) {
      String name = tried.entry().name();
      for (int i = 0; i < plans.size(); i++) {
        PackagePlan p = plans.get(i);
        if (r.tried().contains(p) || !p.loaded() || !p.entry().name().equals(name)) {
          continue;
        }
        displace(i, tried.dir(), plans, locations, packages);
        warnings.add(
            "your package " + name + " is not loaded this run: the one -e names takes its place");
      }
    }
  }

  /**
   * Leaves package plan {@code i} out of the run for the one in {@code winner}: not loaded, none of
   * its scripts, and imports by its name read the winner.
   */
  private static void displace(
      int i,
      Path winner,
      List<PackagePlan> plans,
      List<Location> locations,
      Map<String, Path> packages) {
    PackagePlan p = plans.get(i);
    String name = p.entry().name();
    plans.set(
        i,
        new PackagePlan(
            p.entry(), p.project(), p.dir(), p.trust(), false, p.asks(), p.asksApproved()));
    locations.removeIf(
        l -> l.packageName().equals(Optional.of(name)) && l.path().startsWith(p.dir()));
    packages.put(name, winner);
  }

  /** The project's scripts directory under {@code projectDir}. */
  public static Path projectScripts(Path projectDir) {
    return projectDir.resolve(".graft").resolve("scripts");
  }

  /**
   * Why {@code file} (the user's {@code given}, resolved) cannot be loaded as one script, or empty
   * when it is a file: missing, or a directory, then with {@code forDirectory} (what loads a
   * directory's scripts) and its index script when it has one.
   */
  public static Optional<String> notAScriptFile(Path given, Path file, String forDirectory) {
    if (Files.isRegularFile(file)) {
      return Optional.empty();
    }
    if (!Files.isDirectory(file)) {
      return Optional.of("no such script file");
    }
    return Optional.of(
        "a directory, not a script file: "
            + forDirectory
            + ScriptFinder.indexOf(file)
                .map(index -> ", or give " + given.resolve(index.getFileName()))
                .orElse(""));
  }

  public static Plan plan(Request r, TrustDecision decision) {
    ScriptGrants grants = ScriptGrants.load(r.home(), r.projectDir());
    List<String> warnings = new ArrayList<>(grants.problems());
    ScriptLibrarySetting library = ScriptLibrarySetting.load(r.home());
    // Both read settings.json: a broken file is said once.
    library.problems().stream().filter(p -> !warnings.contains(p)).forEach(warnings::add);
    List<Location> locations = new ArrayList<>();
    Map<String, Path> packages = new LinkedHashMap<>();
    List<PackagePlan> packagePlans = new ArrayList<>();
    if (r.noScripts()) {
      // No scripts are looked for: those the command line names load alone (the reference's
      // --no-extensions -e X).
      named(r, locations, packages, packagePlans);
      return new Plan(
          locations,
          Optional.empty(),
          false,
          grants,
          library.dir(),
          packages,
          packagePlans,
          warnings);
    }
    Path user = r.home().scripts();
    if (Files.isDirectory(user)) {
      locations.add(new Location(user, Source.USER));
    }
    PackageScope global = PackageScope.global(r.home());
    TrustStore store = null;
    for (PackageLock.Entry e : lockEntries(global, warnings)) {
      Optional<Path> dir = installed(global, e, warnings);
      if (dir.isPresent()) {
        packages.put(e.name(), dir.get());
        ScriptGrants.Grant asks = PackageManifest.permissions(dir.get(), warnings);
        boolean approved = asks.isEmpty();
        if (!approved) {
          store = store != null ? store : TrustStore.load(r.home());
          approved = store.state(dir.get(), approval(asks)) instanceof TrustStore.State.Trusted;
        }
        packagePlans.add(
            new PackagePlan(e, false, dir.get(), Optional.empty(), true, asks, approved));
        scriptsOf(e, dir.get(), warnings)
            .forEach(p -> locations.add(new Location(p, Source.PACKAGE, Optional.of(e.name()))));
      }
    }
    named(r, locations, packages, packagePlans);
    PackageScope projectScope = PackageScope.project(r.projectDir());
    boolean sameAsGlobal = realPath(projectScope.dir()).equals(realPath(global.dir()));
    for (PackageLock.Entry e :
        sameAsGlobal ? List.<PackageLock.Entry>of() : lockEntries(projectScope, warnings)) {
      Optional<Path> dir = installed(projectScope, e, warnings);
      if (dir.isEmpty()) {
        continue;
      }
      store = store != null ? store : TrustStore.load(r.home());
      ScriptGrants.Grant asks = PackageManifest.permissions(dir.get(), warnings);
      Optional<ScriptFingerprint> now =
          packageFingerprint(
              projectScope,
              e,
              dir.get(),
              grants.projectTextFor("package:" + e.name()) + asksText(asks),
              warnings);
      if (now.isEmpty()) {
        packagePlans.add(new PackagePlan(e, true, dir.get(), Optional.empty(), false));
        continue;
      }
      Project trust = new Project(dir.get(), now.get(), store.state(dir.get(), now.get()));
      boolean load =
          trust.state() instanceof TrustStore.State.Trusted || decision.load(trust, store);
      packagePlans.add(new PackagePlan(e, true, dir.get(), Optional.of(trust), load, asks, load));
      if (load) {
        packages.putIfAbsent(e.name(), dir.get());
        scriptsOf(e, dir.get(), warnings)
            .forEach(
                p -> locations.add(new Location(p, Source.PROJECT_PACKAGE, Optional.of(e.name()))));
      }
    }
    shadowGlobalPackages(r, locations, packages, packagePlans, warnings);
    shadowByTried(r, locations, packages, packagePlans, warnings);
    Optional<Path> libraryDir = library.dir();
    Path dir = projectScripts(r.projectDir());
    if (!Files.isDirectory(dir)
        || locations.stream().anyMatch(l -> realPath(l.path()).equals(realPath(dir)))) {
      // No project scripts, or they are yours already (--scripts names them, or this is
      // $GRAFT_HOME).
      return new Plan(
          locations, Optional.empty(), false, grants, libraryDir, packages, packagePlans, warnings);
    }
    Optional<ScriptFingerprint> now =
        fingerprint(dir, grants.projectText(), "the project's scripts", warnings);
    if (now.isEmpty()) {
      return new Plan(
          locations, Optional.empty(), false, grants, libraryDir, packages, packagePlans, warnings);
    }
    store = store != null ? store : TrustStore.load(r.home());
    Project project = new Project(dir, now.get(), store.state(dir, now.get()));
    boolean load =
        project.state() instanceof TrustStore.State.Trusted || decision.load(project, store);
    if (load) {
      locations.add(new Location(dir, Source.PROJECT));
    }
    return new Plan(
        locations,
        Optional.of(project),
        load,
        grants,
        libraryDir,
        packages,
        packagePlans,
        warnings);
  }

  /**
   * What the command line names: packages tried with -e (trusted because the user named them), then
   * --scripts folders and -s files.
   */
  private static void named(
      Request r,
      List<Location> locations,
      Map<String, Path> packages,
      List<PackagePlan> packagePlans) {
    for (PackagePlan tried : r.tried()) {
      packages.putIfAbsent(tried.entry().name(), tried.dir());
      packagePlans.add(tried);
      // A folder with no manifest loads its index file, as the reference's -e loads one.
      LooseScripts.of(tried.entry(), tried.dir())
          .forEach(
              p -> locations.add(new Location(p, Source.TRIED, Optional.of(tried.entry().name()))));
    }
    for (Path dir : r.dirs()) {
      Path p = r.baseDir().resolve(dir).normalize();
      if (!Files.isDirectory(p)) {
        throw new UserError("--scripts " + dir + ": not a directory");
      }
      locations.add(new Location(p, Source.OPTION));
    }
    for (Path file : r.files()) {
      Path p = r.baseDir().resolve(file).normalize();
      notAScriptFile(file, p, "--scripts " + file + " loads the scripts in it")
          .ifPresent(problem -> {
            throw new UserError("-s " + file + ": " + problem);
          });
      locations.add(new Location(p, Source.OPTION));
    }
  }

  /**
   * The scripts a package brings ({@link LooseScripts#of}: a folder's index when nothing names
   * any); a manifest graft cannot use is a warning, and none of them.
   */
  private static List<Path> scriptsOf(PackageLock.Entry e, Path dir, List<String> warnings) {
    try {
      return LooseScripts.of(e, dir);
    } catch (UserError problem) {
      warnings.add(
          "the scripts of package " + e.name() + " are not loaded: " + problem.getMessage());
      return List.of();
    }
  }

  /** A scope's locked packages; a lock file that cannot be read is a warning, and none of them. */
  private static Collection<PackageLock.Entry> lockEntries(
      PackageScope scope, List<String> warnings) {
    try {
      return scope.lock().entries().values();
    } catch (UserError e) {
      warnings.add(e.getMessage() + "; its packages are not loaded");
      return List.of();
    }
  }

  /**
   * What {@code dir} holds, as trust sees it; when that cannot be read (a folder too large, an
   * unreadable file) a warning says so, and nothing of it is loaded: untrusted content never stops
   * a run.
   */
  private static Optional<ScriptFingerprint> fingerprint(
      Path dir, String grants, String what, List<String> warnings) {
    try {
      return Optional.of(ScriptFingerprint.of(dir, grants));
    } catch (RuntimeException e) {
      warnings.add(
          what
              + " in "
              + dir
              + " are not loaded: "
              + String.valueOf(e.getMessage()).lines().findFirst().orElse(""));
      return Optional.empty();
    }
  }

  /**
   * A project package's fingerprint ({@link ProjectPackageTrust}); what cannot be read or checked
   * is a warning.
   */
  private static Optional<ScriptFingerprint> packageFingerprint(
      PackageScope scope, PackageLock.Entry e, Path dir, String grants, List<String> warnings) {
    try {
      return Optional.of(ProjectPackageTrust.fingerprint(dir, e, scope.lock().file(), grants));
    } catch (RuntimeException failure) {
      warnings.add(
          "the project's script package "
              + e.name()
              + " in "
              + dir
              + " is not loaded: "
              + String.valueOf(failure.getMessage()).lines().findFirst().orElse(""));
      return Optional.empty();
    }
  }

  /**
   * The package's directory when it is installed (a folder, not a link: graft never installs one);
   * else a warning naming the command that installs it.
   */
  private static Optional<Path> installed(
      PackageScope scope, PackageLock.Entry e, List<String> warnings) {
    Path dir = scope.installed(e.name());
    if (Files.isSymbolicLink(dir)) {
      warnings.add(
          dir
              + " is a link, not an installed package; run graft scripts install"
              + (scope.project() ? " --project" : ""));
      return Optional.empty();
    }
    try {
      scope.installedChecked(e.name());
    } catch (UserError linked) {
      warnings.add("script package " + e.name() + " is not loaded: " + linked.getMessage());
      return Optional.empty();
    }
    if (Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
      return Optional.of(dir);
    }
    warnings.add(
        "script package "
            + e.name()
            + " is in "
            + scope.lock().file()
            + " but not installed; run graft scripts"
            + " install"
            + (scope.project() ? " --project" : ""));
    return Optional.empty();
  }

  public static Path realPath(Path p) {
    try {
      return p.toRealPath();
    } catch (IOException e) {
      return p.toAbsolutePath().normalize();
    }
  }
}
