package dev.graft.cli.tui;

import java.util.Map;

/**
 * How the terminal styles text: not at all (plain output, tests), in bold, dim, italic, underline
 * and inverse but no colour (NO_COLOR), or also in the 256 colours of xterm or in 24-bit colour.
 */
public enum ColorMode {
  /** No styles at all: for tests and output that is not a terminal. */
  NONE,
  /** NO_COLOR: the attributes, no colour (no-color.org forbids only colour). */
  MONOCHROME,
  ANSI256,
  TRUECOLOR;

  /**
   * From the environment: a non-empty NO_COLOR turns colours off (attributes stay),
   * COLORTERM=truecolor|24bit asks for 24-bit.
   */
  public static ColorMode detect(Map<String, String> env) {
    if (env.containsKey("NO_COLOR") && !env.get("NO_COLOR").isEmpty()) {
      return MONOCHROME;
    }
    String colorterm = env.getOrDefault("COLORTERM", "");
    if (colorterm.equals("truecolor") || colorterm.equals("24bit")) {
      return TRUECOLOR;
    }
    return ANSI256;
  }
}
