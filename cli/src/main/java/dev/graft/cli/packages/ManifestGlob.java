package dev.graft.cli.packages;

import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A glob of a package manifest's entry ({@code "./extensions/*.ts"}, {@code "src/**}{@code
 * /index.ts"}), matched as the reference's glob and minimatch match it: {@code *} and {@code ?}
 * within a name, {@code **} across folders, {@code [...]} and {@code {a,b}}; a name starting with a
 * dot only when the glob's does.
 */
final class ManifestGlob {
  private final Pattern pattern;

  private ManifestGlob(Pattern pattern) {
    this.pattern = pattern;
  }

  static boolean isGlob(String entry) {
    return entry.contains("*") || entry.contains("?");
  }

  /** {@code glob} with a leading {@code ./} dropped, as glob takes a manifest's entries. */
  static ManifestGlob of(String glob) {
    return literal(glob.startsWith("./") ? glob.substring(2) : glob);
  }

  /**
   * {@code g} as minimatch takes an exclusion ({@code "!./x"} then matches no path, as in the
   * reference).
   */
  static ManifestGlob literal(String g) {
    StringBuilder re = new StringBuilder();
    int braces = 0;
    for (int i = 0; i < g.length(); i++) {
      char c = g.charAt(i);
      boolean segmentStart = i == 0 || g.charAt(i - 1) == '/';
      switch (c) {
        case '*' -> {
          if (i + 1 < g.length() && g.charAt(i + 1) == '*') {
            boolean slash = i + 2 < g.length() && g.charAt(i + 2) == '/';
            re.append(slash ? "(?:(?!\\.)[^/]*/)*" : "(?:(?!\\.)[^/]*(?:/(?!\\.)[^/]*)*)?");
            i += slash ? 2 : 1;
          } else {
            re.append(segmentStart ? "(?!\\.)[^/]*" : "[^/]*");
          }
        }
        case '?' -> re.append(segmentStart ? "(?!\\.)[^/]" : "[^/]");
        case '[' -> {
          int end = g.indexOf(']', i + 2);
          if (end < 0) {
            re.append("\\[");
          } else {
            String body = g.substring(i + 1, end);
            re.append('[')
                .append(body.startsWith("!") ? "^" + body.substring(1) : body)
                .append(']');
            i = end;
          }
        }
        case '{' -> {
          braces++;
          re.append("(?:");
        }
        case '}' -> {
          if (braces > 0) {
            braces--;
            re.append(')');
          } else {
            re.append("\\}");
          }
        }
        case ',' -> re.append(braces > 0 ? "|" : ",");
        default -> re.append(Pattern.quote(String.valueOf(c)));
      }
    }
    while (braces-- > 0) {
      re.append(')');
    }
    try {
      return new ManifestGlob(Pattern.compile(re.toString()));
    } catch (PatternSyntaxException e) {
      return new ManifestGlob(Pattern.compile(Pattern.quote(g)));
    }
  }

  /** Whether {@code path} (relative to the package, with {@code /}) matches. */
  boolean matches(String path) {
    return pattern.matcher(path).matches();
  }
}
