package dev.graft.cli.tui.markdown;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits markdown into pieces that can be parsed on their own with the same result: at an empty
 * line outside a code fence that is followed by an unindented line (so no list item, quote or
 * indented code goes on across it). A streamed answer then costs one parse of its last piece per
 * update, the earlier ones being cached.
 */
final class MarkdownChunks {
  private MarkdownChunks() {}

  static List<String> split(String text) {
    List<String> chunks = new ArrayList<>();
    int chunkStart = 0;
    int pos = 0;
    int n = text.length();
    char fenceChar = 0;
    int fenceLength = 0;
    int blankAt = -1; // start of the first blank line of a run, outside fences
    while (pos < n) {
      int end = text.indexOf('\n', pos);
      if (end < 0) {
        end = n;
      }
      String line = text.substring(pos, end);
      boolean blank = line.isBlank();
      if (fenceChar != 0) {
        if (closesFence(line, fenceChar, fenceLength)) {
          fenceChar = 0;
        }
      } else if (blank) {
        if (blankAt < 0) {
          blankAt = pos;
        }
      } else {
        if (blankAt >= 0 && blankAt > chunkStart && !Character.isWhitespace(line.charAt(0))) {
          chunks.add(text.substring(chunkStart, blankAt));
          chunkStart = pos;
        }
        blankAt = -1;
        int indent = 0;
        while (indent < line.length() && indent < 4 && line.charAt(indent) == ' ') {
          indent++;
        }
        if (indent < 4 && line.length() - indent >= 3) {
          char c = line.charAt(indent);
          if ((c == '`' || c == '~')) {
            int run = 0;
            while (indent + run < line.length() && line.charAt(indent + run) == c) {
              run++;
            }
            if (run >= 3 && !(c == '`' && line.indexOf('`', indent + run) >= 0)) {
              fenceChar = c;
              fenceLength = run;
            }
          }
        }
      }
      pos = end + 1;
    }
    if (chunkStart < n) {
      chunks.add(text.substring(chunkStart));
    }
    return chunks;
  }

  private static boolean closesFence(String line, char c, int length) {
    int indent = 0;
    while (indent < line.length() && indent < 4 && line.charAt(indent) == ' ') {
      indent++;
    }
    if (indent >= 4) {
      return false;
    }
    int run = 0;
    while (indent + run < line.length() && line.charAt(indent + run) == c) {
      run++;
    }
    return run >= length && line.substring(indent + run).isBlank();
  }
}
