package dev.graft.runtime.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads typed fields out of a JSON object for a record codec. A field is taken only when it has the
 * expected JSON type; everything not taken is returned by {@link #rest()} so it can be written back
 * unchanged. A required field that is missing or mistyped marks the reader {@linkplain #valid()
 * invalid}, and the caller keeps the whole object verbatim instead.
 */
public final class FieldReader {
  private final ObjectNode source;
  private final Set<String> taken = new HashSet<>();
  private boolean valid = true;

  public FieldReader(ObjectNode source) {
    this.source = source;
  }

  public boolean valid() {
    return valid;
  }

  /** Marks the object as not fitting its record (a nested part was malformed). */
  public void invalidate() {
    valid = false;
  }

  public void take(String field) {
    taken.add(field);
  }

  public String requireText(String field) {
    JsonNode v = source.get(field);
    if (v != null && v.isTextual()) {
      taken.add(field);
      return v.textValue();
    }
    valid = false;
    return "";
  }

  public Optional<String> optionalText(String field) {
    JsonNode v = source.get(field);
    if (v != null && v.isTextual()) {
      taken.add(field);
      return Optional.of(v.textValue());
    }
    return Optional.empty();
  }

  public long requireLong(String field) {
    JsonNode v = source.get(field);
    if (v != null && v.isIntegralNumber() && v.canConvertToLong()) {
      taken.add(field);
      return v.longValue();
    }
    valid = false;
    return 0;
  }

  public Optional<Long> optionalLong(String field) {
    JsonNode v = source.get(field);
    if (v != null && v.isIntegralNumber() && v.canConvertToLong()) {
      taken.add(field);
      return Optional.of(v.longValue());
    }
    return Optional.empty();
  }

  public double requireNumber(String field) {
    JsonNode v = source.get(field);
    if (v != null && v.isNumber()) {
      taken.add(field);
      return v.doubleValue();
    }
    valid = false;
    return 0;
  }

  public boolean requireBoolean(String field) {
    JsonNode v = source.get(field);
    if (v != null && v.isBoolean()) {
      taken.add(field);
      return v.booleanValue();
    }
    valid = false;
    return false;
  }

  /** A boolean that may be absent; a non-boolean value stays in rest(). */
  public Optional<Boolean> optionalBoolean(String field) {
    JsonNode v = source.get(field);
    if (v != null && v.isBoolean()) {
      taken.add(field);
      return Optional.of(v.booleanValue());
    }
    return Optional.empty();
  }

  public ObjectNode requireObject(String field) {
    JsonNode v = source.get(field);
    if (v != null && v.isObject()) {
      taken.add(field);
      return (ObjectNode) v;
    }
    valid = false;
    return Json.object();
  }

  /** Any JSON value except null; absent and null stay out (null stays in rest()). */
  public Optional<JsonNode> optionalValue(String field) {
    JsonNode v = source.get(field);
    if (v != null && !v.isNull()) {
      taken.add(field);
      return Optional.of(v);
    }
    return Optional.empty();
  }

  public JsonNode requireValue(String field) {
    JsonNode v = source.get(field);
    if (v != null) {
      taken.add(field);
      return v;
    }
    valid = false;
    return Json.NODES.nullNode();
  }

  /**
   * The fields not taken, in their original order; {@link Json#EMPTY_OBJECT}, which cannot be
   * changed, when none is left (as for almost every record of a session).
   */
  public ObjectNode rest() {
    ObjectNode rest = null;
    for (Map.Entry<String, JsonNode> e : source.properties()) {
      if (!taken.contains(e.getKey())) {
        if (rest == null) {
          rest = Json.object();
        }
        rest.set(e.getKey(), e.getValue());
      }
    }
    return rest == null ? Json.EMPTY_OBJECT : rest;
  }
}
