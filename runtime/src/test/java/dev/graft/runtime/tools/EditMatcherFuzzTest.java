package dev.graft.runtime.tools;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Fuzzes the edit tool's text matching ({@link TextEdits}): any file content and any edits either
 * apply or are refused with a one-line {@link ToolFailure}, never another exception. Old texts are
 * mostly cut from the content itself and then roughened the way models roughen them (straight
 * quotes for curly ones, dropped or added trailing spaces, ASCII dashes), so both the exact and the
 * forgiving paths are reached. An exact single edit replaces exactly its one occurrence; a
 * forgiving one changes only the lines it touches.
 */
class EditMatcherFuzzTest {
  private static final String PATH = "f.txt";

  @FuzzTest(maxDuration = "30s")
  void editsApplyOrAreRefusedInOneLine(FuzzedDataProvider data) {
    int count = data.consumeInt(1, 3);
    List<String[]> raw = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      raw.add(new String[] {data.consumeString(40), data.consumeString(40)});
    }
    String content = LineEndings.toLf(data.consumeRemainingAsString());
    List<TextEdits.Replacement> edits = new ArrayList<>();
    for (String[] pair : raw) {
      edits.add(new TextEdits.Replacement(oldTextFrom(content, pair[0]), pair[1]));
    }

    TextEdits.Applied applied;
    try {
      applied = TextEdits.apply(content, edits, PATH);
    } catch (ToolFailure refused) {
      assertThat(refused.getMessage()).contains(PATH).doesNotContain("\n");
      return;
    }
    assertThat(applied.before()).isEqualTo(content);
    for (TextEdits.Replacement edit : edits) {
      assertThat(applied.after()).contains(LineEndings.toLf(edit.newText()));
    }
    if (edits.stream().allMatch(e -> content.contains(LineEndings.toLf(e.oldText())))) {
      // Exact: every old text replaced at its one occurrence, nothing else changed.
      assertThat(applied.after()).isEqualTo(replaced(content, edits, false));
    } else {
      assertUntouchedLinesKept(content, edits, applied.after());
    }
  }

  /**
   * The old text: a piece of the content chosen by the first two characters of {@code spec} and
   * roughened by the third, or {@code spec} itself when it is too short to choose.
   */
  private static String oldTextFrom(String content, String spec) {
    if (spec.length() < 3 || content.isEmpty()) {
      return spec;
    }
    int from = spec.charAt(0) % (content.length() + 1);
    int to = Math.min(content.length(), from + 1 + spec.charAt(1) % 64);
    String piece = content.substring(from, to);
    return switch (spec.charAt(2) % 5) {
      case 0 -> piece;
      case 1 -> piece.replace('\u2019', '\'').replace('\u201C', '"').replace('\u201D', '"');
      case 2 -> piece.replaceAll("[ \\t]+\\n", "\n");
      case 3 -> piece.replace('\u2014', '-').replace('\u00A0', ' ');
      default -> piece.replace("\n", "  \n") + spec.substring(3);
    };
  }

  /**
   * A forgiving edit rewrites the lines its matches touch in their forgiving form and keeps every
   * other line as it was; so in forgiving form the result is the reference's result (every match
   * replaced in the forgiving form of the whole file), with the same lines.
   */
  private static void assertUntouchedLinesKept(
      String content, List<TextEdits.Replacement> edits, String after) {
    String reference = replaced(FuzzyText.normalize(content), edits, true);
    assertThat(FuzzyText.normalize(after)).isEqualTo(FuzzyText.normalize(reference));
    assertThat(after.split("\\n", -1)).hasSameSizeAs(reference.split("\\n", -1));
  }

  /**
   * {@code text} with every edit's old text (or, if {@code forgiving}, its forgiving form)
   * replaced.
   */
  private static String replaced(
      String text, List<TextEdits.Replacement> edits, boolean forgiving) {
    record At(int index, int length, String newText) {}
    List<At> matches = new ArrayList<>();
    for (TextEdits.Replacement edit : edits) {
      String old = LineEndings.toLf(edit.oldText());
      int index = text.indexOf(old);
      int length = old.length();
      if (index < 0 && forgiving) {
        index = text.indexOf(FuzzyText.normalize(old));
        length = FuzzyText.normalize(old).length();
      }
      assertThat(index).as("an applied edit's old text is in the text").isNotNegative();
      matches.add(new At(index, length, LineEndings.toLf(edit.newText())));
    }
    matches.sort(Comparator.comparingInt(At::index));
    StringBuilder out = new StringBuilder();
    int position = 0;
    for (At match : matches) {
      out.append(text, position, match.index()).append(match.newText());
      position = match.index() + match.length();
    }
    return out.append(text.substring(position)).toString();
  }
}
