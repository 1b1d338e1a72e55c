package dev.graft.cli.setup;

import dev.graft.cli.base.UserError;
import dev.graft.cli.packages.LooseScripts;
import dev.graft.cli.packages.PackageFiles;
import dev.graft.cli.packages.PackageInstaller;
import dev.graft.cli.packages.PackageLock;
import dev.graft.cli.packages.PackageManifest;
import dev.graft.cli.packages.PackageScope;
import dev.graft.cli.packages.PackageSource;
import dev.graft.cli.trust.ScriptLocations;
import dev.graft.runtime.config.GraftHome;
import dev.graft.scripting.api.ScriptFinder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The packages {@code -e SOURCE} names, fetched for one run into a folder of their own (under
 * $GRAFT_HOME/cache/tried) and deleted when the run ends: installed as {@code graft scripts add}
 * installs a package (so no program of it runs: no npm lifecycle script, no git hook), but into no
 * lock file and no scope of yours. They load as your own packages, for this run only. A folder with
 * no manifest loads its index file, as the reference's {@code -e} does ({@link
 * LooseScripts#ofFolder}).
 */
public final class TriedPackages implements AutoCloseable {
  private final Path root;
  private final List<ScriptLocations.PackagePlan> plans;
  private final List<Path> files;
  private final List<String> warnings;

  private TriedPackages(
      Path root, List<ScriptLocations.PackagePlan> plans, List<Path> files, List<String> warnings) {
    this.root = root;
    this.plans = List.copyOf(plans);
    this.files = List.copyOf(files);
    this.warnings = List.copyOf(warnings);
  }

  public static TriedPackages none() {
    return new TriedPackages(null, List.of(), List.of(), List.of());
  }

  /**
   * Fetches each source ({@code base}: what relative paths are relative to); a script file is
   * loaded as -s loads it.
   */
  public static TriedPackages fetch(GraftHome home, Path base, List<String> sources) {
    return fetch(home, base, sources, false);
  }

  /**
   * As above; {@code offline} (--offline): an npm or git source is not fetched but warned of, as
   * the reference leaves out a package it would have to install, and a folder's dependencies come
   * from npm's cache only.
   */
  public static TriedPackages fetch(
      GraftHome home, Path base, List<String> sources, boolean offline) {
    if (sources.isEmpty()) {
      return none();
    }
    Path root;
    try {
      Path cache = Files.createDirectories(home.root().resolve("cache").resolve("tried"));
      sweep(cache);
      root = Files.createTempDirectory(cache, RUN + ProcessHandle.current().pid() + "-");
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot make a folder for -e in " + home.root() + ": " + e.getMessage(), e);
    }
    List<ScriptLocations.PackagePlan> plans = new ArrayList<>();
    List<Path> files = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    TriedPackages tried = new TriedPackages(root, plans, files, warnings);
    try {
      PackageInstaller installer = new PackageInstaller(home, offline);
      for (String source : sources) {
        Path asFile = base.resolve(source).normalize();
        if (Files.isRegularFile(asFile)
            && ScriptFinder.isScriptName(asFile.getFileName().toString())) {
          files.add(asFile);
          continue;
        }
        PackageScope scope =
            new PackageScope(root.resolve(String.valueOf(plans.size())), false, base);
        PackageSource parsed;
        try {
          parsed = PackageSource.parse(source, base);
        } catch (UserError e) {
          throw new UserError("-e " + e.getMessage());
        }
        if (offline
            && (parsed instanceof PackageSource.Npm || parsed instanceof PackageSource.Git)) {
          warnings.add(
              "-e " + source + ": not fetched, graft is offline (--offline or GRAFT_OFFLINE)");
          continue;
        }
        PackageLock.Entry entry = installer.add(scope, parsed);
        Path dir = scope.installed(entry.name());
        plans.add(new ScriptLocations.PackagePlan(entry, false, dir, Optional.empty(), true));
        nothingIn(source, entry, dir).ifPresent(warnings::add);
      }
    } catch (RuntimeException e) {
      tried.close();
      throw e;
    }
    return new TriedPackages(root, plans, files, warnings);
  }

  /**
   * "-e SOURCE loads nothing" when the package brings no scripts, skills, prompt templates or
   * themes, with why and how to make its scripts load, as {@code graft scripts add} says it.
   */
  private static Optional<String> nothingIn(String source, PackageLock.Entry entry, Path dir) {
    PackageManifest.Contents contents = LooseScripts.contents(entry, dir);
    if (Stream.of(PackageManifest.Kind.values()).anyMatch(k -> !contents.of(k).isEmpty())) {
      return Optional.empty();
    }
    String why =
        LooseScripts.described(dir)
            ? "its manifest and folders name no scripts, skills, prompt templates or themes"
            : (entry.fromFolder() ? "it has no index.ts or index.js, no" : "it has no")
                + " package.json manifest and no extensions/ folder";
    return Optional.of(
        "-e "
            + source
            + " loads nothing: "
            + why
            + " (a library: import it as \""
            + entry.name()
            + "\""
            + LooseScripts.howToLoad(dir)
            + ")");
  }

  private static final String RUN = "run-";

  /**
   * Deletes what runs that were killed (SIGTERM, SIGKILL) left: a {@code run-PID-...} folder whose
   * graft has ended. A running graft's folder stays.
   */
  private static void sweep(Path cache) throws IOException {
    try (Stream<Path> runs = Files.list(cache)) {
      for (Path run : runs.toList()) {
        String[] parts = run.getFileName().toString().split("-");
        if (parts.length < 3 || !parts[0].equals("run") || !parts[1].matches("[0-9]{1,18}")) {
          continue;
        }
        long pid = Long.parseLong(parts[1]);
        if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
          continue;
        }
        try {
          PackageFiles.deleteTree(run);
        } catch (UncheckedIOException e) {
          // Another run sweeping it at the same time, or not ours to delete: a later run tries
          // again.
        }
      }
    }
  }

  public List<ScriptLocations.PackagePlan> plans() {
    return plans;
  }

  /** What -e named that loads nothing, and why (a line each). */
  public List<String> warnings() {
    return warnings;
  }

  /** The script files -e named, loaded as -s loads them. */
  public List<Path> files() {
    return files;
  }

  @Override
  public void close() {
    if (root != null) {
      PackageFiles.deleteTree(root);
    }
  }
}
