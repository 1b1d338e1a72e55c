package dev.graft.runtime.hooks;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The one escaper of script-provided text: one line, controls escaped, cut with a count. */
class ScriptTextTest {
  @Test
  void plainTextIsUnchanged() {
    assertThat(ScriptText.safeLine("fixed 3 files in src/ — ok ✓"))
        .isEqualTo("fixed 3 files in src/ — ok ✓");
    assertThat(ScriptText.safeLine(null)).isEmpty();
  }

  @Test
  void lineBreaksControlsEscapesAndReorderingMarksAreEscaped() {
    assertThat(ScriptText.safeLine("a\nb\r\tc")).isEqualTo("a\\nb\\r\\tc");
    assertThat(ScriptText.safeLine("\u001b[2J\u001b]0;t\u0007\u0000\u007f\u009b"))
        .isEqualTo("\\x1b[2J\\x1b]0;t\\x07\\x00\\x7f\\x9b");
    assertThat(ScriptText.safeLine("x\u202ey\u2028z\u2066")).isEqualTo("x\\u202ey\\u2028z\\u2066");
  }

  @Test
  void longTextIsCutSayingHowMuchWasLeftOut() {
    String shown = ScriptText.safeLine("y".repeat(ScriptText.MAX_SHOWN + 5));
    assertThat(shown).isEqualTo("y".repeat(ScriptText.MAX_SHOWN) + "… (5 more characters)");
    // a surrogate pair at the cut is kept whole or left out whole
    String emoji = "y".repeat(9) + "😀" + "z";
    assertThat(ScriptText.safeLine(emoji, 10)).isEqualTo("y".repeat(9) + "… (3 more characters)");
  }

  @Test
  void aNotificationKeepsItsLinesEachMadeSafe() {
    assertThat(ScriptText.safeLines("one\r\ntwo\rthree\n\u001b[2Jfour\t"))
        .isEqualTo("one\ntwo\nthree\n\\x1b[2Jfour\\t");
    assertThat(ScriptText.safeLines("x\n".repeat(ScriptText.MAX_LINES + 3)))
        .endsWith("x\n… (3 more lines)")
        .hasLineCount(ScriptText.MAX_LINES + 1);
    String longLines = ("y".repeat(ScriptText.MAX_SHOWN - 10) + "\n").repeat(3);
    assertThat(ScriptText.safeLines(longLines))
        .startsWith("y".repeat(ScriptText.MAX_SHOWN - 10) + "\n" + "y".repeat(10) + "…")
        .endsWith("… (1 more line)");
    assertThat(ScriptText.safeLines("a\n\nb\n")).isEqualTo("a\n\nb");
    assertThat(ScriptText.safeLines("\n")).isEmpty();
    assertThat(ScriptText.safeLines(null)).isEmpty();
  }
}
