package dev.graft.runtime.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.Map;
import java.util.Optional;

/**
 * The one JSON configuration graft uses for session files, hooks and CLI output. Numbers are
 * written the way JavaScript's {@code JSON.stringify} writes them (an integral double as an
 * integer), so files written by graft read the same in the reference agent.
 */
public final class Json {
  /**
   * The longest string graft reads, in UTF-16 units: 512 Mi, about what the reference's JavaScript
   * engine can hold in one string.
   */
  public static final int MAX_STRING_LENGTH = 512 * 1024 * 1024;

  /** Limits applied to everything graft parses: a session line may be large, but not unbounded. */
  private static final StreamReadConstraints READ_LIMITS =
      StreamReadConstraints.builder()
          .maxStringLength(MAX_STRING_LENGTH)
          .maxNestingDepth(2_000)
          .maxNumberLength(1_000)
          .build();

  public static final ObjectMapper MAPPER = createMapper();
  public static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  /**
   * An empty object shared by the records that have no field beyond those graft models (their
   * {@code extra}): a session's entries held hundreds of thousands of empty maps. It cannot be
   * changed: putting or removing a field throws {@link UnsupportedOperationException}.
   */
  public static final ObjectNode EMPTY_OBJECT = new ObjectNode(NODES, Map.of());

  private Json() {}

  private static ObjectMapper createMapper() {
    JsonFactory factory =
        JsonFactory.builder()
            .streamReadConstraints(READ_LIMITS)
            .addDecorator((f, generator) -> new NonFiniteAsNull(generator))
            .build();
    JsonMapper mapper =
        JsonMapper.builder(factory)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .disable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .build();
    return mapper;
  }

  public static ObjectNode object() {
    return NODES.objectNode();
  }

  public static ArrayNode array() {
    return NODES.arrayNode();
  }

  /**
   * What Jackson says is wrong with a text, on one line, in a user's words: where an unclosed
   * object or array began reads "(opened at line L, column C)", not Jackson's "[Source: ...]" note.
   */
  public static String problem(JsonProcessingException e) {
    return problem(e, "line $1, column $2");
  }

  /**
   * {@link #problem(JsonProcessingException)} with the place an unclosed value opened told as
   * {@code where} says: {@code $1} its line, {@code $2} its column ("character $2" for a text of
   * one line).
   */
  public static String problem(JsonProcessingException e, String where) {
    String at = where.replace("$1", "${line}").replace("$2", "${column}");
    String m =
        e.getOriginalMessage()
            .replaceAll(
                " \\(start marker at \\[Source: [^\\]]*?line: (?<line>\\d+), column: (?<column>\\d+)\\]\\)",
                " (opened at " + at + ")")
            // a close marker that does not match: "(for Array starting at [Source: ...])"
            .replaceAll(
                " \\(for (?<kind>Array|Object) starting at \\[Source: [^\\]]*?line: (?<line>\\d+),"
                    + " column: (?<column>\\d+)\\]\\)",
                " (for ${kind} opened at " + at + ")")
            // a limit: "... the maximum allowed (2000, from `StreamReadConstraints.getMax…()`)"
            .replaceAll(", from `StreamReadConstraints\\.[^`]*`\\)", ")");
    int cut = m.indexOf('\n');
    return cut < 0 ? m : m.substring(0, cut);
  }

  /**
   * {@link #problem(JsonProcessingException)} for a text that could not be parsed, or the first
   * line of why it could not be read.
   */
  public static String problem(IOException e) {
    if (e instanceof JsonProcessingException j) {
      return problem(j);
    }
    return e.getMessage() == null
        ? e.getClass().getSimpleName()
        : e.getMessage().lines().findFirst().orElse("");
  }

  /** Parses one JSON text; throws {@link JsonProcessingException} for anything malformed. */
  public static JsonNode parse(String text) throws JsonProcessingException {
    return MAPPER.readTree(text);
  }

  /** Parses UTF-8 bytes; throws {@link IOException} for anything malformed. */
  public static JsonNode parse(byte[] utf8, int offset, int length) throws IOException {
    return parse(utf8, offset, length, false);
  }

