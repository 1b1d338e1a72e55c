package dev.graft.cli.packages;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.graft.cli.base.BoundedRead;
import dev.graft.cli.base.Sha256;
import dev.graft.cli.base.UserError;
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
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/** What a package folder holds: its manifest (package.json) and the hashes of what it holds. */
public final class PackageFiles {
  private PackageFiles() {}

  /** The largest package.json graft reads. */
  static final long MAX_MANIFEST_BYTES = 16L << 20;

  /** package.json, if there is a readable one (of at most {@link #MAX_MANIFEST_BYTES}). */
  static Optional<JsonNode> manifest(Path dir) {
    try {
      return parsed(dir).filter(JsonNode::isObject);
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /**
   * The version the installed package.json gives, "" when it gives none: what is there now, which a
   * package changed in place makes differ from the lock file's.
   */
  public static String installedVersion(Path dir) {
    return manifest(dir)
        .map(m -> m.path("version"))
        .filter(JsonNode::isTextual)
        .map(JsonNode::textValue)
        .filter(v -> !v.isBlank())
        .orElse("");
  }

  /** The JSON in {@code dir}'s package.json, whatever it is; empty when there is no such file. */
  private static Optional<JsonNode> parsed(Path dir) throws IOException {
    Path file = dir.resolve("package.json");
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    JsonNode n =
        Json.parse(BoundedRead.text(file, MAX_MANIFEST_BYTES, "a package.json graft reads"));
    return Optional.of(n == null ? MissingNode.getInstance() : n); // an empty file: no JSON at all
  }

  /**
   * The manifest of a package being added or installed, read once: as {@link #manifest} reads it,
   * but a package.json that is there and is not a JSON object is refused (nothing of the package
   * would load as it says), naming why.
   */
  static Optional<JsonNode> manifestToInstall(Path dir) {
    try {
      Optional<JsonNode> n = parsed(dir);
      if (n.isPresent() && !n.get().isObject()) {
        throw new PackageContent.Refused("package.json is not a JSON object");
      }
      return n;
    } catch (JsonProcessingException e) {
      throw new PackageContent.Refused(
          "package.json is not valid JSON (line "
              + e.getLocation().getLineNr()
              + ": "
              + Json.problem(e)
              + "); npm would refuse it too");
    } catch (IOException e) {
      throw new PackageContent.Refused("package.json cannot be read: " + e.getMessage());
    }
  }

  /**
   * What a package folder holds, as its lock hash sees it: each entry by its path (its content's
   * SHA-256, or what it is when it is no regular file: {@code "link to X"}, {@code "not a regular
   * file"}), node_modules left out; the hash of all of that ({@link #hash}), and of node_modules
   * ({@link #dependenciesHash}, empty when there is none).
   */
  public record Contents(Map<String, String> files, String hash, String dependenciesHash) {
    public Contents {
      files = Collections.unmodifiableMap(new TreeMap<>(files));
    }

    /** The paths of entries that are not regular files (links, devices...): graft installs none. */
    public List<String> oddEntries() {
      return files.entrySet().stream()
          .filter(e -> !isFileHash(e.getValue()))
          .map(Map.Entry::getKey)
          .toList();
    }
  }

  /**
   * Everything in {@code dir}: its files and its dependencies, hashed as the lock file records
   * them.
   */
  public static Contents read(Path dir) {
    long[] budget = {PackageContent.MAX_BYTES, 2L * PackageContent.MAX_ENTRIES};
    Map<String, String> files = entries(dir, true, budget);
    Path deps = dir.resolve("node_modules");
    String depsHash =
        Files.isDirectory(deps, LinkOption.NOFOLLOW_LINKS)
            ? combine(entries(deps, false, budget))
            : "";
    return new Contents(files, combine(files), depsHash);
  }

  /**
   * SHA-256 over everything in the package but its dependencies: each regular file's relative path
   * and content, and each other entry (a link, a device...) as what it is, so that nothing a script
   * could load is outside it. {@code node_modules} at the top is left out ({@link
   * #dependenciesHash} covers it).
   */
  public static String hash(Path dir) {
    return combine(entries(dir, true, budget()));
  }

  /** The same over the package's {@code node_modules} (empty when it has none). */
  static String dependenciesHash(Path dir) {
    Path deps = dir.resolve("node_modules");
    return Files.isDirectory(deps, LinkOption.NOFOLLOW_LINKS)
        ? combine(entries(deps, false, budget()))
        : "";
  }

  private static boolean isFileHash(String value) {
    return value.length() == 64
        && value.chars().allMatch(c -> c >= '0' && c <= '9' || c >= 'a' && c <= 'f');
  }

  /**
   * What one reading of a package may take: bytes and entries (a package holds no more, with its
   * dependencies).
   */
  private static long[] budget() {
    return new long[] {PackageContent.MAX_BYTES, 2L * PackageContent.MAX_ENTRIES};
  }

  /**
   * Each entry's hash by path; {@code budget} (bytes, entries) is what may still be read: a folder
   * a repository committed may be anything, so reading stops, refused, beyond a package's caps.
   */
  private static Map<String, String> entries(Path dir, boolean skipDependencies, long[] budget) {
    TreeMap<String, String> files = new TreeMap<>();
    try {
      Files.walkFileTree(
          dir,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) {
              spend(0);
              String name = d.getFileName() == null ? "" : d.getFileName().toString();
              return skipDependencies && dir.equals(d.getParent()) && name.equals("node_modules")
                  ? FileVisitResult.SKIP_SUBTREE
                  : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path f, BasicFileAttributes attrs) throws IOException {
              String path = relative(dir, f);
              spend(attrs.isRegularFile() ? attrs.size() : 0);
              if (attrs.isRegularFile()) {
                files.put(path, Sha256.ofFile(f));
              } else if (attrs.isSymbolicLink()) {
                files.put(path, "link to " + Files.readSymbolicLink(f));
              } else {
                files.put(path, "not a regular file");
              }
              return FileVisitResult.CONTINUE;
            }

            private void spend(long bytes) {
              budget[0] -= bytes;
              if (budget[0] < 0) {
                throw new UserError(
                    "the package is larger than "
                        + (PackageContent.MAX_BYTES >> 20)
                        + " MiB (the cap on a"
                        + " package's size)");
              }
              if (--budget[1] < 0) {
                throw new UserError(
                    "the package has more than "
                        + String.format("%,d", 2 * PackageContent.MAX_ENTRIES)
                        + " files and folders, its dependencies included (the cap on a package's size)");
              }
            }
          });
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + dir + ": " + e.getMessage(), e);
    }
    return files;
  }

  private static String combine(Map<String, String> files) {
    MessageDigest all = Sha256.digest();
    files.forEach(
        (path, h) -> all.update((path + "\0" + h + "\n").getBytes(StandardCharsets.UTF_8)));
    return "sha256:" + Sha256.hex(all.digest());
  }

  /**
   * Deletes {@code dir} and what it holds; a link in it (or {@code dir} itself, a link) is removed,
   * not followed.
   */
  public static void deleteTree(Path dir) {
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
