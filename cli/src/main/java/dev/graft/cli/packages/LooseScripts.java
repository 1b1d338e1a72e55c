package dev.graft.cli.packages;

import dev.graft.scripting.api.ScriptFinder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A folder that no manifest describes (a team's first package, often; the reference's example
 * extensions): the index file the reference loads when {@code -e} or {@code pi install} names such
 * a folder, and how to make its top-level scripts load when nothing does.
 */
public final class LooseScripts {
  /** The index files the reference finds in a folder it imports, in its order. */
  static final List<String> INDEX = List.of("index.ts", "index.js", "index.mts", "index.mjs");

  private LooseScripts() {}

  /** {@code folder}'s index file, when it has one. */
  static Optional<Path> index(Path folder) {
    for (String name : INDEX) {
      if (Files.isRegularFile(folder.resolve(name))) {
        return Optional.of(folder.resolve(name));
      }
    }
    return Optional.empty();
  }

  /**
   * The scripts a folder {@code -e} names brings, as the reference reads one: what its manifest or
   * conventional folders bring ({@link PackageManifest#scripts}); with no manifest and none of the
   * kinds' folders ({@code extensions/}, {@code skills/}, {@code prompts/}, {@code themes/}), its
   * index file. A package from git, npm or a tarball gets no such index, as in the reference.
   */
  public static List<Path> ofFolder(Path dir) {
    List<Path> declared = PackageManifest.scripts(dir);
    if (!declared.isEmpty() || described(dir)) {
      return declared;
    }
    return index(dir).map(List::of).orElse(List.of());
  }

  /**
   * The scripts a package brings: one added or tried from a folder as {@link #ofFolder} reads it
   * (the reference reads a local source so, whether installed or given to {@code -e}); one from
   * git, npm or a tarball as its manifest says.
   */
  public static List<Path> of(PackageLock.Entry entry, Path dir) {
    return entry.fromFolder() ? ofFolder(dir) : PackageManifest.scripts(dir);
  }

  /** What a package brings of each kind, its scripts as {@link #of} reads them. */
  public static PackageManifest.Contents contents(PackageLock.Entry entry, Path dir) {
    PackageManifest.Contents contents = PackageManifest.contents(dir);
    if (!entry.fromFolder()
        || !contents.of(PackageManifest.Kind.SCRIPTS).isEmpty()
        || described(dir)) {
      return contents;
    }
    Optional<Path> index = index(dir);
    if (index.isEmpty()) {
      return contents;
    }
    Map<PackageManifest.Kind, List<Path>> taken = new EnumMap<>(contents.taken());
    taken.put(PackageManifest.Kind.SCRIPTS, List.of(index.get()));
    return new PackageManifest.Contents(taken, contents.leftOut());
  }

  /** Whether a manifest or one of the kinds' folders says what {@code dir} brings. */
  public static boolean described(Path dir) {
    boolean manifest =
        PackageFiles.manifest(dir)
            .map(m -> m.path("graft").isObject() || m.path("pi").isObject())
            .orElse(false);
    return manifest
        || Stream.of(PackageManifest.Kind.values())
            .anyMatch(k -> Files.isDirectory(dir.resolve(k.folder)));
  }

  /**
   * For a folder of scripts with no package.json: how to make its top-level scripts load ("; to
   * load gate.js, name it in a package.json: ..."); else "".
   */
  public static String howToLoad(Path dir) {
    if (Files.exists(dir.resolve("package.json"), LinkOption.NOFOLLOW_LINKS)) {
      return "";
    }
    List<String> files;
    try (Stream<Path> list = Files.list(dir)) {
      files =
          list.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
              .map(p -> p.getFileName().toString())
              .filter(ScriptFinder::isScriptName)
              .sorted()
              .toList();
    } catch (IOException e) {
      return "";
    }
    if (files.isEmpty()) {
      return "";
    }
    return "; to load "
        + String.join(", ", files)
        + (files.size() == 1 ? ", name it" : ", name them")
        + " in a package.json: {\"graft\": {\"scripts\": ["
        + files.stream().map(f -> "\"" + f + "\"").collect(Collectors.joining(", "))
        + "]}}, or move them into extensions/";
  }
}
