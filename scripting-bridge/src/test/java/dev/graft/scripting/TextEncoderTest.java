package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
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

  private static final String BODY = "async function probe() {\n" + PROBE + "  return result;\n}";

  @Test
  void encodesAndEncodesIntoAsNodeDoes() throws Exception {
    JsonNode graft;
    try (ScriptFixture f = new ScriptFixture(temp)) {
      graft = NodeProbe.inGraft(f, "", BODY);
    }
    assertThat(graft.at("/into/21").toString())
        .as("h€llo into 3 bytes: the h, not part of the €")
        .isEqualTo("[1,1,[104,170,170]]");

    JsonNode reference = NodeProbe.inNode(temp, "", BODY);
    assertThat(graft).isEqualTo(reference);
  }
}
