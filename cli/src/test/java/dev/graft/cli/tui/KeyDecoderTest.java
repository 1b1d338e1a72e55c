package dev.graft.cli.tui;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;

class KeyDecoderTest {

  /** Characters as a terminal would send them; a null marks a pause longer than any wait. */
  private static List<Key> keys(Object... input) throws IOException {
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
    KeyDecoder decoder =
        new KeyDecoder(timeout -> chars.isEmpty() ? KeyDecoder.TIMEOUT : chars.poll());
    List<Key> keys = new ArrayList<>();
    while (!chars.isEmpty()) {
      decoder.next(10).ifPresent(keys::add);
    }
    return keys;
  }

  private static List<String> names(Object... input) throws IOException {
    return keys(input).stream().map(Key::name).toList();
  }

  @Test
  void csiAndSs3SequencesAreNamedKeys() throws IOException {
    assertThat(
            names(
                "\033[A\033[B\033[C\033[D\033OA\033OB\033[H\033[F\033[1~\033[4~\033[5~\033[6~\033[3~"))
        .containsExactly(
            "up",
            "down",
            "right",
            "left",
            "up",
            "down",
            "home",
            "end",
            "home",
            "end",
            "pageUp",
            "pageDown",
            "delete");
  }

  @Test
  void modifiersOfArrowsAndKeysAreKept() throws IOException {
    assertThat(names("\033[1;5C\033[1;3A\033[Z\033[3;5~"))
        .containsExactly("ctrl+right", "alt+up", "shift+tab", "ctrl+delete");
  }

  @Test
  void aLoneEscapeIsEscapeAndEscapeBeforeAKeyIsAlt() throws IOException {
    assertThat(names(27, null, "x")).containsExactly("escape", "x");
    assertThat(names("\033\r", "\033x", "\033\177"))
        .containsExactly("alt+enter", "alt+x", "alt+backspace");
  }

  @Test
  void controlCharactersAreCtrlAndALetter() throws IOException {
    assertThat(names(3, 4, 127, 8, 13, 10, 9, 21, 23, 1, 5, 14, 16, 2, 15, 18, 31))
        .containsExactly(
            "ctrl+c",
            "ctrl+d",
            "backspace",
            "backspace",
            "enter",
            "ctrl+j",
            "tab",
            "ctrl+u",
            "ctrl+w",
            "ctrl+a",
            "ctrl+e",
            "ctrl+n",
            "ctrl+p",
            "ctrl+b",
            "ctrl+o",
            "ctrl+r",
            "ctrl+_");
  }

  @Test
  void kittyAndModifyOtherKeysForms() throws IOException {
    assertThat(names("\033[13;2u", "\033[27;2;13~", "\033[112;5u", "\033[112;6u", "\033[97;2u"))
        .containsExactly("shift+enter", "shift+enter", "ctrl+p", "ctrl+shift+p", "a");
  }

  @Test
  void aBracketedPasteIsOneKeyWithItsText() throws IOException {
    List<Key> keys = keys("\033[200~line one\r\nline two\033[201~x");
    assertThat(keys).hasSize(2);
    assertThat(keys.get(0).kind()).isEqualTo(Key.Kind.PASTE);
    assertThat(keys.get(0).text()).isEqualTo("line one\r\nline two");
    assertThat(keys.get(1)).isEqualTo(Key.character('x'));
  }

  @Test
  void charactersOutsideTheBmpArriveWhole() throws IOException {
    Deque<Integer> chars = new ArrayDeque<>();
    "é😀".chars().forEach(chars::add);
    KeyDecoder decoder =
        new KeyDecoder(timeout -> chars.isEmpty() ? KeyDecoder.TIMEOUT : chars.poll());
    assertThat(decoder.next(10)).contains(Key.character('é'));
    assertThat(decoder.next(10)).contains(Key.character("😀".codePointAt(0)));
    assertThat(decoder.next(10)).isEmpty();
  }

  @Test
  void endOfInputIsAKey() throws IOException {
    KeyDecoder decoder = new KeyDecoder(timeout -> KeyDecoder.EOF);
    assertThat(decoder.next(10)).contains(Key.of(Key.Kind.EOF));
  }

  @Test
  void keybindingNamesParseToTheKeysTheDecoderMakes() throws IOException {
    assertThat(Key.parse("ctrl+p").orElseThrow().name()).isEqualTo("ctrl+p");
    assertThat(Key.parse("Shift+Tab").orElseThrow()).isEqualTo(keys("\033[Z").getFirst());
    assertThat(Key.parse("alt+enter").orElseThrow()).isEqualTo(keys("\033\r").getFirst());
    assertThat(Key.parse("ctrl+-").orElseThrow()).isEqualTo(keys(31).getFirst());
    assertThat(Key.parse("escape").orElseThrow()).isEqualTo(Key.of(Key.Kind.ESCAPE));
    assertThat(Key.parse("ctrl+shift+p").orElseThrow().name()).isEqualTo("ctrl+shift+p");
    assertThat(Key.parse("hyper+x")).isEmpty();
    assertThat(Key.parse("nothing")).isEmpty();
  }
}
