package dev.graft.runtime.config;

import java.util.Optional;

/**
 * Levenshtein distance, for "did you mean" suggestions: of a command, an option or a provider on
 * the command line, and of a provider named in auth.json.
 */
public final class EditDistance {
  private EditDistance() {}

  /**
   * The candidate nearest to {@code typed}, at most {@code maxEdits} away (of equally near ones,
   * the first); with {@code prefixes}, a candidate that starts with {@code typed} counts as one
   * edit.
   */
  public static Optional<String> nearest(
      String typed, Iterable<String> candidates, int maxEdits, boolean prefixes) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String c : candidates) {
      int d = prefixes && c.startsWith(typed) ? 1 : between(typed, c);
      if (d < bestDistance) {
        bestDistance = d;
        best = c;
      }
    }
    return bestDistance <= maxEdits ? Optional.ofNullable(best) : Optional.empty();
  }

  /**
   * A slash command's name for a mistyped one: a prefix counts as one edit, and 1 to 3 edits (half
   * the name) are allowed.
   */
  public static Optional<String> nearestCommand(String typed, Iterable<String> names) {
    return nearest(typed, names, Math.max(1, Math.min(3, typed.length() / 2 + 1)), true);
  }

  public static int between(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), substitution);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}
