package dev.graft.scripting.api;

import java.util.List;
import java.util.Map;

/**
 * What the components scripts draw need from the terminal graft shows them on: the theme's colours
 * by role (the reference's role names, as escape sequences), its size and markdown drawn as graft
 * draws it. {@link #PLAIN} is for modes without a terminal: no colours, 80 columns.
 */
public interface ScriptTerminal {

  /** The theme's name ("dark"). */
  String themeName();

  /** "truecolor", "256color", "mono" (NO_COLOR: attributes, no colours) or "none" (neither). */
  String colorMode();

  /** Each role's foreground colour as an escape sequence ("" for the terminal's own). */
  Map<String, String> foreground();

  /** Each role's background colour as an escape sequence. */
  Map<String, String> background();

  int columns();

  int rows();

  /** {@code text} as markdown, in lines of at most {@code width} columns (styled). */
  List<String> markdown(String text, int width);

  /** No colours, 80 by 24, markdown as its plain lines. */
  ScriptTerminal PLAIN =
      new ScriptTerminal() {
        @Override
        public String themeName() {
          return "plain";
        }

        @Override
        public String colorMode() {
          return "none";
        }

        @Override
        public Map<String, String> foreground() {
          return ThemeRoles.uncoloured();
        }

        @Override
        public Map<String, String> background() {
          return ThemeRoles.uncoloured();
        }

        @Override
        public int columns() {
          return 80;
        }

        @Override
        public int rows() {
          return 24;
        }

        @Override
        public List<String> markdown(String text, int width) {
          return text.lines().toList();
        }
      };
}
