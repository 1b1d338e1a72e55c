package dev.graft.runtime.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionCheck;
import dev.graft.runtime.session.SessionFileException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Fuzzes session loading: any bytes after a valid header either load (bad lines skipped with
 * warnings, context building defined) or are refused with a SessionFileException, and the file is
 * never changed. Seeds under src/test/resources/.../SessionFileFuzzTestInputs replay in every run;
 * JAZZER_FUZZ=1 fuzzes (bench/fuzz.sh).
 */
class SessionFileFuzzTest {
  private static final String HEADER =
      "{\"type\":\"session\",\"version\":3,\"id\":\"s\",\"timestamp\":\"2026-01-01T00:00:00.000Z\",\"cwd\":\"/p\"}\n";

  @FuzzTest(maxDuration = "30s")
  void anyBytesAfterAHeaderLoadOrAreRefused(byte[] data) throws Exception {
    Path dir = Files.createTempDirectory("graft-fuzz");
    Path file = dir.resolve("s.jsonl");
    try {
      byte[] header = HEADER.getBytes(StandardCharsets.UTF_8);
      byte[] all = new byte[header.length + data.length];
      System.arraycopy(header, 0, all, 0, header.length);
      System.arraycopy(data, 0, all, header.length, data.length);
      Files.write(file, all);
      try (Session s = Session.open(file)) {
        s.buildContext();
        s.tree();
        for (var e : s.entries()) {
          s.buildContext(e.id());
        }
      } catch (SessionFileException expected) {
        assertThat(expected.getMessage()).doesNotContain("\n");
      }
      if (all.length > 0) {
        try {
          SessionCheck.run(file);
        } catch (SessionFileException expected) {
          // refused as a whole, as on open
        }
      }
      assertThat(Files.readAllBytes(file)).isEqualTo(all);
    } finally {
      try (var files = Files.list(dir)) {
        files.forEach(f -> f.toFile().delete());
      }
      Files.deleteIfExists(dir);
    }
  }
}
