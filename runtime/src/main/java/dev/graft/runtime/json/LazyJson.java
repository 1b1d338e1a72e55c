package dev.graft.runtime.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonSerializable;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.jsontype.TypeSerializer;
import com.fasterxml.jackson.databind.node.POJONode;
import java.io.IOException;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * A JSON value made only when something reads it, held in a payload as a {@link POJONode} ({@link
 * #node}). Written by Jackson it is the whole value, so any reader of the payload sees it; the
 * script bridge gives a script a property that asks for it when first read. One instance in several
 * places of a payload is one value.
 */
public final class LazyJson extends JsonSerializable.Base {
  private final Supplier<? extends JsonNode> make;
  private JsonNode made;

  public LazyJson(Supplier<? extends JsonNode> make) {
    this.make = Objects.requireNonNull(make, "make");
  }

  /** The value, made on the first call (from any thread) and kept. */
  public synchronized JsonNode value() {
    if (made == null) {
      made = Objects.requireNonNull(make.get(), "a lazy JSON value");
    }
    return made;
  }

  /** This value as a node of a payload. */
  public POJONode node() {
    return new POJONode(this);
  }

  /** The lazy value at {@code node}, if it is one. */
  public static LazyJson of(JsonNode node) {
    return node instanceof POJONode p && p.getPojo() instanceof LazyJson lazy ? lazy : null;
  }

  @Override
  public void serialize(JsonGenerator gen, SerializerProvider serializers) throws IOException {
    gen.writeTree(value());
  }

  @Override
  public void serializeWithType(
      JsonGenerator gen, SerializerProvider serializers, TypeSerializer typeSer)
      throws IOException {
    serialize(gen, serializers);
  }
}
