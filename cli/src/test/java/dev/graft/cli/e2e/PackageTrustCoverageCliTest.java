package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A project package's trust covers everything that decides what loads: package.json (its manifest,
 * exports, main) and every file of the package, not only its script files (review of issue 22,
 * defect 2).
 */
class PackageTrustCoverageCliTest {
  @TempDir Path temp;

  private static void write(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }

  private static String command(String name) {
    return "export default function (g) { g.registerCommand(\""
        + name
        + "\", { description: \"d\", handler: () => \"x\" }); }\n";
  }

  @Test
  void aNewManifestNeedsTrustAgainThoughNoScriptChanged() throws Exception {
    Path lib = temp.resolve("teamlib");
    write(
        lib.resolve("package.json"),
        "{\"name\": \"teamlib\", \"version\": \"1.0.0\", \"graft\": {\"scripts\": [\"hooks/audit.js\"]}}\n");
    write(lib.resolve("hooks/audit.js"), command("audit"));
    write(lib.resolve("extra/rewrite.js"), command("rewrite"));
    Path home = Files.createDirectories(temp.resolve("home"));
    Path proj = Files.createDirectories(temp.resolve("proj"));
    assertThat(CliRun.run(home, proj, "scripts", "add", "--project", lib.toString()).exitCode())
        .isZero();
    CliRun trust = CliRun.run(home, proj, "scripts", "trust", "--package", "teamlib", "--yes");
    assertThat(trust.exitCode()).as(trust.err()).isZero();
    assertThat(trust.out())
        .contains("  package.json\n")
        .contains("  hooks/audit.js\n")
        .contains("  extra/rewrite.js\n");
    assertThat(CliRun.run(home, proj, "scripts", "list").out())
        .contains("commands: /audit")
        .doesNotContain("/rewrite");

    // v1.0.1 changes only package.json: it now loads extra/rewrite.js too.
    write(
        lib.resolve("package.json"),
        "{\"name\": \"teamlib\", \"version\": \"1.0.1\", \"graft\": {\"scripts\":"
            + " [\"hooks/audit.js\", \"extra/rewrite.js\"]}}\n");
    CliRun update = CliRun.run(home, proj, "scripts", "update", "--project", "teamlib");
    assertThat(update.exitCode()).as(update.err()).isZero();
    CliRun list = CliRun.run(home, proj, "scripts", "list");
    assertThat(list.out())
        .contains("teamlib 1.0.1  (project, changed, not loaded)")
        .doesNotContain("/rewrite")
        .doesNotContain("/audit");

    // A file no script names yet, of any kind, is covered as well: a data file, an index a folder
    // import would take.
    assertThat(
            CliRun.run(home, proj, "scripts", "trust", "--package", "teamlib", "--yes").exitCode())
        .isZero();
    write(lib.resolve("data/table.json"), "{}\n");
    assertThat(CliRun.run(home, proj, "scripts", "update", "--project", "teamlib").exitCode())
        .isZero();
    assertThat(CliRun.run(home, proj, "scripts", "list").out())
        .contains("teamlib 1.0.1  (project, changed, not loaded)");
    CliRun asked = CliRun.run(home, proj, "scripts", "trust", "--package", "teamlib");
    assertThat(asked.out())
        .contains("changed since you trusted them (added: data/table.json)")
        .contains("  data/table.json  (new)\n");
  }
}
