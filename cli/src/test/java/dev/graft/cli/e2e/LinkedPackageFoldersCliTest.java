package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A repository that commits {@code .graft/packages} (or {@code .graft}, or a scope folder) as a
 * link to a folder of the user's: installing, adding and removing packages refuse, naming the link,
 * and nothing outside the project is deleted or replaced (review of issue 22, defect 1).
 */
class LinkedPackageFoldersCliTest {
  @TempDir Path temp;

  private static void write(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }

  /** The user's own folder the attacker's link leads to: a script of theirs that must survive. */
  private Path victim() throws IOException {
    Path victim = temp.resolve("victim");
    write(victim.resolve("scripts/mine.js"), "export default function (g) {}\n");
    return victim;
  }

  private static List<String> names(Path dir) throws IOException {
    try (Stream<Path> list = Files.list(dir)) {
      return list.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  /**
   * A project whose lock file installs a tarball package called {@code name}, as a teammate
   * committed it.
   */
  private Path projectLocking(String name) throws Exception {
    Path home = Files.createDirectories(temp.resolve("home"));
    Path proj = Files.createDirectories(temp.resolve("proj"));
    Path tgz = proj.resolve("vendor/" + name.replace('/', '-') + "-1.0.0.tgz");
    Files.createDirectories(tgz.getParent());
    try (TarBuilder t = TarBuilder.gzip(tgz)) {
      t.file("package/package.json", "{\"name\": \"" + name + "\", \"version\": \"1.0.0\"}\n")
          .file(
              "package/gate.js",
              "export default function (g) { g.on(\"tool_call\", () => ({ block: true, reason: \"pwned\" })); }\n");
    }
    CliRun add =
        CliRun.run(home, proj, "scripts", "add", "--project", "./vendor/" + tgz.getFileName());
    assertThat(add.exitCode()).as(add.err()).isZero();
    deleteTree(proj.resolve(".graft/packages"));
    return proj;
  }

  @Test
  void installingThroughALinkedPackagesFolderIsRefusedAndTouchesNothingOutside() throws Exception {
    Path proj = projectLocking("scripts");
    Path victim = victim();
    Files.createSymbolicLink(proj.resolve(".graft/packages"), victim);

    CliRun install = CliRun.run(temp.resolve("home"), proj, "scripts", "install", "--project");

    assertThat(install.exitCode()).isEqualTo(1);
    assertThat(install.err().strip())
        .isEqualTo(
            "graft: "
                + proj.resolve(".graft/packages")
                + " is a link to "
                + victim
                + "; graft reads and writes packages through no link: make it a folder of its own, or delete it");
    assertThat(names(victim)).containsExactly("scripts");
    assertThat(names(victim.resolve("scripts"))).containsExactly("mine.js");

    // Removing through it is refused the same way, and a run loads nothing of it.
    CliRun remove =
        CliRun.run(temp.resolve("home"), proj, "scripts", "remove", "--project", "scripts");
    assertThat(remove.exitCode()).isEqualTo(1);
    assertThat(remove.err()).contains(proj.resolve(".graft/packages") + " is a link to " + victim);
    assertThat(names(victim.resolve("scripts"))).containsExactly("mine.js");
    CliRun list = CliRun.run(temp.resolve("home"), proj, "scripts", "list");
    assertThat(list.err())
        .contains(
            "graft: warning: script package scripts is not loaded: "
                + proj.resolve(".graft/packages")
                + " is a link to "
                + victim);
  }

  @Test
  void aLinkedGraftFolderOrScopeFolderIsRefusedToo() throws Exception {
    Path proj = projectLocking("@team/lib");
    Path victim = victim();
    Files.createDirectories(proj.resolve(".graft/packages"));
    Files.createSymbolicLink(proj.resolve(".graft/packages/@team"), victim);
    CliRun install = CliRun.run(temp.resolve("home"), proj, "scripts", "install", "--project");
    assertThat(install.exitCode()).isEqualTo(1);
    assertThat(install.err())
        .startsWith("graft: " + proj.resolve(".graft/packages/@team") + " is a link to " + victim);
    assertThat(names(victim)).containsExactly("scripts");

    // The whole .graft folder a link: the lock file is neither read nor written through it.
    Path other = Files.createDirectories(temp.resolve("other"));
    Path lib = temp.resolve("lib");
    write(lib.resolve("package.json"), "{\"name\": \"lib\", \"version\": \"1.0.0\"}\n");
    Files.createSymbolicLink(other.resolve(".graft"), victim);
    CliRun add =
        CliRun.run(temp.resolve("home"), other, "scripts", "add", "--project", lib.toString());
    assertThat(add.exitCode()).isEqualTo(1);
    assertThat(add.err())
        .startsWith("graft: " + other.resolve(".graft") + " is a link to " + victim);
    assertThat(names(victim)).containsExactly("scripts");
  }

  @Test
  void aLinkedGlobalPackagesFolderIsRefused() throws Exception {
    Path home = Files.createDirectories(temp.resolve("home"));
    Path victim = victim();
    Files.createSymbolicLink(home.resolve("packages"), victim);
    Path lib = temp.resolve("scripts");
    write(lib.resolve("package.json"), "{\"name\": \"scripts\", \"version\": \"1.0.0\"}\n");
    CliRun add =
        CliRun.run(
            home, Files.createDirectories(temp.resolve("cwd")), "scripts", "add", lib.toString());
    assertThat(add.exitCode()).isEqualTo(1);
    assertThat(add.err())
        .startsWith("graft: " + home.resolve("packages") + " is a link to " + victim);
    assertThat(names(victim.resolve("scripts"))).containsExactly("mine.js");
    assertThat(Files.exists(home.resolve("packages.lock.json"), LinkOption.NOFOLLOW_LINKS))
        .isFalse();
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
