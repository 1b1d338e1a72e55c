package dev.graft.cli.export;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A preview is the start of a text on one line. A tool result can be hundreds of megabytes, and the
 * tree and the export preview every entry: only the characters the preview shows are read.
 */
class EntryPreviewTest {
  @Test
  void readsOnlyTheStartOfALongText() {
    Bounded text = new Bounded(" \n\t" + "word ".repeat(40) + "x".repeat(1_000_000), 300);
    String preview = EntryPreview.clip(text);
    assertThat(preview).hasSize(72).endsWith("…").startsWith("word word");
    assertThat(text.furthest).isLessThan(300);
  }

  @Test
  void collapsesWhitespaceStripsTheEndsAndCutsAtTheWidth() {
    assertThat(EntryPreview.clip("  a \n\n b\tc  ")).isEqualTo("a b c");
    assertThat(EntryPreview.clip("\u2003a b\u2003")).isEqualTo("a b");
    assertThat(EntryPreview.clip("")).isEmpty();
    assertThat(EntryPreview.clip(" \n ")).isEmpty();
    String exactly = "y".repeat(72);
    assertThat(EntryPreview.clip(exactly)).isEqualTo(exactly);
    assertThat(EntryPreview.clip(exactly + "\u2003\u2003 \u2003")).isEqualTo(exactly);
    assertThat(EntryPreview.clip(exactly + "\u2003z")).isEqualTo("y".repeat(71) + "…");
    assertThat(EntryPreview.clip("\u2003\u2003" + exactly)).isEqualTo(exactly);
    assertThat(EntryPreview.clip("\u2003 ".repeat(80) + exactly)).isEqualTo(exactly);
    assertThat(EntryPreview.clip("a\u0007b")).isEqualTo("a\\x07b");
  }

  /** A text that fails when read at or past {@code limit}, and tells how far it was read. */
  private static final class Bounded implements CharSequence {
    private final String text;
    private final int limit;
    int furthest = -1;

    Bounded(String text, int limit) {
      this.text = text;
      this.limit = limit;
    }

    @Override
    public char charAt(int index) {
      if (index >= limit) {
        throw new AssertionError("read at " + index + " for a preview");
      }
      furthest = Math.max(furthest, index);
      return text.charAt(index);
    }

    @Override
    public int length() {
      return text.length();
    }

    @Override
    public CharSequence subSequence(int start, int end) {
      throw new AssertionError("a copy of a part of the text");
    }

    @Override
    public String toString() {
      throw new AssertionError("a copy of the whole text");
    }
  }
}
