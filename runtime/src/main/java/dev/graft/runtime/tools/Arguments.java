package dev.graft.runtime.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/** Arguments that passed {@link ArgumentValidator}: every present field has its declared type. */
record Arguments(ObjectNode values) {

  Arguments {
    Objects.requireNonNull(values, "values");
  }

  String string(String name) {
    return values.path(name).asText();
  }

  Optional<String> optionalString(String name) {
    JsonNode v = values.get(name);
    return v != null && v.isTextual() ? Optional.of(v.textValue()) : Optional.empty();
  }

  OptionalDouble optionalNumber(String name) {
    JsonNode v = values.get(name);
    return v != null && v.isNumber() ? OptionalDouble.of(v.doubleValue()) : OptionalDouble.empty();
  }

  boolean flag(String name) {
    JsonNode v = values.get(name);
    return v != null && v.isBoolean() && v.booleanValue();
  }

  /** A count such as a result limit: the given value (at least 1), or {@code defaultValue}. */
  int count(String name, int defaultValue) {
    double value = optionalNumber(name).orElse(defaultValue);
    return (int) Math.max(1, Math.min(value, Integer.MAX_VALUE));
  }

  /** The {@code path} argument, or the session directory when it is absent or empty. */
  String pathOrCurrent() {
    return optionalString("path").filter(p -> !p.isEmpty()).orElse(".");
  }

  JsonNode node(String name) {
    return values.path(name);
  }
}
