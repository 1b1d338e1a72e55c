package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.scripting.api.Failure;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Fuzzes values going into a script: any JSON graft parses, handed to a handler that returns it
 * unchanged, comes back as the same JavaScript value (numbers as JavaScript holds them, a number
 * too large for a double as null, as JSON.stringify writes Infinity). Nesting deeper than the
 * prelude checks (1,000 levels) may be refused as too deep, never anything else.
 */
class JsonIntoScriptFuzzTest {
  private static Path dir;
  private static ScriptFixture fixture;

  @BeforeAll
  static void loadEchoScript() throws IOException {
    dir = Files.createTempDirectory("graft-fuzz-json-in");
    fixture = new ScriptFixture(dir);
    fixture.write(
        "echo.js",
        """
        export default function (pi) {
          pi.on("context", (event) => ({ v: event.v, kind: typeof event.v }));
        }
        """);
    assertThat(fixture.load().problems()).isEmpty();
  }

  @AfterAll
  static void close() throws IOException {
    fixture.close();
    try (var files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }

  @FuzzTest(maxDuration = "30s")
  void anyJsonComesBackFromAHandlerAsTheSameValue(byte[] data) {
    JsonNode value;
    try {
      value = Json.parse(data, 0, data.length);
    } catch (IOException | RuntimeException notJson) {
      return;
    }
    ObjectNode payload = Json.object();
    payload.set("v", value);
    List<HandlerOutcome> out = fixture.emit("context", payload);
    assertThat(out).hasSize(1);
    if (out.get(0) instanceof HandlerOutcome.Failed failed) {
      Failure f = failed.failure();
      assertThat(f.kind()).as(f.message()).isEqualTo(Failure.Kind.NOT_JSON);
      assertThat(f.message()).doesNotContain("\n").contains("nested");
      assertThat(depth(value)).as(f.message()).isGreaterThan(900);
      return;
    }
    JsonNode answer = ((HandlerOutcome.Answered) out.get(0)).value();
    assertThat(Json.jsValue(answer.get("v"))).isEqualTo(Json.jsValue(value));
    assertThat(answer.get("kind").asText())
        .isEqualTo(
            switch (Json.jsValue(value).getNodeType()) {
              case OBJECT, ARRAY, NULL -> "object";
              case STRING -> "string";
              case NUMBER -> "number";
              case BOOLEAN -> "boolean";
              default -> throw new IllegalStateException(value.getNodeType().toString());
            });
  }

  private static int depth(JsonNode node) {
    int deepest = 0;
    for (JsonNode child : node) {
      deepest = Math.max(deepest, depth(child));
    }
    return 1 + deepest;
  }
}
