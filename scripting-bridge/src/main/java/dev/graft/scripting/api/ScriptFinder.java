package dev.graft.scripting.api;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Finds scripts. A directory contributes its {@code *.js}, {@code *.mjs}, {@code *.ts} and {@code
 * *.mts} files (not the {@code *.test.js} files beside them, which are the scripts' tests) and its
 * subdirectories' {@code index.js} (or {@code index.mjs}, {@code index.ts}, {@code index.mts}),
 * sorted by name, hidden entries skipped; a file is taken as it is. A script may import files under
 * the directory it was found in (a single file: its parent) and, as {@code graft/lib/<file>}, the
 * shared library directory; the module file system allows nothing else. A script reached through a
 * symbolic link is loaded from where the link points, and imports relative to that place; but no
 * link is followed out of an installed package ({@link ScriptSources#packages}): such a script is a
 * problem, not a script of yours.
 */
public final class ScriptFinder {

  /** The scripts found, in load order, and the locations that could not be used. */
  public record Discovery(List<ScriptFile> scripts, List<LoadReport.Problem> problems) {
    public Discovery {
      scripts = List.copyOf(scripts);
      problems = List.copyOf(problems);
    }
  }

  private ScriptFinder() {}

  public static Discovery discover(ScriptSources sources) {
    List<ScriptFile> found = new ArrayList<>();
    List<LoadReport.Problem> problems = new ArrayList<>();
    Set<Path> seen = new HashSet<>();
    List<Path> packages = sources.packages().values().stream().map(ScriptFinder::real).toList();
    for (Path location : sources.locations()) {
      Path at = location.toAbsolutePath().normalize();
      Path realAt = real(at);
      Optional<Path> owner =
          packages.stream().filter(p -> at.startsWith(p) || realAt.startsWith(p)).findFirst();
      if (Files.isDirectory(at)) {
        scanDirectory(at, owner, found, problems);
      } else if (Files.isRegularFile(at)) {
        if (isScriptName(at.getFileName().toString())) {
          add(at, at.getParent(), at.getFileName().toString(), owner, found, problems);
        } else {
          problems.add(
              new LoadReport.Problem(
                  at, "not a script: only .js, .mjs, .ts and .mts files can be loaded"));
        }
      } else {
        problems.add(new LoadReport.Problem(at, "no such file or directory"));
      }
    }
    List<ScriptFile> unique = new ArrayList<>();
    for (ScriptFile f : found) {
      if (seen.add(f.path())) {
        unique.add(f);
      }
    }
    return new Discovery(unique, problems);
  }

  private static void scanDirectory(
      Path dir, Optional<Path> owner, List<ScriptFile> found, List<LoadReport.Problem> problems) {
    List<Path> entries;
    try (Stream<Path> list = Files.list(dir)) {
      entries = list.sorted().toList();
    } catch (IOException e) {
      problems.add(new LoadReport.Problem(dir, "cannot list the directory: " + e.getMessage()));
      return;
    }
    for (Path entry : entries) {
      String name = entry.getFileName().toString();
      if (name.startsWith(".")) {
        continue;
      }
      if (Files.isRegularFile(entry) && isScriptName(name) && !isTestName(name)) {
        add(entry, dir, name, owner, found, problems);
      } else if (Files.isDirectory(entry)) {
        indexOf(entry)
            .ifPresent(
                index -> add(index, dir, name + "/" + index.getFileName(), owner, found, problems));
      }
    }
  }

  /**
   * The index script of a directory of scripts (index.js, .mjs, .ts or .mts, in that order), if it
   * has one.
   */
  public static Optional<Path> indexOf(Path dir) {
    for (String index : List.of("index.js", "index.mjs", "index.ts", "index.mts")) {
      Path p = dir.resolve(index);
      if (Files.isRegularFile(p)) {
        return Optional.of(p);
      }
    }
    return Optional.empty();
  }

  private static void add(
      Path file,
      Path root,
      String name,
      Optional<Path> owner,
      List<ScriptFile> found,
      List<LoadReport.Problem> problems) {
    try {
      Path real = file.toRealPath();
      Path realRoot = root.toRealPath();
      if (owner.isPresent() && !real.startsWith(owner.get())) {
        problems.add(
            new LoadReport.Problem(
                file,
                "a link to "
                    + real
                    + ", outside its package "
                    + owner.get()
                    + ": graft follows no link out of a package"));
        return;
      }
      found.add(
          real.startsWith(realRoot)
              ? new ScriptFile(real, realRoot, name)
              : new ScriptFile(real, real.getParent(), name));
    } catch (IOException e) {
      problems.add(new LoadReport.Problem(file, "cannot read: " + e.getMessage()));
    }
  }

  private static Path real(Path p) {
    try {
      return p.toRealPath();
    } catch (IOException e) {
      return p.toAbsolutePath().normalize();
    }
  }

  /**
   * A script's tests ({@code x.test.js}), run by {@code graft scripts test}, not loaded as scripts.
   */
  public static boolean isTestName(String name) {
    return name.endsWith(".test.js")
        || name.endsWith(".test.mjs")
        || name.endsWith(".test.ts")
        || name.endsWith(".test.mts");
  }

  /** A file graft loads as a script or module: JavaScript, or TypeScript it erases the types of. */
  public static boolean isScriptName(String name) {
    return name.endsWith(".js") || name.endsWith(".mjs") || isTypeScriptName(name);
  }

  /**
   * A TypeScript file graft erases the types of: {@code .ts} or {@code .mts}, not a {@code .d.ts}
   * declaration file.
   */
  public static boolean isTypeScriptName(String name) {
    return (name.endsWith(".ts") || name.endsWith(".mts")) && !name.endsWith(".d.ts");
  }
}
