package dev.graft.cli.tui.markdown;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.cli.tui.Ansi;
import dev.graft.cli.tui.ColorMode;
import dev.graft.cli.tui.Theme;
import java.util.List;
import org.junit.jupiter.api.Test;

class MarkdownRendererTest {
  private final MarkdownRenderer plain = new MarkdownRenderer(Theme.plain());
  private final MarkdownRenderer colored = new MarkdownRenderer(Theme.dark(ColorMode.ANSI256));

  @Test
  void headingsEmphasisListsQuotesAndRulesLoseTheirMarkup() {
    List<String> lines =
        plain.render(
            """
            # Title

            Some **bold** and *italic* and `code` and ~~gone~~.

            - one
            - two
              1. nested
              2. more

            > quoted text

            ---
            ### Third level
            """,
            60);
    assertThat(lines)
        .containsExactly(
            "Title",
            "",
            "Some bold and italic and code and gone.",
            "",
            "- one",
            "- two",
            "  1. nested",
            "  2. more",
            "",
            "│ quoted text",
            "",
            "─".repeat(60),
            "",
            "### Third level");
  }

  @Test
  void aSingleNewLineInAParagraphStaysALineBreakAsTheReferenceShowsIt() {
    // models write lines one under the other with a single newline (steps, addresses, output);
    // the reference keeps them on their own lines, so joining them into one paragraph misleads
    assertThat(plain.render("Line 1 of the answer.\nLine 2 of the answer.", 60))
        .containsExactly("Line 1 of the answer.", "Line 2 of the answer.");
    assertThat(plain.render("- item one\n  still one\n- two", 60))
        .containsExactly("- item one", "  still one", "- two");
    assertThat(plain.render("a long first line that wraps here\nsecond", 20))
        .containsExactly("a long first line", "that wraps here", "second");
  }

  @Test
  void aListRightUnderAParagraphFollowsItWithoutAnEmptyLineAsTheReferenceShowsIt() {
    // pi-tui's Markdown adds no empty line between a paragraph and the list under it; a blank line
    // written between them stays one
    assertThat(plain.render("Steps:\n- one\n- two", 40))
        .containsExactly("Steps:", "- one", "- two");
    assertThat(plain.render("Intro:\n1. a\n2. b\n\nEnd.", 40))
        .containsExactly("Intro:", "1. a", "2. b", "", "End.");
    assertThat(plain.render("Steps:\n\n- one", 40)).containsExactly("Steps:", "", "- one");
    assertThat(plain.render("> Steps:\n> - one", 40)).containsExactly("│ Steps:", "│ - one");
  }

  @Test
  void aLineWrittenUnindentedUnderAListItemStartsAtTheLeftAsTheReferenceShowsIt() {
    // CommonMark reads the line as a lazy continuation of the item; pi-tui shows it on its own line
    // at the left edge, where it was written, not indented as part of the item
    assertThat(plain.render("- b\nafter", 40)).containsExactly("- b", "after");
    assertThat(plain.render("- a\n- b\nafter\n\npara", 40))
        .containsExactly("- a", "- b", "after", "", "para");
    assertThat(plain.render("1. one\nafter *too*", 40)).containsExactly("1. one", "after too");
    assertThat(plain.render("- a\n  - n\nout", 40)).containsExactly("- a", "  - n", "out");
    assertThat(plain.render("> - b\n> after", 40)).containsExactly("│ - b", "│ after");
    // a line indented under the item stays the item's
    assertThat(plain.render("- a\n  still a\nafter", 40))
        .containsExactly("- a", "  still a", "after");
  }

  @Test
  void stylesAreEscapeSequences() {
    String line = colored.render("Some **bold** text", 60).getFirst();
    assertThat(line).contains("\033[1mbold\033[22m");
    assertThat(Ansi.strip(line)).isEqualTo("Some bold text");
  }

  @Test
  void linksShowTheirAddressWhenItDiffersFromTheText() {
    assertThat(plain.render("[the docs](https://example.com/docs) and <https://example.com>", 80))
        .containsExactly("the docs (https://example.com/docs) and https://example.com");
  }

  @Test
  void tablesAreBoxDrawnWithWideCharactersLinedUp() {
    List<String> lines =
        plain.render(
            """
            | name | 値 | n |
            |------|:--:|--:|
            | 日本語 | ok | 1 |
            | emoji 😀 | x | 22 |
            """,
            80);
    assertThat(lines)
        .containsExactly(
            "┌──────────┬────┬────┐",
            "│ name     │ 値 │  n │",
            "├──────────┼────┼────┤",
            "│ 日本語   │ ok │  1 │",
            "│ emoji 😀 │ x  │ 22 │",
            "└──────────┴────┴────┘");
    assertThat(lines).allMatch(l -> Ansi.width(l) == 22);
  }

  @Test
  void aTableWiderThanTheTerminalWrapsItsCells() {
    List<String> lines =
        plain.render(
            """
            | a | b |
            |---|---|
            | a long cell that needs wrapping | short |
            """,
            30);
    assertThat(lines).allMatch(l -> Ansi.width(l) <= 30);
    assertThat(String.join("\n", lines)).contains("a long cell");
  }

  @Test
  void fencedCodeIsColouredAndKeepsItsText() {
    List<String> lines =
        colored.render(
            """
            ```python
            def add(a, b):
                return a + b  # sum
            ```
            """,
            60);
    assertThat(lines.stream().map(Ansi::strip).toList())
        .containsExactly("```python", "  def add(a, b):", "      return a + b  # sum", "```");
    assertThat(lines.get(1)).contains("\033[38;5;"); // coloured
  }

  @Test
  void controlCharactersFromTheModelAreRemoved() {
    assertThat(plain.render("evil \033[2Jclear \007bell", 60))
        .containsExactly("evil [2Jclear bell");
  }

  @Test
  void piecesRenderAsTheWholeDoes() {
    String text =
        """
        # Plan

        First paragraph with some text.

        - item one

        - item two

        ```java
        class A {

          int x;
        }
        ```

        | a | b |
        |---|---|
        | 1 | 2 |

        Last words.
        """;
    Markdown component = new Markdown(plain, 0);
    component.setText(text);
    assertThat(MarkdownChunks.split(text)).hasSizeGreaterThan(4);
    assertThat(component.render(50)).containsExactlyElementsOf(plain.render(text, 50));
  }
}
