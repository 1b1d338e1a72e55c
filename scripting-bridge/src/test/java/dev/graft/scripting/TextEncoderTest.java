package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sandbox's TextEncoder encodes as Node's does: {@code encode}, and {@code encodeInto}, which
 * writes only whole sequences that fit and says how many code units it read and bytes it wrote. The
 * same probe runs in a script and in node.
 */
class TextEncoderTest {
  @TempDir Path temp;

  private static final String PROBE =
      """
      const texts = ["", "hi", "h\\u20acllo", "\\ud83d\\ude00x", "\\ud800x", "x\\udc00", "\\u00e9\\u00e9",
        "a\\ud83d", "\\u0800\\u07ff\\u007f\\uffff"];
      const result = { encode: [], into: [], refused: [] };
      const enc = new TextEncoder();
      for (const t of texts) {
        result.encode.push(Array.from(enc.encode(t)));
        for (let room = 0; room <= 8; room++) {
          const dest = new Uint8Array(room).fill(0xaa);
          const r = enc.encodeInto(t, dest);
          result.into.push([r.read, r.written, Array.from(dest)]);
        }
      }
      const part = new Uint8Array(6).subarray(2, 4);
      result.into.push([enc.encodeInto("abc", part), Array.from(new Uint8Array(part.buffer))]);
      for (const [src, dest] of [["a", []], ["a", new Uint16Array(2)], ["a", null], [undefined, new Uint8Array(1)]]) {
        try { enc.encodeInto(src, dest); result.refused.push("no error"); }
        catch (e) { result.refused.push(e.name + " " + e.code); }
      }
      """;

  @Test
  void encodesAndEncodesIntoAsNodeDoes() throws Exception {
    JsonNode graft;
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "encode.js",
          "export default function (pi) {\n  pi.on(\"agent_start\", () => {\n"
              + PROBE
              + "    return result;\n  });\n}\n");
      f.load();
      List<HandlerOutcome> outcomes = f.emit("agent_start", "{}");
      assertThat(outcomes)
          .singleElement()
          .as(outcomes.toString())
          .isInstanceOf(HandlerOutcome.Answered.class);
      graft = ((HandlerOutcome.Answered) outcomes.get(0)).value();
    }
    assertThat(graft.at("/into/21").toString())
        .as("h€llo into 3 bytes: the h, not part of the €")
        .isEqualTo("[1,1,[104,170,170]]");

    Path probe = temp.resolve("probe.mjs");
    Files.writeString(probe, PROBE + "process.stdout.write(JSON.stringify(result));\n");
    Process node = new ProcessBuilder("node", probe.toString()).redirectErrorStream(true).start();
    byte[] out = node.getInputStream().readAllBytes();
    assertThat(node.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(node.exitValue()).as(new String(out, StandardCharsets.UTF_8)).isZero();
    JsonNode reference = Json.parse(new String(out, StandardCharsets.UTF_8));
    assertThat(graft).isEqualTo(reference);
  }
}
