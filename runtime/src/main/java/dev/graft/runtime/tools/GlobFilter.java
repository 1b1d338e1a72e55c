package dev.graft.runtime.tools;

import java.util.regex.Pattern;

/**
 * The grep tool's {@code glob} argument, with ripgrep's meaning: a pattern without {@code /}
 * matches file names at any depth, one with {@code /} matches the path from the search root, and a
 * leading {@code !} excludes what matches (directories included) instead of selecting it.
 */
record GlobFilter(Pattern pattern, boolean excludes, boolean wholePath) {

  static GlobFilter parse(String glob) {
    boolean excludes = glob.startsWith("!");
    String body = excludes ? glob.substring(1) : glob;
    boolean wholePath = body.contains("/");
    if (body.startsWith("/")) {
      body = body.substring(1);
    }
    return new GlobFilter(GlobPattern.compile(body, true), excludes, wholePath);
  }

  /** Whether a file is searched. */
  boolean acceptsFile(String relativePath) {
    return matches(relativePath) != excludes;
  }

  /** Whether the walk goes into a directory. */
  boolean entersDirectory(String relativePath) {
    return !(excludes && matches(relativePath));
  }

  private boolean matches(String relativePath) {
    String subject =
        wholePath ? relativePath : relativePath.substring(relativePath.lastIndexOf('/') + 1);
    return pattern.matcher(subject).matches();
  }
}
