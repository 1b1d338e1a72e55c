package dev.graft.cli.chat;

import com.github.difflib.DiffUtils;
import com.github.difflib.patch.AbstractDelta;
import com.github.difflib.patch.Patch;
import dev.graft.cli.tui.Ansi;
import dev.graft.cli.tui.Theme;
import dev.graft.cli.tui.ThemeRole;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The edit tool's diff ({@code details.diff}: {@code +12 text}, {@code -12 text}, {@code 12 text}
 * and {@code ...}) in colour, line numbers kept; when one line was replaced by one line, the words
 * that changed are shown in reverse video.
 */
final class DiffLines {
  private static final Pattern LINE = Pattern.compile("^([+\\- ])(\\s*\\d*) (.*)$", Pattern.DOTALL);
  private static final Pattern WORDS = Pattern.compile("\\s+|\\w+|[^\\w\\s]");

  private DiffLines() {}

  private record Parsed(char kind, String number, String text) {}

  static List<String> render(String diff, Theme theme) {
    String[] lines = diff.split("\n", -1);
    List<String> out = new ArrayList<>();
    int i = 0;
    while (i < lines.length) {
      Parsed p = parse(lines[i]);
      if (p == null) {
        out.add(theme.fg(ThemeRole.TOOL_DIFF_CONTEXT, Ansi.clean(lines[i])));
        i++;
        continue;
      }
      if (p.kind() == '-') {
        List<Parsed> removed = new ArrayList<>();
        while (i < lines.length && parse(lines[i]) instanceof Parsed r && r.kind() == '-') {
          removed.add(r);
          i++;
        }
        List<Parsed> added = new ArrayList<>();
        while (i < lines.length && parse(lines[i]) instanceof Parsed a && a.kind() == '+') {
          added.add(a);
          i++;
        }
        if (removed.size() == 1 && added.size() == 1) {
          String[] pair = wordDiff(removed.getFirst().text(), added.getFirst().text(), theme);
          out.add(
              theme.fg(
                  ThemeRole.TOOL_DIFF_REMOVED, "-" + removed.getFirst().number() + " " + pair[0]));
          out.add(
              theme.fg(ThemeRole.TOOL_DIFF_ADDED, "+" + added.getFirst().number() + " " + pair[1]));
        } else {
          removed.forEach(r ->
              out.add(theme.fg(ThemeRole.TOOL_DIFF_REMOVED, "-" + r.number() + " " + r.text())));
          added.forEach(
              a -> out.add(theme.fg(ThemeRole.TOOL_DIFF_ADDED, "+" + a.number() + " " + a.text())));
        }
        continue;
      }
      out.add(
          theme.fg(
              p.kind() == '+' ? ThemeRole.TOOL_DIFF_ADDED : ThemeRole.TOOL_DIFF_CONTEXT,
              p.kind() + p.number() + " " + p.text()));
      i++;
    }
    return out;
  }

  private static Parsed parse(String line) {
    Matcher m = LINE.matcher(line);
    if (!m.matches()) {
      return null;
    }
    return new Parsed(m.group(1).charAt(0), m.group(2), Ansi.clean(m.group(3)));
  }

  /**
   * The old and new line with the words that differ in reverse video (leading spaces left plain).
   */
  private static String[] wordDiff(String before, String after, Theme theme) {
    List<String> a = tokens(before);
    List<String> b = tokens(after);
    Patch<String> patch = DiffUtils.diff(a, b);
    boolean[] changedA = new boolean[a.size()];
    boolean[] changedB = new boolean[b.size()];
    for (AbstractDelta<String> d : patch.getDeltas()) {
      for (int k = 0; k < d.getSource().size(); k++) {
        changedA[d.getSource().getPosition() + k] = true;
      }
      for (int k = 0; k < d.getTarget().size(); k++) {
        changedB[d.getTarget().getPosition() + k] = true;
      }
    }
    return new String[] {mark(a, changedA, theme), mark(b, changedB, theme)};
  }

  private static String mark(List<String> tokens, boolean[] changed, Theme theme) {
    StringBuilder out = new StringBuilder();
    boolean leading = true;
    for (int i = 0; i < tokens.size(); i++) {
      String t = tokens.get(i);
      boolean space = t.isBlank();
      if (!space) {
        leading = false;
      }
      out.append(changed[i] && !(leading && space) ? theme.inverse(t) : t);
    }
    return out.toString();
  }

  private static List<String> tokens(String s) {
    List<String> out = new ArrayList<>();
    Matcher m = WORDS.matcher(s);
    while (m.find()) {
      out.add(m.group());
    }
    return out;
  }
}
