package dev.graft.scripting.modules;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class QuotedLinesTest {
  private static final String MESSAGE =
      "Error: ./l.ts:2:14 Variable \"v\" has already been declared\n"
          + "\texport const v         = \"a\";\n"
          + "\t             ^\n";

  @Test
  void theQuotedLineOfAnErasedModuleIsPutBackAsWritten() throws Exception {
    TypeScriptStripper stripper = new TypeScriptStripper();
    stripper.strip("l.ts", "export const v: number = 1;\r\n\texport const v: string = \"a\";\r\n");
    assertThat(stripper.asWritten(MESSAGE))
        .isEqualTo(
            "Error: ./l.ts:2:14 Variable \"v\" has already been declared\n"
                + "\texport const v: string = \"a\";\n"
                + "\t             ^\n");
  }

  @Test
  void aLineNoModuleOrTwoModulesExplainStaysAsItIs() {
    assertThat(QuotedLines.asWritten(MESSAGE, Map.of())).isEqualTo(MESSAGE);
    String erased = "export const v         = 1;\n\texport const v         = \"a\";\n";
    assertThat(
            QuotedLines.asWritten(
                MESSAGE,
                Map.of(
                    "export const v: number = 1;\n\texport const v: string = \"a\";\n", erased,
                    "export const v: number = 1;\n\texport const v: String = \"a\";\n", erased)))
        .isEqualTo(MESSAGE);
    assertThat(QuotedLines.asWritten("no caret here", Map.of("a", "b"))).isEqualTo("no caret here");
  }
}
