package dev.graft.runtime.session;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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
 * {@code hookMessage} role becomes {@code custom}. The original is kept as
 * {@code FILE.v<N>.bak} before the one rewrite, which replaces the file atomically.
 */
final class SessionMigration {
  private SessionMigration() {}

  /** Migrates the file in place; returns warnings (lines that could not be carried over). */
  static List<String> migrate(Path path, int fromVersion) throws SessionFileException {
    List<String> warnings = new ArrayList<>();
    List<JsonNode> parsed = new ArrayList<>(); // every JSON line: v1 indexes count them all
    List<ObjectNode> entries = new ArrayList<>();
    try {
      List<String> lines = Files.readAllLines(path, StandardCharsets.UTF_8);
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
            warnings.add("line " + (i + 1) + ": not carried over by the migration, not a JSON object");
          }
        } catch (IOException e) {
          warnings.add("line " + (i + 1) + ": not carried over by the migration, malformed JSON");
        }
      }
    } catch (IOException e) {
      throw new SessionFileException(path + ": cannot read for migration: " + e.getMessage(), e);
    }
    migrateEntries(parsed);
    Path backup = path.resolveSibling(path.getFileName() + ".v" + fromVersion + ".bak");
    Path temp = path.resolveSibling(path.getFileName() + ".migrating");
    try {
      Files.copy(path, backup, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
      StringBuilder text = new StringBuilder();
      for (ObjectNode e : entries) {
        text.append(Json.write(e)).append('\n');
      }
      Files.writeString(temp, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
          StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE, StandardOpenOption.SYNC);
      Files.move(temp, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new SessionFileException(path + ": migration from v" + fromVersion + " failed: " + e.getMessage(), e);
    }
    if (!warnings.isEmpty()) {
      warnings.add("the file before migration is kept as " + backup);
    }
    return warnings;
  }

  /**
   * Migrates parsed lines (header included) in place to the current version. Values that are
   * not objects take part in v1 index positions (as in the reference) but get no id and are
   * not written back.
   */
  static void migrateEntries(List<JsonNode> parsed) {
    List<ObjectNode> entries = parsed.stream().filter(ObjectNode.class::isInstance).map(ObjectNode.class::cast).toList();
    ObjectNode header = entries.stream().filter(SessionMigration::isHeader).findFirst().orElse(null);
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
          if (index.canConvertToInt() && index.doubleValue() == i && i >= 0 && i < positions.size()
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
