package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A provider name in auth.json a typo away from one graft knows is said once, in one line, before
 * the missing key it causes; a provider only the reference knows is passed over.
 */
class AuthJsonTypoCliTest {
  @TempDir Path home;
  @TempDir Path work;

  @BeforeEach
  void auth() throws Exception {
    Path auth = home.resolve("auth.json");
    Files.writeString(
        auth,
        """
        {"antropic": {"type": "api_key", "key": "sk-typo"},
         "github-copilot": {"type": "api_key", "key": "k"},
         "mistral": {"type": "api_key", "key": "sk-mistral"}}
        """);
    Files.setPosixFilePermissions(auth, PosixFilePermissions.fromString("rw-------"));
  }

  @Test
  void theTypoIsSaidOnceBeforeTheMissingKey() {
    CliRun run =
        CliRun.run(
            home,
            work,
            Map.of(),
            "-p",
            "--no-session",
            "--model",
            "anthropic/claude-sonnet-4-6",
            "hi");

    assertThat(run.exitCode()).isEqualTo(1);
    String line =
        "graft: warning: "
            + home.resolve("auth.json")
            + ": no provider \"antropic\"; did you mean \"anthropic\"?\n";
    assertThat(run.err()).startsWith(line);
    assertThat(run.err().split("antropic", -1)).as(run.err()).hasSize(2);
    assertThat(run.err()).contains("No API key for provider \"anthropic\"");
    assertThat(run.err()).doesNotContain("copilot").doesNotContain("mistral");
  }

  @Test
  void graftModelsSaysItToo() {
    CliRun run = CliRun.run(home, work, "models");

    assertThat(run.exitCode()).isZero();
    assertThat(run.err())
        .isEqualTo(
            "graft: warning: "
                + home.resolve("auth.json")
                + ": no provider \"antropic\"; did you mean \"anthropic\"?\n");
  }
}
