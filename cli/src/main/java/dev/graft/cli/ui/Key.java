package dev.graft.cli.ui;

/** One key press decoded from terminal input: a named key, or a typed character. */
public record Key(Kind kind, int codePoint) {

  /** What was pressed; {@link #CHAR} carries the character, {@link #OTHER} is anything unbound. */
  public enum Kind {
    CHAR, ENTER, ALT_ENTER, ESCAPE, BACKSPACE, DELETE, TAB,
    UP, DOWN, LEFT, RIGHT, HOME, END, PAGE_UP, PAGE_DOWN,
    CTRL_A, CTRL_C, CTRL_D, CTRL_E, CTRL_N, CTRL_P, CTRL_U, CTRL_W,
    OTHER, EOF
  }

  public static Key of(Kind kind) {
    return new Key(kind, 0);
  }

  public static Key character(int codePoint) {
    return new Key(Kind.CHAR, codePoint);
  }

  public boolean is(Kind k) {
    return kind == k;
  }

  /** A character that can be typed into a text field (not a control character). */
  public boolean printable() {
    return kind == Kind.CHAR && codePoint >= 0x20 && codePoint != 0x7f && !(codePoint >= 0x80 && codePoint < 0xa0);
  }
}
