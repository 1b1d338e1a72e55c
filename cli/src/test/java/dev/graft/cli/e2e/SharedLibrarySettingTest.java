package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** scripts.libraryDir in $GRAFT_HOME/settings.json: what graft/lib/ imports read. */
class SharedLibrarySettingTest {
  @TempDir Path home;
  @TempDir Path work;

  @Test
  void theLibraryDirectoryComesFromTheSettings() throws Exception {
    Files.createDirectories(home.resolve("scripts"));
    Files.writeString(
        home.resolve("scripts/uses.js"),
        """
        import { label } from "graft/lib/names.js";
        export default function (graft) {
          graft.registerCommand(label, { description: "d", handler: () => "x" });
        }
        """);
    CliRun none = CliRun.run(home, work, "scripts", "list");
    assertThat(none.out())
        .contains(
            "cannot import \"graft/lib/names.js\": no shared library directory is configured"
                + " (set scripts.libraryDir in $GRAFT_HOME/settings.json)");

    Files.createDirectories(home.resolve("team-lib"));
    Files.writeString(
        home.resolve("team-lib/names.js"), "export const label = \"from-library\";\n");
    Files.writeString(
        home.resolve("settings.json"), "{\"scripts\": {\"libraryDir\": \"team-lib\"}}");
    CliRun ok = CliRun.run(home, work, "scripts", "list");
    assertThat(ok.exitCode()).as(ok.out()).isZero();
    assertThat(ok.out()).contains("commands: /from-library");

    Files.writeString(home.resolve("settings.json"), "{\"scripts\": {\"libraryDir\": 3}}");
    CliRun bad = CliRun.run(home, work, "scripts", "list");
    assertThat(bad.err())
        .contains(
            home.resolve("settings.json")
                + ": scripts.libraryDir must be a directory path; ignored");
  }
}
