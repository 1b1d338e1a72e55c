package dev.graft.cli.tui;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A table row wraps its text under its own column, or as plain text where that is too narrow. */
class TableRowTest {
  private final TableRow row =
      new TableRow("  Ctrl+C   ", "clear the editor; on an empty one abort, twice quit");

  @Test
  void aLongTextGoesOnUnderItsColumn() {
    assertThat(row.render(40))
        .containsExactly(
            "  Ctrl+C   clear the editor; on an empty", "           one abort, twice quit");
    assertThat(row.render(80))
        .containsExactly("  Ctrl+C   clear the editor; on an empty one abort, twice quit");
  }

  @Test
  void tooNarrowForTheColumnItWrapsAsPlainText() {
    assertThat(row.render(24))
        .containsExactly("  Ctrl+C   clear the", "editor; on an empty one", "abort, twice quit");
  }
}
