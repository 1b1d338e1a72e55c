package dev.graft.runtime.tools;

import java.text.Normalizer;
import java.util.regex.Pattern;

/**
 * The forgiving form of text the edit tool falls back to when the model's old text is not found as
 * written: Unicode compatibility forms folded (NFKC), trailing whitespace dropped from every line,
 * and typographic quotes, dashes and spaces turned into their ASCII forms. Models often write
 * straight quotes where the file has curly ones, or lose trailing spaces.
 */
final class FuzzyText {
  private static final Pattern SINGLE_QUOTES = Pattern.compile("[\\u2018\\u2019\\u201A\\u201B]");
  private static final Pattern DOUBLE_QUOTES = Pattern.compile("[\\u201C\\u201D\\u201E\\u201F]");
  private static final Pattern DASHES =
      Pattern.compile("[\\u2010\\u2011\\u2012\\u2013\\u2014\\u2015\\u2212]");
  private static final Pattern SPACES =
      Pattern.compile("[\\u00A0\\u2002-\\u200A\\u202F\\u205F\\u3000]");

  private FuzzyText() {}

  static String normalize(String text) {
    String folded = Normalizer.normalize(text, Normalizer.Form.NFKC);
    StringBuilder trimmed = new StringBuilder(folded.length());
    int start = 0;
    while (true) {
      int newline = folded.indexOf('\n', start);
      int end = newline < 0 ? folded.length() : newline;
      trimmed.append(folded, start, trimEnd(folded, start, end));
      if (newline < 0) {
        break;
      }
      trimmed.append('\n');
      start = newline + 1;
    }
    String s = SINGLE_QUOTES.matcher(trimmed).replaceAll("'");
    s = DOUBLE_QUOTES.matcher(s).replaceAll("\"");
    s = DASHES.matcher(s).replaceAll("-");
    return SPACES.matcher(s).replaceAll(" ");
  }

  /** The end of {@code text[start, end)} without trailing whitespace, as JavaScript's trimEnd. */
  private static int trimEnd(String text, int start, int end) {
    while (end > start && isJsWhitespace(text.charAt(end - 1))) {
      end--;
    }
    return end;
  }

  /** JavaScript's WhiteSpace and LineTerminator characters (what {@code \s} and trim take). */
  static boolean isJsWhitespace(char c) {
    return switch (c) {
      case '\t',
          '\n',
          0x0B,
          '\f',
          '\r',
          ' ',
          0x00A0,
          0x1680,
          0x2028,
          0x2029,
          0x202F,
          0x205F,
          0x3000,
          0xFEFF ->
          true;
      default -> c >= 0x2000 && c <= 0x200A;
    };
  }

  /** Non-overlapping occurrences of {@code needle} in {@code haystack}, left to right. */
  static int count(String haystack, String needle) {
    int count = 0;
    for (int i = haystack.indexOf(needle);
        i >= 0;
        i = haystack.indexOf(needle, i + needle.length())) {
      count++;
    }
    return count;
  }
}
