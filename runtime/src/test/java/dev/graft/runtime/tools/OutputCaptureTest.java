package dev.graft.runtime.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputCaptureTest {
  @TempDir Path temp;

  @Test
  void joinsACharacterSplitAcrossTwoReads() {
    byte[] euro = "a€b".getBytes(StandardCharsets.UTF_8);
    try (OutputCapture capture = new OutputCapture(temp, "t", 2000, 50 * 1024)) {
      capture.append(euro, 0, 2);
      capture.append(euro, 2, euro.length - 2);
      capture.finish();
      assertThat(capture.snapshot(true).content()).isEqualTo("a€b");
      assertThat(capture.snapshot(true).fullOutputPath()).isEmpty();
    }
  }

  @Test
  void savesEverythingRawOncePastTheLimits() throws Exception {
    OutputCapture.Snapshot snapshot;
    try (OutputCapture capture = new OutputCapture(temp, "t", 3, 1000)) {
      for (int i = 1; i <= 5; i++) {
        byte[] line = ("line " + i + "\n").getBytes(StandardCharsets.UTF_8);
        capture.append(line, 0, line.length);
      }
      capture.finish();
      snapshot = capture.snapshot(true);
    }
    assertThat(snapshot.content()).isEqualTo("line 4\nline 5\n");
    assertThat(snapshot.truncation().totalLines()).isEqualTo(6);
    assertThat(Files.readString(snapshot.fullOutputPath().orElseThrow()))
        .isEqualTo("line 1\nline 2\nline 3\nline 4\nline 5\n");
  }

  @Test
  void keepsOnlyARollingTailInMemory() {
    try (OutputCapture capture = new OutputCapture(temp, "t", 2000, 100)) {
      byte[] chunk = "0123456789\n".getBytes(StandardCharsets.UTF_8);
      for (int i = 0; i < 10_000; i++) {
        capture.append(chunk, 0, chunk.length);
      }
      capture.finish();
      OutputCapture.Snapshot snapshot = capture.snapshot(false);
      assertThat(snapshot.content()).startsWith("0123456789\n").endsWith("0123456789\n");
      assertThat(snapshot.truncation().totalBytes()).isEqualTo(110_000);
      assertThat(snapshot.truncation().truncatedBy()).contains(Truncation.TruncatedBy.BYTES);
    }
  }
}
