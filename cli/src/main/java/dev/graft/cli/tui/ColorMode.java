package dev.graft.cli.tui;

import java.util.Map;

/**
 * How many colours the terminal shows: none (plain output, NO_COLOR), the 256 of xterm, or 24-bit.
 */
public enum ColorMode {
  NONE,
  ANSI256,
  TRUECOLOR;

  /**
   * From the environment: NO_COLOR turns colours off, COLORTERM=truecolor|24bit asks for 24-bit.
   */
  public static ColorMode detect(Map<String, String> env) {
    if (env.containsKey("NO_COLOR") && !env.get("NO_COLOR").isEmpty()) {
      return NONE;
    }
    String colorterm = env.getOrDefault("COLORTERM", "");
    if (colorterm.equals("truecolor") || colorterm.equals("24bit")) {
      return TRUECOLOR;
    }
    return ANSI256;
  }
}
