package dev.graft.cli.tui;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.IntSupplier;

/**
 * The input editor: multi-line text between two rules, word-wrapped (never inside a word unless it
 * is wider than the line), with the usual Emacs keys, history (Up and Down on the first and last
 * row) and its search (Ctrl+R), pastes of more than ten lines or a thousand characters folded into
 * a {@code [paste #1 +300 lines]} marker (sent in full), and completions shown in a list below it
 * as the text changes, or on Tab. Enter sends, except after a backslash, which becomes a new line;
 * Shift+Enter, Alt+Enter and Ctrl+J insert one.
 */
public final class Editor implements Component {

  private final Theme theme;
  private final History history;
  private final IntSupplier screenRows;
  private final TextBuffer buffer = new TextBuffer();
  private final Pastes pastes = new Pastes();
  private Consumer<String> onSubmit = text -> {};
  private ThemeRole borderRole = ThemeRole.BORDER_MUTED;
  private String placeholder = "";
  private boolean focused = true;
  // history browsing: index into the history (size() = the draft), and the draft kept meanwhile
  private int historyIndex = -1;
  private String draft = "";
  private HistorySearch search;
  private final EditorCompletions completions;

  public Editor(Theme theme, History history, IntSupplier screenRows) {
    this.theme = theme;
    this.history = history;
    this.screenRows = screenRows;
    this.completions = new EditorCompletions(theme);
  }

  public void onSubmit(Consumer<String> handler) {
    this.onSubmit = handler;
  }

  /** Adds a completion source, asked after those added before it. */
  public void addCompletionSource(CompletionSource source) {
    completions.add(source);
  }

  /** The colour of the rules above and below the text (the thinking level's, say). */
  public void setBorderRole(ThemeRole role) {
    this.borderRole = role;
  }

  /** A dimmed hint shown while the editor is empty. */
  public void setPlaceholder(String text) {
    this.placeholder = text;
  }

  /** Whether the editor has the keys (its caret is drawn only then). */
  public void setFocused(boolean focused) {
    this.focused = focused;
  }

  /** The text as typed, paste markers included. */
  public String text() {
    return buffer.text();
  }

  public boolean isEmpty() {
    return buffer.isEmpty();
  }

  /** Replaces the text (the caret goes to the end); paste markers in it keep their pastes. */
  public void setText(String text) {
    buffer.set(text);
    historyIndex = -1;
    search = null;
    completions.close();
  }

  /** Empties the editor, forgetting its pastes. */
  public void clear() {
    setText("");
    pastes.clear();
  }

  /** The text with each paste marker replaced by what was pasted. */
  public String expandedText() {
    return pastes.expand(buffer.text());
  }

  /** Takes the text to send: expanded, kept in the history, and the editor emptied. */
  public String take() {
    String text = expandedText();
    history.add(text);
    clear();
    return text;
  }

  public boolean popupOpen() {
    return completions.open();
  }

  public boolean searching() {
    return search != null;
  }

  // ------------------------------------------------------------------ keys

  @Override
  public boolean handleKey(Key key) {
    if (search != null) {
      HistorySearch.Outcome outcome = search.key(key, buffer);
      if (outcome == HistorySearch.Outcome.HANDLED) {
        return true;
      }
      search = null;
      if (outcome == HistorySearch.Outcome.DONE) {
        return true;
      }
    }
    if (completions.open() && completions.key(key, buffer, this::submit)) {
      return true;
    }
    if (key.is(Key.Kind.TAB)) {
      completions.update(buffer, true);
      return true;
    }
    boolean handled = editKey(key);
    if (handled && search == null) {
      if (key.is(Key.Kind.UP) || key.is(Key.Kind.DOWN)) {
        // Moving through lines or the history opens no list: it would take the next Up or Down.
        completions.close();
      } else {
        completions.update(buffer, false);
      }
    }
    return handled;
  }

