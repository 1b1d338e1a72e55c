package dev.graft.cli.views;

import dev.graft.cli.tui.Theme;
import dev.graft.cli.tui.ThemeRole;
import dev.graft.cli.tui.markdown.MarkdownRenderer;
import dev.graft.scripting.api.ScriptTerminal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntSupplier;

/**
 * The terminal UI as the components scripts draw see it: the theme's colours by role (read each
 * time, so a theme switched by /settings is the one scripts draw in once told), the terminal's
 * size, and markdown drawn by graft's own renderer in the theme.
 */
public final class TerminalForScripts implements ScriptTerminal {
  private final Theme theme;
  private final IntSupplier columns;
  private final IntSupplier rows;

  public TerminalForScripts(Theme theme, IntSupplier columns, IntSupplier rows) {
    this.theme = theme;
    this.columns = columns;
    this.rows = rows;
  }

  @Override
  public String themeName() {
    return theme.name();
  }

  @Override
  public String colorMode() {
    return switch (theme.mode()) {
      case NONE -> "none";
      case MONOCHROME -> "mono";
      case TRUECOLOR -> "truecolor";
      case ANSI256 -> "256color";
    };
  }

  @Override
  public Map<String, String> foreground() {
    Map<String, String> out = new LinkedHashMap<>();
    for (ThemeRole role : ThemeRole.values()) {
      out.put(role.key(), theme.fgOpen(role));
    }
    return out;
  }

  @Override
  public Map<String, String> background() {
    Map<String, String> out = new LinkedHashMap<>();
    for (ThemeRole role : ThemeRole.values()) {
      out.put(role.key(), theme.bgOpen(role));
    }
    return out;
  }

  @Override
  public int columns() {
    return columns.getAsInt();
  }

  @Override
  public int rows() {
    return rows.getAsInt();
  }

  @Override
  public List<String> markdown(String text, int width) {
    return new MarkdownRenderer(theme).render(text, width);
  }
}
