package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.scripting.api.Failure;
import dev.graft.scripting.api.ScriptSettings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Fuzzes values coming out of a script. A handler builds an arbitrary JavaScript value from the
 * fuzzer's bytes (plain data, but also functions, symbols, BigInts, non-finite numbers, Maps,
 * cycles, sparse arrays, toJSON, boxed primitives, throwing getters, deep nesting, oversized
 * strings) and returns it; the builder notes what it put in. graft must answer exactly what
 * JavaScript's own JSON.stringify makes of a value that is JSON, refuse with a one-line NOT_JSON
 * failure a value that is not, and report a throwing getter as the script's own error.
 */
class GuestValueFuzzTest {
  /** Small enough that the fuzzer reaches it with a few oversized strings. */
  private static final int MAX_CHARS = 65_536;

  private static Path dir;
  private static ScriptFixture fixture;

  @BeforeAll
  static void loadBuilderScript() throws IOException {
    dir = Files.createTempDirectory("graft-fuzz-guest-out");
    fixture = new ScriptFixture(dir, ScriptSettings.defaults().withMaxBridgeChars(MAX_CHARS));
    try (var in = GuestValueFuzzTest.class.getResourceAsStream("GuestValueFuzzTest-builder.js")) {
      fixture.write("builder.js", new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }
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
  void anyGuestValueComesOutAsItsJsonOrIsRefused(FuzzedDataProvider data) {
    ObjectNode payload = Json.object();
    ArrayNode strings = payload.putArray("strs");
    int count = data.consumeInt(0, 3);
    for (int i = 0; i < count; i++) {
      strings.add(data.consumeString(24));
    }
    ArrayNode ops = payload.putArray("ops");
    for (byte b : data.consumeRemainingAsBytes()) {
      ops.add(b & 0xFF);
    }
    List<HandlerOutcome> out = fixture.emit("context", payload);
    assertThat(out).hasSize(1);
    HandlerOutcome noted = fixture.emit("agent_end", Json.object()).get(0);
    assertThat(noted)
        .as(ScriptFixture.messageOf(noted) + " after " + ScriptFixture.messageOf(out.get(0)))
        .isInstanceOf(HandlerOutcome.Answered.class);
    JsonNode built = ((HandlerOutcome.Answered) noted).value();
    boolean bad = built.get("bad").asBoolean();
    boolean throwing = built.get("throws").asBoolean();
    boolean unsure = built.get("unsure").asBoolean();
    String what = built.toString();

    if (out.get(0) instanceof HandlerOutcome.Answered answered) {
      assertThat(bad || throwing).as("answered although the value is not JSON: " + what).isFalse();
      if (built.get("ref").isNull()) {
        assertThat(built.get("refLength").asInt()).as(what).isGreaterThan(60000);
        assertThat(Json.write(answered.value()).length()).isEqualTo(built.get("refLength").asInt());
      } else {
        JsonNode reference = parse(built.get("ref").asText());
        assertThat(Json.jsValue(answered.value())).as(what).isEqualTo(Json.jsValue(reference));
      }
      return;
    }
    Failure failure = ((HandlerOutcome.Failed) out.get(0)).failure();
    assertThat(failure.message())
        .as(what)
        .doesNotContain("\n")
        .contains("builder.js: context handler ");
    if (throwing && !bad && !unsure) {
      assertThat(failure.kind()).as(failure.message()).isEqualTo(Failure.Kind.THREW);
      assertThat(failure.message()).contains("Error: getter");
    } else if (throwing) {
      assertThat(failure.kind())
          .as(failure.message())
          .isIn(Failure.Kind.THREW, Failure.Kind.NOT_JSON);
    } else {
      assertThat(bad || unsure)
          .as("refused a JSON value: " + failure.message() + " " + what)
          .isTrue();
      assertThat(failure.kind()).as(failure.message()).isEqualTo(Failure.Kind.NOT_JSON);
      assertThat(failure.message()).containsPattern("the result is (not JSON|too large)");
    }
  }

  private static JsonNode parse(String text) {
    try {
      return Json.parse(text);
    } catch (IOException e) {
      throw new AssertionError(
          "JSON.stringify gave text Jackson cannot read: " + e.getMessage(), e);
    }
  }
}
