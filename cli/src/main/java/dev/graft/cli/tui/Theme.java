package dev.graft.cli.tui;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * Colours by role ({@link ThemeRole}) and the text attributes, as escape sequences for the
 * terminal's {@link ColorMode}. Every style closes with its own reset (39 for a colour, 22 for
 * bold...), and a style wrapped around text that closes the same attribute inside is opened again
 * after it, so styles nest: {@code fg(ERROR, "a " + bold("b") + " c")} keeps "c" red.
 */
public final class Theme {
  private static final String FG_CLOSE = "\033[39m";
  private static final String BG_CLOSE = "\033[49m";

  private String name;
  private final ColorMode mode;
  private final EnumMap<ThemeRole, String> fg = new EnumMap<>(ThemeRole.class);
  private final EnumMap<ThemeRole, String> bg = new EnumMap<>(ThemeRole.class);

  /**
   * A theme named {@code name} whose roles have the given colours: {@code #rrggbb}, an xterm colour
   * number 0–255, or "" for the terminal's own colour; a role left out has the terminal's.
   */
  public Theme(String name, Map<ThemeRole, String> colors, ColorMode mode) {
    this.name = name;
    this.mode = mode;
    for (ThemeRole role : ThemeRole.values()) {
      String spec = colors.getOrDefault(role, "");
      fg.put(role, sequence(spec, mode, false));
      bg.put(role, sequence(spec, mode, true));
    }
  }

  /** graft's dark theme. */
  public static Theme dark(ColorMode mode) {
    return new Theme("dark", DarkColors.COLORS, mode);
  }

  /** graft's light theme, for terminals with a light background. */
  public static Theme light(ColorMode mode) {
    return new Theme("light", LightColors.COLORS, mode);
  }

  /** No colours and no attributes: for tests and plain output. */
  public static Theme plain() {
    return new Theme("plain", Map.of(), ColorMode.NONE);
  }

  public String name() {
    return name;
  }

  /**
   * Takes {@code other}'s colours (the theme was switched): whoever holds this theme draws in the
   * new colours.
   */
  public void adopt(Theme other) {
    name = other.name;
    fg.putAll(other.fg);
    bg.putAll(other.bg);
  }

  public ColorMode mode() {
    return mode;
  }

  /** Whether colours are shown (not under NO_COLOR, nor in plain output). */
  public boolean colored() {
    return mode == ColorMode.ANSI256 || mode == ColorMode.TRUECOLOR;
  }

  /** Whether bold, dim, italic, underline and inverse are shown (also under NO_COLOR). */
  public boolean attributed() {
    return mode != ColorMode.NONE;
  }

  /** {@code text} in the role's colour. */
  public String fg(ThemeRole role, String text) {
    return wrap(fg.get(role), FG_CLOSE, text);
  }

  /** {@code text} on the role's colour. */
  public String bg(ThemeRole role, String text) {
    return wrap(bg.get(role), BG_CLOSE, text);
  }

  /** The escape sequence that sets the role's foreground colour ("" when it has none). */
  public String fgOpen(ThemeRole role) {
    return fg.get(role);
  }

  /** The escape sequence that sets the role's background colour ("" when it has none). */
  public String bgOpen(ThemeRole role) {
    return bg.get(role);
  }

  public String bold(String text) {
    return attribute("\033[1m", "\033[22m", text);
  }

  public String dim(String text) {
    return attribute("\033[2m", "\033[22m", text);
  }

  public String italic(String text) {
    return attribute("\033[3m", "\033[23m", text);
  }

  public String underline(String text) {
    return attribute("\033[4m", "\033[24m", text);
  }

  public String inverse(String text) {
    return attribute("\033[7m", "\033[27m", text);
  }

  public String strikethrough(String text) {
    return attribute("\033[9m", "\033[29m", text);
  }

  private String attribute(String open, String close, String text) {
    return mode == ColorMode.NONE ? text : wrap(open, close, text);
  }

  private static String wrap(String open, String close, String text) {
    if (open.isEmpty() || text.isEmpty()) {
      return text;
    }
    String inner = text.contains(close) ? text.replace(close, close + open) : text;
    return open + inner + close;
  }

  /** The escape sequence for a colour spec, or "" for none. */
  static String sequence(String spec, ColorMode mode, boolean background) {
    if (mode == ColorMode.NONE || mode == ColorMode.MONOCHROME || spec == null || spec.isBlank()) {
      return "";
    }
    String s = spec.strip();
    String base = background ? "48" : "38";
    if (s.matches("\\d{1,3}")) {
      int n = Integer.parseInt(s);
      if (n > 255) {
        throw new IllegalArgumentException("colour " + spec + ": a colour number is 0 to 255");
      }
      return "\033[" + base + ";5;" + n + "m";
    }
    if (!s.matches("#[0-9a-fA-F]{6}")) {
      throw new IllegalArgumentException(
          "colour " + spec + ": use #rrggbb, a number 0 to 255, or \"\"");
    }
    int rgb = Integer.parseInt(s.substring(1), 16);
    int r = rgb >> 16 & 0xff;
    int g = rgb >> 8 & 0xff;
    int b = rgb & 0xff;
    if (mode == ColorMode.TRUECOLOR) {
      return String.format(Locale.ROOT, "\033[%s;2;%d;%d;%dm", base, r, g, b);
    }
    return "\033[" + base + ";5;" + xterm256(r, g, b) + "m";
  }

  /** The nearest of xterm's 256 colours: the 6×6×6 cube or the grey ramp. */
  static int xterm256(int r, int g, int b) {
    int[] levels = {0, 95, 135, 175, 215, 255};
    int ri = nearest(levels, r);
    int gi = nearest(levels, g);
    int bi = nearest(levels, b);
    int cube = 16 + 36 * ri + 6 * gi + bi;
    long cubeDistance = distance(r, g, b, levels[ri], levels[gi], levels[bi]);
    int grey = Math.max(0, Math.min(23, Math.round(((r + g + b) / 3f - 8) / 10f)));
    int greyLevel = 8 + 10 * grey;
    long greyDistance = distance(r, g, b, greyLevel, greyLevel, greyLevel);
    return greyDistance < cubeDistance ? 232 + grey : cube;
  }

  private static int nearest(int[] levels, int v) {
    int best = 0;
    for (int i = 1; i < levels.length; i++) {
      if (Math.abs(levels[i] - v) < Math.abs(levels[best] - v)) {
        best = i;
      }
    }
    return best;
  }

  private static long distance(int r1, int g1, int b1, int r2, int g2, int b2) {
    long dr = r1 - r2;
    long dg = g1 - g2;
    long db = b1 - b2;
    return dr * dr + dg * dg + db * db;
  }
}
