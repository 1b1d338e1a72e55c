package dev.graft.runtime.session;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Brings a v1 or v2 session file to v3, as the reference agent does: v1 entries get fresh ids
 * chained in file order and {@code firstKeptEntryIndex} becomes {@code firstKeptEntryId}; v2's
 * {@code hookMessage} role becomes {@code custom}.
 *
 * <p>Writing touches nothing but the file's own name: a file that is a symbolic link is refused;
 * the original is first kept as a backup under a name that did not exist ({@code FILE.v<N>.bak},
 * else {@code FILE.v<N>.bak.1}, ...), created with {@code CREATE_NEW} so no existing file or link
 * is written through or replaced; the new content goes to a fresh temporary file in the same
 * directory (created the same way), which then replaces the file in one atomic rename.
 */
final class SessionMigration {
  private SessionMigration() {}

  /** The migrated content of a file, and the lines that could not be carried over. */
  record Migrated(byte[] original, byte[] content, List<String> warnings) {}

  /** Migrates the file in place; returns warnings (lines that could not be carried over). */
  static List<String> migrate(Path path, int fromVersion) throws SessionFileException {
    if (Files.isSymbolicLink(path)) {
      throw new SessionFileException(
          path
              + " is a version "
              + fromVersion
              + " session file and a symbolic link; graft"
              + " migrates only a file it can replace by name: open the file it links to instead");
    }
    Migrated migrated = inMemory(path);
    List<String> warnings = new ArrayList<>(migrated.warnings());
    Path backup;
    Path temp = null;
    try {
      backup = writeBackup(path, fromVersion, migrated.original());
      temp = Files.createTempFile(path.getParent(), "." + path.getFileName() + ".", ".migrating");
      try (FileChannel out =
          FileChannel.open(temp, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
        ByteBuffer content = ByteBuffer.wrap(migrated.content());
        while (content.hasRemaining()) {
          out.write(content);
        }
        out.force(true);
      }
      copyPermissions(path, temp);
      Files.move(temp, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      temp = null;
    } catch (IOException e) {
      throw new SessionFileException(
          path + ": migration from v" + fromVersion + " failed: " + e.getMessage(), e);
    } finally {
      if (temp != null) {
        try {
          Files.deleteIfExists(temp);
        } catch (IOException ignored) {
          // a stray temporary file is all that is left of the failed migration
        }
      }
    }
    if (!warnings.isEmpty()) {
      warnings.add("the file before migration is kept as " + backup);
    }
    return warnings;
  }

  /** The file's content as version 3, without writing anything. */
  static Migrated inMemory(Path path) throws SessionFileException {
    List<String> warnings = new ArrayList<>();
    List<JsonNode> parsed = new ArrayList<>(); // every JSON line: v1 indexes count them all
    List<ObjectNode> entries = new ArrayList<>();
    byte[] original;
    try {
      original = Files.readAllBytes(path);
    } catch (IOException e) {
      throw new SessionFileException(path + ": cannot read for migration: " + e.getMessage(), e);
    }
    String text = new String(original, StandardCharsets.UTF_8);
    if (text.startsWith("\uFEFF")) {
      text = text.substring(1); // a leading byte order mark, as the reference's trim() drops it
    }
    List<String> lines = text.lines().toList();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.isBlank()) {
        continue;
      }
      try {
        JsonNode node = Json.parse(line);
        parsed.add(node);
        if (node instanceof ObjectNode o) {
          entries.add(o);
        } else {
          warnings.add(
              "line " + (i + 1) + ": not carried over by the migration, not a JSON object");
        }
      } catch (IOException e) {
        warnings.add("line " + (i + 1) + ": not carried over by the migration, malformed JSON");
      }
    }
    migrateEntries(parsed);
    StringBuilder out = new StringBuilder();
    for (ObjectNode e : entries) {
      out.append(Json.write(e)).append('\n');
    }
    return new Migrated(
        original, out.toString().getBytes(StandardCharsets.UTF_8), List.copyOf(warnings));
  }

