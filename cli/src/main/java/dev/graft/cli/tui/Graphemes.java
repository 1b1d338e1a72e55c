package dev.graft.cli.tui;

import java.text.BreakIterator;
import org.jline.utils.WCWidth;

/**
 * Grapheme clusters (what a reader takes for one character: a letter with its accents, a flag, an
 * emoji family joined by ZWJs) and the columns each takes, as the reference's pi-tui measures them:
 * an emoji sequence two columns, any other cluster its first printing character's. Measuring code
 * point by code point gave a family of three six columns and a flag four, so lines with them
 * overflowed or were cut short.
 */
final class Graphemes {
  private static final int LONGEST = 128;

  private Graphemes() {}

  /** Columns of one code point: 0 for controls and combining marks, 2 for wide ones. */
  static int columns(int cp) {
    if (cp < 0x7f) {
      return cp >= 0x20 ? 1 : 0;
    }
    return Math.max(0, WCWidth.wcwidth(cp));
  }

  /**
   * The end of the cluster that starts at {@code i}; an escape sequence (ESC) ends a cluster. Most
   * code points stand alone; the JDK's BreakIterator (Unicode's extended grapheme clusters) is
   * asked only when the next one may join this one.
   */
  static int end(String s, int i) {
    int cp = s.codePointAt(i);
    int j = i + Character.charCount(cp);
    if (j >= s.length() || !mayJoin(cp, s.codePointAt(j))) {
      return j;
    }
    // A cluster of more than LONGEST chars (Zalgo text) is taken as several.
    int limit = j;
    for (int max = Math.min(s.length(), i + LONGEST); limit < max && s.charAt(limit) != '\033'; ) {
      limit++;
    }
    BreakIterator clusters = BreakIterator.getCharacterInstance();
    clusters.setText(s.substring(i, limit));
    return i + clusters.following(0);
  }

  /** Whether {@code next} may belong to the cluster of {@code cp}. */
  private static boolean mayJoin(int cp, int next) {
    if (isRegional(cp) && isRegional(next)) {
      return true;
    }
    int type = Character.getType(cp);
    if (type == Character.FORMAT
        || (cp >= 0x1100 && cp <= 0x115f)
        || (cp >= 0xa960 && cp <= 0xa97f)) {
      return true; // a ZWJ or a prepended format character; a leading Hangul jamo
    }
    return switch (Character.getType(next)) {
      case Character.NON_SPACING_MARK,
          Character.ENCLOSING_MARK,
          Character.COMBINING_SPACING_MARK,
          Character.FORMAT ->
          true;
      default ->
          (next >= 0x1f3fb && next <= 0x1f3ff) // emoji skin tones
              || (next >= 0x1160 && next <= 0x11ff) // Hangul vowel and final jamo
              || (next >= 0xd7b0 && next <= 0xd7ff)
              || next == 0x0e33 // Thai and Lao AM
              || next == 0x0eb3
              || next == 0xff9e // halfwidth katakana sound marks
              || next == 0xff9f;
    };
  }

  /** Columns of the cluster {@code s[start, end)}. */
  static int width(String s, int start, int end) {
    int first = s.codePointAt(start);
    int afterFirst = start + Character.charCount(first);
    if (afterFirst >= end) {
      return isRegional(first) ? 2 : columns(first);
    }
    if (isEmojiSequence(s, first, afterFirst, end)) {
      return 2;
    }
    int base = -1;
    for (int i = start; i < end; ) {
      int cp = s.codePointAt(i);
      if (!nonPrinting(cp)) {
        base = cp;
        break;
      }
      i += Character.charCount(cp);
    }
    if (base < 0) {
      return 0; // marks, format or control characters only
    }
    int width = isRegional(base) || columns(base) == 2 ? 2 : 1;
    for (int i = afterFirst; i < end; ) {
      int cp = s.codePointAt(i);
      if (cp >= 0xff00 && cp <= 0xffef) {
        width += columns(cp); // halfwidth and fullwidth forms that join their base
      } else if (cp == 0x0e33 || cp == 0x0eb3) {
        width += 1;
      }
      i += Character.charCount(cp);
    }
    return width;
  }

  /**
   * An emoji as Unicode's RGI list has them, for the shapes of several code points: a flag, a
   * keycap, a skin tone, an emoji with VS16, a ZWJ sequence.
   */
  private static boolean isEmojiSequence(String s, int first, int second, int end) {
    int next = s.codePointAt(second);
    if (isRegional(first)) {
      return true;
    }
    boolean keycapBase = first == '#' || first == '*' || (first >= '0' && first <= '9');
    if (keycapBase) {
      return next == 0xfe0f
          && s.indexOf('\u20e3', second) >= 0
          && s.indexOf('\u20e3', second) < end;
    }
    if (next == 0xfe0f && Character.isEmoji(first)) {
      return true;
    }
    if (next >= 0x1f3fb && next <= 0x1f3ff && Character.isEmojiModifierBase(first)) {
      return true;
    }
    int zwj = s.indexOf('\u200d', second);
    return zwj >= 0 && zwj < end && Character.isExtendedPictographic(first);
  }

  /** Characters a cluster's width does not start at: controls, format characters, marks. */
  private static boolean nonPrinting(int cp) {
    return switch (Character.getType(cp)) {
      case Character.CONTROL,
          Character.FORMAT,
          Character.NON_SPACING_MARK,
          Character.ENCLOSING_MARK,
          Character.COMBINING_SPACING_MARK,
          Character.SURROGATE ->
          true;
      default -> cp == 0x115f || cp == 0x1160 || cp == 0x3164 || cp == 0xffa0;
    };
  }

  private static boolean isRegional(int cp) {
    return cp >= 0x1f1e6 && cp <= 0x1f1ff;
  }
}
