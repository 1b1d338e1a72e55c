package dev.graft.cli.packages;

import dev.graft.cli.base.UserError;
import java.util.ArrayList;
import java.util.List;

/**
 * A glob of a package manifest's entry ({@code "./extensions/*.ts"}, {@code "src/**}{@code
 * /index.ts"}), matched as the reference's glob and minimatch match it: {@code *} and {@code ?}
 * within a name, {@code **} across folders, {@code [...]} (ranges, {@code !} or {@code ^} to
 * negate, {@code [:alpha:]} and the other POSIX classes), {@code {a,b}} and {@code \} to escape; a
 * name starting with a dot only when the glob's does.
 *
 * <p>No regular expression: a name is matched by the standard wildcard algorithm (a {@code *} is
 * only ever taken back to the last one), the folders of a path by a table over glob parts and path
 * parts, so a match costs at most the glob's length times the path's, whatever either holds ({@code
 * *a*a*a...b} against 200 a's included). Braces expand to at most {@link #MAX_ALTERNATIVES} globs,
 * and a glob is at most {@link #MAX_LENGTH} characters.
 */
final class ManifestGlob {
  /** The most globs one entry's braces may expand to. */
  static final int MAX_ALTERNATIVES = 64;

  /** The longest glob graft matches. */
  static final int MAX_LENGTH = 1_024;

  /** One part of a name's glob: a character, {@code ?}, {@code *} or a class. */
  private sealed interface Token {
    record Literal(char c) implements Token {}

    record AnyOne() implements Token {}

    record Star() implements Token {}

    record Class(List<char[]> ranges, List<String> posix, boolean negated) implements Token {}
  }

  /** A folder part of the glob: {@code **}, or the tokens one name must match. */
  private record Part(boolean globstar, List<Token> tokens, boolean dotAllowed) {}

  private final List<List<Part>> alternatives;

  private ManifestGlob(List<List<Part>> alternatives) {
    this.alternatives = alternatives;
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
    if (g.length() > MAX_LENGTH) {
      throw new UserError(
          "a glob in package.json is longer than "
              + MAX_LENGTH
              + " characters: "
              + g.substring(0, 40)
              + "...");
    }
    List<String> expanded = new ArrayList<>();
    expand(g, expanded);
    List<List<Part>> alternatives = new ArrayList<>();
    for (String e : expanded) {
      alternatives.add(parts(e));
    }
    return new ManifestGlob(alternatives);
  }

  /** How many globs this one stands for (its braces expanded). */
  int size() {
    return alternatives.size();
  }

