package dev.graft.cli.tui;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The editor's completions: the sources asked in turn, and the list shown below the text. Up and
 * Down move in the list, Tab or Enter take the choice (Enter on a command also sends it), Esc
 * closes it. Tab without a list completes at once when there is one candidate, and as far as the
 * candidates agree when there are several.
 */
final class EditorCompletions {
  private static final int ROWS = 8;

  private final List<CompletionSource> sources = new ArrayList<>();
  private final SelectList list;
  private CompletionSource.Completions shown;

  EditorCompletions(Theme theme) {
    this.list = new SelectList(theme, ROWS);
  }

  void add(CompletionSource source) {
    sources.add(source);
  }

  boolean open() {
    return shown != null;
  }

  void close() {
    shown = null;
  }

  /** Asks the sources about the text before the caret: as it changed, or (explicit) on Tab. */
  void update(TextBuffer buffer, boolean explicit) {
    String before = buffer.text().substring(0, buffer.caret());
    for (CompletionSource source : sources) {
      Optional<CompletionSource.Completions> found = source.complete(before, explicit);
      if (found.isEmpty() || found.get().items().isEmpty()) {
        continue;
      }
      CompletionSource.Completions c = found.get();
      if (explicit && c.items().size() == 1) {
        apply(buffer, c, c.items().getFirst());
        close();
        if (c.items().getFirst().value().endsWith("/")) {
          update(buffer, true); // a directory completed: what is in it next
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
      shown = c;
      list.setRows(
          c.items().stream().map(i -> new SelectList.Row(i.label(), i.description())).toList());
      list.select(0);
      return;
    }
    close();
  }

  /**
   * A key while the list is open; false when the list does not take it. {@code submit} sends the
   * input.
   */
  boolean key(Key key, TextBuffer buffer, Runnable submit) {
    if (key.is(Key.Kind.UP) || key.isCtrl('p')) {
      list.move(-1);
      return true;
    }
    if (key.is(Key.Kind.DOWN) || key.isCtrl('n')) {
      list.move(1);
      return true;
    }
    if (key.is(Key.Kind.ESCAPE)) {
      close();
      return true;
    }
    if (!key.is(Key.Kind.TAB) && !key.is(Key.Kind.ENTER)) {
      return false;
    }
    CompletionSource.Completions c = shown;
    CompletionSource.Item item = c.items().get(Math.min(list.selected(), c.items().size() - 1));
    String before = buffer.text().substring(0, buffer.caret());
    boolean unchanged = before.substring(Math.min(c.from(), before.length())).equals(item.value());
    apply(buffer, c, item);
    close();
    if (key.is(Key.Kind.ENTER) && (item.submit() || unchanged)) {
      submit.run();
      return true;
    }
    update(buffer, false);
    if (item.value().endsWith("/")) {
      update(buffer, true);
    }
    return true;
  }

  List<String> render(int width) {
    return shown == null ? List.of() : list.render(width);
  }

  private static void apply(
      TextBuffer buffer, CompletionSource.Completions c, CompletionSource.Item item) {
    String value = item.value();
    boolean spaceFollows =
        buffer.caret() < buffer.length() && buffer.text().charAt(buffer.caret()) == ' ';
    buffer.replaceBeforeCaret(c.from(), value + (value.endsWith("/") || spaceFollows ? "" : " "));
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
}
