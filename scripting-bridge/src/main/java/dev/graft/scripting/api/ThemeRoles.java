package dev.graft.scripting.api;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The colour roles a script's theme knows: the reference's theme keys ({@code accent}, {@code
 * customMessageBg}...), the same as the terminal UI's (cli's ThemeRole, which a test holds to this
 * list). {@code theme.fg} of any other name throws, as in the reference.
 */
public final class ThemeRoles {
  public static final List<String> NAMES =
      List.of(
          "accent",
          "border",
          "borderAccent",
          "borderMuted",
          "success",
          "error",
          "warning",
          "muted",
          "dim",
          "text",
          "thinkingText",
          "selectedBg",
          "userMessageBg",
          "userMessageText",
          "customMessageBg",
          "customMessageText",
          "customMessageLabel",
          "toolPendingBg",
          "toolSuccessBg",
          "toolErrorBg",
          "toolTitle",
          "toolOutput",
          "mdHeading",
          "mdLink",
          "mdLinkUrl",
          "mdCode",
          "mdCodeBlock",
          "mdCodeBlockBorder",
          "mdQuote",
          "mdQuoteBorder",
          "mdHr",
          "mdListBullet",
          "toolDiffAdded",
          "toolDiffRemoved",
          "toolDiffContext",
          "syntaxComment",
          "syntaxKeyword",
          "syntaxFunction",
          "syntaxVariable",
          "syntaxString",
          "syntaxNumber",
          "syntaxType",
          "syntaxOperator",
          "syntaxPunctuation",
          "thinkingOff",
          "thinkingMinimal",
          "thinkingLow",
          "thinkingMedium",
          "thinkingHigh",
          "thinkingXhigh",
          "bashMode");

  private ThemeRoles() {}

  /** Every role with no colour (""). */
  public static Map<String, String> uncoloured() {
    Map<String, String> out = new LinkedHashMap<>();
    NAMES.forEach(n -> out.put(n, ""));
    return out;
  }
}
