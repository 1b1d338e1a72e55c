package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code graft demo}: the agent fixes the demo project offline, with example hook scripts at work.
 */
class DemoCommandTest {
  @TempDir Path home;
  @TempDir Path work;

  @Test
  void theAgentFixesTheTestWhileAHookScriptBlocksARiskyCommand() throws Exception {
    CliRun run = CliRun.run(home, work, "demo", "--dir", "project");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains("Hook scripts loaded from")
        .contains("✗ FAIL: expected 'Hello, Ada!', got 'Helo, Ada!'")
        .contains("✗ permission-gate: this command deletes files recursively or by force")
        .contains("✓ ok: Hello, Ada!")
        .contains(
            "Named:   The test in this project fails. Find out why and fix it.  (by session-name.js)");
    assertThat(Files.readString(work.resolve("project/greet.sh"))).contains("echo \"Hello, $1!\"");
    String sessionLine =
        run.out().lines().filter(l -> l.startsWith("Session: ")).findFirst().orElseThrow();
    String session = Files.readString(Path.of(sessionLine.substring("Session: ".length())));
    assertThat(session)
        .contains("permission-gate: this command deletes files recursively or by force")
        .contains("\"type\":\"session_info\"");
  }

  @Test
  void anExistingDirectoryIsRefusedInOneLine() throws Exception {
    Files.createDirectories(work.resolve("taken"));
    CliRun run = CliRun.run(home, work, "demo", "--dir", "taken");
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).isEqualTo("graft: --dir taken already exists; give a new directory\n");
  }
}
