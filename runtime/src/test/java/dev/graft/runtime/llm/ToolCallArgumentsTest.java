package dev.graft.runtime.llm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.runtime.json.Json;
import org.junit.jupiter.api.Test;

class ToolCallArgumentsTest {

  @Test
  void validAndEmptyArguments() throws Exception {
    assertThat(ToolCallArguments.parse("read", "{\"path\":\"a\"}").arguments())
        .isEqualTo(Json.parse("{\"path\":\"a\"}"));
    assertThat(ToolCallArguments.parse("read", "  ").arguments()).isEmpty();
    assertThat(ToolCallArguments.parse("read", "  ").error()).isEmpty();
  }

  @Test
  void rawControlCharactersAndStrayBackslashesAreRepaired() throws Exception {
    ToolCallArguments.Parsed p =
        ToolCallArguments.parse(
            "write", "{\"content\": \"line 1\nline 2\tend\", \"path\": \"C:\\dir\"}");
    assertThat(p.error()).isEmpty();
    assertThat(p.arguments().get("content").asText()).isEqualTo("line 1\nline 2\tend");
    assertThat(p.arguments().get("path").asText()).isEqualTo("C:\\dir");
  }

  @Test
  void truncatedOrNonObjectArgumentsAreErrorsNotGuesses() {
    ToolCallArguments.Parsed truncated =
        ToolCallArguments.parse("write", "{\"path\": \"a.txt\", \"content\": \"hel");
    assertThat(truncated.arguments()).isEmpty();
    assertThat(truncated.error())
        .hasValueSatisfying(m ->
            assertThat(m)
                .startsWith("The arguments for tool \"write\" were not valid JSON (")
                .endsWith("so the tool was not run. Call it again with a complete JSON object."));
    assertThat(ToolCallArguments.parse("bash", "[1,2]").error())
        .hasValueSatisfying(m -> assertThat(m).contains("expected a JSON object but got ARRAY"));
  }

  @Test
  void theProblemIsWordedAsEveryOtherJsonProblem() {
    // one line: characters, as an RPC line's problem is told
    assertThat(ToolCallArguments.parse("bash", "{\"command\": \"echo hi\"").error())
        .hasValueSatisfying(m ->
            assertThat(m)
                .contains(
                    "(Unexpected end-of-input: expected close marker for Object"
                        + " (opened at character 1) at character 22)")
                .doesNotContain("Source")
                .doesNotContain("StreamReadFeature"));
    // several lines: lines and columns, as a settings file's problem is told
    assertThat(
            ToolCallArguments.parse("bash", "{\n  \"command\": \"ls\",\n  \"timeout\": [1, 2\n}")
                .error())
        .hasValueSatisfying(m ->
            assertThat(m)
                .contains(
                    "(Unexpected close marker '}': expected ']'"
                        + " (for Array opened at line 3, column 14) at line 4, column 1)")
                .doesNotContain("Source")
                .doesNotContain("StreamReadFeature"));
  }

  @Test
  void repairLeavesValidJsonAlone() {
    String valid = "{\"a\":\"x\\n\\u00e9\\\"\",\"b\":[1,2]}";
    assertThat(JsonRepair.repair(valid)).isEqualTo(valid);
  }
}
