package dev.graft.cli.packages;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.cli.base.BoundedRead;
import dev.graft.cli.base.UserError;
import dev.graft.runtime.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A scope's {@code packages.lock.json}: for each package, the source as given, what it resolved to
 * (a git commit, an npm {@code name@version}, a tarball's SHA-256, or {@code local}), its version
 * and the hash of its files; and when it has npm dependencies, what npm resolved them to (the
 * {@code packages} of npm's own lock file) and the hash of its {@code node_modules}. Commit it with
 * the project: {@code graft scripts install} then installs exactly these.
 */
public final class PackageLock {
  static final String FILE_NAME = "packages.lock.json";

  /** The largest lock file graft reads (a repository's: read before anything of it is trusted). */
  static final long MAX_BYTES = 16L << 20;

  /**
   * One package as locked; {@code dependencies} is an object (empty when the package has none) and
   * {@code dependenciesHash} empty then.
   */
  public record Entry(
      String name,
      String source,
      String resolved,
      String version,
      String hash,
      JsonNode dependencies,
      String dependenciesHash) {
    public Entry {
      dependencies =
          dependencies == null || !dependencies.isObject()
              ? Json.object()
              : dependencies.deepCopy();
    }

    public Entry(String name, String source, String resolved, String version, String hash) {
      this(name, source, resolved, version, hash, Json.object(), "");
    }

    /** What {@code resolved} is for a package added from a folder. */
    public static final String FOLDER = "local";

    public boolean hasDependencies() {
      return !dependencies.isEmpty();
    }

    /** Whether it was added from a folder (not git, npm or a tarball). */
    public boolean fromFolder() {
      return resolved.equals(FOLDER);
    }
  }

  private final Path file;
  private final Map<String, Entry> entries;

  private PackageLock(Path file, Map<String, Entry> entries) {
    this.file = file;
    this.entries = entries;
  }

  /** The lock file of a scope directory ($GRAFT_HOME or a project's .graft); absent is empty. */
  public static PackageLock load(Path scopeDir) {
    Path file = scopeDir.resolve(FILE_NAME);
    Map<String, Entry> entries = new TreeMap<>();
    if (!Files.isRegularFile(file)) {
      return new PackageLock(file, entries);
    }
    JsonNode root;
    try {
      String text = BoundedRead.text(file, MAX_BYTES, "a lock file graft reads");
      List<String> lines = text.lines().toList();
      for (int i = 0; i < lines.size(); i++) {
        if (lines.get(i).startsWith("<<<<<<< ")) {
          throw new UserError(
              file
                  + ":"
                  + (i + 1)
                  + ": a git merge conflict is left in the package lock file; keep one side of"
                  + " each conflict, then run graft scripts install");
        }
      }
      root = Json.parse(text);
    } catch (BoundedRead.TooLarge e) {
      throw new UserError(e.getMessage());
    } catch (IOException e) {
      throw new UserError(
          file
              + (e instanceof JsonProcessingException j && j.getLocation() != null
                  ? ":" + j.getLocation().getLineNr()
                  : "")
              + ": cannot read the package lock file ("
              + Json.problem(e)
              + "); fix or delete it");
    }
    JsonNode packages = root == null ? null : root.get("packages");
    if (packages == null || !packages.isObject()) {
      throw new UserError(
          file + ": not a package lock file (no \"packages\" object); fix or delete it");
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = packages.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      JsonNode n = e.getValue();
      if (!PackageSource.isPackageName(e.getKey())) {
        throw new UserError(
            file + ": \"" + e.getKey() + "\" is not a package name; fix or delete the entry");
      }
      for (String field : new String[] {"source", "resolved", "hash"}) {
        if (!n.path(field).isTextual()) {
          throw new UserError(
              file
                  + ": package "
                  + e.getKey()
                  + " has no \""
                  + field
                  + "\"; fix it or add the package again");
        }
      }
      JsonNode deps = n.path("dependencies");
      if (!deps.isMissingNode() && !deps.isObject()) {
        throw new UserError(
            file
                + ": package "
                + e.getKey()
                + "'s \"dependencies\" is not an object; fix it or add the"
                + " package again");
      }
      entries.put(
          e.getKey(),
          new Entry(
              e.getKey(),
              n.get("source").asText(),
              n.get("resolved").asText(),
              n.path("version").asText(""),
              n.get("hash").asText(),
              deps,
              n.path("dependenciesHash").asText("")));
    }
    return new PackageLock(file, entries);
  }

  public Map<String, Entry> entries() {
    return Collections.unmodifiableMap(entries);
  }

  public Optional<Entry> get(String name) {
    return Optional.ofNullable(entries.get(name));
  }

  public Path file() {
    return file;
  }

  void put(Entry entry) {
    entries.put(entry.name(), entry);
    save();
  }

  boolean remove(String name) {
    boolean had = entries.remove(name) != null;
    if (had) {
      save();
    }
    return had;
  }

  private void save() {
    ObjectNode packages = Json.object();
    entries
        .values()
        .forEach(e -> {
          ObjectNode n =
              packages
                  .putObject(e.name())
                  .put("source", e.source())
                  .put("resolved", e.resolved())
                  .put("version", e.version())
                  .put("hash", e.hash());
          if (e.hasDependencies()) {
            n.set("dependencies", e.dependencies());
            n.put("dependenciesHash", e.dependenciesHash());
          }
        });
    ObjectNode root = Json.object();
    root.set("packages", packages);
    try {
      Files.createDirectories(file.getParent());
      Path temp = Files.createTempFile(file.getParent(), FILE_NAME, ".tmp");
      Files.writeString(
          temp,
          Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n",
          StandardCharsets.UTF_8);
      Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
    }
  }
}
