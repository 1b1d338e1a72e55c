package dev.graft.cli.packages;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.cli.base.Sha256;
import dev.graft.runtime.json.Json;
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
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * What a package directory holds: its manifest (package.json), the hash of its files, the
 * scripts it contributes ({@code "graft": {"scripts": [...]}} in package.json, files or
 * directories; else its {@code scripts/} directory; else none: a library only).
 */
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

  /** The scripts {@code dir} contributes, as locations to load (directories or files). */
  public static List<Path> scripts(Path dir) {
    Optional<JsonNode> declared = manifest(dir).map(m -> m.path("graft").path("scripts")).filter(JsonNode::isArray);
    List<Path> out = new ArrayList<>();
    if (declared.isPresent()) {
      for (JsonNode s : declared.get()) {
        Path p = dir.resolve(s.asText()).normalize();
        if (p.startsWith(dir) && Files.exists(p)) {
          out.add(p);
        }
      }
      return out;
    }
    Path scripts = dir.resolve("scripts");
    if (Files.isDirectory(scripts)) {
      out.add(scripts);
    }
    return out;
  }

  /**
   * SHA-256 over every file's relative path and content, {@code .git} and {@code node_modules}
   * left out (npm dependencies are pinned by the package's own package-lock.json).
   */
  public static String hash(Path dir) {
    TreeMap<String, String> files = new TreeMap<>();
    try {
      Files.walkFileTree(dir, new SimpleFileVisitor<>() {
        @Override
        public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) {
          String name = d.getFileName() == null ? "" : d.getFileName().toString();
          return !d.equals(dir) && (name.equals(".git") || name.equals("node_modules"))
              ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult visitFile(Path f, BasicFileAttributes attrs) throws IOException {
          if (attrs.isRegularFile()) {
            List<String> parts = new ArrayList<>();
            dir.relativize(f).forEach(p -> parts.add(p.toString()));
            files.put(String.join("/", parts), Sha256.ofBytes(Files.readAllBytes(f)));
          }
          return FileVisitResult.CONTINUE;
        }
      });
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + dir + ": " + e.getMessage(), e);
    }
    MessageDigest all = Sha256.digest();
    files.forEach((path, h) -> all.update((path + "\0" + h + "\n").getBytes(StandardCharsets.UTF_8)));
    return "sha256:" + Sha256.hex(all.digest());
  }

  static String sha256Of(Path file) {
    return Sha256.ofFile(file);
  }

  static String sha256Of(String text) {
    return Sha256.ofText(text);
  }

  static void deleteTree(Path dir) {
    if (!Files.exists(dir, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete " + dir + ": " + e.getMessage(), e);
    }
  }

  static void copyTree(Path from, Path to) {
    try (Stream<Path> walk = Files.walk(from)) {
      for (Path p : walk.toList()) {
        Path rel = from.relativize(p);
        if (rel.getNameCount() > 0 && (rel.getName(0).toString().equals(".git") || rel.getName(0).toString().equals("node_modules"))) {
          continue;
        }
        Path target = to.resolve(rel.toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else if (Files.isRegularFile(p)) {
          Files.copy(p, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot copy " + from + ": " + e.getMessage(), e);
    }
  }
}
