package dev.graft.cli.tui;

import java.util.Locale;
import java.util.Optional;

/**
 * Ctrl+R in the editor: typed text finds the newest input of the history that contains it (Ctrl+R
 * again: an older one). Enter takes the match into the editor, any other editing key takes it and
 * goes on, Esc, Ctrl+G and Ctrl+C put back what was there before.
 */
final class HistorySearch {
  /** What a key did: nothing more to do, or the editor goes on with the key. */
  enum Outcome {
    HANDLED,
    DONE,
    PASS_ON
  }

  private final History history;
  private final String before;
  private final int caret;
  private String query = "";
  private int match = -1;

  HistorySearch(History history, TextBuffer buffer) {
    this.history = history;
    this.before = buffer.text();
    this.caret = buffer.caret();
  }

  Outcome key(Key key, TextBuffer buffer) {
    if (key.isCtrl('r')) {
      history.searchBackward(query, match < 0 ? history.size() : match).ifPresent(i -> match = i);
      return Outcome.HANDLED;
    }
    if (key.is(Key.Kind.ESCAPE) || key.isCtrl('g') || key.isCtrl('c')) {
      buffer.set(before);
      buffer.setCaret(caret);
      return Outcome.DONE;
    }
    if (key.is(Key.Kind.BACKSPACE)) {
      query =
          query.isEmpty()
              ? ""
              : query.substring(
                  0, query.length() - Character.charCount(query.codePointBefore(query.length())));
      match = query.isEmpty() ? -1 : history.searchBackward(query, history.size()).orElse(-1);
      return Outcome.HANDLED;
    }
    if (key.printable()) {
      query += Character.toString(key.codePoint());
      Optional<Integer> found =
          history.searchBackward(query, match < 0 ? history.size() : match + 1);
      boolean stillMatches =
          match >= 0
              && history
                  .get(match)
                  .toLowerCase(Locale.ROOT)
                  .contains(query.toLowerCase(Locale.ROOT));
      match = found.orElse(stillMatches ? match : -1);
      return Outcome.HANDLED;
    }
    if (match >= 0) {
      buffer.set(history.get(match));
    }
    return key.is(Key.Kind.ENTER) ? Outcome.DONE : Outcome.PASS_ON;
  }

  /** The search's line: the query (where the caret is) and the match. */
  String line(Theme theme, int width, boolean focused) {
    String label =
        theme.fg(ThemeRole.MUTED, "(reverse-i-search)`")
            + Ansi.clean(query)
            + (focused ? Tui.CARET : "")
            + theme.fg(ThemeRole.MUTED, "': ");
    if (match < 0) {
      return Ansi.truncate(
          label + (query.isEmpty() ? "" : theme.fg(ThemeRole.WARNING, "no match")), width, "…");
    }
    return Ansi.truncate(label + Ansi.clean(history.get(match).replace('\n', '⏎')), width, "…");
  }
}