  /** Writes {@code original} to the first backup name that does not exist yet, and returns it. */
  private static Path writeBackup(Path path, int fromVersion, byte[] original) throws IOException {
    String base = path.getFileName() + ".v" + fromVersion + ".bak";
    for (int n = 0; ; n++) {
      Path backup = path.resolveSibling(n == 0 ? base : base + "." + n);
      try (FileChannel out =
          FileChannel.open(
              backup,
              StandardOpenOption.CREATE_NEW,
              StandardOpenOption.WRITE,
              LinkOption.NOFOLLOW_LINKS)) {
        ByteBuffer content = ByteBuffer.wrap(original);
        while (content.hasRemaining()) {
          out.write(content);
        }
        out.force(true);
        copyPermissions(path, backup);
        return backup;
      } catch (FileAlreadyExistsException e) {
        if (n >= 1000) {
          throw new IOException(
              "no free backup name: " + base + " to " + base + "." + n + " all exist");
        }
      }
    }
  }

  /**
   * The migrated file and its backup keep the original's permissions (where the file system has
   * them).
   */
  private static void copyPermissions(Path from, Path to) {
    try {
      Files.setPosixFilePermissions(to, Files.getPosixFilePermissions(from));
    } catch (IOException | UnsupportedOperationException e) {
      // the file's default permissions stand
    }
  }

  /**
   * Migrates parsed lines (header included) in place to the current version. Values that are not
   * objects take part in v1 index positions (as in the reference) but get no id and are not written
   * back.
   */
  static void migrateEntries(List<JsonNode> parsed) {
    List<ObjectNode> entries =
        parsed.stream().filter(ObjectNode.class::isInstance).map(ObjectNode.class::cast).toList();
    ObjectNode header =
        entries.stream().filter(SessionMigration::isHeader).findFirst().orElse(null);
    int version = header == null ? 1 : SessionHeader.versionLevel(header.get("version"));
    if (version < 2) {
      v1ToV2(entries, parsed);
    }
    if (version < 3) {
      v2ToV3(entries);
    }
  }

  private static boolean isHeader(ObjectNode e) {
    return "session".equals(e.path("type").textValue());
  }

  private static void v1ToV2(List<ObjectNode> entries, List<JsonNode> positions) {
    Set<String> ids = new HashSet<>();
    String previous = null;
    for (ObjectNode entry : entries) {
      if (isHeader(entry)) {
        entry.put("version", 2);
        continue;
      }
      String id = EntryIds.fresh(ids::contains);
      ids.add(id);
      entry.put("id", id);
      if (previous == null) {
        entry.putNull("parentId");
      } else {
        entry.put("parentId", previous);
      }
      previous = id;
      if ("compaction".equals(entry.path("type").textValue())) {
        JsonNode index = entry.get("firstKeptEntryIndex");
        if (index != null && index.isNumber()) {
          int i = index.asInt();
          // The index counts every parsed line, header included; a later entry has no id yet.
          if (index.canConvertToInt()
              && index.doubleValue() == i
              && i >= 0
              && i < positions.size()
              && positions.get(i) instanceof ObjectNode target) {
            if (!isHeader(target) && target.path("id").isTextual()) {
              entry.put("firstKeptEntryId", target.get("id").textValue());
            }
          }
          entry.remove("firstKeptEntryIndex");
        }
      }
    }
  }

  private static void v2ToV3(List<ObjectNode> entries) {
    for (ObjectNode entry : entries) {
      if (isHeader(entry)) {
        entry.put("version", 3);
        continue;
      }
      if ("message".equals(entry.path("type").textValue())
          && entry.get("message") instanceof ObjectNode message
          && "hookMessage".equals(message.path("role").textValue())) {
        message.put("role", "custom");
      }
    }
  }
}
