package dev.graft.runtime.session;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every generated session, with every entry taken as the leaf, gives exactly the reference's
 * buildSessionContext() and convertToLlm() output (key order and number spelling aside).
 */
class ReferenceDifferentialTest {
  @TempDir Path temp;

  static Stream<String> sessions() throws IOException, URISyntaxException {
    Path root = Path.of(ReferenceDifferentialTest.class.getResource("/sessions/generated").toURI());
    try (Stream<Path> dirs = Files.list(root)) {
      List<String> names =
          dirs.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted().toList();
      assertThat(names).hasSizeGreaterThanOrEqualTo(50);
      return names.stream();
    }
  }

  @ParameterizedTest
  @MethodSource("sessions")
  void contextAndLlmMatchTheReferenceForEveryLeaf(String name) throws Exception {
    Path dir = Path.of(getClass().getResource("/sessions/generated/" + name).toURI());
    Path copy = temp.resolve("session.jsonl");
    Files.copy(dir.resolve("session.jsonl"), copy, StandardCopyOption.REPLACE_EXISTING);
    JsonNode expected;
    try (InputStream in =
        new GZIPInputStream(Files.newInputStream(dir.resolve("expected.json.gz")))) {
      expected = Json.MAPPER.readTree(in).get("cases");
    }
    byte[] before = Files.readAllBytes(copy);
    try (Session session = Session.open(copy)) {
      assertThat(session.warnings()).isEmpty();
      int checked = 0;
      for (Map.Entry<String, JsonNode> c : expected.properties()) {
        SessionContext context =
            c.getKey().isEmpty() ? session.buildContext() : session.buildContext(c.getKey());
        ObjectNode actual = Json.object();
        actual.set("context", context.toJson());
        actual.set("llm", context.llmJson());
        ObjectNode want = Json.object();
        want.set("context", c.getValue().get("context"));
        want.set("llm", c.getValue().get("llm"));
        assertThat(Json.jsValue(actual))
            .as("%s leaf %s", name, c.getKey().isEmpty() ? "(file leaf)" : c.getKey())
            .isEqualTo(Json.jsValue(want));
        checked++;
      }
      assertThat(checked).isGreaterThan(5);
    }
    assertThat(Files.readAllBytes(copy)).as("opening must not write").isEqualTo(before);
  }
}