  private boolean editKey(Key key) {
    int mods = key.modifiers();
    switch (key.kind()) {
      case PASTE -> buffer.insert(pastes.fold(key.text()));
      case ENTER -> {
        if (mods != 0) {
          buffer.insert("\n");
        } else if (buffer.caret() > 0 && buffer.text().charAt(buffer.caret() - 1) == '\\') {
          buffer.backspace();
          buffer.insert("\n");
        } else {
          submit();
        }
      }
      case BACKSPACE -> {
        if ((mods & (Key.ALT | Key.CTRL)) != 0) {
          buffer.kill(buffer.wordStart(), buffer.caret());
        } else {
          backspace();
        }
      }
      case DELETE -> {
        if ((mods & (Key.ALT | Key.CTRL)) != 0) {
          buffer.kill(buffer.caret(), buffer.wordEnd());
        } else {
          buffer.deleteForward();
        }
      }
      case LEFT -> {
        if ((mods & (Key.ALT | Key.CTRL)) != 0) {
          buffer.setCaret(buffer.wordStart());
        } else {
          buffer.left();
        }
      }
      case RIGHT -> {
        if ((mods & (Key.ALT | Key.CTRL)) != 0) {
          buffer.setCaret(buffer.wordEnd());
        } else {
          buffer.right();
        }
      }
      case UP -> {
        if (mods != 0) {
          return false;
        }
        up();
      }
      case DOWN -> {
        if (mods != 0) {
          return false;
        }
        down();
      }
      case HOME -> buffer.setCaret(buffer.lineStart());
      case END -> buffer.setCaret(buffer.lineEnd());
      case CHAR -> {
        return charKey(key);
      }
      default -> {
        return false;
      }
    }
    return true;
  }

  private boolean charKey(Key key) {
    int mods = key.modifiers();
    int c = key.codePoint();
    if (mods == Key.CTRL) {
      switch (c) {
        case 'a' -> buffer.setCaret(buffer.lineStart());
        case 'e' -> buffer.setCaret(buffer.lineEnd());
        case 'b' -> buffer.left();
        case 'f' -> buffer.right();
        case 'u' ->
            buffer.kill(
                buffer.caret() == buffer.lineStart() && buffer.caret() > 0
                    ? buffer.caret() - 1
                    : buffer.lineStart(),
                buffer.caret());
        case 'k' ->
            buffer.kill(
                buffer.caret(),
                buffer.caret() == buffer.lineEnd() && buffer.caret() < buffer.length()
                    ? buffer.caret() + 1
                    : buffer.lineEnd());
        case 'w' -> buffer.kill(buffer.wordStart(), buffer.caret());
        case 'y' -> buffer.yank();
        case 'd' -> buffer.deleteForward();
        case '_' -> buffer.undo();
        case 'j' -> buffer.insert("\n");
        case 'r' -> startSearch();
        default -> {
          return false;
        }
      }
      return true;
    }
    if (mods == Key.ALT) {
      switch (c) {
        case 'b' -> buffer.setCaret(buffer.wordStart());
        case 'f' -> buffer.setCaret(buffer.wordEnd());
        case 'd' -> buffer.kill(buffer.caret(), buffer.wordEnd());
        default -> {
          return false;
        }
      }
      return true;
    }
    if (!key.printable()) {
      return false;
    }
    historyIndex = -1;
    buffer.type(Character.toString(c));
    return true;
  }

  /** Backspace right after a paste marker removes the whole marker (and the paste). */
  private void backspace() {
    if (!pastes.deleteBefore(buffer)) {
      buffer.backspace();
    }
  }

  private void submit() {
    String text = expandedText();
    history.add(text);
    historyIndex = -1;
    buffer.set("");
    pastes.clear();
    completions.close();
    onSubmit.accept(text);
  }

  private void up() {
    EditorLayout layout = layout(lastWidth);
    int row = layout.rowOf(buffer.caret());
    if (row > 0) {
      int column = layout.columnOf(buffer.text(), buffer.caret());
      buffer.setCaret(layout.offsetAt(buffer.text(), row - 1, column));
      return;
    }
    if (history.size() == 0) {
      buffer.setCaret(0);
      return;
    }
    if (historyIndex < 0) {
      draft = buffer.text();
      historyIndex = history.size();
    }
    if (historyIndex > 0) {
      historyIndex--;
      showHistory(history.get(historyIndex));
    }
  }

