package dev.graft.cli.setup;

import dev.graft.cli.base.Sha256;
import dev.graft.scripting.ScriptLoader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * What a project's scripts directory holds, as trust sees it: the SHA-256 of every {@code .js},
 * {@code .mjs}, {@code .ts} and {@code .mts} file under it (scripts and the files they may import, such as
 * {@code lib/x.js}; nothing else can be imported), by path relative to the directory, and the
 * project's exec grants. {@code value} covers all of it, so any changed, added or removed file
 * or grant gives another value.
 */
public record ScriptFingerprint(String value, Map<String, String> files, String grants) {
  public ScriptFingerprint {
    files = Map.copyOf(new TreeMap<>(files));
  }

  /** {@code dir}'s fingerprint with the project's grants ({@code ExecGrants.projectText()}). */
  public static ScriptFingerprint of(Path dir, String grants) {
    Map<String, String> files = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(dir, FileVisitOption.FOLLOW_LINKS)) {
      for (Path p : walk.filter(Files::isRegularFile).toList()) {
        String name = p.getFileName().toString();
        if (ScriptLoader.isScriptName(name)) {
          files.put(relative(dir, p), Sha256.ofBytes(Files.readAllBytes(p)));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the scripts in " + dir + ": " + e.getMessage(), e);
    }
    return new ScriptFingerprint(combine(files, grants), files, grants);
  }

  /** The value for these file hashes and grants: each path, its hash and the grants, length-prefixed. */
  static String combine(Map<String, String> files, String grants) {
    MessageDigest all = Sha256.digest();
    new TreeMap<>(files).forEach((path, hash) -> {
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
    return new Change(changed, added, removed, !grants.equals(now.grants));
  }

  /** Files changed, added and removed since trust was given, and whether the exec grants changed. */
  public record Change(List<String> changed, List<String> added, List<String> removed, boolean grantsChanged) {
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
      return String.join("; ", parts);
    }
  }

  private static String relative(Path dir, Path file) {
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
