package dev.graft.cli.ui;

import dev.graft.cli.tui.Key;

/** A one-line text being edited (the input dialog): insert at the cursor, delete, move. */
public final class TextField {
  private final StringBuilder text;
  private int cursor; // in chars

  public TextField(String initial) {
    this.text = new StringBuilder(initial);
    this.cursor = text.length();
  }

  public String text() {
    return text.toString();
  }

  public int cursor() {
    return cursor;
  }

  /** Applies an editing key; returns false when the key is not an editing key. */
  public boolean edit(Key key) {
    if (key.kind() == Key.Kind.CHAR && key.modifiers() == Key.CTRL) {
      return control(key.codePoint());
    }
    if (key.modifiers() != 0) {
      return false;
    }
    switch (key.kind()) {
      case CHAR -> {
        if (!key.printable()) {
          return false;
        }
        String s = Character.toString(key.codePoint());
        text.insert(cursor, s);
        cursor += s.length();
      }
      case BACKSPACE -> {
        if (cursor > 0) {
          int n = Character.charCount(text.codePointBefore(cursor));
          text.delete(cursor - n, cursor);
          cursor -= n;
        }
      }
      case DELETE -> {
        if (cursor < text.length()) {
          text.delete(cursor, cursor + Character.charCount(text.codePointAt(cursor)));
        }
      }
      case LEFT ->
          cursor = cursor > 0 ? cursor - Character.charCount(text.codePointBefore(cursor)) : 0;
      case RIGHT ->
          cursor =
              cursor < text.length()
                  ? cursor + Character.charCount(text.codePointAt(cursor))
                  : cursor;
      case HOME -> cursor = 0;
      case END -> cursor = text.length();
      default -> {
        return false;
      }
    }
    return true;
  }

  /**
   * Ctrl and a letter: A and E move to the start and end, U deletes to the start, W the word
   * before.
   */
  private boolean control(int letter) {
    switch (letter) {
      case 'a' -> cursor = 0;
      case 'e' -> cursor = text.length();
      case 'u' -> {
        text.delete(0, cursor);
        cursor = 0;
      }
      case 'w' -> {
        int start = cursor;
        while (start > 0 && text.charAt(start - 1) == ' ') {
          start--;
        }
        while (start > 0 && text.charAt(start - 1) != ' ') {
          start--;
        }
        text.delete(start, cursor);
        cursor = start;
      }
      default -> {
        return false;
      }
    }
    return true;
  }
}
