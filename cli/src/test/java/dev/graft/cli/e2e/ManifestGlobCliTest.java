package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A package's manifest cannot make graft hang or load without bound (review of issue 22, defect 3):
 * the review's glob bomb adds and lists at once, and a manifest that names more than graft loads is
 * refused at add, a warning at load.
 */
class ManifestGlobCliTest {
  @TempDir Path temp;

  private static void write(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }

  @Test
  void theGlobBombAddsAndListsAtOnce() throws Exception {
    Path lib = temp.resolve("globbomb");
    write(
        lib.resolve("package.json"),
        "{\"name\": \"globbomb\", \"version\": \"1.0.0\", \"pi\": {\"extensions\": [\""
            + "*a".repeat(30)
            + "b.ts\"]}}\n");
    write(lib.resolve("a".repeat(200) + ".ts"), "export default function (g) {}\n");
    Path home = Files.createDirectories(temp.resolve("home"));
    Path cwd = Files.createDirectories(temp.resolve("cwd"));
    CliRun add =
        assertTimeoutPreemptively(
            Duration.ofSeconds(60), () -> CliRun.run(home, cwd, "scripts", "add", lib.toString()));
    assertThat(add.exitCode()).as(add.err()).isZero();
    assertThat(add.out()).contains("scripts: none");
    CliRun list =
        assertTimeoutPreemptively(
            Duration.ofSeconds(60), () -> CliRun.run(home, cwd, "scripts", "list"));
    assertThat(list.exitCode()).as(list.err()).isZero();
    assertThat(list.out()).contains("globbomb 1.0.0  (global)");
  }

  @Test
  void aManifestThatNamesTooManyScriptsIsRefused() throws Exception {
    Path lib = temp.resolve("many");
    write(
        lib.resolve("package.json"),
        "{\"name\": \"many\", \"version\": \"1.0.0\", \"pi\": {\"extensions\": [\"src/*.js\"]}}\n");
    for (int i = 0; i < 1_001; i++) {
      write(lib.resolve("src/s" + i + ".js"), "export default function (g) {}\n");
    }
    Path home = Files.createDirectories(temp.resolve("home"));
    CliRun add =
        CliRun.run(
            home, Files.createDirectories(temp.resolve("cwd")), "scripts", "add", lib.toString());
    assertThat(add.exitCode()).isEqualTo(1);
    assertThat(add.err().strip())
        .isEqualTo(
            "graft: many: package.json names more than 1,000 scripts (the cap on what a"
                + " package loads)");
    assertThat(home.resolve("packages/many")).doesNotExist();

    Path braces = temp.resolve("braces");
    write(
        braces.resolve("package.json"),
        "{\"name\": \"braces\", \"version\": \"1.0.0\", \"pi\": {\"extensions\": [\""
            + "{a,b}".repeat(7)
            + "*.ts\"]}}\n");
    CliRun refused =
        CliRun.run(
            home,
            Files.createDirectories(temp.resolve("cwd")),
            "scripts",
            "add",
            braces.toString());
    assertThat(refused.exitCode()).isEqualTo(1);
    assertThat(refused.err())
        .startsWith(
            "graft: braces: a glob in package.json stands for more than 64 globs once its"
                + " braces are expanded (the cap): ");
  }
}
