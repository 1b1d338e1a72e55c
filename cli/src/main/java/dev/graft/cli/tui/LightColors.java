package dev.graft.cli.tui;

import java.util.HashMap;
import java.util.Map;

/** The colours of graft's light theme, by role: darker text colours and pale backgrounds. */
final class LightColors {
  private LightColors() {}

  static final Map<ThemeRole, String> COLORS;

  static {
    Map<ThemeRole, String> c = new HashMap<>(DarkColors.COLORS);
    c.put(ThemeRole.ACCENT, "#2f7d76");
    c.put(ThemeRole.BORDER, "#3a5fcd");
    c.put(ThemeRole.BORDER_ACCENT, "#0a8ca8");
    c.put(ThemeRole.BORDER_MUTED, "#b0b0b0");
    c.put(ThemeRole.SUCCESS, "#3d7a1f");
    c.put(ThemeRole.ERROR, "#b3261e");
    c.put(ThemeRole.WARNING, "#8a6100");
    c.put(ThemeRole.MUTED, "#6b6b6b");
    c.put(ThemeRole.DIM, "#8c8c8c");
    c.put(ThemeRole.THINKING_TEXT, "#6b6b6b");
    c.put(ThemeRole.SELECTED_BG, "#dfe3ee");
    c.put(ThemeRole.USER_MESSAGE_BG, "#eceef3");
    c.put(ThemeRole.CUSTOM_MESSAGE_BG, "#efe9f7");
    c.put(ThemeRole.CUSTOM_MESSAGE_LABEL, "#6a4fb0");
    c.put(ThemeRole.TOOL_PENDING_BG, "#f1f1f4");
    c.put(ThemeRole.TOOL_SUCCESS_BG, "#eaf4ea");
    c.put(ThemeRole.TOOL_ERROR_BG, "#f8e8e8");
    c.put(ThemeRole.TOOL_OUTPUT, "#5c5c5c");
    c.put(ThemeRole.MD_HEADING, "#8a5a00");
    c.put(ThemeRole.MD_LINK, "#1f5fbf");
    c.put(ThemeRole.MD_LINK_URL, "#8c8c8c");
    c.put(ThemeRole.MD_CODE, "#2f7d76");
    c.put(ThemeRole.MD_CODE_BLOCK, "#3d7a1f");
    c.put(ThemeRole.MD_CODE_BLOCK_BORDER, "#8c8c8c");
    c.put(ThemeRole.MD_QUOTE, "#6b6b6b");
    c.put(ThemeRole.MD_QUOTE_BORDER, "#8c8c8c");
    c.put(ThemeRole.MD_HR, "#8c8c8c");
    c.put(ThemeRole.MD_LIST_BULLET, "#2f7d76");
    c.put(ThemeRole.TOOL_DIFF_ADDED, "#3d7a1f");
    c.put(ThemeRole.TOOL_DIFF_REMOVED, "#b3261e");
    c.put(ThemeRole.TOOL_DIFF_CONTEXT, "#6b6b6b");
    c.put(ThemeRole.SYNTAX_COMMENT, "#6a8a5a");
    c.put(ThemeRole.SYNTAX_KEYWORD, "#8a3fb0");
    c.put(ThemeRole.SYNTAX_FUNCTION, "#1f5fbf");
    c.put(ThemeRole.SYNTAX_VARIABLE, "#3a4a5c");
    c.put(ThemeRole.SYNTAX_STRING, "#3d7a1f");
    c.put(ThemeRole.SYNTAX_NUMBER, "#a0522d");
    c.put(ThemeRole.SYNTAX_TYPE, "#0a7a8a");
    c.put(ThemeRole.SYNTAX_OPERATOR, "#4a4a4a");
    c.put(ThemeRole.SYNTAX_PUNCTUATION, "#5a5a5a");
    c.put(ThemeRole.BASH_MODE, "#3d7a1f");
    COLORS = Map.copyOf(c);
  }
}
