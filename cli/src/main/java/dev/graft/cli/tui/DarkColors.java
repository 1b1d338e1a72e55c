package dev.graft.cli.tui;

import java.util.Map;

/** The colours of graft's dark theme, by role. */
final class DarkColors {
  private DarkColors() {}

  static final Map<ThemeRole, String> COLORS =
      Map.ofEntries(
          Map.entry(ThemeRole.ACCENT, "#7fb8b0"),
          Map.entry(ThemeRole.BORDER, "#6a8cff"),
          Map.entry(ThemeRole.BORDER_ACCENT, "#33ccee"),
          Map.entry(ThemeRole.BORDER_MUTED, "#555555"),
          Map.entry(ThemeRole.SUCCESS, "#98c379"),
          Map.entry(ThemeRole.ERROR, "#e06c75"),
          Map.entry(ThemeRole.WARNING, "#e5c07b"),
          Map.entry(ThemeRole.MUTED, "#8a8a8a"),
          Map.entry(ThemeRole.DIM, "#6c6c6c"),
          Map.entry(ThemeRole.TEXT, ""),
          Map.entry(ThemeRole.THINKING_TEXT, "#8a8a8a"),
          Map.entry(ThemeRole.SELECTED_BG, "#3b3d4a"),
          Map.entry(ThemeRole.USER_MESSAGE_BG, "#33343e"),
          Map.entry(ThemeRole.USER_MESSAGE_TEXT, ""),
          Map.entry(ThemeRole.CUSTOM_MESSAGE_BG, "#2e2a3a"),
          Map.entry(ThemeRole.CUSTOM_MESSAGE_TEXT, ""),
          Map.entry(ThemeRole.CUSTOM_MESSAGE_LABEL, "#a48ad8"),
          Map.entry(ThemeRole.TOOL_PENDING_BG, "#26272f"),
          Map.entry(ThemeRole.TOOL_SUCCESS_BG, "#25302a"),
          Map.entry(ThemeRole.TOOL_ERROR_BG, "#3a2729"),
          Map.entry(ThemeRole.TOOL_TITLE, ""),
          Map.entry(ThemeRole.TOOL_OUTPUT, "#8a8a8a"),
          Map.entry(ThemeRole.MD_HEADING, "#e5c07b"),
          Map.entry(ThemeRole.MD_LINK, "#61afef"),
          Map.entry(ThemeRole.MD_LINK_URL, "#6c6c6c"),
          Map.entry(ThemeRole.MD_CODE, "#7fb8b0"),
          Map.entry(ThemeRole.MD_CODE_BLOCK, "#98c379"),
          Map.entry(ThemeRole.MD_CODE_BLOCK_BORDER, "#6c6c6c"),
          Map.entry(ThemeRole.MD_QUOTE, "#8a8a8a"),
          Map.entry(ThemeRole.MD_QUOTE_BORDER, "#6c6c6c"),
          Map.entry(ThemeRole.MD_HR, "#6c6c6c"),
          Map.entry(ThemeRole.MD_LIST_BULLET, "#7fb8b0"),
          Map.entry(ThemeRole.TOOL_DIFF_ADDED, "#98c379"),
          Map.entry(ThemeRole.TOOL_DIFF_REMOVED, "#e06c75"),
          Map.entry(ThemeRole.TOOL_DIFF_CONTEXT, "#8a8a8a"),
          Map.entry(ThemeRole.SYNTAX_COMMENT, "#7f9f7f"),
          Map.entry(ThemeRole.SYNTAX_KEYWORD, "#c678dd"),
          Map.entry(ThemeRole.SYNTAX_FUNCTION, "#61afef"),
          Map.entry(ThemeRole.SYNTAX_VARIABLE, "#b8c4d6"),
          Map.entry(ThemeRole.SYNTAX_STRING, "#98c379"),
          Map.entry(ThemeRole.SYNTAX_NUMBER, "#d19a66"),
          Map.entry(ThemeRole.SYNTAX_TYPE, "#56b6c2"),
          Map.entry(ThemeRole.SYNTAX_OPERATOR, "#c0c0c0"),
          Map.entry(ThemeRole.SYNTAX_PUNCTUATION, "#a0a0a0"),
          Map.entry(ThemeRole.THINKING_OFF, "#505050"),
          Map.entry(ThemeRole.THINKING_MINIMAL, "#707070"),
          Map.entry(ThemeRole.THINKING_LOW, "#5f87af"),
          Map.entry(ThemeRole.THINKING_MEDIUM, "#81a2be"),
          Map.entry(ThemeRole.THINKING_HIGH, "#b294bb"),
          Map.entry(ThemeRole.THINKING_XHIGH, "#d183e8"),
          Map.entry(ThemeRole.BASH_MODE, "#98c379"));
}
