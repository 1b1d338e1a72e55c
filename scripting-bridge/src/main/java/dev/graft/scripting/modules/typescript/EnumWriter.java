package dev.graft.scripting.modules.typescript;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Writes an enum as tsc does: an object filled by a function, each member under its name and,
 * unless its value is a string, its value mapped back to the name. Each initialiser stays where it
 * is, so its line stays exact: the first line becomes {@code var E;(function (E) {let A, B;}, a
 * member {@code A = 1,} becomes {@code E["A"] = A = (1); if (...) E[E["A"]] = "A";}, and the
 * closing brace {@code })(E || (E = {}));}. Members are also locals of the function, so that an
 * initialiser naming an earlier member ({@code B = A * 2}) reads its value, as tsc resolves it.
 */
final class EnumWriter {
  /** Member names that cannot be a {@code let} in a module. */
  private static final Set<String> NOT_LOCAL =
      Set.of(
          "implements",
          "interface",
          "let",
          "package",
          "private",
          "protected",
          "public",
          "static",
          "yield",
          "await",
          "eval",
          "arguments");

  private record Member(
      int start, int end, int commaEnd, String key, String local, int valueStart, int valueEnd) {}

  private final String name;
  private final List<Member> members = new ArrayList<>();

  EnumWriter(String name) {
    this.name = name;
  }

  static String quote(String name) {
    return "\"" + name + "\"";
  }

  /**
   * A member from {@code start} to {@code end} ({@code commaEnd} after its comma, if any), its key
   * as a JavaScript string, its name as a local (or null), its initialiser's span (or -1).
   */
  void member(
      int start, int end, int commaEnd, String key, String local, int valueStart, int valueEnd) {
    members.add(new Member(start, end, commaEnd, key, local, valueStart, valueEnd));
  }

  /**
   * The edits: {@code keyword} is where {@code [const] enum} starts, {@code open} after its {@code
   * {}, {@code close} at its {@code }}.
   */
  void write(Edits edits, int keyword, int open, int close) {
    Set<String> locals = new LinkedHashSet<>();
    for (Member m : members) {
      if (m.local() != null && !NOT_LOCAL.contains(m.local()) && !m.local().equals(name)) {
        locals.add(m.local());
      }
    }
    edits.blank(keyword, open);
    edits.insert(
        keyword,
        "var "
            + name
            + ";(function ("
            + name
            + ") {"
            + (locals.isEmpty() ? "" : "let " + String.join(", ", locals) + ";"));
    String previous = null;
    for (Member m : members) {
      String target = name + "[" + m.key() + "]";
      String local = locals.contains(m.local()) ? m.local() + " = " : "";
      if (m.valueStart() < 0) {
        String value =
            previous == null
                ? "0"
                : "typeof "
                    + name
                    + "["
                    + previous
                    + "] === \"number\" ? "
                    + name
                    + "["
                    + previous
                    + "] + 1 : void 0";
        edits.blank(m.start(), m.commaEnd());
        edits.insert(
            m.start(), name + "[" + target + " = " + local + value + "] = " + m.key() + ";");
      } else {
        edits.blank(m.start(), m.valueStart());
        edits.insert(m.valueStart(), target + " = " + local + "(");
        edits.insert(
            m.valueEnd(),
            "); if (typeof "
                + target
                + " !== \"string\") "
                + name
                + "["
                + target
                + "] = "
                + m.key()
                + ";");
        edits.blank(m.valueEnd(), m.commaEnd());
      }
      previous = m.key();
    }
    edits.blank(close, close + 1);
    edits.insert(close, "})(" + name + " || (" + name + " = {}));");
  }
}
