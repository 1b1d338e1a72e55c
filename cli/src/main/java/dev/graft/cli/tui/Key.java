package dev.graft.cli.tui;

import java.util.Locale;
import java.util.Optional;

/**
 * One key press decoded from terminal input: a named key or a character, with the modifiers the
 * terminal reported (Ctrl+letter arrives as the character with {@link #CTRL}), or a whole paste.
 * {@link #name} gives the key as keybindings name it ({@code ctrl+p}, {@code alt+enter}, {@code
 * shift+tab}).
 */
public record Key(Kind kind, int codePoint, int modifiers, String text) {
  public static final int SHIFT = 1;
  public static final int ALT = 2;
  public static final int CTRL = 4;

  /** What was pressed; {@link #CHAR} carries the character, {@link #PASTE} the pasted text. */
  public enum Kind {
    CHAR,
    ENTER,
    TAB,
    BACKSPACE,
    DELETE,
    ESCAPE,
    INSERT,
    UP,
    DOWN,
    LEFT,
    RIGHT,
    HOME,
    END,
    PAGE_UP,
    PAGE_DOWN,
    PASTE,
    OTHER,
    EOF
  }

  public Key {
    text = text == null ? "" : text;
  }

  public static Key of(Kind kind) {
    return new Key(kind, 0, 0, "");
  }

  public static Key of(Kind kind, int modifiers) {
    return new Key(kind, 0, modifiers, "");
  }

  public static Key character(int codePoint) {
    return new Key(Kind.CHAR, codePoint, 0, "");
  }

  /** Ctrl and a letter (or one of {@code @[\]^_}). */
  public static Key ctrl(char c) {
    return new Key(Kind.CHAR, Character.toLowerCase(c), CTRL, "");
  }

  public static Key alt(int codePoint) {
    return new Key(Kind.CHAR, codePoint, ALT, "");
  }

  public static Key paste(String text) {
    return new Key(Kind.PASTE, 0, 0, text);
  }

  /** This named key with no modifier. */
  public boolean is(Kind k) {
    return kind == k && modifiers == 0;
  }

  /** Ctrl and {@code c} (a letter, or one of {@code @[\]^_}), with no other modifier. */
  public boolean isCtrl(char c) {
    return kind == Kind.CHAR && modifiers == CTRL && codePoint == Character.toLowerCase(c);
  }

  public boolean hasModifier(int modifier) {
    return (modifiers & modifier) != 0;
  }

  /** A character that can be typed into a text field (no Ctrl or Alt, not a control character). */
  public boolean printable() {
    return kind == Kind.CHAR
        && (modifiers & (CTRL | ALT)) == 0
        && codePoint >= 0x20
        && codePoint != 0x7f
        && !(codePoint >= 0x80 && codePoint < 0xa0);
  }

  /** The key as keybindings write it: modifiers ({@code ctrl+alt+shift+}) then the key's name. */
  public String name() {
    StringBuilder b = new StringBuilder();
    if (hasModifier(CTRL)) {
      b.append("ctrl+");
    }
    if (hasModifier(ALT)) {
      b.append("alt+");
    }
    if (hasModifier(SHIFT)) {
      b.append("shift+");
    }
    return b.append(
            switch (kind) {
              case CHAR -> codePoint == ' ' ? "space" : Character.toString(codePoint);
              case PAGE_UP -> "pageUp";
              case PAGE_DOWN -> "pageDown";
              default -> kind.name().toLowerCase(Locale.ROOT);
            })
        .toString();
  }

  /**
   * A key named as keybindings write it ({@code ctrl+p}, {@code shift+tab}, {@code alt+up}, {@code
   * escape}, {@code pageDown}); modifiers in any order, ignoring case; empty when the name is not a
   * key.
   */
  public static Optional<Key> parse(String name) {
    String[] parts = name.strip().split("\\+", -1);
    int modifiers = 0;
    for (int i = 0; i < parts.length - 1; i++) {
      switch (parts[i].toLowerCase(Locale.ROOT)) {
        case "ctrl" -> modifiers |= CTRL;
        case "alt", "meta", "option" -> modifiers |= ALT;
        case "shift" -> modifiers |= SHIFT;
        default -> {
          return Optional.empty();
        }
      }
    }
    String last = parts[parts.length - 1];
    if (last.isEmpty()) { // "ctrl++"
      return parts.length > 1
          ? Optional.of(new Key(Kind.CHAR, '+', modifiers, ""))
          : Optional.empty();
    }
    if (last.codePointCount(0, last.length()) == 1) {
      int cp = last.codePointAt(0);
      if ((modifiers & CTRL) != 0) {
        cp = cp == '-' ? '_' : Character.toLowerCase(cp);
      }
      return Optional.of(new Key(Kind.CHAR, cp, modifiers, ""));
    }
    Kind kind =
        switch (last.toLowerCase(Locale.ROOT)) {
          case "enter", "return" -> Kind.ENTER;
          case "tab" -> Kind.TAB;
          case "backspace" -> Kind.BACKSPACE;
          case "delete", "del" -> Kind.DELETE;
          case "escape", "esc" -> Kind.ESCAPE;
          case "insert" -> Kind.INSERT;
          case "up" -> Kind.UP;
          case "down" -> Kind.DOWN;
          case "left" -> Kind.LEFT;
          case "right" -> Kind.RIGHT;
          case "home" -> Kind.HOME;
          case "end" -> Kind.END;
          case "pageup" -> Kind.PAGE_UP;
          case "pagedown" -> Kind.PAGE_DOWN;
          case "space" -> Kind.CHAR;
          default -> null;
        };
    if (kind == null) {
      return Optional.empty();
    }
    return Optional.of(
        kind == Kind.CHAR
            ? new Key(Kind.CHAR, ' ', modifiers, "")
            : new Key(kind, 0, modifiers, ""));
  }
}
