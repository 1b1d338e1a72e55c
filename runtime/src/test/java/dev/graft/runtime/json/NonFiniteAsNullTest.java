package dev.graft.runtime.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A number too large for a double is written as JSON.stringify writes Infinity: null. */
class NonFiniteAsNullTest {

  @Test
  void aNumberBeyondADoubleIsWrittenAsNullNotAsAString() throws Exception {
    // Found by JsonIntoScriptFuzzTest: a script was handed the string "Infinity".
    JsonNode parsed = Json.parse("{\"big\":544444444444e4444,\"small\":-1e999,\"list\":[1e400,2]}");
    assertThat(Json.write(parsed)).isEqualTo("{\"big\":null,\"small\":null,\"list\":[null,2]}");
    StringWriter out = new StringWriter();
    try (var generator = Json.MAPPER.getFactory().createGenerator(out)) {
      Json.write(generator, parsed);
    }
    assertThat(out).hasToString("{\"big\":null,\"small\":null,\"list\":[null,2]}");
    assertThat(new String(Json.MAPPER.writeValueAsBytes(parsed), StandardCharsets.UTF_8))
        .isEqualTo("{\"big\":null,\"small\":null,\"list\":[null,2]}");
  }

  @Test
  void anIntegerOrDecimalReadWholeBeyondADoubleIsWrittenAsNull() throws Exception {
    // Found by JsonIntoScriptFuzzTest: 400 digits read as a BigInteger reached the script as
    // Infinity.
    String digits = "5".repeat(400);
    JsonNode parsed =
        Json.parse("{\"i\":" + digits + ",\"n\":-" + digits + ",\"ok\":" + "9".repeat(30) + "}");
    assertThat(parsed.get("i").isBigInteger()).isTrue();
    assertThat(Json.write(parsed))
        .isEqualTo("{\"i\":null,\"n\":null,\"ok\":" + "9".repeat(30) + "}");
    JsonNode decimal =
        Json.object().put("d", new BigDecimal("1e400")).put("e", new BigDecimal("1.5"));
    assertThat(Json.write(decimal)).isEqualTo("{\"d\":null,\"e\":1.5}");
  }

  @Test
  void finiteNumbersAreWrittenAsBefore() {
    assertThat(
            Json.write(Json.object().put("a", 1.5).put("b", 1e300).put("c", -0.0).put("f", 2.5f)))
        .isEqualTo("{\"a\":1.5,\"b\":1.0E300,\"c\":-0.0,\"f\":2.5}");
  }
}
