package dev.graft.cli.trust;

import dev.graft.cli.base.BoundedRead;
import dev.graft.cli.base.Sha256;
import dev.graft.cli.base.UserError;
import dev.graft.cli.packages.PackageFiles;
import dev.graft.scripting.api.ScriptFinder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a project's scripts directory holds, as trust sees it: the SHA-256 of every {@code .js},
 * {@code .mjs}, {@code .ts} and {@code .mts} file under it (scripts and the files they may import,
 * such as {@code lib/x.js}; nothing else can be imported, and nothing else there decides what
 * loads), by path relative to the directory, and the project's exec grants. {@code value} covers
 * all of it, so any changed, added or removed file or grant gives another value. A script package's
 * fingerprint ({@link #ofPackage}) covers every file of the package instead.
 *
 * <p>Links are not followed, as the module file system follows none out of the directory: a link to
 * a file is the file's content (a script may be one), a link to a folder is what it points at
 * ({@code "link:TARGET"}); only a top-level link to a folder outside with an index script, which
 * graft loads as a script of its own, is walked into. So a link loop or a link to {@code /} costs
 * nothing, and no folder of more than {@link #MAX_ENTRIES} entries is read.
 */
public record ScriptFingerprint(String value, Map<String, String> files, String grants) {
  /** The most entries a fingerprint reads before it gives up (as many as a package may hold). */
  static final int MAX_ENTRIES = 50_000;

  /**
   * The largest file a fingerprint reads: it is read before you trust it, so it may be anything.
   */
  static final long MAX_FILE_BYTES = 64L << 20;

  /** The most a fingerprint reads in all (a package holds no more). */
  static final long MAX_BYTES = 512L << 20;

  static final String LINK = "link:";

  /** A package's dependencies, as one entry of its fingerprint. */
  static final String DEPENDENCIES = "node_modules/";

  public ScriptFingerprint {
    files = Map.copyOf(new TreeMap<>(files));
  }

  /** {@code dir}'s fingerprint with the project's grants ({@code ScriptGrants.projectText()}). */
  public static ScriptFingerprint of(Path dir, String grants) {
    Map<String, String> files = new TreeMap<>();
    long[] seen = {0, 0};
    try {
      // A scripts directory that is itself a link is what it leads to, as loading reads it.
      walk(dir.toRealPath(), "", true, files, seen);
    } catch (BoundedRead.TooLarge e) {
      throw new UserError(e.getMessage());
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot read the scripts in " + dir + ": " + e.getMessage(), e);
    }
    return new ScriptFingerprint(combine(files, grants), files, grants);
  }

  /**
   * {@code file}'s SHA-256, read as a stream within the caps; {@code seen[1]} counts the bytes read
   * so far.
   */
  private static String hash(Path file, long[] seen) throws IOException {
    long cap = Math.min(MAX_FILE_BYTES, MAX_BYTES - seen[1]);
    String what =
        cap == MAX_FILE_BYTES
            ? "a file graft reads before you trust it"
            : "what graft reads of a folder before you trust it: "
                + BoundedRead.size(MAX_BYTES)
                + " in all";
    String hash = BoundedRead.sha256(file, cap, what);
    seen[1] += Files.size(file);
    return hash;
  }

  /**
   * A script package's fingerprint with its exec grant ({@code package:NAME}): every entry of the
   * package folder, whatever its name (package.json decides what loads and what an import names;
   * any file of the package may be one a script reads), and its {@code node_modules} as one entry,
   * {@code node_modules/}, the hash the lock file records for it.
   */
  public static ScriptFingerprint ofPackage(PackageFiles.Contents contents, String grants) {
    Map<String, String> files = new TreeMap<>(contents.files());
    if (!contents.dependenciesHash().isEmpty()) {
      files.put(DEPENDENCIES, contents.dependenciesHash());
    }
    return new ScriptFingerprint(combine(files, grants), files, grants);
  }

  /**
   * Whether {@code hash}, a value of {@link #files}, stands for a link to a folder; then {@link
   * #linkTarget} is where.
   */
  public static boolean isLink(String hash) {
    return hash.startsWith(LINK);
  }

  public static String linkTarget(String hash) {
    return hash.substring(LINK.length());
  }

  private static void walk(
      Path dir, String prefix, boolean top, Map<String, String> files, long[] seen)
      throws IOException {
    Path real = dir.toRealPath();
    Files.walkFileTree(
        dir,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs)
              throws IOException {
            count(dir, seen);
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFile(Path p, BasicFileAttributes attrs) throws IOException {
            count(dir, seen);
            String rel = prefix + relative(dir, p);
            String name = p.getFileName().toString();
            if (attrs.isRegularFile()) {
              if (ScriptFinder.isScriptName(name)) {
                files.put(rel, hash(p, seen));
              }
            } else if (attrs.isSymbolicLink()) {
              link(p, rel, top && p.getParent().equals(dir), real, files, seen);
            }
            return FileVisitResult.CONTINUE;
          }
        });
  }

  /**
   * A link: the file it leads to, or where it points (and, at the top, the outside folder graft
   * would load).
   */
  private static void link(
      Path p, String rel, boolean topLevel, Path root, Map<String, String> files, long[] seen)
      throws IOException {
    String target = Files.readSymbolicLink(p).toString();
    if (Files.isRegularFile(p)) {
      Path to = p.toRealPath();
      if (ScriptFinder.isScriptName(p.getFileName().toString())
          || ScriptFinder.isScriptName(to.getFileName().toString())) {
        files.put(rel, hash(to, seen));
      }
      return;
    }
    files.put(rel, LINK + target);
    if (topLevel && Files.isDirectory(p)) {
      Path to = p.toRealPath();
      if (!to.startsWith(root) && ScriptFinder.indexOf(to).isPresent()) {
        walk(to, rel + "/", false, files, seen);
      }
    }
  }

  private static void count(Path dir, long[] seen) throws IOException {
    if (++seen[0] > MAX_ENTRIES) {
      throw new IOException(
          "more than " + String.format("%,d", MAX_ENTRIES) + " files and folders under " + dir);
    }
  }

  /**
   * The value for these file hashes and grants: each path, its hash and the grants,
   * length-prefixed.
   */
  static String combine(Map<String, String> files, String grants) {
    MessageDigest all = Sha256.digest();
    new TreeMap<>(files)
        .forEach((path, hash) -> {
          update(all, path);
          update(all, hash);
        });
    update(all, "grants");
    update(all, grants);
    return "sha256:" + Sha256.hex(all.digest());
  }

  /** How {@code now} differs from this (trusted) fingerprint, file by file. */
  public Change changesTo(ScriptFingerprint now) {
    List<String> changed = new ArrayList<>();
    List<String> added = new ArrayList<>();
    List<String> removed = new ArrayList<>();
    now.files.forEach((path, hash) -> {
      String before = files.get(path);
      if (before == null) {
        added.add(path);
      } else if (!before.equals(hash)) {
        changed.add(path);
      }
    });
    files.keySet().stream().filter(p -> !now.files.containsKey(p)).sorted().forEach(removed::add);
    return new Change(
        changed,
        added,
        removed,
        !grantLines(grants, false).equals(grantLines(now.grants, false)),
        !grantLines(grants, true).equals(grantLines(now.grants, true)));
  }

  /** The lines of a grants text that a package's manifest asks ({@code asks=}), or the others. */
  private static List<String> grantLines(String grants, boolean asks) {
    return grants.lines().filter(l -> l.startsWith(ASKS) == asks).toList();
  }

  /** How a grants text starts the line of what a package's manifest asks. */
  static final String ASKS = "asks=";

  /**
   * Files changed, added and removed since trust was given, and whether the exec grants changed.
   */
  public record Change(
      List<String> changed,
      List<String> added,
      List<String> removed,
      boolean grantsChanged,
      boolean asksChanged) {
    public Change {
      changed = List.copyOf(changed);
      added = List.copyOf(added);
      removed = List.copyOf(removed);
    }

    /** "changed: a.js; added: lib/b.js; the exec grants in .graft/settings.json changed". */
    public String describe() {
      List<String> parts = new ArrayList<>();
      if (!changed.isEmpty()) {
        parts.add("changed: " + String.join(", ", changed));
      }
      if (!added.isEmpty()) {
        parts.add("added: " + String.join(", ", added));
      }
      if (!removed.isEmpty()) {
        parts.add("removed: " + String.join(", ", removed));
      }
      if (grantsChanged) {
        parts.add("the exec grants in .graft/settings.json changed");
      }
      if (asksChanged) {
        parts.add("the grants its package.json asks for changed");
      }
      return String.join("; ", parts);
    }
  }

  /** The name a fingerprint gives {@code file} in {@code dir}: its path below it, with "/". */
  public static String relative(Path dir, Path file) {
    List<String> parts = new ArrayList<>();
    dir.relativize(file).forEach(p -> parts.add(p.toString()));
    return String.join("/", parts);
  }

  private static void update(MessageDigest digest, String text) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    digest.update(Integer.toString(bytes.length).getBytes(StandardCharsets.US_ASCII));
    digest.update((byte) ':');
    digest.update(bytes);
  }
}
