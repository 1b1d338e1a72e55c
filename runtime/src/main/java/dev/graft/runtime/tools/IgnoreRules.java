package dev.graft.runtime.tools;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The patterns of one ignore file ({@code .gitignore}, {@code .ignore} or {@code
 * .git/info/exclude}), with gitignore's rules: {@code #} comments, {@code !} to re-include, a
 * trailing {@code /} for directories only, and a pattern with a {@code /} anywhere but its end
 * anchored to the file's directory (otherwise it matches at any depth). The last matching pattern
 * wins.
 */
record IgnoreRules(List<Rule> rules) {

  record Rule(Pattern pattern, boolean negated, boolean directoryOnly) {}

  IgnoreRules {
    rules = List.copyOf(rules);
  }

  static IgnoreRules parse(String text) {
    List<Rule> rules = new ArrayList<>();
    for (String rawLine : text.split("\n", -1)) {
      String line = rawLine.endsWith("\r") ? rawLine.substring(0, rawLine.length() - 1) : rawLine;
      line = trimTrailingSpaces(line);
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      boolean negated = line.startsWith("!");
      if (negated) {
        line = line.substring(1);
      }
      boolean directoryOnly = line.endsWith("/");
      if (directoryOnly) {
        line = line.substring(0, line.length() - 1);
      }
      if (line.isEmpty()) {
        continue;
      }
      boolean anchored = line.contains("/");
      if (line.startsWith("/")) {
        line = line.substring(1);
      }
      String regex = (anchored ? "" : "(?:.*/)?") + GlobPattern.toRegex(line, false);
      rules.add(new Rule(Pattern.compile(regex, Pattern.DOTALL), negated, directoryOnly));
    }
    return new IgnoreRules(rules);
  }

  /**
   * Whether {@code relativePath} ({@code /}-separated, relative to the ignore file's directory) is
   * ignored (true), re-included (false), or not mentioned (empty).
   */
  Optional<Boolean> match(String relativePath, boolean directory) {
    for (int i = rules.size() - 1; i >= 0; i--) {
      Rule rule = rules.get(i);
      if (rule.directoryOnly() && !directory) {
        continue;
      }
      if (rule.pattern().matcher(relativePath).matches()) {
        return Optional.of(!rule.negated());
      }
    }
    return Optional.empty();
  }

  /** Trailing spaces are dropped unless escaped with a backslash. */
  private static String trimTrailingSpaces(String line) {
    int end = line.length();
    while (end > 0 && line.charAt(end - 1) == ' ') {
      if (end >= 2 && line.charAt(end - 2) == '\\') {
        break;
      }
      end--;
    }
    return line.substring(0, end);
  }
}
