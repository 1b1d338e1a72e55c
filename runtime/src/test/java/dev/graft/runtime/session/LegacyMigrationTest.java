package dev.graft.runtime.session;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Hand-written v1 and v2 session files (resources/sessions/legacy/NAME.jsonl) opened by graft
 * migrate exactly as the reference migrates them. Next to each fixture, recorded from the reference
 * by runtime/src/test/oracle/record-legacy.sh:
 *
 * <ul>
 *   <li>{@code NAME.migrated.jsonl}: the file after the reference opened (and rewrote) it;
 *   <li>{@code NAME.expected.json}: {@code opened}, the reference's leaf and context right after
 *       that first open, and {@code leaves}, its context and convertToLlm output with every entry
 *       of the migrated file taken as the leaf.
 * </ul>
 *
 * <p>v1 ids are random on both sides, so entries are matched by position (the header excluded):
 * every string equal to an entry id, wherever it appears (id, parentId, firstKeptEntryId, targetId,
 * a branch summary's fromId...), is replaced by {@code #position} before comparing.
 */
class LegacyMigrationTest {
  @TempDir Path temp;

  static Stream<String> fixtures() throws IOException, URISyntaxException {
    try (Stream<Path> files = Files.list(legacyDir())) {
      List<String> names =
          files
              .map(p -> p.getFileName().toString())
              .filter(n -> n.endsWith(".jsonl") && !n.endsWith(".migrated.jsonl"))
              .map(n -> n.substring(0, n.length() - ".jsonl".length()))
              .sorted()
              .toList();
      assertThat(names).hasSizeGreaterThanOrEqualTo(7);
      return names.stream();
    }
  }

  private static Path legacyDir() throws URISyntaxException {
    return Path.of(LegacyMigrationTest.class.getResource("/sessions/legacy").toURI());
  }

  @ParameterizedTest
  @MethodSource("fixtures")
  void migratesAndBuildsTheSameContextsAsTheReference(String name) throws Exception {
    Path dir = legacyDir();
    byte[] original = Files.readAllBytes(dir.resolve(name + ".jsonl"));
    int fromVersion = headerVersion(original);
    assertThat(fromVersion).as("%s is a legacy fixture", name).isIn(1, 2);
    List<ObjectNode> reference = lines(Files.readAllBytes(dir.resolve(name + ".migrated.jsonl")));
    JsonNode expected = Json.MAPPER.readTree(dir.resolve(name + ".expected.json").toFile());

    Path copy = temp.resolve(name + ".jsonl");
    Files.write(copy, original);
    List<String> graftIds;
    // Context differences are collected and reported last, after the migration checks.
    List<Mismatch> mismatches = new ArrayList<>();
    try (Session session = Session.open(copy)) {
      List<ObjectNode> migrated = lines(Files.readAllBytes(copy));
      assertThat(migrated).as("%s: lines of the migrated file", name).hasSameSizeAs(reference);
      graftIds = entryIds(migrated);
      List<String> referenceIds = entryIds(reference);
      if (fromVersion >= 2) {
        assertThat(graftIds).as("%s: a v2 file keeps its ids", name).isEqualTo(referenceIds);
      }
      assertThat(graftIds).as("%s: ids are unique", name).doesNotHaveDuplicates();

      // The migrated file, line by line, with ids replaced by positions: same header, same tree
      // (parent chain), same compaction targets, same content.
      for (int i = 0; i < reference.size(); i++) {
        assertThat(Json.jsValue(byPosition(migrated.get(i), graftIds)))
            .as("%s: migrated line %d", name, i + 1)
            .isEqualTo(Json.jsValue(byPosition(reference.get(i), referenceIds)));
      }

      // The session as graft holds it agrees with the file it wrote.
      List<SessionEntry> entries = session.entries();
      assertThat(entries.stream().map(SessionEntry::id).toList()).isEqualTo(graftIds);
      for (int i = 0; i < entries.size(); i++) {
        assertThat(entries.get(i).parentId().orElse(null))
            .as("%s: parent of entry %d", name, i)
            .isEqualTo(migrated.get(i + 1).path("parentId").textValue());
      }

      // Right after the migrating open: the same leaf and context as the reference's first open.
      JsonNode opened = expected.get("opened");
      assertThat(session.leafId().map(id -> "#" + graftIds.indexOf(id)).orElse(null))
          .as("%s: leaf after opening", name)
          .isEqualTo(position(opened.get("leaf").textValue(), referenceIds));
      compare(
          "leaf after opening", session.buildContext(), graftIds, opened, referenceIds, mismatches);

      // Every entry taken as the leaf.
      JsonNode leaves = expected.get("leaves");
      assertThat(leaves.size()).isEqualTo(graftIds.size());
      for (JsonNode leaf : leaves) {
        int index = leaf.get("index").intValue();
        assertThat(leaf.get("leaf").textValue()).isEqualTo(referenceIds.get(index));
        compare(
            "leaf #" + index,
            session.buildContext(graftIds.get(index)),
            graftIds,
            leaf,
            referenceIds,
            mismatches);
      }
    }

    Path backup = copy.resolveSibling(name + ".jsonl.v" + fromVersion + ".bak");
    assertThat(backup).as("%s: backup of the original", name).exists();
    assertThat(Files.readAllBytes(backup))
        .as("%s: backup holds the original bytes", name)
        .isEqualTo(original);

    // A second open finds a v3 file: nothing is rewritten and no backup is made again.
    byte[] migratedBytes = Files.readAllBytes(copy);
    Files.delete(backup);
    try (Session again = Session.open(copy)) {
      assertThat(again.header().version()).isEqualTo(SessionHeader.CURRENT_VERSION);
      assertThat(again.warnings()).as("%s: warnings on the second open", name).isEmpty();
      assertThat(again.entries().stream().map(SessionEntry::id).toList()).isEqualTo(graftIds);
      compare(
          "leaf after reopening",
          again.buildContext(),
          graftIds,
          expected.get("opened"),
          entryIds(reference),
          mismatches);
    }
    assertThat(Files.readAllBytes(copy))
        .as("%s: the second open must not write", name)
        .isEqualTo(migratedBytes);
    try (Stream<Path> files = Files.list(temp)) {
      assertThat(files.map(p -> p.getFileName().toString()).toList())
          .as("%s: no new backup or temporary file", name)
          .containsExactly(name + ".jsonl");
    }
    assertNoMismatch(name, mismatches);
  }

  /**
   * The reference's migrated file (already v3) opened by graft without any migration: separates a
   * context-building difference from a migration difference. Ids are the reference's own.
   */
  @ParameterizedTest
  @MethodSource("fixtures")
  void readsTheReferenceMigratedFileAsTheReference(String name) throws Exception {
    Path dir = legacyDir();
    Path copy = temp.resolve(name + ".migrated.jsonl");
    Files.copy(dir.resolve(name + ".migrated.jsonl"), copy);
    byte[] before = Files.readAllBytes(copy);
    JsonNode expected = Json.MAPPER.readTree(dir.resolve(name + ".expected.json").toFile());
    List<String> ids = entryIds(lines(before));
    List<Mismatch> mismatches = new ArrayList<>();
    try (Session session = Session.open(copy)) {
      assertThat(session.warnings()).isEmpty();
      assertThat(session.leafId()).contains(expected.get("opened").get("leaf").textValue());
      compare("file leaf", session.buildContext(), ids, expected.get("opened"), ids, mismatches);
      for (JsonNode leaf : expected.get("leaves")) {
        compare(
            "leaf #" + leaf.get("index").intValue(),
            session.buildContext(leaf.get("leaf").textValue()),
            ids,
            leaf,
            ids,
            mismatches);
      }
    }
    assertNoMismatch(name, mismatches);
    assertThat(Files.readAllBytes(copy)).as("opening a v3 file must not write").isEqualTo(before);
  }

  /** A leaf whose context or llm output differs: what graft built and what the reference did. */
  record Mismatch(String leaf, JsonNode actual, JsonNode expected) {}

  /** Compares graft's context for a leaf with a context.mjs line, ids replaced by positions. */
  static void compare(
      String leaf,
      SessionContext context,
      List<String> graftIds,
      JsonNode expected,
      List<String> referenceIds,
      List<Mismatch> mismatches) {
    ObjectNode actual = Json.object();
    actual.set("context", context.toJson());
    actual.set("llm", context.llmJson());
    ObjectNode want = Json.object();
    want.set("context", expected.get("context"));
    want.set("llm", expected.get("llm"));
    JsonNode a = Json.jsValue(byPosition(actual, graftIds));
    JsonNode e = Json.jsValue(byPosition(want, referenceIds));
    if (!a.equals(e)) {
      mismatches.add(new Mismatch(leaf, a, e));
    }
  }

  /** Fails naming every leaf that differs, with the full values of the first one. */
  static void assertNoMismatch(String name, List<Mismatch> mismatches) {
    if (!mismatches.isEmpty()) {
      Mismatch first = mismatches.getFirst();
      assertThat(first.actual())
          .as(
              "%s: context/llm differ from the reference at %s; first: %s",
              name, mismatches.stream().map(Mismatch::leaf).toList(), first.leaf())
          .isEqualTo(first.expected());
    }
  }

  // ------------------------------------------------------------------ helpers

  /**
   * The version as the reference reads it ({@code header.version ?? 1}, compared as a number):
   * {@code 2.0} is version 2, as JSON.parse makes no difference between 2 and 2.0.
   */
  private static int headerVersion(byte[] file) throws IOException {
    JsonNode version = lines(file).getFirst().path("version");
    return version.isNumber() && version.doubleValue() == Math.rint(version.doubleValue())
        ? (int) version.doubleValue()
        : 1;
  }

  /** The JSON objects of a file's lines; blank and malformed lines left out, as both agents do. */
  static List<ObjectNode> lines(byte[] file) {
    List<ObjectNode> out = new ArrayList<>();
    for (String line : new String(file, StandardCharsets.UTF_8).split("\n")) {
      if (line.isBlank()) {
        continue;
      }
      try {
        if (Json.parse(line) instanceof ObjectNode o) {
          out.add(o);
        }
      } catch (IOException malformed) {
        // skipped
      }
    }
    return out;
  }

  /** Ids of the entries (every line after the header), in file order. */
  static List<String> entryIds(List<ObjectNode> lines) {
    return lines.subList(1, lines.size()).stream().map(o -> o.path("id").textValue()).toList();
  }

  private static String position(String id, List<String> ids) {
    int i = ids.indexOf(id);
    return i < 0 ? id : "#" + i;
  }

  /** A copy of {@code node} where every string equal to one of {@code ids} becomes "#index". */
  static JsonNode byPosition(JsonNode node, List<String> ids) {
    Map<String, String> map = new HashMap<>();
    for (int i = 0; i < ids.size(); i++) {
      map.put(ids.get(i), "#" + i);
    }
    return replace(node, map);
  }

  private static JsonNode replace(JsonNode node, Map<String, String> map) {
    if (node.isTextual()) {
      String to = map.get(node.textValue());
      return to == null ? node : Json.NODES.textNode(to);
    }
    if (node instanceof ObjectNode o) {
      ObjectNode copy = Json.object();
      o.properties().forEach(e -> copy.set(e.getKey(), replace(e.getValue(), map)));
      return copy;
    }
    if (node instanceof ArrayNode a) {
      ArrayNode copy = Json.array();
      a.forEach(x -> copy.add(replace(x, map)));
      return copy;
    }
    return node;
  }
}