  /**
   * {@link #parse(byte[], int, int)} for bytes the caller no longer needs: a long string value is
   * unescaped over them, so a line's text is held once as bytes and once as a String, never more.
   */
  public static JsonNode parseConsuming(byte[] utf8, int offset, int length) throws IOException {
    return parse(utf8, offset, length, true);
  }

  private static JsonNode parse(byte[] utf8, int offset, int length, boolean consume)
      throws IOException {
    if (length >= LongStrings.MIN_LENGTH) {
      JsonNode node =
          LongStrings.parse(utf8, offset, length, consume, READ_LIMITS.getMaxStringLength());
      if (node != null) {
        return node;
      }
    }
    return parseWithJackson(utf8, offset, length);
  }

  static JsonNode parseWithJackson(byte[] utf8, int offset, int length) throws IOException {
    try (JsonParser parser = MAPPER.getFactory().createParser(utf8, offset, length)) {
      JsonNode node = MAPPER.readTree(parser);
      if (node == null) {
        throw new IOException("empty JSON text");
      }
      if (parser.nextToken() != null) {
        throw new IOException("trailing content after JSON value");
      }
      return node;
    }
  }

  /** Compact single-line JSON, the form every session line has. */
  public static String write(JsonNode node) {
    try {
      return MAPPER.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * {@link #write(JsonNode)} as UTF-8 bytes, written once (a request body): no String of it, nor
   * Jackson's UTF-16 buffers behind one. The bytes are those of the String encoded: a character
   * beyond the BMP as itself (Jackson's own UTF-8 writer spells it as two escapes), an unpaired
   * surrogate as {@code ?}.
   */
  public static byte[] writeBytes(JsonNode node) {
    return writeBytes(node, false);
  }

  /**
   * {@code node} as UTF-8 bytes exactly as the reference writes a session line ({@code
   * JSON.stringify}): a character beyond the BMP as itself, not as two escapes (Jackson's UTF-8
   * generator escapes both halves), an unpaired surrogate as a lower-case escape.
   */
  public static byte[] writeLine(JsonNode node) {
    return writeBytes(node, true);
  }

  private static byte[] writeBytes(JsonNode node, boolean escapeUnpaired) {
    ByteArrayBuilder bytes = new ByteArrayBuilder();
    try (Writer out = new Utf8Writer(bytes, escapeUnpaired)) {
      MAPPER.writeValue(out, node);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  /** Writes {@code node} to a generator (for streaming output of many lines). */
  public static void write(JsonGenerator generator, JsonNode node) throws IOException {
    MAPPER.writeTree(generator, node);
  }

  /** A number node as JSON.stringify would write it: integral values without a fraction. */
  public static JsonNode number(double value) {
    if (value == Math.rint(value)
        && !Double.isInfinite(value)
        && Math.abs(value) < 9.007199254740992E15) {
      if (value == 0 && 1 / value < 0) {
        return NODES.numberNode(0L);
      }
      return NODES.numberNode((long) value);
    }
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return NODES.nullNode();
    }
    return NODES.numberNode(value);
  }

  /**
   * A copy of {@code node} with every number spelled as JavaScript would hold it (an integral value
   * as an integer), so two values compare equal exactly when JSON.parse would give equal values;
   * key order never counts in {@link JsonNode#equals}.
   */
  public static JsonNode jsValue(JsonNode node) {
    if (node == null) {
      return NODES.missingNode();
    }
    if (node.isObject()) {
      ObjectNode o = object();
      node.properties().forEach(e -> o.set(e.getKey(), jsValue(e.getValue())));
      return o;
    }
    if (node.isArray()) {
      ArrayNode a = array();
      node.forEach(x -> a.add(jsValue(x)));
      return a;
    }
    return node.isNumber() ? number(node.doubleValue()) : node;
  }

  /** The text of a string field, if it is present and a string. */
  public static Optional<String> text(JsonNode object, String field) {
    JsonNode value = object.get(field);
    return value != null && value.isTextual() ? Optional.of(value.textValue()) : Optional.empty();
  }
}
