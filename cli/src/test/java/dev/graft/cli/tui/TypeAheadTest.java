package dev.graft.cli.tui;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;

class TypeAheadTest {

  /** The keys read from {@code input}; a null is a pause longer than any wait. */
  private static List<String> names(Object... input) throws IOException {
    Deque<Integer> chars = new ArrayDeque<>();
    for (Object o : input) {
      if (o == null) {
        chars.add(KeyDecoder.TIMEOUT);
      } else {
        ((String) o).chars().forEach(chars::add);
      }
    }
    KeyDecoder decoder =
        new KeyDecoder(
            new TypeAhead(timeout -> chars.isEmpty() ? KeyDecoder.TIMEOUT : chars.poll()));
    List<String> keys = new ArrayList<>();
    while (!chars.isEmpty()) {
      decoder.next(10).ifPresent(k -> keys.add(k.name()));
    }
    return keys;
  }

  @Test
  void aLineFeedTypedAheadIsEnterAndOneTypedLaterIsCtrlJ() throws IOException {
    // the terminal's line mode turned the Enter typed ahead into a line feed
    assertThat(names("\nhi\n", null, "\n", "\r"))
        .containsExactly("enter", "h", "i", "enter", "ctrl+j", "enter");
  }

  @Test
  void withNothingTypedAheadALineFeedIsCtrlJ() throws IOException {
    assertThat(names(null, "a\n")).containsExactly("a", "ctrl+j");
  }

  @Test
  void altEnterTypedAheadStaysAltEnter() throws IOException {
    assertThat(names("\033\n")).containsExactly("alt+enter");
  }
}
