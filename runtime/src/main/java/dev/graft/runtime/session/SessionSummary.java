package dev.graft.runtime.session;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/** What a session list shows of one file, read without parsing the whole file. */
public record SessionSummary(
    Path path,
    String id,
    String cwd,
    Optional<String> name,
    Optional<String> parentSession,
    String created,
    Instant modified,
    long size,
    int messageCount,
    String firstMessage) {
  public SessionSummary {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(cwd, "cwd");
    name = name == null ? Optional.empty() : name;
    parentSession = parentSession == null ? Optional.empty() : parentSession;
    Objects.requireNonNull(created, "created");
    Objects.requireNonNull(modified, "modified");
    Objects.requireNonNull(firstMessage, "firstMessage");
  }
}
