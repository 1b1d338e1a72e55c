package dev.graft.cli.tui;

import java.util.Optional;

/**
 * What a colour is for. Components ask the {@link Theme} for a role, never for a colour, so that a
 * theme file can recolour all of graft. The names are the reference's theme keys, so that its theme
 * files can be read.
 */
public enum ThemeRole {
  ACCENT("accent"),
  BORDER("border"),
  BORDER_ACCENT("borderAccent"),
  BORDER_MUTED("borderMuted"),
  SUCCESS("success"),
  ERROR("error"),
  WARNING("warning"),
  MUTED("muted"),
  DIM("dim"),
  TEXT("text"),
  THINKING_TEXT("thinkingText"),
  SELECTED_BG("selectedBg"),
  USER_MESSAGE_BG("userMessageBg"),
  USER_MESSAGE_TEXT("userMessageText"),
  CUSTOM_MESSAGE_BG("customMessageBg"),
  CUSTOM_MESSAGE_TEXT("customMessageText"),
  CUSTOM_MESSAGE_LABEL("customMessageLabel"),
  TOOL_PENDING_BG("toolPendingBg"),
  TOOL_SUCCESS_BG("toolSuccessBg"),
  TOOL_ERROR_BG("toolErrorBg"),
  TOOL_TITLE("toolTitle"),
  TOOL_OUTPUT("toolOutput"),
  MD_HEADING("mdHeading"),
  MD_LINK("mdLink"),
  MD_LINK_URL("mdLinkUrl"),
  MD_CODE("mdCode"),
  MD_CODE_BLOCK("mdCodeBlock"),
  MD_CODE_BLOCK_BORDER("mdCodeBlockBorder"),
  MD_QUOTE("mdQuote"),
  MD_QUOTE_BORDER("mdQuoteBorder"),
  MD_HR("mdHr"),
  MD_LIST_BULLET("mdListBullet"),
  TOOL_DIFF_ADDED("toolDiffAdded"),
  TOOL_DIFF_REMOVED("toolDiffRemoved"),
  TOOL_DIFF_CONTEXT("toolDiffContext"),
  SYNTAX_COMMENT("syntaxComment"),
  SYNTAX_KEYWORD("syntaxKeyword"),
  SYNTAX_FUNCTION("syntaxFunction"),
  SYNTAX_VARIABLE("syntaxVariable"),
  SYNTAX_STRING("syntaxString"),
  SYNTAX_NUMBER("syntaxNumber"),
  SYNTAX_TYPE("syntaxType"),
  SYNTAX_OPERATOR("syntaxOperator"),
  SYNTAX_PUNCTUATION("syntaxPunctuation"),
  THINKING_OFF("thinkingOff"),
  THINKING_MINIMAL("thinkingMinimal"),
  THINKING_LOW("thinkingLow"),
  THINKING_MEDIUM("thinkingMedium"),
  THINKING_HIGH("thinkingHigh"),
  THINKING_XHIGH("thinkingXhigh"),
  BASH_MODE("bashMode");

  private final String key;

  ThemeRole(String key) {
    this.key = key;
  }

  /** The role's name in a theme file ({@code mdHeading}). */
  public String key() {
    return key;
  }

  public static Optional<ThemeRole> byKey(String key) {
    for (ThemeRole r : values()) {
      if (r.key.equals(key)) {
        return Optional.of(r);
      }
    }
    return Optional.empty();
  }
}
