package dev.graft.runtime.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A request body is written as UTF-8 bytes at once, not as a String first (for a context holding a
 * 150 MB tool result, the String and Jackson's UTF-16 buffers cost four times the body), and the
 * bytes are exactly those of the String encoded: characters beyond the BMP as themselves, not as
 * escapes; a lone surrogate as {@code ?}, as before.
 */
class JsonBytesTest {
  @Test
  void theBytesAreTheStringsUtf8() {
    String filler = "x".repeat(7_999); // a pair across the generator's 8,000-character buffer
    List<String> texts =
        List.of(
            "plain",
            "\u0000\u0001\u001f\"\\/\b\f\n\r\t",
            "é ü ß € \u2028\u2029 \u007f\u0080 <>&'",
            "😀 𝄞 emoji and a clef",
            "a\ud800b",
            "x\udc00",
            "end\ud83d",
            filler + "😀" + filler + "\ud800");
    for (String text : texts) {
      ObjectNode node = Json.object();
      node.put("text", text);
      node.put(text, 1.5);
      node.put("nan", Double.NaN);
      node.putArray("list").add(text).add(2).add(Double.POSITIVE_INFINITY).addNull();
      node.putObject("nested").put("big", 12345678901234L).put("half", 0.5);
      assertThat(Json.writeBytes(node))
          .as(text.length() > 40 ? text.substring(0, 40) + "…" : text)
          .isEqualTo(Json.write(node).getBytes(StandardCharsets.UTF_8));
    }
  }

  @Test
  void aPairSplitAcrossWritesOrAFlushStaysOneCharacter() throws Exception {
    ByteArrayBuilder bytes = new ByteArrayBuilder();
    try (Writer out = new Utf8Writer(bytes)) {
      out.write("a\ud83d");
      out.flush();
      out.write("\ude00b\ud800");
      out.write("x".repeat(20_000) + "\udc00\ud83d");
    }
    assertThat(bytes.toByteArray())
        .isEqualTo(("a😀b?" + "x".repeat(20_000) + "??").getBytes(StandardCharsets.UTF_8));
  }
}
