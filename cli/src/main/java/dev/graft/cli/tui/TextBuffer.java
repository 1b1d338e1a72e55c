package dev.graft.cli.tui;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The editor's text and caret, with the editing operations its keys do: insert, delete a character
 * or a word, kill to the line's start or end and yank it back, move by character, word or line, and
 * undo. Offsets are in chars; the caret never stands inside a surrogate pair.
 */
final class TextBuffer {
  private static final int UNDO_LIMIT = 200;

  private final StringBuilder text = new StringBuilder();
  private int caret;
  private String killed = "";
  private final Deque<State> undo = new ArrayDeque<>();
  private boolean typing;

  private record State(String text, int caret) {}

  String text() {
    return text.toString();
  }

  int caret() {
    return caret;
  }

  int length() {
    return text.length();
  }

  boolean isEmpty() {
    return text.isEmpty();
  }

  /** Replaces everything (an edit that can be undone); the caret goes to the end. */
  void set(String value) {
    remember();
    text.setLength(0);
    text.append(value);
    caret = text.length();
  }

  void setCaret(int offset) {
    caret = Math.max(0, Math.min(text.length(), offset));
    if (caret > 0 && caret < text.length() && Character.isLowSurrogate(text.charAt(caret))) {
      caret--;
    }
    typing = false;
  }

  /** Inserts typed text at the caret; consecutive typing is undone as one edit. */
  void type(String s) {
    if (!typing) {
      remember();
      typing = true;
    }
    text.insert(caret, s);
    caret += s.length();
  }

  /** Inserts text at the caret as one edit of its own (a paste, a completion). */
  void insert(String s) {
    remember();
    text.insert(caret, s);
    caret += s.length();
  }

  /** Replaces {@code [from, caret)} with {@code s} (a completion). */
  void replaceBeforeCaret(int from, String s) {
    remember();
    text.replace(from, caret, s);
    caret = from + s.length();
  }

  void backspace() {
    if (caret == 0) {
      return;
    }
    remember();
    int n = Character.charCount(text.codePointBefore(caret));
    text.delete(caret - n, caret);
    caret -= n;
  }

  void deleteForward() {
    if (caret >= text.length()) {
      return;
    }
    remember();
    text.delete(caret, caret + Character.charCount(text.codePointAt(caret)));
  }

  /** Deletes {@code [from, to)} as one edit. */
  void delete(int from, int to) {
    remember();
    text.delete(from, to);
    caret = from;
  }

  void left() {
    if (caret > 0) {
      setCaret(caret - Character.charCount(text.codePointBefore(caret)));
    }
  }

  void right() {
    if (caret < text.length()) {
      setCaret(caret + Character.charCount(text.codePointAt(caret)));
    }
  }

  int lineStart() {
    int nl = text.lastIndexOf("\n", caret - 1);
    return nl < 0 ? 0 : nl + 1;
  }

  int lineEnd() {
    int nl = text.indexOf("\n", caret);
    return nl < 0 ? text.length() : nl;
  }

  /** The start of the word before the caret (skipping spaces first). */
  int wordStart() {
    int i = caret;
    while (i > 0 && !isWord(text.charAt(i - 1))) {
      i--;
    }
    while (i > 0 && isWord(text.charAt(i - 1))) {
      i--;
    }
    return i;
  }

  /** The end of the word after the caret (skipping spaces first). */
  int wordEnd() {
    int i = caret;
    while (i < text.length() && !isWord(text.charAt(i))) {
      i++;
    }
    while (i < text.length() && isWord(text.charAt(i))) {
      i++;
    }
    return i;
  }

  private static boolean isWord(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || Character.isSurrogate(c);
  }

  /** Deletes {@code [from, to)} and keeps it for {@link #yank}. */
  void kill(int from, int to) {
    if (from >= to) {
      return;
    }
    killed = text.substring(from, to);
    delete(from, to);
  }

  void yank() {
    if (!killed.isEmpty()) {
      insert(killed);
    }
  }

  boolean undo() {
    State s = undo.pollFirst();
    if (s == null) {
      return false;
    }
    text.setLength(0);
    text.append(s.text());
    caret = s.caret();
    typing = false;
    return true;
  }

  private void remember() {
    undo.addFirst(new State(text.toString(), caret));
    if (undo.size() > UNDO_LIMIT) {
      undo.removeLast();
    }
    typing = false;
  }
}
