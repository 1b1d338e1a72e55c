package dev.graft.cli.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class KeyDecoderTest {

  /** Characters as a terminal would send them; a null marks a pause longer than any wait. */
  private static List<Key.Kind> decode(Object... input) throws IOException {
    Deque<Integer> chars = new ArrayDeque<>();
    for (Object o : input) {
      if (o == null) {
        chars.add(KeyDecoder.TIMEOUT);
      } else if (o instanceof String s) {
        s.chars().forEach(chars::add);
      } else {
        chars.add((Integer) o);
      }
    }
    KeyDecoder decoder = new KeyDecoder(timeout -> chars.isEmpty() ? KeyDecoder.TIMEOUT : chars.poll());
    List<Key.Kind> keys = new ArrayList<>();
    Optional<Key> key;
    while (!chars.isEmpty()) {
      key = decoder.next(10);
      key.ifPresent(k -> keys.add(k.kind()));
    }
    return keys;
  }

  @Test
  void csiAndSs3SequencesAreNamedKeys() throws IOException {
    assertThat(decode("\033[A\033[B\033[C\033[D\033OA\033OB\033[H\033[F\033[1~\033[4~\033[5~\033[6~\033[3~"))
        .containsExactly(Key.Kind.UP, Key.Kind.DOWN, Key.Kind.RIGHT, Key.Kind.LEFT, Key.Kind.UP, Key.Kind.DOWN,
            Key.Kind.HOME, Key.Kind.END, Key.Kind.HOME, Key.Kind.END, Key.Kind.PAGE_UP, Key.Kind.PAGE_DOWN, Key.Kind.DELETE);
  }

  @Test
  void modifiedArrowsAreStillArrows() throws IOException {
    assertThat(decode("\033[1;5C\033[1;3A")).containsExactly(Key.Kind.RIGHT, Key.Kind.UP);
  }

  @Test
  void aLoneEscapeIsEscapeAndEscapeEnterIsAltEnter() throws IOException {
    assertThat(decode(27, null, "x")).containsExactly(Key.Kind.ESCAPE, Key.Kind.CHAR);
    assertThat(decode("\033\r")).containsExactly(Key.Kind.ALT_ENTER);
    assertThat(decode("\033x")).containsExactly(Key.Kind.OTHER); // Alt+x
  }

  @Test
  void controlCharacters() throws IOException {
    assertThat(decode(3, 4, 127, 8, 13, 10, 9, 21, 23, 1, 5, 14, 16, 2))
        .containsExactly(Key.Kind.CTRL_C, Key.Kind.CTRL_D, Key.Kind.BACKSPACE, Key.Kind.BACKSPACE, Key.Kind.ENTER, Key.Kind.ENTER,
            Key.Kind.TAB, Key.Kind.CTRL_U, Key.Kind.CTRL_W, Key.Kind.CTRL_A, Key.Kind.CTRL_E, Key.Kind.CTRL_N, Key.Kind.CTRL_P,
            Key.Kind.OTHER);
  }

  @Test
  void charactersOutsideTheBmpArriveWhole() throws IOException {
    Deque<Integer> chars = new ArrayDeque<>();
    "é😀".chars().forEach(chars::add);
    KeyDecoder decoder = new KeyDecoder(timeout -> chars.isEmpty() ? KeyDecoder.TIMEOUT : chars.poll());
    assertThat(decoder.next(10)).contains(Key.character('é'));
    assertThat(decoder.next(10)).contains(Key.character("😀".codePointAt(0)));
    assertThat(decoder.next(10)).isEmpty();
  }

  @Test
  void endOfInputIsAKey() throws IOException {
    KeyDecoder decoder = new KeyDecoder(timeout -> KeyDecoder.EOF);
    assertThat(decoder.next(10)).contains(Key.of(Key.Kind.EOF));
  }
}
