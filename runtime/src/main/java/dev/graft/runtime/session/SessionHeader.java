package dev.graft.runtime.session;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** The first line of a session file: not part of the tree. */
public record SessionHeader(
    int version,
    String id,
    String timestamp,
    String cwd,
    Optional<String> parentSession,
    ObjectNode extra) {

  public static final int CURRENT_VERSION = 3;

  public SessionHeader {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(timestamp, "timestamp");
    Objects.requireNonNull(cwd, "cwd");
    parentSession = parentSession == null ? Optional.empty() : parentSession;
    extra = extra == null ? Json.object() : extra;
  }

  public ObjectNode toJson() {
    ObjectNode o = Json.object();
    o.put("type", "session");
    o.put("version", version);
    o.put("id", id);
    o.put("timestamp", timestamp);
    o.put("cwd", cwd);
    parentSession.ifPresent(p -> o.put("parentSession", p));
    extra.properties().forEach(e -> o.set(e.getKey(), e.getValue()));
    return o;
  }

  /**
   * The format a header's {@code version} value stands for, compared as the reference compares it
   * (JavaScript numbers, so {@code 2.0} and {@code "2"} are version 2): 1 when absent, null or
   * below 2, 2 below 3, else 3. A value that is not a number at all means no migration.
   */
  public static int versionLevel(JsonNode value) {
    double v;
    if (value == null || value.isNull()) {
      v = 1;
    } else if (value.isNumber()) {
      v = value.doubleValue();
    } else if (value.isTextual()) {
      String t = value.textValue().strip();
      try {
        v = t.isEmpty() ? 0 : Double.parseDouble(t);
      } catch (NumberFormatException e) {
        v = Double.NaN;
      }
    } else if (value.isBoolean()) {
      v = value.booleanValue() ? 1 : 0;
    } else {
      v = Double.NaN;
    }
    if (v < 2) {
      return 1;
    }
    return v < 3 ? 2 : CURRENT_VERSION;
  }

  /** Reads a header line; empty when it is not a session header with a string id. */
  public static Optional<SessionHeader> fromJson(ObjectNode json) {
    if (!"session".equals(Json.text(json, "type").orElse(null)) || !json.path("id").isTextual()) {
      return Optional.empty();
    }
    ObjectNode extra = json.deepCopy();
    extra.remove(List.of("type", "version", "id", "timestamp", "cwd", "parentSession"));
    int version = versionLevel(json.get("version"));
    // Keep whatever non-string values were in the modelled fields, so they round-trip.
    for (String f : List.of("timestamp", "cwd", "parentSession")) {
      if (json.has(f) && !json.get(f).isTextual()) {
        extra.set(f, json.get(f));
      }
    }
    if (json.has("version")
        && !(json.get("version").isIntegralNumber() && json.get("version").intValue() == version)) {
      extra.set("version", json.get("version"));
    }
    return Optional.of(
        new SessionHeader(
            version,
            json.get("id").textValue(),
            Json.text(json, "timestamp").orElse(""),
            Json.text(json, "cwd").orElse(""),
            Json.text(json, "parentSession"),
            extra));
  }
}
