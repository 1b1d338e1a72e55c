package dev.graft.runtime.tools;

import static dev.graft.runtime.tools.Calls.args;
import static dev.graft.runtime.tools.Calls.edit;
import static dev.graft.runtime.tools.Calls.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.runtime.json.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EditToolTest {
  @TempDir Path dir;
  private final EditTool tool =
      new EditTool(PathResolver.ofUserHome(), new LocalFiles(), new FileMutationLocks());

  private ToolResult editFile(String name, String oldText, String newText) {
    return run(tool, dir, args("path", name, "edits", Json.array().add(edit(oldText, newText))));
  }

  private Path file(String name, String content) throws IOException {
    return Files.writeString(dir.resolve(name), content);
  }

  @Test
  void replacesAnExactUniqueMatch() throws IOException {
    Path f = file("a.txt", "one\ntwo\nthree\n");
    ToolResult result = editFile("a.txt", "two", "2");
    assertThat(result.isError()).isFalse();
    assertThat(result.text()).isEqualTo("Successfully replaced 1 block(s) in a.txt.");
    assertThat(Files.readString(f)).isEqualTo("one\n2\nthree\n");
  }

  @Test
  void returnsADiffWithLineNumbersInDetails() throws IOException {
    file("a.txt", "one\ntwo\nthree\n");
    var details = editFile("a.txt", "two", "2").details().orElseThrow();
    assertThat(details.get("diff").asText()).isEqualTo(" 1 one\n-2 two\n+2 2\n 3 three");
    assertThat(details.get("firstChangedLine").asInt()).isEqualTo(2);
  }

  @Test
  void diffShowsFourLinesOfContextAndElidesTheRest() throws IOException {
    StringBuilder text = new StringBuilder();
    for (int i = 1; i <= 20; i++) {
      text.append("line ").append(i).append('\n');
    }
    file("a.txt", text.toString());
    String diff =
        editFile("a.txt", "line 10\n", "ten\n").details().orElseThrow().get("diff").asText();
    assertThat(diff)
        .isEqualTo(
            String.join(
                "\n",
                "    ...",
                "  6 line 6",
                "  7 line 7",
                "  8 line 8",
                "  9 line 9",
                "-10 line 10",
                "+10 ten",
                " 11 line 11",
                " 12 line 12",
                " 13 line 13",
                " 14 line 14",
                "    ..."));
  }

  @Test
  void textNotFoundIsAnError() throws IOException {
    Path f = file("a.txt", "one\ntwo\n");
    ToolResult result = editFile("a.txt", "three", "3");
    assertThat(result.isError()).isTrue();
    assertThat(result.text())
        .isEqualTo(
            "Could not find the exact text in a.txt. The old text must match exactly including all whitespace and newlines.");
    assertThat(Files.readString(f)).isEqualTo("one\ntwo\n");
  }

  @Test
  void textFoundMoreThanOnceIsAnError() throws IOException {
    file("a.txt", "x = 1\nx = 1\n");
    ToolResult result = editFile("a.txt", "x = 1", "x = 2");
    assertThat(result.isError()).isTrue();
    assertThat(result.text())
        .isEqualTo(
            "Found 2 occurrences of the text in a.txt. The text must be unique. Please provide more context to make it unique.");
  }

  @Test
  void textUniqueOnlyByTrailingSpacesIsStillAmbiguous() throws IOException {
    file("a.txt", "value  \nvalue\n");
    assertThat(editFile("a.txt", "value  ", "v").text()).startsWith("Found 2 occurrences");
  }

  @Test
  void fallsBackToAMatchIgnoringQuoteStyleAndTrailingSpaces() throws IOException {
    Path f = file("a.txt", "keep \u201Cthis\u201D  \nsay(\u201Chello\u201D);   \nend  \n");
    ToolResult result = editFile("a.txt", "say(\"hello\");", "say(\"bye\");");
    assertThat(result.isError()).as(result.text()).isFalse();
    // Only the touched line takes the plain form; the others keep their quotes and spaces.
    assertThat(Files.readString(f)).isEqualTo("keep \u201Cthis\u201D  \nsay(\"bye\");\nend  \n");
    assertThat(result.details().orElseThrow().get("diff").asText())
        .isEqualTo(
            " 1 keep \u201Cthis\u201D  \n-2 say(\u201Chello\u201D);   \n+2 say(\"bye\");\n 3 end  ");
  }

  @Test
  void fuzzyMatchAcrossLinesKeepsUntouchedLines() throws IOException {
    Path f = file("a.txt", "a \u2013 b  \nfirst   \nsecond\u00A0\nlast  \n");
    ToolResult result = editFile("a.txt", "first\nsecond", "only");
    assertThat(result.isError()).as(result.text()).isFalse();
    assertThat(Files.readString(f)).isEqualTo("a \u2013 b  \nonly\nlast  \n");
  }

  @Test
  void aFuzzyEditEndingMidLineAndAnEditStartingAtThatLinesBreakShareTheLine() throws IOException {
    // Found by EditMatcherFuzzTest: the second edit starts at the line break ending the line the
    // first one ends in; each was spliced as its own region and the second began before the first
    // ended.
    Path f = file("a.txt", "one \u2018q\u2019  \ntwo\nthree\n");
    var edits = Json.array().add(edit("one 'q'\ntw", "ONE")).add(edit("\nthree", "\nTHREE"));
    ToolResult result = run(tool, dir, args("path", "a.txt", "edits", edits));
    assertThat(result.isError()).as(result.text()).isFalse();
    assertThat(Files.readString(f)).isEqualTo("ONEo\nTHREE\n");
  }

  @Test
  void keepsCrlfLineEndings() throws IOException {
    Path f = file("win.txt", "one\r\ntwo\r\nthree\r\n");
    ToolResult result = editFile("win.txt", "two\nthree", "2\n3");
    assertThat(result.isError()).as(result.text()).isFalse();
    assertThat(Files.readString(f)).isEqualTo("one\r\n2\r\n3\r\n");
  }

  @Test
  void keepsAByteOrderMark() throws IOException {
    Path f = dir.resolve("bom.txt");
    Files.write(f, "\uFEFFfirst\nsecond\n".getBytes(StandardCharsets.UTF_8));
    ToolResult result = editFile("bom.txt", "first", "1st");
    assertThat(result.isError()).isFalse();
    byte[] bytes = Files.readAllBytes(f);
    assertThat(bytes).startsWith(0xEF, 0xBB, 0xBF);
    assertThat(new String(bytes, StandardCharsets.UTF_8)).isEqualTo("\uFEFF1st\nsecond\n");
  }

  @Test
  void appliesSeveralDisjointEditsAgainstTheOriginal() throws IOException {
    Path f = file("a.txt", "alpha\nbeta\ngamma\n");
    var edits = Json.array().add(edit("gamma", "GAMMA")).add(edit("alpha", "ALPHA"));
    ToolResult result = run(tool, dir, args("path", "a.txt", "edits", edits));
    assertThat(result.text()).isEqualTo("Successfully replaced 2 block(s) in a.txt.");
    assertThat(Files.readString(f)).isEqualTo("ALPHA\nbeta\nGAMMA\n");
  }

  @Test
  void overlappingEditsAreAnError() throws IOException {
    file("a.txt", "alpha beta gamma\n");
    var edits = Json.array().add(edit("alpha beta", "x")).add(edit("beta gamma", "y"));
    ToolResult result = run(tool, dir, args("path", "a.txt", "edits", edits));
    assertThat(result.text())
        .isEqualTo(
            "edits[0] and edits[1] overlap in a.txt. Merge them into one edit or target disjoint regions.");
  }

  @Test
  void namesWhichOfSeveralEditsWasNotFound() throws IOException {
    file("a.txt", "alpha\n");
    var edits = Json.array().add(edit("alpha", "a")).add(edit("omega", "o"));
    assertThat(run(tool, dir, args("path", "a.txt", "edits", edits)).text())
        .isEqualTo(
            "Could not find edits[1] in a.txt. The oldText must match exactly including all whitespace and newlines.");
  }

  @Test
  void acceptsTheOldSingleEditShapeAndEditsAsAJsonString() throws IOException {
    Path f = file("a.txt", "alpha\nbeta\n");
    assertThat(run(tool, dir, args("path", "a.txt", "oldText", "alpha", "newText", "A")).isError())
        .isFalse();
    String asString = Json.write(Json.array().add(edit("beta", "B")));
    assertThat(run(tool, dir, args("path", "a.txt", "edits", asString)).isError()).isFalse();
    assertThat(Files.readString(f)).isEqualTo("A\nB\n");
  }

  @Test
  void emptyEditsAndEmptyOldTextAreErrors() throws IOException {
    file("a.txt", "alpha\n");
    assertThat(run(tool, dir, args("path", "a.txt", "edits", Json.array())).text())
        .isEqualTo("Edit tool input is invalid. edits must contain at least one replacement.");
    assertThat(editFile("a.txt", "", "x").text()).isEqualTo("oldText must not be empty in a.txt.");
  }

  @Test
  void aReplacementThatChangesNothingIsAnError() throws IOException {
    file("a.txt", "alpha\n");
    assertThat(editFile("a.txt", "alpha", "alpha").text()).startsWith("No changes made to a.txt.");
  }

  @Test
  void aMissingFileIsAnErrorWithItsCode() {
    assertThat(editFile("nope.txt", "a", "b").text())
        .isEqualTo("Could not edit file: nope.txt. Error code: ENOENT.");
  }

  @Test
  void aFileThatIsNotUtf8IsLeftAlone() throws IOException {
    Path f = dir.resolve("latin1.txt");
    byte[] latin1 = "caf\u00e9 alpha\n".getBytes(StandardCharsets.ISO_8859_1);
    Files.write(f, latin1);
    ToolResult result = editFile("latin1.txt", "alpha", "beta");
    assertThat(result.isError()).isTrue();
    assertThat(result.text()).contains("not valid UTF-8");
    assertThat(Files.readAllBytes(f)).isEqualTo(latin1);
  }

  @Test
  void missingEditsIsAValidationErrorNamingTheField() throws IOException {
    file("a.txt", "alpha\n");
    assertThat(run(tool, dir, args("path", "a.txt")).text()).contains("  - edits: is required");
  }
}
