package dev.graft.runtime.llm;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/** The SSE parser gives the same events however the bytes are split into network chunks. */
class SseParserFuzzTest {

  @FuzzTest(maxDuration = "30s")
  void eventsDoNotDependOnChunking(FuzzedDataProvider data) {
    int splits = data.consumeInt(0, 8);
    List<Integer> cuts = new ArrayList<>();
    for (int i = 0; i < splits; i++) {
      cuts.add(data.consumeInt(0, 4096));
    }
    byte[] stream = data.consumeRemainingAsBytes();
    List<String> whole = parse(stream, List.of());
    List<String> chunked = parse(stream, cuts);
    assertThat(chunked).isEqualTo(whole);
  }

  private static List<String> parse(byte[] stream, List<Integer> cuts) {
    SseParser parser = new SseParser();
    List<String> out = new ArrayList<>();
    try {
      int from = 0;
      List<Integer> sorted = cuts.stream().map(c -> Math.min(c, stream.length)).sorted().toList();
      for (int cut : sorted) {
        if (cut > from) {
          parser
              .feed(ByteBuffer.wrap(stream, from, cut - from))
              .forEach(e -> out.add(e.event() + "\u0000" + e.data()));
          from = cut;
        }
      }
      parser
          .feed(ByteBuffer.wrap(stream, from, stream.length - from))
          .forEach(e -> out.add(e.event() + "\u0000" + e.data()));
      parser.finish().forEach(e -> out.add(e.event() + "\u0000" + e.data()));
      out.add("truncated=" + parser.truncated());
    } catch (StreamFailure f) {
      out.add("failure: " + f.getMessage());
    }
    return out;
  }
}
