package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.scripting.api.ScriptSessionView;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A first read of a long session copies every entry line into the script's reply: the reply is
 * allocated at its final size, not at the size of all the lines (a 338 MB session took 3.2 GB).
 */
class EntryLinesSizeTest {
  private static final String LONG =
      "{\"role\":\"toolResult\",\"text\":\"" + "x".repeat(500) + "\"}";

  private static final List<String> LINES =
      List.of(
          "{\"type\":\"message\",\"id\":\"a\",\"message\":" + LONG + "}",
          "{\"type\":\"custom\",\"id\":\"b\",\"data\":{\"n\":1}}",
          "not an object",
          "{\"type\":\"message\",\"message\":" + LONG + ",\"message\":" + LONG + "}",
          "{\"type\":\"custom\",\"data\":[" + LONG + "],\"message\":" + LONG + "}");

  @Test
  void theReplyIsAllocatedAtItsSize() {
    assertThat(SessionViewCalls.Split.of(LINES, 400).rawLength()).isEqualTo(3 * LONG.length() + 2);
    ScriptSessionView.Reply reply =
        new ScriptSessionView.Reply(
            "g1", 0, LINES, LINES.size(), new ScriptSessionView.Answer.Nothing());
    StringBuilder text = SessionViewCalls.entries(reply).text();
    assertThat(text.capacity()).isEqualTo(text.length());
    assertThat(text.toString()).contains("\"lz\":[0,0,").endsWith(",\"r\":null}");
  }
}
