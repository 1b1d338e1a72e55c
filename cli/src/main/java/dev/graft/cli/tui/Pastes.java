package dev.graft.cli.tui;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Big pastes in the editor: more than ten lines or a thousand characters are kept here and stand in
 * the text as a marker ({@code [paste #1 +300 lines]}, {@code [paste #2 1500 chars]}), which is
 * replaced by the paste when the text is sent. A marker goes as one piece under Backspace.
 */
final class Pastes {
  private static final Pattern MARKER =
      Pattern.compile("\\[paste #(\\d+)( (\\+\\d+ lines|\\d+ chars))?\\]");

  private final Map<Integer, String> pastes = new HashMap<>();
  private int count;

  /**
   * What a paste puts in the text: itself (line ends made \n, control characters removed), or a
   * marker.
   */
  String fold(String raw) {
    String text = Ansi.clean(raw.replace("\r\n", "\n").replace('\r', '\n'), 4);
    int lines = text.split("\n").length;
    if (lines <= 10 && text.length() <= 1000) {
      return text;
    }
    int id = ++count;
    pastes.put(id, text);
    return lines > 10
        ? "[paste #" + id + " +" + lines + " lines]"
        : "[paste #" + id + " " + text.length() + " chars]";
  }

  /** {@code text} with each marker replaced by its paste. */
  String expand(String text) {
    if (pastes.isEmpty() || !text.contains("[paste #")) {
      return text;
    }
    Matcher m = MARKER.matcher(text);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String pasted = pastes.get(Integer.parseInt(m.group(1)));
      m.appendReplacement(out, Matcher.quoteReplacement(pasted != null ? pasted : m.group()));
    }
    m.appendTail(out);
    return out.toString();
  }

  /**
   * Removes a marker that ends right before the caret, with its paste; false when there is none.
   */
  boolean deleteBefore(TextBuffer buffer) {
    String before = buffer.text().substring(0, buffer.caret());
    if (!before.endsWith("]")) {
      return false;
    }
    Matcher m = MARKER.matcher(before);
    int start = -1;
    int id = -1;
    while (m.find()) {
      if (m.end() == before.length()) {
        start = m.start();
        id = Integer.parseInt(m.group(1));
      }
    }
    if (start < 0 || !pastes.containsKey(id)) {
      return false;
    }
    buffer.delete(start, buffer.caret());
    pastes.remove(id);
    return true;
  }

  void clear() {
    pastes.clear();
  }

  /** {@code shown} (cleaned text) with the markers in the accent colour. */
  static String highlight(String shown, Theme theme) {
    if (!shown.contains("[paste #") || !theme.colored()) {
      return shown;
    }
    return MARKER
        .matcher(shown)
        .replaceAll(m -> Matcher.quoteReplacement(theme.fg(ThemeRole.ACCENT, m.group())));
  }
}