  /** Whether {@code path} (relative to the package, with {@code /}) matches. */
  boolean matches(String path) {
    String[] names = path.split("/", -1);
    for (List<Part> parts : alternatives) {
      if (matches(parts, names)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The parts of the glob against the path's names: {@code ok[i][j]} says whether parts from {@code
   * i} match names from {@code j}, filled from the end (each cell from two others).
   */
  private static boolean matches(List<Part> parts, String[] names) {
    int p = parts.size();
    int n = names.length;
    boolean[][] ok = new boolean[p + 1][n + 1];
    ok[p][n] = true;
    for (int i = p - 1; i >= 0; i--) {
      Part part = parts.get(i);
      for (int j = n; j >= 0; j--) {
        if (part.globstar()) {
          // ** matches no folder, or this one (never a hidden one) and maybe more; at the end, at
          // least one.
          boolean none = i < p - 1 && ok[i + 1][j];
          ok[i][j] =
              none || j < n && !names[j].startsWith(".") && (ok[i + 1][j + 1] || ok[i][j + 1]);
        } else {
          ok[i][j] = j < n && ok[i + 1][j + 1] && matchesName(part, names[j]);
        }
      }
    }
    return ok[0][0];
  }

  /**
   * The standard wildcard match of one name: on a mismatch, the last {@code *} takes one more
   * character.
   */
  private static boolean matchesName(Part part, String name) {
    if (name.startsWith(".") && !part.dotAllowed()) {
      return false;
    }
    List<Token> tokens = part.tokens();
    int t = 0;
    int c = 0;
    int star = -1;
    int starAt = 0;
    while (c < name.length()) {
      if (t < tokens.size() && tokens.get(t) instanceof Token.Star) {
        star = t++;
        starAt = c;
      } else if (t < tokens.size() && matchesChar(tokens.get(t), name.charAt(c))) {
        t++;
        c++;
      } else if (star >= 0) {
        t = star + 1;
        c = ++starAt;
      } else {
        return false;
      }
    }
    while (t < tokens.size() && tokens.get(t) instanceof Token.Star) {
      t++;
    }
    return t == tokens.size();
  }

  private static boolean matchesChar(Token token, char c) {
    return switch (token) {
      case Token.Literal l -> l.c() == c;
      case Token.AnyOne a -> true;
      case Token.Star s -> false;
      case Token.Class k -> inClass(k, c) != k.negated();
    };
  }

  private static boolean inClass(Token.Class k, char c) {
    for (char[] r : k.ranges()) {
      if (c >= r[0] && c <= r[1]) {
        return true;
      }
    }
    for (String name : k.posix()) {
      if (posix(name, c)) {
        return true;
      }
    }
    return false;
  }

  private static boolean posix(String name, char c) {
    boolean ascii = c < 128;
    return switch (name) {
      case "alnum" -> ascii && Character.isLetterOrDigit(c);
      case "alpha" -> ascii && Character.isLetter(c);
      case "ascii" -> ascii;
      case "blank" -> c == ' ' || c == '\t';
      case "cntrl" -> c < 32 || c == 127;
      case "digit" -> c >= '0' && c <= '9';
      case "graph" -> c > 32 && c < 127;
      case "lower" -> c >= 'a' && c <= 'z';
      case "print" -> c >= 32 && c < 127;
      case "punct" -> c > 32 && c < 127 && !Character.isLetterOrDigit(c);
      case "space" -> c == ' ' || c >= 9 && c <= 13;
      case "upper" -> c >= 'A' && c <= 'Z';
      case "word" -> ascii && (Character.isLetterOrDigit(c) || c == '_');
      case "xdigit" -> c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
      default -> false;
    };
  }

  /** {@code g}'s folder parts: {@code **} alone is a globstar; elsewhere it is one {@code *}. */
  private static List<Part> parts(String g) {
    List<Part> parts = new ArrayList<>();
    for (String segment : splitSegments(g)) {
      if (segment.equals("**")) {
        if (parts.isEmpty() || !parts.getLast().globstar()) {
          parts.add(new Part(true, List.of(), false));
        }
        continue;
      }
      List<Token> tokens = tokens(segment);
      boolean dot =
          !tokens.isEmpty() && tokens.getFirst() instanceof Token.Literal l && l.c() == '.';
      parts.add(new Part(false, tokens, dot));
    }
    return parts;
  }

  /** The glob split at each {@code /} that is not inside a class. */
  private static List<String> splitSegments(String g) {
    List<String> out = new ArrayList<>();
    int from = 0;
    for (int i = 0; i < g.length(); i++) {
      char c = g.charAt(i);
      if (c == '\\' && i + 1 < g.length()) {
        i++;
      } else if (c == '[') {
        int end = classEnd(g, i);
        if (end > 0) {
          i = end;
        }
      } else if (c == '/') {
        out.add(g.substring(from, i));
        from = i + 1;
      }
    }
    out.add(g.substring(from));
    return out;
  }

  private static List<Token> tokens(String segment) {
    List<Token> tokens = new ArrayList<>();
    for (int i = 0; i < segment.length(); i++) {
      char c = segment.charAt(i);
      switch (c) {
        case '*' -> {
          if (tokens.isEmpty() || !(tokens.getLast() instanceof Token.Star)) {
            tokens.add(new Token.Star());
          }
        }
        case '?' -> tokens.add(new Token.AnyOne());
        case '\\' ->
            tokens.add(new Token.Literal(i + 1 < segment.length() ? segment.charAt(++i) : '\\'));
        case '[' -> {
          int end = classEnd(segment, i);
          if (end < 0) {
            tokens.add(new Token.Literal('['));
          } else {
            tokens.add(charClass(segment.substring(i + 1, end)));
            i = end;
          }
        }
        default -> tokens.add(new Token.Literal(c));
      }
    }
    return tokens;
  }

  /**
   * Where the class opened at {@code open} closes ({@code ]} right after the opening, or a {@code
   * !}/{@code ^}, is a member), or -1.
   */
  private static int classEnd(String g, int open) {
    int i = open + 1;
    if (i < g.length() && (g.charAt(i) == '!' || g.charAt(i) == '^')) {
      i++;
    }
    if (i < g.length() && g.charAt(i) == ']') {
      i++;
    }
    for (; i < g.length(); i++) {
      char c = g.charAt(i);
      if (c == '\\') {
        i++;
      } else if (c == '[' && g.startsWith("[:", i)) {
        int close = g.indexOf(":]", i + 2);
        if (close > 0) {
          i = close + 1;
        }
      } else if (c == ']') {
        return i;
      } else if (c == '/') {
        return -1;
      }
    }
    return -1;
  }

  private static Token.Class charClass(String body) {
    boolean negated = !body.isEmpty() && (body.charAt(0) == '!' || body.charAt(0) == '^');
    List<char[]> ranges = new ArrayList<>();
    List<String> posix = new ArrayList<>();
    int i = negated ? 1 : 0;
    while (i < body.length()) {
      if (body.startsWith("[:", i) && body.indexOf(":]", i + 2) > 0) {
        int close = body.indexOf(":]", i + 2);
        posix.add(body.substring(i + 2, close));
        i = close + 2;
        continue;
      }
      char from = body.charAt(i);
      if (from == '\\' && i + 1 < body.length()) {
        from = body.charAt(++i);
      }
      i++;
      char to = from;
      if (i + 1 < body.length() && body.charAt(i) == '-') {
        to = body.charAt(i + 1);
        if (to == '\\' && i + 2 < body.length()) {
          to = body.charAt(i + 2);
          i++;
        }
        i += 2;
      }
      ranges.add(new char[] {from, to});
    }
    return new Token.Class(ranges, posix, negated);
  }

  /**
   * Brace expansion, as minimatch does it ({@code a{b,c{d,e}}f}), refused beyond {@link
   * #MAX_ALTERNATIVES} globs.
   */
  private static void expand(String g, List<String> out) {
    int open = -1;
    int depth = 0;
    List<Integer> commas = new ArrayList<>();
    for (int i = 0; i < g.length(); i++) {
      char c = g.charAt(i);
      if (c == '\\') {
        i++;
      } else if (c == '{') {
        if (depth++ == 0) {
          open = i;
          commas.clear();
        }
      } else if (c == ',' && depth == 1) {
        commas.add(i);
      } else if (c == '}' && depth > 0 && --depth == 0) {
        if (commas.isEmpty()) {
          // {x} is not a set of alternatives: the braces stay, the rest is expanded.
          List<String> rest = new ArrayList<>();
          expand(g.substring(i + 1), rest);
          for (String r : rest) {
            add(out, g.substring(0, i + 1) + r);
          }
          return;
        }
        List<String> choices = new ArrayList<>();
        int from = open + 1;
        for (int comma : commas) {
          choices.add(g.substring(from, comma));
          from = comma + 1;
        }
        choices.add(g.substring(from, i));
        String before = g.substring(0, open);
        String after = g.substring(i + 1);
        for (String choice : choices) {
          expand(before + choice + after, out);
        }
        return;
      }
    }
    add(out, g);
  }

  private static void add(List<String> out, String glob) {
    if (out.size() == MAX_ALTERNATIVES) {
      throw new UserError(
          "a glob in package.json stands for more than "
              + MAX_ALTERNATIVES
              + " globs once its braces"
              + " are expanded (the cap): "
              + (glob.length() > 60 ? glob.substring(0, 60) + "..." : glob));
    }
    out.add(glob);
  }
}
