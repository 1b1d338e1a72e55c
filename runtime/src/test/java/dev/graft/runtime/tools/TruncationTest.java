package dev.graft.runtime.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class TruncationTest {

  private static String numbered(int from, int to) {
    return IntStream.rangeClosed(from, to)
        .mapToObj(i -> "line " + i)
        .collect(Collectors.joining("\n"));
  }

  @Test
  void shortTextIsKeptWhole() {
    Truncation t = Truncation.head("a\nb\n");
    assertThat(t.truncated()).isFalse();
    assertThat(t.truncatedBy()).isEmpty();
    assertThat(t.content()).isEqualTo("a\nb\n");
    assertThat(t.totalLines()).isEqualTo(3);
    assertThat(t.totalBytes()).isEqualTo(4);
  }

  @Test
  void headKeepsTheFirstLinesUpToTheLineLimit() {
    Truncation t = Truncation.head(numbered(1, 2500));
    assertThat(t.truncated()).isTrue();
    assertThat(t.truncatedBy()).contains(Truncation.TruncatedBy.LINES);
    assertThat(t.outputLines()).isEqualTo(2000);
    assertThat(t.totalLines()).isEqualTo(2500);
    assertThat(t.content()).startsWith("line 1\n").endsWith("\nline 2000");
  }

  @Test
  void headKeepsWholeLinesUpToTheByteLimit() {
    String line = "x".repeat(99); // 100 bytes with its newline
    String text = IntStream.range(0, 600).mapToObj(i -> line).collect(Collectors.joining("\n"));
    Truncation t = Truncation.head(text);
    assertThat(t.truncatedBy()).contains(Truncation.TruncatedBy.BYTES);
    // 512 lines of 99 bytes plus 511 newlines = 51,199 bytes; one more would pass 51,200.
    assertThat(t.outputLines()).isEqualTo(512);
    assertThat(t.outputBytes()).isEqualTo(512 * 99 + 511);
    assertThat(t.content()).doesNotEndWith("\n");
  }

  @Test
  void headCountsMultiByteCharactersInBytes() {
    String line = "é".repeat(100); // 200 bytes, 100 chars
    String text = IntStream.range(0, 300).mapToObj(i -> line).collect(Collectors.joining("\n"));
    Truncation t = Truncation.head(text);
    assertThat(t.truncatedBy()).contains(Truncation.TruncatedBy.BYTES);
    assertThat(t.outputLines()).isEqualTo(254); // 254 * 201 - 1 = 51,053 <= 51,200
  }

  @Test
  void headReportsAFirstLineThatAloneIsTooBig() {
    Truncation t = Truncation.head("y".repeat(60_000) + "\nshort");
    assertThat(t.firstLineExceedsLimit()).isTrue();
    assertThat(t.content()).isEmpty();
    assertThat(t.outputLines()).isZero();
  }

  @Test
  void tailKeepsTheLastLinesUpToTheLineLimit() {
    Truncation t = Truncation.tail(numbered(1, 2500));
    assertThat(t.truncatedBy()).contains(Truncation.TruncatedBy.LINES);
    assertThat(t.content()).startsWith("line 501\n").endsWith("line 2500");
    assertThat(t.outputLines()).isEqualTo(2000);
  }

  @Test
  void tailKeepsWholeLinesUpToTheByteLimit() {
    String line = "z".repeat(999);
    String text = IntStream.range(0, 100).mapToObj(i -> i + line).collect(Collectors.joining("\n"));
    Truncation t = Truncation.tail(text);
    assertThat(t.truncatedBy()).contains(Truncation.TruncatedBy.BYTES);
    assertThat(t.outputBytes()).isLessThanOrEqualTo(50 * 1024);
    assertThat(t.content()).endsWith("99" + line);
    assertThat(t.lastLinePartial()).isFalse();
  }

  @Test
  void tailKeepsTheEndOfALastLineThatAloneIsTooBig() {
    String big = "€".repeat(20_000) + "END"; // 60,003 bytes
    Truncation t = Truncation.tail("first\n" + big);
    assertThat(t.lastLinePartial()).isTrue();
    assertThat(t.content()).endsWith("END");
    assertThat(t.outputBytes()).isLessThanOrEqualTo(50 * 1024);
    assertThat(t.content().charAt(0)).isEqualTo('€'); // never half a character
  }

  @Test
  void detailsUseTheReferenceFieldNamesWithoutTheText() {
    var json = Truncation.head(numbered(1, 2001)).toJson();
    assertThat(json.fieldNames())
        .toIterable()
        .containsExactly(
            "truncated",
            "truncatedBy",
            "totalLines",
            "totalBytes",
            "outputLines",
            "outputBytes",
            "lastLinePartial",
            "firstLineExceedsLimit",
            "maxLines",
            "maxBytes");
    assertThat(json.get("truncatedBy").asText()).isEqualTo("lines");
  }

  @Test
  void sizesAreFormattedAsTheReferenceDoes() {
    assertThat(SizeFormat.format(512)).isEqualTo("512B");
    assertThat(SizeFormat.format(50 * 1024)).isEqualTo("50.0KB");
    assertThat(SizeFormat.format(1536)).isEqualTo("1.5KB");
    assertThat(SizeFormat.format(3 * 1024 * 1024 / 2)).isEqualTo("1.5MB");
  }
}
