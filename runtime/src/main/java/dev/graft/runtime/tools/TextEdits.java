package dev.graft.runtime.tools;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Applies the edit tool's replacements to LF text. Every old text is matched against the original
 * content (not after earlier replacements), must be found exactly once, and no two may overlap.
 * When some old text is found only in {@linkplain FuzzyText forgiving form}, all of them are
 * matched in that form, as the reference does; but unlike the reference, only the lines a match
 * touches are taken in the forgiving form, so the rest of the file keeps its trailing spaces and
 * typographic quotes.
 */
final class TextEdits {
  private TextEdits() {}

  record Replacement(String oldText, String newText) {
    Replacement {
      Objects.requireNonNull(oldText, "oldText");
      Objects.requireNonNull(newText, "newText");
    }
  }

  /** The content before and after, both LF; their difference is what the edit changed. */
  record Applied(String before, String after) {}

  private record Match(int editIndex, int index, int length, String newText) {}

  static Applied apply(String content, List<Replacement> edits, String path) throws ToolFailure {
    List<Replacement> normalized = new ArrayList<>();
    for (Replacement edit : edits) {
      normalized.add(
          new Replacement(LineEndings.toLf(edit.oldText()), LineEndings.toLf(edit.newText())));
    }
    int total = normalized.size();
    for (int i = 0; i < total; i++) {
      if (normalized.get(i).oldText().isEmpty()) {
        throw new ToolFailure(
            (total == 1 ? "oldText" : "edits[" + i + "].oldText")
                + " must not be empty in "
                + path
                + ".");
      }
    }
    String fuzzyContent = FuzzyText.normalize(content);
    boolean fuzzy = false;
    for (Replacement edit : normalized) {
      if (!content.contains(edit.oldText())
          && fuzzyContent.contains(FuzzyText.normalize(edit.oldText()))) {
        fuzzy = true;
      }
    }
    // Forgiving form is idempotent, so in fuzzy mode base and its forgiving form are the same.
    String base = fuzzy ? fuzzyContent : content;
    List<Match> matches = new ArrayList<>();
    for (int i = 0; i < total; i++) {
      Replacement edit = normalized.get(i);
      String fuzzyOld = FuzzyText.normalize(edit.oldText());
      int index = base.indexOf(edit.oldText());
      int length = edit.oldText().length();
      if (index < 0) {
        index = fuzzyContent.indexOf(fuzzyOld);
        length = fuzzyOld.length();
      }
      if (index < 0) {
        throw new ToolFailure(notFound(path, i, total));
      }
      // Counted in forgiving form, so text that is unique only by its trailing spaces or quote
      // style is still ambiguous.
      int occurrences =
          fuzzyOld.isEmpty()
              ? FuzzyText.count(base, edit.oldText())
              : FuzzyText.count(fuzzyContent, fuzzyOld);
      if (occurrences > 1) {
        throw new ToolFailure(notUnique(path, i, total, occurrences));
      }
      matches.add(new Match(i, index, length, edit.newText()));
    }
    matches.sort(Comparator.comparingInt(Match::index));
    for (int i = 1; i < matches.size(); i++) {
      Match previous = matches.get(i - 1);
      Match current = matches.get(i);
      if (previous.index() + previous.length() > current.index()) {
        throw new ToolFailure(
            "edits["
                + previous.editIndex()
                + "] and edits["
                + current.editIndex()
                + "] overlap in "
                + path
                + ". Merge them into one edit or target disjoint regions.");
      }
    }
    String replaced = replace(base, matches, 0, base.length());
    if (replaced.equals(base)) {
      throw new ToolFailure(noChange(path, total));
    }
    if (!fuzzy) {
      return new Applied(content, replaced);
    }
    return new Applied(content, spliceTouchedLines(content, base, matches).orElse(replaced));
  }

  private static String notFound(String path, int index, int total) {
    return total == 1
        ? "Could not find the exact text in "
            + path
            + ". The old text must match exactly including all whitespace and newlines."
        : "Could not find edits["
            + index
            + "] in "
            + path
            + ". The oldText must match exactly including all whitespace and newlines.";
  }

