package dev.graft.cli.packages;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.cli.base.Sha256;
import dev.graft.runtime.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/** What a package folder holds: its manifest (package.json) and the hashes of what it holds. */
public final class PackageFiles {
  private PackageFiles() {}

  /** package.json, if there is a readable one. */
  static Optional<JsonNode> manifest(Path dir) {
    Path file = dir.resolve("package.json");
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      JsonNode n = Json.parse(Files.readString(file, StandardCharsets.UTF_8));
      return n != null && n.isObject() ? Optional.of(n) : Optional.empty();
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /**
   * SHA-256 over everything in the package but its dependencies: each regular file's relative path
   * and content, and each other entry (a link, a device...) as what it is, so that nothing a script
   * could load is outside it. {@code node_modules} and {@code .git} at the top are left out ({@link
   * #dependenciesHash} covers the first; graft never installs the second).
   */
  public static String hash(Path dir) {
    return hash(dir, true);
  }

  /** The same over the package's {@code node_modules} (empty when it has none). */
  static String dependenciesHash(Path dir) {
    Path deps = dir.resolve("node_modules");
    return Files.isDirectory(deps, LinkOption.NOFOLLOW_LINKS) ? hash(deps, false) : "";
  }

  private static String hash(Path dir, boolean skipTop) {
    TreeMap<String, String> files = new TreeMap<>();
    try {
      Files.walkFileTree(
          dir,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) {
              String name = d.getFileName() == null ? "" : d.getFileName().toString();
              return skipTop
                      && dir.equals(d.getParent())
                      && (name.equals(".git") || name.equals("node_modules"))
                  ? FileVisitResult.SKIP_SUBTREE
                  : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path f, BasicFileAttributes attrs) throws IOException {
              String path = relative(dir, f);
              if (attrs.isRegularFile()) {
                files.put(path, Sha256.ofBytes(Files.readAllBytes(f)));
              } else if (attrs.isSymbolicLink()) {
                files.put(path, "link to " + Files.readSymbolicLink(f));
              } else {
                files.put(path, "not a regular file");
              }
              return FileVisitResult.CONTINUE;
            }
          });
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + dir + ": " + e.getMessage(), e);
    }
    MessageDigest all = Sha256.digest();
    files.forEach(
        (path, h) -> all.update((path + "\0" + h + "\n").getBytes(StandardCharsets.UTF_8)));
    return "sha256:" + Sha256.hex(all.digest());
  }

  static String sha256Of(Path file) {
    return Sha256.ofFile(file);
  }

  static String sha256Of(String text) {
    return Sha256.ofText(text);
  }

  /**
   * Deletes {@code dir} and what it holds; a link in it (or {@code dir} itself, a link) is removed,
   * not followed.
   */
  static void deleteTree(Path dir) {
    if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete " + dir + ": " + e.getMessage(), e);
    }
  }

  private static String relative(Path dir, Path f) {
    List<String> parts = new ArrayList<>();
    dir.relativize(f).forEach(p -> parts.add(p.toString()));
    return String.join("/", parts);
  }
}
