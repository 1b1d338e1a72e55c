package dev.graft.cli.ui;

import java.util.function.UnaryOperator;
import org.jline.utils.WCWidth;

/**
 * Wraps streamed text at word boundaries as it arrives. Characters are printed at once; when a word
 * reaches the edge, the part of it already on the line is erased (backspaces) and printed again on
 * the next line. The last column is never written, so that the terminal never holds a pending wrap
 * of its own; a word longer than the line is broken. The width may change between calls (a resized
 * terminal); 0 means no wrapping.
 */
final class StreamingWordWrap {
  private static final int TAB = 8;

  private int column;
  private final StringBuilder word = new StringBuilder();
  private int wordWidth;

  int column() {
    return column;
  }

  /** The line was ended elsewhere. */
  void reset() {
    column = 0;
    word.setLength(0);
    wordWidth = 0;
  }

  /**
   * What to print for {@code text} (already cleaned); {@code style} wraps each run of characters.
   */
  String feed(String text, int width, UnaryOperator<String> style) {
    StringBuilder out = new StringBuilder();
    StringBuilder run = new StringBuilder();
    int limit = width <= 1 ? Integer.MAX_VALUE : width - 1;
    for (int i = 0; i < text.length(); ) {
      int cp = text.codePointAt(i);
      i += Character.charCount(cp);
      if (cp == '\n') {
        run.append('\n');
        reset();
        continue;
      }
      if (cp == ' ' || cp == '\t') {
        int w = cp == '\t' ? TAB - column % TAB : 1;
        word.setLength(0);
        wordWidth = 0;
        if (column + w > limit) {
          run.append('\n');
          column = 0;
        } else {
          run.append(" ".repeat(w));
          column += w;
        }
        continue;
      }
      int w = Math.max(0, WCWidth.wcwidth(cp));
      if (column + w > limit) {
        if (!word.isEmpty() && wordWidth + w <= limit) {
          flush(out, run, style);
          out.append("\b".repeat(wordWidth)).append("\033[K\n");
          run.append(word);
          column = wordWidth;
        } else {
          run.append('\n');
          column = 0;
          word.setLength(0);
          wordWidth = 0;
        }
      }
      run.appendCodePoint(cp);
      word.appendCodePoint(cp);
      wordWidth += w;
      column += w;
    }
    flush(out, run, style);
    return out.toString();
  }

  private static void flush(StringBuilder out, StringBuilder run, UnaryOperator<String> style) {
    if (run.isEmpty()) {
      return;
    }
    String[] lines = run.toString().split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      if (i > 0) {
        out.append('\n');
      }
      if (!lines[i].isEmpty()) {
        out.append(style.apply(lines[i]));
      }
    }
    run.setLength(0);
  }
}
