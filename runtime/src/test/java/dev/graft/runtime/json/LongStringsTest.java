package dev.graft.runtime.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.management.ThreadMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A line with a very long string value (a huge tool result) parses to the tree Jackson would make,
 * without Jackson's UTF-16 text buffer: a session of 300 MB with one 150 MB tool result needed
 * about 800 MB of heap to read that one line.
 */
class LongStringsTest {
  private static final int LONG = LongStrings.MIN_LENGTH + 1000;

  /** {@code unit} repeated to at least {@link #LONG} bytes. */
  private static String longText(String unit) {
    return unit.repeat(LONG / unit.length() + 1);
  }

  private static void assertParsesAsJackson(String json) throws IOException {
    byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
    JsonNode expected = Json.parseWithJackson(bytes, 0, bytes.length);
    assertThat(Json.parse(bytes, 0, bytes.length)).isEqualTo(expected);
    byte[] padded = new byte[bytes.length + 6];
    System.arraycopy(bytes, 0, padded, 3, bytes.length);
    assertThat(Json.parseConsuming(padded, 3, bytes.length)).isEqualTo(expected);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "plain ascii words ",
        "line\\n\\ttab \\\"quoted\\\" back\\\\slash \\/ \\b\\f\\r ",
        "caf\u00e9 \u2192 \uD83D\uDE00 ",
        "\\u00e9\\u2192\\uD83D\\uDE00\\u0000\\u001F ",
      })
  void aLongValueIsTheStringJacksonReads(String unit) throws IOException {
    String text = longText(unit);
    assertParsesAsJackson(
        "{\"type\":\"message\",\"message\":{\"content\":[{\"type\":\"text\",\"text\":\""
            + text
            + "\"},{\"type\":\"text\",\"text\":\"short\"}]},\"second\":\""
            + text
            + "x\"}");
  }

  @Test
  void valuesInArraysARepeatedKeyAndATopLevelStringAreAsJacksonReadsThem() throws IOException {
    String text = longText("abc ");
    assertParsesAsJackson("{\"k\":[\"" + text + "\",[\"" + text + "\"],{\"n\":\"" + text + "\"}]}");
    assertParsesAsJackson("{\"k\":\"" + text + "\",\"k\":\"short\"}");
    assertParsesAsJackson("{\"k\":\"short\",\"k\" : \"" + text + "\"}");
    assertParsesAsJackson("\"" + text + "\"");
  }

  @Test
  void whatJacksonRefusesInALongValueIsRefusedWithJacksonsMessage() throws IOException {
    String text = longText("abc ");
    for (String bad :
        new String[] {
          "{\"k\":\"" + text + "\u0001\"}", // a raw control character
          "{\"k\":\"" + text + "\\x\"}", // an escape JSON has not
          "{\"k\":\"" + text + "\"", // the object is not closed
          "{\"k\":\"" + text + "\"} []", // trailing content
          "{\"" + text + "\":\"" + text + "\"}", // a key longer than Jackson's limit
        }) {
      byte[] bytes = bad.getBytes(StandardCharsets.UTF_8);
      String expected = jacksonsError(bytes);
      assertThatThrownBy(() -> Json.parse(bytes, 0, bytes.length)).hasMessage(expected);
      assertThatThrownBy(() -> Json.parseConsuming(bytes, 0, bytes.length)).hasMessage(expected);
    }
    byte[] notUtf8 = ("{\"k\":\"" + text + "\"}").getBytes(StandardCharsets.UTF_8);
    notUtf8[LONG / 2] = (byte) 0xC3; // a lead byte followed by ASCII
    String expected = jacksonsError(notUtf8);
    assertThatThrownBy(() -> Json.parseConsuming(notUtf8, 0, notUtf8.length)).hasMessage(expected);
  }

  @Test
  void aLoneSurrogateEscapeIsKeptAsJacksonKeepsIt() throws IOException {
    String text = longText("abc ");
    assertParsesAsJackson("{\"k\":\"" + text + "\\uD800 and \\uDC00\"}");
    assertParsesAsJackson("{\"k\":\"" + text + "\\uDBFF\"}");
  }

  private static String jacksonsError(byte[] bytes) {
    try {
      Json.parseWithJackson(Arrays.copyOf(bytes, bytes.length), 0, bytes.length);
    } catch (IOException e) {
      return e.getMessage();
    }
    throw new AssertionError("Jackson parsed it");
  }

  @Test
  void aLongValueIsReadWithoutJacksonsBuffers() throws IOException {
    // 32 MB of text with a newline every 40 characters, as a tool result escapes it. Jackson
    // allocated about 5 bytes per character: UTF-16 segments, a builder, the String.
    String line =
        "{\"text\":\"" + "a line of tool output, forty bytes long\\n".repeat(800_000) + "\"}";
    byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
    var threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    long before = threads.getCurrentThreadAllocatedBytes();
    JsonNode node = Json.parseConsuming(bytes, 0, bytes.length);
    long allocated = threads.getCurrentThreadAllocatedBytes() - before;
    assertThat(node.get("text").textValue()).hasSize(800_000 * 40);
    assertThat(allocated).isLessThan(bytes.length * 5L / 4); // the String, and little else
  }

  /**
   * The limit counts the string's characters, not its escaped text: a value whose escapes make the
   * text longer than the limit, though the string is not, is still read without Jackson (a 500 MB
   * tool result with a newline every 40 characters went to Jackson, and needed 3 GB of heap).
   */
  @Test
  void aValueWhoseEscapesPassTheLimitIsReadByCharacters() throws IOException {
    String text = "a line of tool output, forty bytes long\\n".repeat(30_000);
    byte[] bytes = ("{\"text\":\"" + text + "\"}").getBytes(StandardCharsets.UTF_8);
    int characters = 30_000 * 40;
    int escaped = 30_000 * 41;
    assertThat(LongStrings.parse(bytes, 0, bytes.length, false, characters))
        .as("the string's length is the limit")
        .isNotNull();
    assertThat(LongStrings.parse(bytes, 0, bytes.length, false, characters - 1))
        .as("past the limit: Jackson's to refuse")
        .isNull();
    assertThat(escaped).isGreaterThan(characters);
  }
}
