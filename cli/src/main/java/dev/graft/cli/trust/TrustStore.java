package dev.graft.cli.trust;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.cli.base.UserError;
import dev.graft.runtime.config.GraftHome;
import dev.graft.runtime.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;

/**
 * The project script directories you trust, in {@code $GRAFT_HOME/trusted-scripts.json}: for each
 * directory (its real path), the fingerprint of what you trusted, file by file, or that you never
 * want its scripts run. Read once; {@link #trust}, {@link #never} and {@link #forget} write the
 * file again at once (through a temporary file, so it is never half written).
 */
public final class TrustStore {
  static final String FILE_NAME = "trusted-scripts.json";

  /** What is recorded for one directory. */
  sealed interface Record {
    record Trusted(ScriptFingerprint fingerprint, String at) implements Record {}

    record Never(String at) implements Record {}
  }

  /** Where a directory stands against what is recorded for it. */
  public sealed interface State {
    /** Nothing recorded: never asked, or forgotten. */
    record Unknown() implements State {}

    record Trusted() implements State {}

    /** Trusted once, but the files (or the exec grants) are not what was trusted. */
    record Changed(ScriptFingerprint.Change change) implements State {}

    /** You chose never to run them. */
    record Never() implements State {}
  }

  private final Path file;
  private final Map<String, Record> records;

  private TrustStore(Path file, Map<String, Record> records) {
    this.file = file;
    this.records = records;
  }

  public static Path file(GraftHome home) {
    return home.root().resolve(FILE_NAME);
  }

  /**
   * Reads the store; an absent file is an empty store. A file that cannot be read or parsed is a
   * {@link UserError} (one line naming it): graft would rather run no project scripts than guess.
   */
  public static TrustStore load(GraftHome home) {
    Path file = file(home);
    Map<String, Record> records = new TreeMap<>();
    if (!Files.exists(file)) {
      return new TrustStore(file, records);
    }
    JsonNode root;
    try {
      root = Json.parse(Files.readString(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UserError(
          file
              + ": cannot read the trusted scripts ("
              + String.valueOf(e.getMessage()).lines().findFirst().orElse("")
              + "); fix or delete the file");
    }
    JsonNode dirs = root == null ? null : root.get("directories");
    if (dirs == null || !dirs.isObject()) {
      throw new UserError(
          file + ": not a trusted-scripts file (no \"directories\" object); fix or delete it");
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = dirs.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      records.put(e.getKey(), record(file, e.getKey(), e.getValue()));
    }
    return new TrustStore(file, records);
  }

  private static Record record(Path file, String dir, JsonNode node) {
    String at = node.path("at").asText("");
    if (node.path("never").asBoolean(false)) {
      return new Record.Never(at);
    }
    JsonNode files = node.get("files");
    if (!node.path("fingerprint").isTextual() || files == null || !files.isObject()) {
      throw new UserError(
          file + ": the entry for " + dir + " has no fingerprint and files; fix or delete it");
    }
    Map<String, String> hashes = new TreeMap<>();
    files.fields().forEachRemaining(f -> hashes.put(f.getKey(), f.getValue().asText()));
    String grants = node.path("grants").asText("");
    ScriptFingerprint fingerprint =
        new ScriptFingerprint(node.get("fingerprint").textValue(), hashes, grants);
    if (!ScriptFingerprint.combine(hashes, grants).equals(fingerprint.value())) {
      throw new UserError(
          file
              + ": the entry for "
              + dir
              + " does not add up to its fingerprint; fix or delete it");
    }
    return new Record.Trusted(fingerprint, at);
  }

  public State state(Path dir, ScriptFingerprint now) {
    return switch (records.get(key(dir))) {
      case null -> new State.Unknown();
      case Record.Never n -> new State.Never();
      case Record.Trusted t ->
          t.fingerprint().value().equals(now.value())
              ? new State.Trusted()
              : new State.Changed(t.fingerprint().changesTo(now));
    };
  }

  public void trust(Path dir, ScriptFingerprint fingerprint) {
    records.put(key(dir), new Record.Trusted(fingerprint, Instant.now().toString()));
    save();
  }

  public void never(Path dir) {
    records.put(key(dir), new Record.Never(Instant.now().toString()));
    save();
  }

  /** Forgets {@code dir} (trust or "never"); false when nothing was recorded. */
  public boolean forget(Path dir) {
    boolean had = records.remove(key(dir)) != null;
    if (had) {
      save();
    }
    return had;
  }

  /** The key for a directory: its real path, so that links and relative spellings agree. */
  static String key(Path dir) {
    try {
      return dir.toRealPath().toString();
    } catch (IOException e) {
      return dir.toAbsolutePath().normalize().toString();
    }
  }

  private void save() {
    ObjectNode dirs = Json.object();
    records.forEach((dir, r) -> {
      ObjectNode entry = dirs.putObject(dir);
      switch (r) {
        case Record.Never n -> entry.put("never", true).put("at", n.at());
        case Record.Trusted t -> {
          entry.put("fingerprint", t.fingerprint().value()).put("at", t.at());
          ObjectNode files = entry.putObject("files");
          t.fingerprint().files().entrySet().stream()
              .sorted(Map.Entry.comparingByKey())
              .forEach(f -> files.put(f.getKey(), f.getValue()));
          entry.put("grants", t.fingerprint().grants());
        }
      }
    });
    ObjectNode root = Json.object();
    root.set("directories", dirs);
    try {
      Files.createDirectories(file.getParent());
      Path temp = Files.createTempFile(file.getParent(), FILE_NAME, ".tmp");
      Files.writeString(
          temp,
          Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n",
          StandardCharsets.UTF_8);
      try {
        Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
    }
  }
}
