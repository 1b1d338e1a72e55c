package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.TimeUnit;

/** Runs the reference agent's context.mjs (node) on a session file, for tests. */
final class ReferenceOracle {
  private ReferenceOracle() {}

  static Path dir() {
    String dir = System.getProperty("graft.oracle.dir", "");
    Path path = dir.isEmpty() ? Path.of("nowhere") : Path.of(dir);
    if (!Files.isRegularFile(path.resolve("context.mjs"))
        || !Files.isDirectory(path.resolve("node_modules"))) {
      throw new AssertionError(
          "reference oracle not prepared: run bench/reference-oracle.sh (./graft test does this)");
    }
    return path;
  }

  /** The reference's context of a copy of {@code file} equals {@code context}. */
  static void assertSameContext(Path file, JsonNode context) throws Exception {
    Path copy = Files.createTempFile("graft-oracle", ".jsonl");
    try {
      Files.copy(file, copy, StandardCopyOption.REPLACE_EXISTING);
      Process node =
          new ProcessBuilder("node", dir().resolve("context.mjs").toString(), copy.toString())
              .redirectError(ProcessBuilder.Redirect.INHERIT)
              .start();
      String out = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(node.waitFor(60, TimeUnit.SECONDS)).isTrue();
      assertThat(node.exitValue()).isZero();
      assertThat(Json.jsValue(Json.parse(out.strip()).get("context")))
          .isEqualTo(Json.jsValue(context));
    } finally {
      Files.deleteIfExists(copy);
    }
  }
}
