package dev.graft.runtime.tools;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A shell glob as a regular expression over {@code /}-separated paths: {@code *} and {@code ?} stay
 * within one path segment, {@code [a-z]} and {@code [!a-z]} are character classes, a {@code **}
 * segment spans any number of directories, and (where allowed) {@code {a,b}} is either. A backslash
 * makes the next character literal.
 */
public final class GlobPattern {
  private GlobPattern() {}

  static Pattern compile(String glob, boolean braces) {
    return compile(glob, braces, 0);
  }

  /** The glob as a pattern with {@code flags} besides DOTALL (CASE_INSENSITIVE, say). */
  public static Pattern compile(String glob, boolean braces, int flags) {
    return Pattern.compile(toRegex(glob, braces), Pattern.DOTALL | flags);
  }

  static String toRegex(String glob, boolean braces) {
    StringBuilder regex = new StringBuilder();
    int n = glob.length();
    int i = 0;
    while (i < n) {
      char c = glob.charAt(i);
      switch (c) {
        case '*' -> {
          int j = i;
          while (j < n && glob.charAt(j) == '*') {
            j++;
          }
          boolean segmentStart = i == 0 || glob.charAt(i - 1) == '/';
          boolean segmentEnd = j == n || glob.charAt(j) == '/';
          if (j - i >= 2 && segmentStart && segmentEnd) {
            if (j == n) {
              regex.append(".*");
            } else {
              regex.append("(?:.*/)?");
              j++; // the slash is part of "**/"
            }
          } else {
            // A run of stars inside a segment is one star, as in gitignore.
            regex.append("[^/]*");
          }
          i = j;
        }
        case '?' -> {
          regex.append("[^/]");
          i++;
        }
        case '[' -> i = characterClass(glob, i, regex);
        case '{' -> {
          if (!braces) {
            regex.append("\\{");
            i++;
          } else {
            i = alternatives(glob, i, regex);
          }
        }
        case '\\' -> {
          if (i + 1 < n) {
            literal(glob.charAt(i + 1), regex);
            i += 2;
          } else {
            literal(c, regex);
            i++;
          }
        }
        default -> {
          literal(c, regex);
          i++;
        }
      }
    }
    return regex.toString();
  }

  /** Appends the class starting at {@code glob[start] == '['}; returns the index after it. */
  private static int characterClass(String glob, int start, StringBuilder regex) {
    int n = glob.length();
    int i = start + 1;
    boolean negated = i < n && (glob.charAt(i) == '!' || glob.charAt(i) == '^');
    if (negated) {
      i++;
    }
    int first = i;
    int close = -1;
    for (int j = first; j < n; j++) {
      if (glob.charAt(j) == ']' && j > first) {
        close = j;
        break;
      }
    }
    if (close < 0) {
      literal('[', regex);
      return start + 1;
    }
    regex.append(negated ? "[^" : "[");
    for (int j = first; j < close; j++) {
      char c = glob.charAt(j);
      if (c == '-' && j > first && j + 1 < close) {
        regex.append('-');
      } else if (c == '\\' && j + 1 < close) {
        regex.append('\\').append(glob.charAt(++j));
      } else if (Character.isLetterOrDigit(c)) {
        regex.append(c);
      } else {
        regex.append('\\').append(c);
      }
    }
    // A negated class never matches the separator either.
    regex.append(negated ? "/]" : "]");
    return close + 1;
  }

  /** Appends {@code {a,b,...}} as a group; an unclosed brace is literal. */
  private static int alternatives(String glob, int start, StringBuilder regex) {
    int depth = 0;
    List<String> parts = new ArrayList<>();
    int partStart = start + 1;
    for (int j = start; j < glob.length(); j++) {
      char c = glob.charAt(j);
      if (c == '\\') {
        j++;
      } else if (c == '{') {
        depth++;
      } else if (c == '}') {
        depth--;
        if (depth == 0) {
          parts.add(glob.substring(partStart, j));
          regex.append("(?:");
          for (int p = 0; p < parts.size(); p++) {
            regex.append(p == 0 ? "" : "|").append(toRegex(parts.get(p), true));
          }
          regex.append(')');
          return j + 1;
        }
      } else if (c == ',' && depth == 1) {
        parts.add(glob.substring(partStart, j));
        partStart = j + 1;
      }
    }
    literal('{', regex);
    return start + 1;
  }

  private static void literal(char c, StringBuilder regex) {
    if ("\\.[]{}()<>*+-=!?^$|/".indexOf(c) >= 0) {
      if (c == '/') {
        regex.append('/');
      } else {
        regex.append('\\').append(c);
      }
    } else {
      regex.append(c);
    }
  }
}
