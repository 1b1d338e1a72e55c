package dev.graft.cli.tui;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.IntSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The input editor: multi-line text between two rules, word-wrapped (never inside a word unless
 * it is wider than the line), with the usual Emacs keys, history (Up and Down on the first and
 * last row) and its search (Ctrl+R), pastes of more than ten lines or a thousand characters
 * folded into a {@code [paste #1 +300 lines]} marker (sent in full), and completions shown in a
 * list below it as the text changes, or on Tab. Enter sends, except after a backslash, which
 * becomes a new line; Shift+Enter, Alt+Enter and Ctrl+J insert one.
 */
public final class Editor implements Component {
  private static final Pattern MARKER = Pattern.compile("\\[paste #(\\d+)( (\\+\\d+ lines|\\d+ chars))?\\]");
  private static final int POPUP_ROWS = 8;

  private final Theme theme;
  private final History history;
  private final IntSupplier screenRows;
  private final TextBuffer buffer = new TextBuffer();
  private final List<CompletionSource> sources = new ArrayList<>();
  private final Map<Integer, String> pastes = new HashMap<>();
  private int pasteCount;
  private Consumer<String> onSubmit = text -> {};
  private ThemeRole borderRole = ThemeRole.BORDER_MUTED;
  private String placeholder = "";
  private boolean focused = true;
  // history browsing: index into the history (size() = the draft), and the draft kept meanwhile
  private int historyIndex = -1;
  private String draft = "";
  // Ctrl+R
  private Search search;
  // completions
  private final SelectList popup;
  private CompletionSource.Completions completions;

  private record Search(String query, int match, String before, int caret) {}

  public Editor(Theme theme, History history, IntSupplier screenRows) {
    this.theme = theme;
    this.history = history;
    this.screenRows = screenRows;
    this.popup = new SelectList(theme, POPUP_ROWS);
  }

  public void onSubmit(Consumer<String> handler) {
    this.onSubmit = handler;
  }

  /** Adds a completion source, asked after those added before it. */
  public void addCompletionSource(CompletionSource source) {
    sources.add(source);
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
    closePopup();
  }

  /** Empties the editor, forgetting its pastes. */
  public void clear() {
    setText("");
    pastes.clear();
  }

  /** The text with each paste marker replaced by what was pasted. */
  public String expandedText() {
    return expand(buffer.text());
  }

  /** Takes the text to send: expanded, kept in the history, and the editor emptied. */
  public String take() {
    String text = expandedText();
    history.add(text);
    clear();
    return text;
  }

  public boolean popupOpen() {
    return completions != null;
  }

  public boolean searching() {
    return search != null;
  }

  private String expand(String text) {
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

  // ------------------------------------------------------------------ keys

  @Override
  public boolean handleKey(Key key) {
    if (search != null) {
      return searchKey(key);
    }
    if (completions != null && popupKey(key)) {
      return true;
    }
    if (key.is(Key.Kind.TAB)) {
      updateCompletions(true);
      return true;
    }
    boolean handled = editKey(key);
    if (handled) {
      updateCompletions(false);
    }
    return handled;
  }

  private boolean editKey(Key key) {
    int mods = key.modifiers();
    switch (key.kind()) {
      case PASTE -> paste(key.text());
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
        case 'u' -> buffer.kill(buffer.caret() == buffer.lineStart() && buffer.caret() > 0 ? buffer.caret() - 1 : buffer.lineStart(),
            buffer.caret());
        case 'k' -> buffer.kill(buffer.caret(), buffer.caret() == buffer.lineEnd() && buffer.caret() < buffer.length()
            ? buffer.caret() + 1 : buffer.lineEnd());
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
    String before = buffer.text().substring(0, buffer.caret());
    if (before.endsWith("]")) {
      Matcher m = MARKER.matcher(before);
      int start = -1;
      int id = -1;
      while (m.find()) {
        if (m.end() == before.length()) {
          start = m.start();
          id = Integer.parseInt(m.group(1));
        }
      }
      if (start >= 0 && pastes.containsKey(id)) {
        buffer.delete(start, buffer.caret());
        pastes.remove(id);
        return;
      }
    }
    buffer.backspace();
  }

  private void paste(String raw) {
    String text = raw.replace("\r\n", "\n").replace('\r', '\n');
    text = Ansi.clean(text, 4);
    long lines = text.split("\n").length;
    if (lines > 10 || text.length() > 1000) {
      int id = ++pasteCount;
      pastes.put(id, text);
      buffer.insert(lines > 10 ? "[paste #" + id + " +" + lines + " lines]" : "[paste #" + id + " " + text.length() + " chars]");
    } else {
      buffer.insert(text);
    }
  }

  private void submit() {
    String text = expandedText();
    history.add(text);
    historyIndex = -1;
    buffer.set("");
    pastes.clear();
    closePopup();
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

  // ------------------------------------------------------------------ Ctrl+R

  private void startSearch() {
    search = new Search("", -1, buffer.text(), buffer.caret());
    closePopup();
  }

  private boolean searchKey(Key key) {
    Search s = search;
    if (key.isCtrl('r')) {
      Optional<Integer> older = history.searchBackward(s.query(), s.match() < 0 ? history.size() : s.match());
      older.ifPresent(i -> search = new Search(s.query(), i, s.before(), s.caret()));
      return true;
    }
    if (key.is(Key.Kind.ESCAPE) || key.isCtrl('g') || key.isCtrl('c')) {
      search = null;
      buffer.set(s.before());
      buffer.setCaret(s.caret());
      return true;
    }
    if (key.is(Key.Kind.BACKSPACE)) {
      String q = s.query().isEmpty() ? "" : s.query().substring(0, s.query().length() - Character.charCount(s.query().codePointBefore(s.query().length())));
      search = new Search(q, q.isEmpty() ? -1 : history.searchBackward(q, history.size()).orElse(-1), s.before(), s.caret());
      return true;
    }
    if (key.printable()) {
      String q = s.query() + Character.toString(key.codePoint());
      int from = s.match() < 0 ? history.size() : s.match() + 1;
      int match = history.searchBackward(q, from).orElse(s.match() >= 0 && history.get(s.match()).toLowerCase().contains(q.toLowerCase()) ? s.match() : -1);
      search = new Search(q, match, s.before(), s.caret());
      return true;
    }
    // any other key takes the match into the editor; Enter stops there, others go on to the editor
    search = null;
    if (s.match() >= 0) {
      buffer.set(history.get(s.match()));
    }
    if (key.is(Key.Kind.ENTER)) {
      return true;
    }
    return handleKey(key);
  }

  // ------------------------------------------------------------------ completions

  private void updateCompletions(boolean explicit) {
    String before = buffer.text().substring(0, buffer.caret());
    for (CompletionSource source : sources) {
      Optional<CompletionSource.Completions> found = source.complete(before, explicit);
      if (found.isPresent() && !found.get().items().isEmpty()) {
        CompletionSource.Completions c = found.get();
        if (explicit && c.items().size() == 1) {
          apply(c, c.items().getFirst());
          closePopup();
          // a directory completed: what is in it next
          if (c.items().getFirst().value().endsWith("/")) {
            updateCompletions(true);
          }
          return;
        }
        if (explicit) {
          String common = commonPrefix(c.items());
          String typed = before.substring(c.from());
          if (common.length() > typed.length() && common.startsWith(typed)) {
            buffer.replaceBeforeCaret(c.from(), common);
          }
        }
        completions = c;
        popup.setRows(c.items().stream().map(i -> new SelectList.Row(i.label(), i.description())).toList());
        popup.select(0);
        return;
      }
    }
    closePopup();
  }

  /** Asks the sources again (one was added, or has new items: the files were listed). */
  public void refreshCompletions() {
    if (search == null) {
      updateCompletions(false);
    }
  }

  private static String commonPrefix(List<CompletionSource.Item> items) {
    String p = items.getFirst().value();
    for (CompletionSource.Item i : items) {
      int n = 0;
      while (n < p.length() && n < i.value().length() && p.charAt(n) == i.value().charAt(n)) {
        n++;
      }
      p = p.substring(0, n);
    }
    return p;
  }

  private boolean popupKey(Key key) {
    if (key.is(Key.Kind.UP) || key.isCtrl('p')) {
      popup.move(-1);
      return true;
    }
    if (key.is(Key.Kind.DOWN) || key.isCtrl('n')) {
      popup.move(1);
      return true;
    }
    if (key.is(Key.Kind.ESCAPE)) {
      closePopup();
      return true;
    }
    if (key.is(Key.Kind.TAB) || key.is(Key.Kind.ENTER)) {
      CompletionSource.Completions c = completions;
      CompletionSource.Item item = c.items().get(Math.min(popup.selected(), c.items().size() - 1));
      String before = buffer.text().substring(0, buffer.caret());
      boolean unchanged = before.substring(Math.min(c.from(), before.length())).equals(item.value());
      apply(c, item);
      closePopup();
      if (key.is(Key.Kind.ENTER) && (item.submit() || unchanged)) {
        submit();
        return true;
      }
      updateCompletions(false);
      if (item.value().endsWith("/")) {
        updateCompletions(true);
      }
      return true;
    }
    return false;
  }

  private void apply(CompletionSource.Completions c, CompletionSource.Item item) {
    String value = item.value();
    boolean spaceFollows = buffer.caret() < buffer.length() && buffer.text().charAt(buffer.caret()) == ' ';
    buffer.replaceBeforeCaret(c.from(), value + (value.endsWith("/") || spaceFollows ? "" : " "));
  }

  private void closePopup() {
    completions = null;
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
      out.add(searchLine(width));
    } else {
      out.addAll(textLines(width));
    }
    out.add(rule);
    if (completions != null) {
      out.addAll(popup.render(width));
    }
    return out;
  }

  private String searchLine(int width) {
    String match = search.match() >= 0 ? history.get(search.match()).replace('\n', '⏎') : "";
    String label = theme.fg(ThemeRole.MUTED, "(reverse-i-search)`") + Ansi.clean(search.query()) + (focused ? Tui.CARET : "")
        + theme.fg(ThemeRole.MUTED, "': ");
    if (search.match() < 0 && !search.query().isEmpty()) {
      return Ansi.truncate(label + theme.fg(ThemeRole.WARNING, "no match"), width, "…");
    }
    return Ansi.truncate(label + Ansi.clean(match), width, "…");
  }

  private List<String> textLines(int width) {
    String text = buffer.text();
    String prompt = theme.fg(ThemeRole.ACCENT, "> ");
    if (text.isEmpty()) {
      String caret = focused ? Tui.CARET + theme.inverse(" ") : "";
      String hint = placeholder.isEmpty() ? "" : theme.fg(ThemeRole.DIM, Ansi.truncate(placeholder, Math.max(1, width - 4), "…"));
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
        String under = after.isEmpty() ? " " : after.substring(0, Character.charCount(after.codePointAt(0)));
        String rest = after.isEmpty() ? "" : after.substring(under.length());
        line.append(markers(Ansi.clean(before))).append(Tui.CARET).append(theme.inverse(Ansi.clean(under))).append(markers(Ansi.clean(rest)));
      } else {
        line.append(markers(Ansi.clean(shown)));
      }
      out.add(line.toString());
    }
    if (last < rows.size()) {
      out.add(theme.fg(ThemeRole.MUTED, "  ↓ " + (rows.size() - last) + " more line" + (rows.size() - last == 1 ? "" : "s")));
    }
    return out;
  }

  /** Paste markers shown in the accent colour. */
  private String markers(String s) {
    if (!s.contains("[paste #") || !theme.colored()) {
      return s;
    }
    return MARKER.matcher(s).replaceAll(m -> Matcher.quoteReplacement(theme.fg(ThemeRole.ACCENT, m.group())));
  }

  @Override
  public boolean finished() {
    return false;
  }
}
