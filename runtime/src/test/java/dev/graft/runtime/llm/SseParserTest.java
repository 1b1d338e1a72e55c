package dev.graft.runtime.llm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SseParserTest {

  private static List<SseEvent> parse(SseParser parser, String... chunks) throws StreamFailure {
    List<SseEvent> out = new ArrayList<>();
    for (String c : chunks) {
      out.addAll(parser.feed(ByteBuffer.wrap(c.getBytes(StandardCharsets.UTF_8))));
    }
    return out;
  }

  @Test
  void lfCrlfAndCrLineEndingsAllWork() throws Exception {
    SseParser p = new SseParser();
    List<SseEvent> events =
        parse(p, "event: a\ndata: 1\n\n", "event: b\r\ndata: 2\r\n\r\n", "event: c\rdata: 3\r\r");
    assertThat(events)
        .containsExactly(new SseEvent("a", "1"), new SseEvent("b", "2"), new SseEvent("c", "3"));
  }

  @Test
  void crlfSplitAcrossChunksCountsAsOneLineEnd() throws Exception {
    SseParser p = new SseParser();
    List<SseEvent> events = parse(p, "data: one\r", "\n", "\r", "\ndata: two\r\n\r\n");
    assertThat(events).containsExactly(new SseEvent("", "one"), new SseEvent("", "two"));
  }

  @Test
  void commentsAreSkippedAndDataLinesJoinWithNewlines() throws Exception {
    SseParser p = new SseParser();
    List<SseEvent> events =
        parse(
            p,
            ": keep-alive\n\n",
            "event: multi\ndata: first\n: a comment inside\ndata:second\ndata\nid: 7\nretry: 100\n\n");
    assertThat(events).containsExactly(new SseEvent("multi", "first\nsecond\n"));
  }

  @Test
  void eventsWithoutDataAreDroppedAndTheNameDoesNotLeak() throws Exception {
    SseParser p = new SseParser();
    List<SseEvent> events = parse(p, "event: lonely\n\n", "data: x\n\n");
    assertThat(events).containsExactly(new SseEvent("", "x"));
  }

  @Test
  void multiByteCharactersSplitAcrossChunksDecodeIntact() throws Exception {
    byte[] bytes = "data: grüß 👋\n\n".getBytes(StandardCharsets.UTF_8);
    SseParser p = new SseParser();
    List<SseEvent> events = new ArrayList<>();
    for (byte b : bytes) {
      events.addAll(p.feed(ByteBuffer.wrap(new byte[] {b})));
    }
    assertThat(events).containsExactly(new SseEvent("", "grüß 👋"));
  }

  @Test
  void byteOrderMarkBeforeTheFirstLineIsIgnored() throws Exception {
    SseParser p = new SseParser();
    List<SseEvent> events = parse(p, "\uFEFFevent: a\ndata: 1\n\n");
    assertThat(events).containsExactly(new SseEvent("a", "1"));
  }

  @Test
  void aFinalEventWithoutBlankLineIsStillDelivered() throws Exception {
    SseParser p = new SseParser();
    assertThat(parse(p, "data: [DONE]\n")).isEmpty();
    assertThat(p.finish()).containsExactly(new SseEvent("", "[DONE]"));
    assertThat(p.truncated()).isFalse();
  }

  @Test
  void anEventCutOffMidLineIsDroppedAndReported() throws Exception {
    SseParser p = new SseParser();
    assertThat(parse(p, "data: {\"a\":1}\n\n", "data: {\"b\":"))
        .containsExactly(new SseEvent("", "{\"a\":1}"));
    assertThat(p.finish()).isEmpty();
    assertThat(p.truncated()).isTrue();
  }

  @Test
  void aLastLineWithoutItsNewlineIsDeliveredWhenItsJsonIsWhole() throws Exception {
    SseParser p = new SseParser();
    assertThat(parse(p, "event: message_stop\ndata: {\"type\":\"message_stop\"}")).isEmpty();
    assertThat(p.finish())
        .containsExactly(new SseEvent("message_stop", "{\"type\":\"message_stop\"}"));
    assertThat(p.truncated()).isFalse();
  }

  @Test
  void fieldWithoutSpaceAfterColonKeepsItsValue() throws Exception {
    SseParser p = new SseParser();
    assertThat(parse(p, "data:  two spaces\n\n")).containsExactly(new SseEvent("", " two spaces"));
  }
}