  private void down() {
    EditorLayout layout = layout(lastWidth);
    int row = layout.rowOf(buffer.caret());
    if (row < layout.rows().size() - 1) {
      int column = layout.columnOf(buffer.text(), buffer.caret());
      buffer.setCaret(layout.offsetAt(buffer.text(), row + 1, column));
      return;
    }
    if (historyIndex < 0) {
      buffer.setCaret(buffer.length());
      return;
    }
    historyIndex++;
    if (historyIndex >= history.size()) {
      historyIndex = -1;
      showHistory(draft);
    } else {
      showHistory(history.get(historyIndex));
    }
  }

  private void showHistory(String text) {
    int keep = historyIndex;
    buffer.set(text);
    historyIndex = keep;
  }

  private void startSearch() {
    search = new HistorySearch(history, buffer);
    completions.close();
  }

  /** Asks the sources again (one was added, or has new items: the files were listed). */
  public void refreshCompletions() {
    if (search == null) {
      completions.update(buffer, false);
    }
  }

  // ------------------------------------------------------------------ drawing

  private int lastWidth = 80;

  private EditorLayout layout(int width) {
    return EditorLayout.of(buffer.text(), textWidth(width));
  }

  private static int textWidth(int width) {
    return Math.max(1, width - 3); // "> " before, a column for the caret after
  }

  @Override
  public List<String> render(int width) {
    lastWidth = width;
    List<String> out = new ArrayList<>();
    String rule = theme.fg(borderRole, "─".repeat(Math.max(1, width)));
    out.add(rule);
    if (search != null) {
      out.add(search.line(theme, width, focused));
    } else {
      out.addAll(textLines(width));
    }
    out.add(rule);
    out.addAll(completions.render(width));
    return out;
  }

  private List<String> textLines(int width) {
    String text = buffer.text();
    String prompt = theme.fg(ThemeRole.ACCENT, "> ");
    if (text.isEmpty()) {
      String caret = focused ? Tui.CARET + theme.inverse(" ") : "";
      String hint =
          placeholder.isEmpty()
              ? ""
              : theme.fg(ThemeRole.DIM, Ansi.truncate(placeholder, Math.max(1, width - 4), "…"));
      return List.of(prompt + caret + hint);
    }
    EditorLayout layout = layout(width);
    List<EditorLayout.Row> rows = layout.rows();
    int caretRow = layout.rowOf(buffer.caret());
    int maxRows = Math.max(3, screenRows.getAsInt() / 2);
    int first = 0;
    if (rows.size() > maxRows) {
      first = Math.max(0, Math.min(caretRow - maxRows / 2, rows.size() - maxRows));
    }
    int last = Math.min(rows.size(), first + maxRows);
    List<String> out = new ArrayList<>();
    if (first > 0) {
      out.add(theme.fg(ThemeRole.MUTED, "  ↑ " + first + " more line" + (first == 1 ? "" : "s")));
    }
    for (int r = first; r < last; r++) {
      EditorLayout.Row row = rows.get(r);
      String shown = text.substring(row.start(), row.end());
      StringBuilder line = new StringBuilder(r == 0 ? prompt : "  ");
      if (focused && r == caretRow) {
        int at = buffer.caret() - row.start();
        String before = shown.substring(0, at);
        String after = shown.substring(at);
        String under =
            after.isEmpty() ? " " : after.substring(0, Character.charCount(after.codePointAt(0)));
        String rest = after.isEmpty() ? "" : after.substring(under.length());
        line.append(Pastes.highlight(Ansi.clean(before), theme))
            .append(Tui.CARET)
            .append(theme.inverse(Ansi.clean(under)))
            .append(Pastes.highlight(Ansi.clean(rest), theme));
      } else {
        line.append(Pastes.highlight(Ansi.clean(shown), theme));
      }
      out.add(line.toString());
    }
    if (last < rows.size()) {
      out.add(
          theme.fg(
              ThemeRole.MUTED,
              "  ↓ " + (rows.size() - last) + " more line" + (rows.size() - last == 1 ? "" : "s")));
    }
    return out;
  }

  @Override
  public boolean finished() {
    return false;
  }
}