  private static String notUnique(String path, int index, int total, int occurrences) {
    return total == 1
        ? "Found "
            + occurrences
            + " occurrences of the text in "
            + path
            + ". The text must be unique. Please provide more context to make it unique."
        : "Found "
            + occurrences
            + " occurrences of edits["
            + index
            + "] in "
            + path
            + ". Each oldText must be unique. Please provide more context to make it unique.";
  }

  private static String noChange(String path, int total) {
    return total == 1
        ? "No changes made to "
            + path
            + ". The replacement produced identical content. This might indicate an"
            + " issue with special characters or the text not existing as expected."
        : "No changes made to " + path + ". The replacements produced identical content.";
  }

  /** {@code text[from, to)} with the matches inside it replaced; match offsets are in text. */
  private static String replace(String text, List<Match> matches, int from, int to) {
    StringBuilder out = new StringBuilder(to - from);
    int position = from;
    for (Match match : matches) {
      out.append(text, position, match.index()).append(match.newText());
      position = match.index() + match.length();
    }
    return out.append(text, position, to).toString();
  }

  /**
   * The original content with only the lines that matches touch replaced by their edited forgiving
   * form. Empty if the forgiving form does not have the same lines (it always does: no
   * normalisation adds or removes a line break; this guards that belief).
   */
  private static Optional<String> spliceTouchedLines(
      String original, String base, List<Match> matches) {
    int[] originalStarts = lineStarts(original);
    int[] baseStarts = lineStarts(base);
    if (originalStarts.length != baseStarts.length) {
      return Optional.empty();
    }
    StringBuilder out = new StringBuilder(original.length());
    int originalPosition = 0;
    int i = 0;
    while (i < matches.size()) {
      // A region runs from the start of the first touched line to the end of the last one
      // (or to a line start, when the match ends with its line break).
      int regionStart = lineStart(base, matches.get(i).index());
      int regionEnd = regionEnd(base, matches.get(i));
      int j = i + 1;
      // A later match joins the region when it starts on a line the region holds, even at the
      // line break that ends it (two regions may not share a line).
      while (j < matches.size() && lineStart(base, matches.get(j).index()) < regionEnd) {
        regionEnd = Math.max(regionEnd, regionEnd(base, matches.get(j)));
        j++;
      }
      List<Match> group = matches.subList(i, j);
      int startLine = lineIndex(baseStarts, regionStart);
      int originalRegionStart = originalStarts[startLine];
      int originalRegionEnd = mapEnd(original, originalStarts, baseStarts, regionEnd);
      out.append(original, originalPosition, originalRegionStart);
      out.append(replace(base, group, regionStart, regionEnd));
      originalPosition = originalRegionEnd;
      i = j;
    }
    return Optional.of(out.append(original, originalPosition, original.length()).toString());
  }

  private static int regionEnd(String base, Match match) {
    int end = match.index() + match.length();
    if (end > match.index() && base.charAt(end - 1) == '\n') {
      return end;
    }
    int newline = base.indexOf('\n', end);
    return newline < 0 ? base.length() : newline;
  }

  private static int lineStart(String text, int offset) {
    return offset == 0 ? 0 : text.lastIndexOf('\n', offset - 1) + 1;
  }

  /** A region end in base (a line start or a line end) at the same place in the original. */
  private static int mapEnd(String original, int[] originalStarts, int[] baseStarts, int baseEnd) {
    int line = lineIndex(baseStarts, baseEnd);
    if (baseStarts[line] == baseEnd) {
      return originalStarts[line];
    }
    return line + 1 < originalStarts.length ? originalStarts[line + 1] - 1 : original.length();
  }

  private static int[] lineStarts(String text) {
    int count = 1;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        count++;
      }
    }
    int[] starts = new int[count];
    int line = 1;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        starts[line++] = i + 1;
      }
    }
    return starts;
  }

  /** The line holding {@code offset}: the last start at or before it. */
  private static int lineIndex(int[] starts, int offset) {
    int found = Arrays.binarySearch(starts, offset);
    return found >= 0 ? found : -found - 2;
  }
}
