package dev.graft.runtime.tools;

import static dev.graft.runtime.tools.Calls.args;
import static dev.graft.runtime.tools.Calls.run;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WriteToolTest {
  @TempDir Path dir;
  private final WriteTool tool =
      new WriteTool(PathResolver.ofUserHome(), new LocalFiles(), new FileMutationLocks());

  @Test
  void createsTheFileAndItsParentDirectories() throws IOException {
    ToolResult result = run(tool, dir, args("path", "a/b/c.txt", "content", "héllo"));
    assertThat(result.isError()).isFalse();
    assertThat(result.text()).isEqualTo("Successfully wrote 6 bytes to a/b/c.txt");
    assertThat(Files.readString(dir.resolve("a/b/c.txt"))).isEqualTo("héllo");
  }

  @Test
  void overwritesAnExistingFile() throws IOException {
    Files.writeString(dir.resolve("f.txt"), "a much longer old content");
    run(tool, dir, args("path", "f.txt", "content", "new"));
    assertThat(Files.readString(dir.resolve("f.txt"))).isEqualTo("new");
  }

  @Test
  void missingContentIsAValidationError() {
    ToolResult result = run(tool, dir, args("path", "f.txt"));
    assertThat(result.isError()).isTrue();
    assertThat(result.text()).contains("  - content: is required");
    assertThat(dir.resolve("f.txt")).doesNotExist();
  }

  @Test
  void aFileWhereADirectoryShouldBeIsAnError() throws IOException {
    Files.writeString(dir.resolve("blocker"), "x");
    ToolResult result = run(tool, dir, args("path", "blocker/f.txt", "content", "x"));
    assertThat(result.isError()).isTrue();
    assertThat(result.text()).contains("blocker");
  }
}
