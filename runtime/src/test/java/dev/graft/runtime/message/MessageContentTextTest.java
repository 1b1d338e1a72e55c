package dev.graft.runtime.message;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A tool result's text, asked for to preview it (session tree, export), is the block's own String:
 * a copy of a 150 MB result cost the export twice that in heap.
 */
class MessageContentTextTest {
  @Test
  void oneTextBlockIsItsOwnTextAndSeveralAreJoined() {
    String big = "x".repeat(1 << 20);
    MessageContent one = new MessageContent.Blocks(List.of(new ContentBlock.Text(big)));
    assertThat(one.text(" ")).isSameAs(big);
    MessageContent none = new MessageContent.Blocks(List.of());
    assertThat(none.text(" ")).isEmpty();
    MessageContent two =
        new MessageContent.Blocks(
            List.of(
                new ContentBlock.Text(""), new ContentBlock.Text("a"), new ContentBlock.Text("b")));
    assertThat(two.text(" ")).isEqualTo("a b");
  }
}
