package dev.graft.runtime.tools;

import com.github.difflib.DiffUtils;
import com.github.difflib.patch.AbstractDelta;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * The diff the edit tool returns in its details, in the reference's layout: changed lines marked
 * {@code +} or {@code -} with their line number (new file for added lines, old file otherwise), up
 * to four unchanged lines around each change, and {@code ...} for the unchanged lines left out. It
 * is for people (the user interface renders it), not a patch to apply.
 */
final class EditDiff {
  static final int CONTEXT_LINES = 4;

  private EditDiff() {}

  /** The diff text, and the first changed line (numbered in the new file). */
  record Rendered(String diff, OptionalInt firstChangedLine) {}

  private enum Kind {
    SAME,
    ADDED,
    REMOVED
  }

  private record Part(Kind kind, List<String> lines) {}

  static Rendered render(String before, String after) {
    List<Part> parts = parts(tokens(before), tokens(after));
    List<String> out = new ArrayList<>();
    int lineCount = Math.max(before.split("\n", -1).length, after.split("\n", -1).length);
    int width = String.valueOf(lineCount).length();
    int oldLine = 1;
    int newLine = 1;
    boolean lastWasChange = false;
    Integer firstChanged = null;
    for (int p = 0; p < parts.size(); p++) {
      Part part = parts.get(p);
      List<String> lines = part.lines();
      if (part.kind() != Kind.SAME) {
        if (firstChanged == null) {
          firstChanged = newLine;
        }
        for (String line : lines) {
          if (part.kind() == Kind.ADDED) {
            out.add("+" + pad(newLine++, width) + " " + line);
          } else {
            out.add("-" + pad(oldLine++, width) + " " + line);
          }
        }
        lastWasChange = true;
        continue;
      }
      boolean changeFollows = p + 1 < parts.size() && parts.get(p + 1).kind() != Kind.SAME;
      int shownBefore; // unchanged lines shown right after the previous change
      int shownAfter; // unchanged lines shown right before the next change
      if (lastWasChange && changeFollows) {
        boolean all = lines.size() <= CONTEXT_LINES * 2;
        shownBefore = all ? lines.size() : CONTEXT_LINES;
        shownAfter = all ? 0 : CONTEXT_LINES;
      } else if (lastWasChange) {
        shownBefore = Math.min(CONTEXT_LINES, lines.size());
        shownAfter = 0;
      } else if (changeFollows) {
        shownBefore = 0;
        shownAfter = Math.min(CONTEXT_LINES, lines.size());
      } else {
        shownBefore = 0;
        shownAfter = 0;
      }
      int skipped = lines.size() - shownBefore - shownAfter;
      for (int i = 0; i < shownBefore; i++) {
        out.add(" " + pad(oldLine++, width) + " " + lines.get(i));
        newLine++;
      }
      if (skipped > 0) {
        // The reference marks skipped lines only next to a change.
        if (lastWasChange || changeFollows) {
          out.add(" " + " ".repeat(width) + " ...");
        }
        oldLine += skipped;
        newLine += skipped;
      }
      for (int i = lines.size() - shownAfter; i < lines.size(); i++) {
        out.add(" " + pad(oldLine++, width) + " " + lines.get(i));
        newLine++;
      }
      lastWasChange = false;
    }
    OptionalInt first = firstChanged == null ? OptionalInt.empty() : OptionalInt.of(firstChanged);
    return new Rendered(String.join("\n", out), first);
  }

  /**
   * Lines with their line break kept, as jsdiff's line diff compares them: a last line without a
   * break differs from the same line with one.
   */
  private static List<String> tokens(String text) {
    List<String> tokens = new ArrayList<>();
    int start = 0;
    while (start < text.length()) {
      int newline = text.indexOf('\n', start);
      int end = newline < 0 ? text.length() : newline + 1;
      tokens.add(text.substring(start, end));
      start = end;
    }
    return tokens;
  }

  private static List<Part> parts(List<String> before, List<String> after) {
    List<Part> parts = new ArrayList<>();
    int position = 0;
    for (AbstractDelta<String> delta : DiffUtils.diff(before, after).getDeltas()) {
      int at = delta.getSource().getPosition();
      if (at > position) {
        parts.add(new Part(Kind.SAME, stripBreaks(before.subList(position, at))));
      }
      if (!delta.getSource().getLines().isEmpty()) {
        parts.add(new Part(Kind.REMOVED, stripBreaks(delta.getSource().getLines())));
      }
      if (!delta.getTarget().getLines().isEmpty()) {
        parts.add(new Part(Kind.ADDED, stripBreaks(delta.getTarget().getLines())));
      }
      position = at + delta.getSource().size();
    }
    if (position < before.size()) {
      parts.add(new Part(Kind.SAME, stripBreaks(before.subList(position, before.size()))));
    }
    return parts;
  }

  private static List<String> stripBreaks(List<String> tokens) {
    List<String> lines = new ArrayList<>(tokens.size());
    for (String token : tokens) {
      lines.add(token.endsWith("\n") ? token.substring(0, token.length() - 1) : token);
    }
    return lines;
  }

  private static String pad(int number, int width) {
    String s = String.valueOf(number);
    return " ".repeat(Math.max(0, width - s.length())) + s;
  }
}
