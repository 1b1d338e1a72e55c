package dev.graft.cli.base;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.config.Settings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The settings the user changes from the interactive mode ({@code /settings}), in graft's {@code
 * settings.json} with the reference's names: {@code defaultProvider} and {@code defaultModel},
 * {@code defaultThinkingLevel}, {@code theme}, {@code hideThinkingBlock} and {@code compaction}.
 * Reading is lenient (comments, trailing commas); a change rewrites the file with the other fields
 * kept (comments are not).
 */
public final class UserSettings {
  private static final ObjectMapper LENIENT =
      JsonMapper.builder()
          .enable(JsonReadFeature.ALLOW_JAVA_COMMENTS)
          .enable(JsonReadFeature.ALLOW_TRAILING_COMMA)
          .enable(SerializationFeature.INDENT_OUTPUT)
          .build();

  private final Path file;
  private final ObjectNode root;

  private UserSettings(Path file, ObjectNode root) {
    this.file = file;
    this.root = root;
  }

  /** The settings in {@code file}; empty ones when it is absent or not a JSON object. */
  public static UserSettings load(Path file) {
    if (Files.isRegularFile(file)) {
      try {
        JsonNode node =
            LENIENT.readTree(BoundedRead.text(file, Settings.MAX_BYTES, "a settings file"));
        if (node instanceof ObjectNode o) {
          return new UserSettings(file, o);
        }
      } catch (IOException e) {
        // Settings.load reports a broken file; here it reads as empty
      }
    }
    return new UserSettings(file, JsonNodeFactory.instance.objectNode());
  }

  public Optional<String> text(String field) {
    JsonNode v = root.get(field);
    return v != null && v.isTextual() && !v.textValue().isBlank()
        ? Optional.of(v.textValue().strip())
        : Optional.empty();
  }

  /** A list of texts ({@code "enabledModels": ["claude-*", "gpt-5.4"]}); blank ones left out. */
  public Optional<List<String>> texts(String field) {
    JsonNode v = root.get(field);
    if (v == null || !v.isArray()) {
      return Optional.empty();
    }
    List<String> out = new ArrayList<>();
    v.forEach(item -> {
      if (item.isTextual() && !item.textValue().isBlank()) {
        out.add(item.textValue().strip());
      }
    });
    return Optional.of(List.copyOf(out));
  }

  public Optional<Boolean> flag(String field) {
    JsonNode v = root.get(field);
    return v != null && v.isBoolean() ? Optional.of(v.booleanValue()) : Optional.empty();
  }

  /** {@code compaction.field}, when it is a whole number. */
  public Optional<Long> compactionNumber(String field) {
    JsonNode v = root.path("compaction").get(field);
    return v != null && v.canConvertToLong() && v.isIntegralNumber()
        ? Optional.of(v.longValue())
        : Optional.empty();
  }

  public Optional<Boolean> compactionFlag(String field) {
    JsonNode v = root.path("compaction").get(field);
    return v != null && v.isBoolean() ? Optional.of(v.booleanValue()) : Optional.empty();
  }

  /** Sets {@code field} and writes the file. */
  public void set(String field, String value) throws IOException {
    root.put(field, value);
    write();
  }

  /** Sets {@code defaultProvider} and {@code defaultModel}, written at once. */
  public void setDefaultModel(String provider, String modelId) throws IOException {
    root.put("defaultProvider", provider);
    root.put("defaultModel", modelId);
    write();
  }

  public void set(String field, boolean value) throws IOException {
    root.put(field, value);
    write();
  }

  /** Sets {@code compaction.field} and writes the file. */
  public void setCompaction(String field, Object value) throws IOException {
    setIn("compaction", field, value);
  }

  /** Sets {@code retry.field} (the reference's {@code retry.enabled}) and writes the file. */
  public void setRetry(String field, Object value) throws IOException {
    setIn("retry", field, value);
  }

  private void setIn(String object, String field, Object value) throws IOException {
    JsonNode c = root.get(object);
    ObjectNode o = c instanceof ObjectNode n ? n : root.putObject(object);
    switch (value) {
      case Boolean b -> o.put(field, b);
      case Long l -> o.put(field, l);
      case Integer i -> o.put(field, i);
      default -> o.put(field, String.valueOf(value));
    }
    write();
  }

  private void write() throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
    Files.writeString(file, LENIENT.writeValueAsString(root) + "\n", StandardCharsets.UTF_8);
  }

  /** A change to the settings that writes the file. */
  @FunctionalInterface
  public interface Change {
    void apply(UserSettings settings) throws IOException;
  }

  /**
   * Makes {@code change} in the settings file {@code file}, for a switch the user made that stays
   * made when the file cannot be written: then the warning to show, "{@code made}, but {@code keys}
   * could not be saved in FILE (why)".
   */
  public static Optional<String> keep(Path file, String made, String keys, Change change) {
    try {
      change.apply(load(file));
      return Optional.empty();
    } catch (IOException e) {
      return Optional.of(
          made + ", but " + keys + " could not be saved in " + file + " (" + reason(e) + ")");
    }
  }

  /** Why a settings file could not be written, without the path the message already names. */
  public static String reason(IOException e) {
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof FileSystemException f && f.getReason() != null) {
      return f.getReason();
    }
    return String.valueOf(e.getMessage());
  }

  public Path file() {
    return file;
  }
}
