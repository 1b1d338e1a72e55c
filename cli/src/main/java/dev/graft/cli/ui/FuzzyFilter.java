package dev.graft.cli.ui;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The fuzzy match of the reference's completions: every word of the query must occur in the text as
 * a subsequence of its letters (ignoring case), so {@code sonnet}, {@code 4o} or {@code opus
 * anthropic} find the models that contain them wherever they are. A query of letters then digits
 * that does not match is tried with the two swapped ({@code o4} finds {@code 4o}). Matches are
 * ordered best first: letters found next to each other, at the start of a word or early in the text
 * count for a match; gaps between them count against it.
 */
public final class FuzzyFilter {
  private static final Pattern LETTERS_DIGITS = Pattern.compile("([a-z]+)([0-9]+)");
  private static final Pattern DIGITS_LETTERS = Pattern.compile("([0-9]+)([a-z]+)");

  private FuzzyFilter() {}

  /** How well {@code query} matches {@code text}: lower is better; empty when it does not. */
  public static OptionalDouble score(String query, String text) {
    String q = query.toLowerCase(Locale.ROOT);
    String t = text.toLowerCase(Locale.ROOT);
    OptionalDouble direct = subsequence(q, t);
    if (direct.isPresent()) {
      return direct;
    }
    String swapped = swapped(q);
    if (swapped.isEmpty()) {
      return direct;
    }
    OptionalDouble other = subsequence(swapped, t);
    return other.isPresent() ? OptionalDouble.of(other.getAsDouble() + 5) : OptionalDouble.empty();
  }

  /**
   * The items whose text matches every word of {@code query}, best first (ties in their order); all
   * of them, in order, when the query is blank.
   */
  public static <T> List<T> filter(List<T> items, String query, Function<T, String> text) {
    String[] words = query.strip().split("\\s+");
    if (query.isBlank()) {
      return List.copyOf(items);
    }
    record Scored<T>(T item, double score) {}
    List<Scored<T>> found = new ArrayList<>();
    for (T item : items) {
      String haystack = text.apply(item);
      double total = 0;
      boolean all = true;
      for (String word : words) {
        OptionalDouble s = score(word, haystack);
        if (s.isEmpty()) {
          all = false;
          break;
        }
        total += s.getAsDouble();
      }
      if (all) {
        found.add(new Scored<>(item, total));
      }
    }
    found.sort(Comparator.comparingDouble(Scored::score));
    return found.stream().map(Scored::item).toList();
  }

  private static String swapped(String q) {
    Matcher m = LETTERS_DIGITS.matcher(q);
    if (m.matches()) {
      return m.group(2) + m.group(1);
    }
    m = DIGITS_LETTERS.matcher(q);
    return m.matches() ? m.group(2) + m.group(1) : "";
  }

  private static OptionalDouble subsequence(String q, String t) {
    if (q.isEmpty()) {
      return OptionalDouble.of(0);
    }
    if (q.length() > t.length()) {
      return OptionalDouble.empty();
    }
    int qi = 0;
    double score = 0;
    int last = -1;
    int run = 0;
    for (int i = 0; i < t.length() && qi < q.length(); i++) {
      if (t.charAt(i) != q.charAt(qi)) {
        continue;
      }
      if (last == i - 1) {
        run++;
        score -= run * 5;
      } else {
        run = 0;
        if (last >= 0) {
          score += (i - last - 1) * 2;
        }
      }
      if (i == 0 || " \t-_./:".indexOf(t.charAt(i - 1)) >= 0) {
        score -= 10;
      }
      score += i * 0.1;
      last = i;
      qi++;
    }
    if (qi < q.length()) {
      return OptionalDouble.empty();
    }
    return OptionalDouble.of(q.equals(t) ? score - 100 : score);
  }
}
