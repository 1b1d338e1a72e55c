package dev.graft.scripting.modules;

import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The engine's syntax errors quote the line they are about, and for a TypeScript module that is the
 * erased line ({@code const v = "a";}). This puts back the line as written, which has the same
 * columns, so the caret under it still points at the same place.
 */
final class QuotedLines {
  /** "NAME.ts:LINE:COLUMN message", then the quoted line, then a caret under it. */
  private static final Pattern QUOTED =
      Pattern.compile("\\S+\\.[cm]?ts:(\\d+):\\d+ [^\\n]*\\n([^\\n]*)\\n[ \\t]*\\^");

  private QuotedLines() {}

  /**
   * {@code text} with each quoted line of a TypeScript module replaced by the line as written, for
   * the modules {@code erased} holds (each source as written, to its JavaScript); a line no module
   * or more than one explains is left as it is.
   */
  static String asWritten(String text, Map<String, String> erased) {
    if (text.indexOf('^') < 0) {
      return text;
    }
    Matcher m = QUOTED.matcher(text);
    StringBuilder out = new StringBuilder();
    int done = 0;
    while (m.find()) {
      int line = Integer.parseInt(m.group(1));
      Optional<String> written = written(line, m.group(2), erased);
      if (written.isPresent()) {
        out.append(text, done, m.start(2)).append(written.get());
        done = m.end(2);
      }
    }
    return done == 0 ? text : out.append(text, done, text.length()).toString();
  }

  private static Optional<String> written(int line, String quoted, Map<String, String> erased) {
    Set<String> found = new HashSet<>();
    for (Map.Entry<String, String> e : erased.entrySet()) {
      if (quoted.equals(line(e.getValue(), line))) {
        found.add(line(e.getKey(), line));
      }
    }
    return found.size() == 1 ? Optional.ofNullable(found.iterator().next()) : Optional.empty();
  }

  /** The 1-based line {@code n} of {@code text} without its line end, or null. */
  private static String line(String text, int n) {
    int start = 0;
    for (int i = 1; i < n; i++) {
      int nl = text.indexOf('\n', start);
      if (nl < 0) {
        return null;
      }
      start = nl + 1;
    }
    int end = text.indexOf('\n', start);
    String l = end < 0 ? text.substring(start) : text.substring(start, end);
    return l.endsWith("\r") ? l.substring(0, l.length() - 1) : l;
  }
}
