package dev.graft.runtime.session;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What listing learnt about each session file, kept in {@code sessions/.list-cache.json} so the
 * next listing reads only what was appended since (session files are append-only). An entry is used
 * only while the file's size and modification time are those recorded; a grown file is read from
 * where the last scan stopped; anything else is read again in full. A missing or unreadable cache
 * only makes listing slower.
 */
final class SessionListCache {
  /**
   * 2: message lines written with spaces or another key first counted; a cache of version 1 may
   * hold 0 for them and is read again.
   */
  private static final int VERSION = 2;

  private final Path file;
  private final Map<String, Entry> entries = new HashMap<>();
  private boolean changed;

  record Entry(long size, long modifiedMillis, SessionSummaries.State state) {}

  private SessionListCache(Path file) {
    this.file = file;
  }

  static SessionListCache load(Path sessionsDir) {
    SessionListCache cache = new SessionListCache(sessionsDir.resolve(".list-cache.json"));
    try {
      if (Files.isRegularFile(cache.file)) {
        JsonNode root = Json.parse(Files.readString(cache.file, StandardCharsets.UTF_8));
        if (root.path("version").asInt() == VERSION) {
          root.path("files").properties().forEach(e -> cache.decode(e.getKey(), e.getValue()));
        }
      }
    } catch (IOException | RuntimeException e) {
      cache.entries.clear(); // a damaged cache is rebuilt
      cache.changed = true;
    }
    return cache;
  }

  private void decode(String path, JsonNode e) {
    Optional<SessionHeader> header =
        e.get("header") instanceof ObjectNode h ? SessionHeader.fromJson(h) : Optional.empty();
    if (header.isEmpty()) {
      return;
    }
    SessionSummaries.State state =
        new SessionSummaries.State(
            header.get(),
            e.path("firstMessage").isTextual() ? e.get("firstMessage").textValue() : null,
            e.path("name").isTextual() ? e.get("name").textValue() : null,
            e.path("messages").asInt(),
            e.path("scannedTo").asLong(),
            e.path("headerHash").asLong());
    entries.put(path, new Entry(e.path("size").asLong(), e.path("modified").asLong(), state));
  }

  /** The summary of {@code path}, from the cache where it is still true, else by (re)scanning. */
  Optional<SessionSummary> summarize(Path path) {
    String key = path.toAbsolutePath().toString();
    try {
      long size = Files.size(path);
      Instant modified = Files.getLastModifiedTime(path).toInstant();
      Entry cached;
      synchronized (this) {
        cached = entries.get(key);
      }
      if (cached != null
          && cached.size() == size
          && cached.modifiedMillis() == modified.toEpochMilli()) {
        return Optional.of(SessionSummaries.summary(path, cached.state(), size, modified));
      }
      Optional<SessionSummaries.Scanned> scanned =
          SessionSummaries.scan(path, cached == null ? null : cached.state());
      synchronized (this) {
        changed = true;
        if (scanned.isEmpty()) {
          entries.remove(key);
          return Optional.empty();
        }
        SessionSummaries.Scanned s = scanned.get();
        entries.put(key, new Entry(s.size(), s.modified().toEpochMilli(), s.state()));
        return Optional.of(SessionSummaries.summary(path, s.state(), s.size(), s.modified()));
      }
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** Writes the cache back if anything changed (atomically; a failure is not an error). */
  synchronized void save() {
    if (!changed || !Files.isDirectory(file.getParent())) {
      return;
    }
    ObjectNode root = Json.object();
    root.put("version", VERSION);
    ObjectNode files = root.putObject("files");
    entries.forEach((path, e) -> {
      if (!Files.exists(Path.of(path))) {
        return; // forget deleted sessions
      }
      ObjectNode o = files.putObject(path);
      o.put("size", e.size());
      o.put("modified", e.modifiedMillis());
      o.set("header", e.state().header().toJson());
      if (e.state().firstMessage() != null) {
        o.put("firstMessage", e.state().firstMessage());
      }
      if (e.state().name() != null) {
        o.put("name", e.state().name());
      }
      o.put("messages", e.state().messages());
      o.put("scannedTo", e.state().scannedTo());
      o.put("headerHash", e.state().headerHash());
    });
    try {
      Path temp = Files.createTempFile(file.getParent(), ".list-cache", ".tmp");
      Files.writeString(temp, Json.write(root), StandardCharsets.UTF_8);
      try {
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      // a read-only sessions folder: listing still works, only without the cache
    }
  }
}
