package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.runtime.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A package folder committed to a repository ({@code .graft/packages/NAME}) is used only once its
 * files are what the lock file locks, and never through a link out of it; none of its files is ever
 * shown as your own {@code --scripts} (review of issue 22, defect 4).
 */
class CommittedPackageCliTest {
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

  private static void lock(Path proj, String hash) throws IOException {
    write(
        proj.resolve(".graft/packages.lock.json"),
        "{\"packages\": {\"teamlib\": {\"source\": \"./vendor/teamlib.tgz\","
            + " \"resolved\": \"sha256:"
            + "0".repeat(64)
            + "\", \"version\": \"1.0.0\", \"hash\": \""
            + hash
            + "\"}}}\n");
  }

  @Test
  void aCommittedFolderLoadsOnlyWhenItIsWhatTheLockFileLocksAndNeverThroughALink()
      throws Exception {
    Path home = Files.createDirectories(temp.resolve("home"));
    Path proj = Files.createDirectories(temp.resolve("proj"));
    Path pkg = proj.resolve(".graft/packages/teamlib");
    write(
        pkg.resolve("package.json"),
        "{\"name\": \"teamlib\", \"version\": \"1.0.0\", \"graft\": {\"scripts\": [\"hooks\"]}}\n");
    write(pkg.resolve("hooks/audit.js"), command("audit"));
    write(proj.resolve("src/plugin/index.js"), command("plugin"));
    Files.createSymbolicLink(pkg.resolve("hooks/ext"), Path.of("../../../../src/plugin"));
    lock(proj, "sha256:00");

    // The review's repository: a bogus hash and a link out of the package. Trust is refused,
    // nothing loads.
    CliRun trust = CliRun.run(home, proj, "scripts", "trust", "--yes", "--package", "teamlib");
    assertThat(trust.exitCode()).isEqualTo(1);
    assertThat(trust.err().strip())
        .isEqualTo(
            "graft: teamlib in "
                + pkg
                + ": hooks/ext in it is link to ../../../../src/plugin"
                + " (graft installs only files and folders); graft scripts install --project installs it again");
    CliRun list = CliRun.run(home, proj, "scripts", "list");
    assertThat(list.out())
        .doesNotContain("(--scripts")
        .doesNotContain("/plugin")
        .doesNotContain("/audit")
        .contains("teamlib 1.0.0  (project, not loaded)");
    assertThat(list.err())
        .contains(
            "graft: warning: the project's script package teamlib in "
                + pkg
                + " is not loaded:"
                + " hooks/ext in it is link to ../../../../src/plugin");

    // Without the link, the bogus hash alone refuses it.
    Files.delete(pkg.resolve("hooks/ext"));
    CliRun bogus = CliRun.run(home, proj, "scripts", "trust", "--yes", "--package", "teamlib");
    assertThat(bogus.exitCode()).isEqualTo(1);
    assertThat(bogus.err())
        .startsWith(
            "graft: teamlib in "
                + pkg
                + ": its files are not what "
                + proj.resolve(".graft/packages.lock.json")
                + " locks (sha256:")
        .contains(", locked sha256:00)");
    assertThat(CliRun.run(home, proj, "scripts", "list").out()).doesNotContain("/audit");

    // What the lock file locks, trusted: it loads, as the project's package.
    Path copy = temp.resolve("copy");
    write(copy.resolve("package.json"), Files.readString(pkg.resolve("package.json")));
    write(copy.resolve("hooks/audit.js"), command("audit"));
    Path other = Files.createDirectories(temp.resolve("other"));
    assertThat(CliRun.run(home, other, "scripts", "add", "--project", copy.toString()).exitCode())
        .isZero();
    String hash =
        Json.parse(Files.readString(other.resolve(".graft/packages.lock.json")))
            .path("packages")
            .path("teamlib")
            .path("hash")
            .asText();
    lock(proj, hash);
    assertThat(
            CliRun.run(home, proj, "scripts", "trust", "--yes", "--package", "teamlib").exitCode())
        .isZero();
    CliRun loaded = CliRun.run(home, proj, "scripts", "list");
    assertThat(loaded.out())
        .contains("audit.js  (project package, trusted)")
        .contains("commands: /audit");

    // A link planted after trust (the lock file forged to include it) is refused again, and the
    // finder never follows it.
    Files.createSymbolicLink(pkg.resolve("hooks/ext"), Path.of("../../../../src/plugin"));
    CliRun planted = CliRun.run(home, proj, "scripts", "list");
    assertThat(planted.out()).doesNotContain("/plugin").doesNotContain("(--scripts");
    assertThat(planted.err()).contains("hooks/ext in it is link to ../../../../src/plugin");
  }

  @Test
  void theFinderFollowsNoLinkOutOfAnInstalledPackage() throws Exception {
    Path home = Files.createDirectories(temp.resolve("home"));
    Path lib = temp.resolve("lib");
    write(
        lib.resolve("package.json"),
        "{\"name\": \"lib\", \"version\": \"1.0.0\", \"graft\": {\"scripts\": [\"hooks\"]}}\n");
    write(lib.resolve("hooks/audit.js"), command("audit"));
    Path cwd = Files.createDirectories(temp.resolve("cwd"));
    assertThat(CliRun.run(home, cwd, "scripts", "add", lib.toString()).exitCode()).isZero();
    Path outside = temp.resolve("outside/plugin");
    write(outside.resolve("index.js"), command("plugin"));
    Files.createSymbolicLink(home.resolve("packages/lib/hooks/ext"), outside);

    CliRun list = CliRun.run(home, cwd, "scripts", "list");
    assertThat(list.out())
        .contains("audit.js  (package)")
        .doesNotContain("(--scripts")
        .doesNotContain("commands: /plugin")
        .contains(
            "ext/index.js  (package, not loaded)  "
                + home.resolve("packages/lib/hooks/ext/index.js"))
        .contains(
            "problem:  a link to "
                + outside.resolve("index.js").toRealPath()
                + ", outside its package "
                + home.resolve("packages/lib").toRealPath()
                + ": graft follows no link out of a package");
  }
}
