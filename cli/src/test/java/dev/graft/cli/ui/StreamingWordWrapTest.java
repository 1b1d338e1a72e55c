package dev.graft.cli.ui;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StreamingWordWrapTest {
  /** What a terminal shows after {@code out}: backspaces and erase-to-end-of-line applied. */
  private static String shown(String out) {
    StringBuilder screen = new StringBuilder();
    int lineStart = 0;
    int cursor = 0;
    for (int i = 0; i < out.length(); i++) {
      char c = out.charAt(i);
      if (out.startsWith("\033[K", i)) {
        screen.setLength(cursor);
        i += 2;
      } else if (c == '\b') {
        cursor = Math.max(lineStart, cursor - 1);
      } else if (c == '\n') {
        screen.setLength(Math.max(cursor, screen.length()));
        screen.append('\n');
        cursor = lineStart = screen.length();
      } else {
        if (cursor < screen.length()) {
          screen.setCharAt(cursor, c);
        } else {
          screen.append(c);
        }
        cursor++;
      }
    }
    return screen.toString();
  }

  @Test
  void wordsThatReachTheEdgeMoveToTheNextLineEvenWhenTheyArriveInPieces() {
    StreamingWordWrap wrap = new StreamingWordWrap();
    StringBuilder out = new StringBuilder();
    for (String chunk : new String[] {"The quick br", "own fox jum", "ps over the lazy dog"}) {
      out.append(wrap.feed(chunk, 16, s -> s));
    }
    // 15 columns are used of 16 (never the last); a space that does not fit becomes the line break
    assertThat(shown(out.toString())).isEqualTo("The quick brown\nfox jumps over \nthe lazy dog");
    assertThat(wrap.column()).isEqualTo(12);
  }

  @Test
  void aWordLongerThanTheLineIsBrokenAndNewlinesStartOver() {
    StreamingWordWrap wrap = new StreamingWordWrap();
    String out = wrap.feed("ab abcdefghijkl\nxy z", 8, s -> s);
    assertThat(shown(out)).isEqualTo("ab \nabcdefg\nhijkl\nxy z");
  }

  @Test
  void noWidthMeansNoWrappingAndStylesWrapEachLine() {
    assertThat(new StreamingWordWrap().feed("a long line that is not wrapped", 0, s -> s))
        .isEqualTo("a long line that is not wrapped");
    assertThat(new StreamingWordWrap().feed("one two\nthree", 0, s -> "<" + s + ">"))
        .isEqualTo("<one two>\n<three>");
  }

  @Test
  void theWidthMayChangeBetweenChunks() {
    StreamingWordWrap wrap = new StreamingWordWrap();
    String out = wrap.feed("aaaa bbbb ", 40, s -> s) + wrap.feed("cccc dddd", 8, s -> s);
    assertThat(shown(out)).isEqualTo("aaaa bbbb \ncccc \ndddd");
  }
}
