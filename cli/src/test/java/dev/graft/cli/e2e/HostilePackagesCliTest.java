package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Script packages written by a hostile author: installing runs none of their programs and reads
 * none of their npm configuration; what lands on disk is regular files and directories of the
 * user's, within caps; links lead nowhere outside the package; bad sources fail at once and leave
 * nothing behind.
 */
class HostilePackagesCliTest {
  @TempDir Path temp;

  private Path home() throws IOException {
    return Files.createDirectories(temp.resolve("home"));
  }

  private Path cwd() throws IOException {
    return Files.createDirectories(temp.resolve("cwd"));
  }

  private static void write(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }

  private static String run(Path dir, String... command) throws Exception {
    Process p =
        new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(String.join(" ", command) + ": " + out).isZero();
    return out.strip();
  }

  /** tiny-dep-1.0.0.tgz, made by npm pack, in {@code temp/packs}. */
  private Path tinyDep() throws Exception {
    Path dep = temp.resolve("tiny-dep");
    write(
        dep.resolve("package.json"),
        "{\"name\": \"tiny-dep\", \"version\": \"1.0.0\", \"main\": \"index.js\"}\n");
    write(dep.resolve("index.js"), "export const suffix = \"-from-tiny-dep\";\n");
    Path packs = Files.createDirectories(temp.resolve("packs"));
    run(dep, "npm", "pack", "--quiet", "--pack-destination", packs.toString());
    return packs.resolve("tiny-dep-1.0.0.tgz");
  }

  private static List<String> left(Path packagesDir) throws IOException {
    if (!Files.isDirectory(packagesDir)) {
      return List.of();
    }
    try (Stream<Path> list = Files.list(packagesDir)) {
      return list.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void installingReadsNoNpmConfigurationOfThePackageAndRunsNoneOfItsPrograms() throws Exception {
    Path marker = temp.resolve("pwned.txt");
    Path npmrcWasRead = temp.resolve("npmrc-was-read");
    Path evil = temp.resolve("evil");
    write(
        evil.resolve("package.json"),
        "{\"name\": \"evil\", \"version\": \"1.0.0\", \"dependencies\": {\"x\": \"github:someone/x\"}}\n");
    write(evil.resolve(".npmrc"), "git=./tools/git.sh\nlogs-dir=" + npmrcWasRead + "\n");
    write(evil.resolve("tools/git.sh"), "#!/bin/sh\necho pwned > " + marker + "\nexit 1\n");
    Files.setPosixFilePermissions(
        evil.resolve("tools/git.sh"), PosixFilePermissions.fromString("rwxr-xr-x"));
    Path home = home();

    CliRun add = CliRun.run(home, cwd(), "scripts", "add", evil.toString());
    assertThat(add.exitCode()).isEqualTo(1);
    assertThat(add.err())
        .startsWith(
            "graft: evil: dependency x is \"github:someone/x\"; graft installs dependencies"
                + " from the npm registry or .tgz files only");
    assertThat(marker).as("the package's git.sh ran").doesNotExist();
    assertThat(npmrcWasRead).as("npm read the package's .npmrc").doesNotExist();
    assertThat(left(home.resolve("packages"))).isEmpty();

    // An allowed dependency installs, and npm still reads no .npmrc of the package or the project.
    Path tgz = tinyDep();
    Path quiet = temp.resolve("quiet");
    write(
        quiet.resolve("package.json"),
        "{\"name\": \"quiet\", \"version\": \"1.0.0\", \"dependencies\": {\"tiny-dep\": \"file:"
            + tgz
            + "\"}}\n");
    write(quiet.resolve(".npmrc"), "logs-dir=" + npmrcWasRead + "\n");
    Path proj = Files.createDirectories(temp.resolve("proj"));
    write(proj.resolve("package.json"), "{\"name\": \"proj\"}\n");
    write(proj.resolve(".npmrc"), "logs-dir=" + npmrcWasRead + "\n");
    CliRun ok = CliRun.run(home, proj, "scripts", "add", "--project", quiet.toString());
    assertThat(ok.exitCode()).as(ok.err()).isZero();
    assertThat(proj.resolve(".graft/packages/quiet/node_modules/tiny-dep/index.js"))
        .isRegularFile();
    assertThat(npmrcWasRead).as("npm read an .npmrc of the package or the project").doesNotExist();
    assertThat(proj.resolve(".graft/packages/quiet/.npmrc"))
        .as("the package's own files are kept")
        .isRegularFile();
  }

  @Test
  void aDependencyOfADependencyFromGitIsNeverCloned() throws Exception {
    // A git repository on disk, and a .tgz dependency that depends on it.
    Path repo = temp.resolve("repo");
    write(repo.resolve("package.json"), "{\"name\": \"from-git\", \"version\": \"1.0.0\"}\n");
    run(repo, "git", "init", "-q");
    run(repo, "git", "add", ".");
    run(repo, "git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "x");
    Path mid = temp.resolve("mid");
    write(
        mid.resolve("package.json"),
        "{\"name\": \"mid\", \"version\": \"1.0.0\", \"dependencies\": {\"from-git\":"
            + " \"git+file://"
            + repo
            + "\"}}\n");
    Path packs = Files.createDirectories(temp.resolve("packs"));
    run(mid, "npm", "pack", "--quiet", "--pack-destination", packs.toString());
    Path pkg = temp.resolve("top");
    write(
        pkg.resolve("package.json"),
        "{\"name\": \"top\", \"version\": \"1.0.0\", \"dependencies\": {\"mid\": \"file:"
            + packs.resolve("mid-1.0.0.tgz")
            + "\"}}\n");
    // Every git that runs on graft's PATH says so.
    Path bin = Files.createDirectories(temp.resolve("bin"));
    Path ran = temp.resolve("git-ran.log");
    String realGit = run(temp, "sh", "-c", "command -v git");
    write(
        bin.resolve("git"), "#!/bin/sh\necho \"$@\" >> " + ran + "\nexec " + realGit + " \"$@\"\n");
    Files.setPosixFilePermissions(bin.resolve("git"), PosixFilePermissions.fromString("rwxr-xr-x"));
    Path home = home();
    List<String> command = CliRun.processCommand("scripts", "add", pkg.toString());
    ProcessBuilder pb = new ProcessBuilder(command).directory(cwd().toFile());
    pb.environment().put("GRAFT_HOME", home.toString());
    pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
    pb.redirectErrorStream(true);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(180, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isEqualTo(1);
    assertThat(out)
        .startsWith(
            "graft: top: a dependency of its dependencies comes from git; graft installs"
                + " dependencies from the npm registry or .tgz files only, and npm fetched nothing"
                + " from git");
    assertThat(ran).as("git ran for npm").doesNotExist();
    assertThat(left(home.resolve("packages"))).isEmpty();
  }

  @Test
  void devDependenciesAreNotInstalledAndNpmsErrorLinesAreShown() throws Exception {
    Path tgz = tinyDep();
    Path lib = temp.resolve("lib");
    write(
        lib.resolve("package.json"),
        "{\"name\": \"lib\", \"version\": \"1.0.0\", \"dependencies\": {\"tiny-dep\": \"file:"
            + tgz
            + "\"}, \"devDependencies\": {\"nope\": \"file:"
            + temp.resolve("missing/nope-1.0.0.tgz")
            + "\"}}\n");
    write(lib.resolve("index.js"), "export {};\n");
    Path home = home();
    CliRun add = CliRun.run(home, cwd(), "scripts", "add", lib.toString());
    assertThat(add.exitCode()).as(add.err()).isZero();
    assertThat(home.resolve("packages/lib/node_modules/tiny-dep/index.js")).isRegularFile();
    assertThat(home.resolve("packages/lib/node_modules/nope")).doesNotExist();

    Path broken = temp.resolve("broken");
    write(
        broken.resolve("package.json"),
        "{\"name\": \"broken\", \"version\": \"1.0.0\", \"dependencies\": {\"gone\": \"file:"
            + temp.resolve("missing/gone-1.0.0.tgz")
            + "\"}}\n");
    CliRun failed = CliRun.run(home, cwd(), "scripts", "add", broken.toString());
    assertThat(failed.exitCode()).isEqualTo(1);
    assertThat(failed.err())
        .startsWith("graft: broken: npm could not install the dependencies (exit code ")
        .contains("\n  npm error code ENOENT\n")
        .contains(
            "no such file or directory, open '" + temp.resolve("missing/gone-1.0.0.tgz") + "'")
        .doesNotContain("A complete log of this run");
    assertThat(left(home.resolve("packages"))).containsExactly("lib");
  }

  @Test
  void aDirectoryPackagesLinksAreCopiedOnlyWithinThePackage() throws Exception {
    Path home = home();
    Path secret = temp.resolve("home/auth.json");
    write(secret, "{\"anthropic\": {\"type\": \"api_key\", \"key\": \"sk-ant-SECRET\"}}\n");
    Path lib = temp.resolve("leaky");
    write(lib.resolve("package.json"), "{\"name\": \"leaky\", \"version\": \"1.0.0\"}\n");
    Files.createDirectories(lib.resolve("lib"));
    Files.createSymbolicLink(lib.resolve("lib/data.js"), secret);
    CliRun add = CliRun.run(home, cwd(), "scripts", "add", lib.toString());
    assertThat(add.exitCode()).isEqualTo(1);
    assertThat(add.err().strip())
        .isEqualTo(
            "graft: "
                + lib
                + ": lib/data.js is a link to "
                + secret
                + ", outside the package; a package may link only to its own files");
    assertThat(left(home.resolve("packages"))).isEmpty();

    // A loop of directory links is refused the same way, without a stall.
    Files.delete(lib.resolve("lib/data.js"));
    Files.createSymbolicLink(lib.resolve("lib/up"), Path.of(".."));
    CliRun loop = CliRun.run(home, cwd(), "scripts", "add", lib.toString());
    assertThat(loop.exitCode()).isEqualTo(1);
    assertThat(loop.err().strip())
        .isEqualTo(
            "graft: "
                + lib
                + ": lib/up is a link to a directory (..); a package may link"
                + " only to its own files");

    // A link to one of the package's own files is copied as that file.
    Files.delete(lib.resolve("lib/up"));
    write(lib.resolve("lib/real.js"), "export const real = 1;\n");
    Files.createSymbolicLink(lib.resolve("lib/same.js"), Path.of("real.js"));
    CliRun ok = CliRun.run(home, cwd(), "scripts", "add", lib.toString());
    assertThat(ok.exitCode()).as(ok.err()).isZero();
    Path same = home.resolve("packages/leaky/lib/same.js");
    assertThat(Files.isRegularFile(same, LinkOption.NOFOLLOW_LINKS)).isTrue();
    assertThat(Files.readString(same)).isEqualTo("export const real = 1;\n");
  }

  @Test
  void aTarballsOwnersModesLinksDevicesAndFifosNeverLand() throws Exception {
    Path home = home();
    Path tgz = temp.resolve("modes-1.0.0.tgz");
    try (TarBuilder t = TarBuilder.gzip(tgz)) {
      t.dir("package")
          .file("package/package.json", "{\"name\": \"modes\", \"version\": \"1.0.0\"}\n")
          .file("package/index.js", "export const x = 1;\n", 04755, 4242)
          .file("package/tool.js", "export const y = 2;\n", 0777, 0)
          .hardlink("package/again.js", "package/index.js")
          .symlink("package/alias.js", "index.js");
    }
    CliRun add = CliRun.run(home, cwd(), "scripts", "add", tgz.toString());
    assertThat(add.exitCode()).as(add.err()).isZero();
    Path dir = home.resolve("packages/modes");
    String me = Files.getOwner(home).getName();
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.toList()) {
        assertThat(
                Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)
                    || Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS))
            .as(p + " is a file or a directory")
            .isTrue();
        assertThat(Files.getOwner(p, LinkOption.NOFOLLOW_LINKS).getName())
            .as(p + "'s owner")
            .isEqualTo(me);
        int mode = (Integer) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS) & 07777;
        assertThat(Integer.toOctalString(mode))
            .as(p + "'s mode")
            .isEqualTo(Files.isDirectory(p) ? "755" : "644");
      }
    }
    assertThat(Files.readString(dir.resolve("again.js"))).isEqualTo("export const x = 1;\n");
    assertThat(Files.readString(dir.resolve("alias.js"))).isEqualTo("export const x = 1;\n");

    Path fifo = temp.resolve("fifo-1.0.0.tgz");
    try (TarBuilder t = TarBuilder.gzip(fifo)) {
      t.file("package/package.json", "{\"name\": \"fifo\", \"version\": \"1.0.0\"}\n")
          .fifo("package/pipe.js");
    }
    CliRun f = CliRun.run(home, cwd(), "scripts", "add", fifo.toString());
    assertThat(f.exitCode()).isEqualTo(1);
    assertThat(f.err().strip())
        .isEqualTo(
            "graft: "
                + fifo
                + ": package/pipe.js is a FIFO; a package holds only files and"
                + " directories");
    Path device = temp.resolve("device-1.0.0.tgz");
    try (TarBuilder t = TarBuilder.gzip(device)) {
      t.file("package/package.json", "{\"name\": \"device\", \"version\": \"1.0.0\"}\n")
          .charDevice("package/zero.js", 1, 5);
    }
    CliRun d = CliRun.run(home, cwd(), "scripts", "add", device.toString());
    assertThat(d.exitCode()).isEqualTo(1);
    assertThat(d.err().strip())
        .isEqualTo(
            "graft: "
                + device
                + ": package/zero.js is a character device; a package holds"
                + " only files and directories");
    Path out = temp.resolve("out-1.0.0.tgz");
    try (TarBuilder t = TarBuilder.gzip(out)) {
      t.file("package/package.json", "{\"name\": \"out\", \"version\": \"1.0.0\"}\n")
          .symlink("package/key.js", "/etc/hostname");
    }
    CliRun o = CliRun.run(home, cwd(), "scripts", "add", out.toString());
    assertThat(o.exitCode()).isEqualTo(1);
    assertThat(o.err().strip())
        .isEqualTo(
            "graft: "
                + out
                + ": package/key.js is a link to /etc/hostname, outside the"
                + " package; a package may link only to its own files");
    assertThat(left(home.resolve("packages"))).containsExactly("modes");
  }

  @Test
  void aTarballThatUnpacksFarBeyondTheCapStopsThere() throws Exception {
    Path home = home();
    Path bomb = temp.resolve("bomb-1.0.0.tgz");
    try (TarBuilder t = TarBuilder.gzip(bomb)) {
      t.file("package/package.json", "{\"name\": \"bomb\", \"version\": \"1.0.0\"}\n")
          .zeros("package/big.js", 1L << 30);
    }
    assertThat(Files.size(bomb)).isLessThan(2_000_000);
    CliRun add =
        assertTimeoutPreemptively(
            Duration.ofSeconds(60),
            () -> CliRun.run(home, cwd(), "scripts", "add", bomb.toString()));
    assertThat(add.exitCode()).isEqualTo(1);
    assertThat(add.err().strip())
        .isEqualTo(
            "graft: "
                + bomb
                + ": the package is larger than 512 MiB unpacked (the cap on a"
                + " package's size)");
    assertThat(left(home.resolve("packages"))).isEmpty();

    Path many = temp.resolve("many-1.0.0.tgz");
    try (TarBuilder t = TarBuilder.gzip(many)) {
      t.file("package/package.json", "{\"name\": \"many\", \"version\": \"1.0.0\"}\n");
      for (int i = 0; i < 50_001; i++) {
        t.file("package/f" + i + ".js", "");
      }
    }
    CliRun files = CliRun.run(home, cwd(), "scripts", "add", many.toString());
    assertThat(files.exitCode()).isEqualTo(1);
    assertThat(files.err().strip())
        .isEqualTo(
            "graft: "
                + many
                + ": the package has more than 50,000 files and directories"
                + " (the cap on a package's size)");
    assertThat(left(home.resolve("packages"))).isEmpty();
  }

  @Test
  void aLinkToAFolderGivenOnTheCommandLineIsFollowed() throws Exception {
    // Review of issue 22, defect 8: "` is a link to ..., outside the package" (an empty name).
    Path home = home();
    Path lib = temp.resolve("real-lib");
    write(lib.resolve("package.json"), "{\"name\": \"real-lib\", \"version\": \"1.0.0\"}\n");
    write(lib.resolve("index.js"), "export const x = 1;\n");
    Path link = Files.createSymbolicLink(temp.resolve("link-to-lib"), lib);
    CliRun add = CliRun.run(home, cwd(), "scripts", "add", link.toString());
    assertThat(add.exitCode()).as(add.err()).isZero();
    assertThat(Files.readString(home.resolve("packages/real-lib/index.js")))
        .isEqualTo("export const x = 1;\n");
  }

  @Test
  void aTarballsOverlongPathsAndControlCharactersAreRefusedInOneReadableLine() throws Exception {
    // Review of issue 22, defect 8: a 2,000-character raw error; a newline cut the reason off.
    Path home = home();
    Path deep = temp.resolve("deep-1.0.0.tgz");
    String path = "package/" + String.join("/", Collections.nCopies(25, "d".repeat(200))) + "/x.js";
    try (TarBuilder t = TarBuilder.gzip(deep)) {
      t.file("package/package.json", "{\"name\": \"deep\", \"version\": \"1.0.0\"}\n")
          .longFile(path, "x");
    }
    CliRun d = CliRun.run(home, cwd(), "scripts", "add", deep.toString());
    assertThat(d.exitCode()).isEqualTo(1);
    assertThat(d.err().strip())
        .startsWith(
            "graft: "
                + deep
                + ": a path in the package is longer than 1,024 bytes (the"
                + " cap on a path): package/ddd")
        .hasSizeLessThan(400)
        .doesNotContain("\n");

    Path esc = temp.resolve("esc-1.0.0.tgz");
    try (TarBuilder t = TarBuilder.gzip(esc)) {
      t.file("package/package.json", "{\"name\": \"esc\", \"version\": \"1.0.0\"}\n")
          .fifo("package/\u001b[31mRED\nNEXTLINE graft: forged.js");
    }
    CliRun e = CliRun.run(home, cwd(), "scripts", "add", esc.toString());
    assertThat(e.exitCode()).isEqualTo(1);
    assertThat(e.err().strip())
        .isEqualTo(
            "graft: "
                + esc
                + ": package/\\x1b[31mRED\\nNEXTLINE graft: forged.js is a"
                + " FIFO; a package holds only files and directories");
    assertThat(left(home.resolve("packages"))).isEmpty();
  }

  @Test
  void aTarballThatIsEmptyOrNotGzipIsRefusedInOneLineThatSaysWhy() throws Exception {
    Path home = home();
    Path empty = Files.createFile(temp.resolve("empty-1.0.0.tgz"));
    CliRun e = CliRun.run(home, cwd(), "scripts", "add", empty.toString());
    assertThat(e.exitCode()).isEqualTo(1);
    assertThat(e.err())
        .isEqualTo("graft: " + empty + ": not a gzipped tar archive (the file is empty)\n");
    Path text = temp.resolve("text-1.0.0.tgz");
    Files.writeString(text, "not a tarball\n");
    CliRun t = CliRun.run(home, cwd(), "scripts", "add", text.toString());
    assertThat(t.exitCode()).isEqualTo(1);
    assertThat(t.err())
        .isEqualTo("graft: " + text + ": not a gzipped tar archive (Not in GZIP format)\n");
    assertThat(left(home.resolve("packages"))).isEmpty();
  }

  @Test
  void gitSourcesWithOtherTransportsAreRefusedAtOnce() throws Exception {
    Path home = home();
    for (String source :
        List.of(
            "git+fd::17", "git+ext::sh -c touch% /tmp/x", "git+ftp://host/x.git", "git+x://y")) {
      CliRun add =
          assertTimeoutPreemptively(
              Duration.ofSeconds(30), () -> CliRun.run(home, cwd(), "scripts", "add", source));
      assertThat(add.exitCode()).as(source).isEqualTo(1);
      assertThat(add.err().strip())
          .as(source)
          .isEqualTo(
              "graft: "
                  + source
                  + ": not a git URL graft fetches: give"
                  + " https://, http://, ssh://, git://, file:// or user@host:path");
    }
  }

  @Test
  void aFailedAddLeavesNoStagingFolderBehind() throws Exception {
    Path home = home();
    Path lib = temp.resolve("long");
    String name = "a".repeat(300);
    write(lib.resolve("package.json"), "{\"name\": \"" + name + "\", \"version\": \"1.0.0\"}\n");
    CliRun add = CliRun.run(home, cwd(), "scripts", "add", lib.toString());
    assertThat(add.exitCode()).isEqualTo(1);
    assertThat(add.err().strip())
        .isEqualTo(
            "graft: \""
                + name
                + "\" is not a usable package name (npm's rules: at most"
                + " 214 characters, lower case, no spaces; give the package a package.json with a \"name\")");
    assertThat(left(home.resolve("packages"))).isEmpty();
  }

  @Test
  void aPackageJsonThatIsNotAJsonObjectIsRefusedNamingItsLine() throws Exception {
    Path home = home();
    Path lib = temp.resolve("team-hooks");
    write(lib.resolve("extensions/gate.js"), "export default function (pi) {}\n");
    // A trailing comma: the manifest would be read as absent, and nothing of it would load.
    write(
        lib.resolve("package.json"),
        "{\n  \"name\": \"team-hooks\",\n  \"graft\": {\"scripts\": [\"hooks\"]},\n}\n");
    CliRun add = CliRun.run(home, cwd(), "scripts", "add", lib.toString());
    assertThat(add.exitCode()).isEqualTo(1);
    assertThat(add.err().lines().toList())
        .singleElement()
        .asString()
        .startsWith("graft: " + lib + ": package.json is not valid JSON (line 4: ")
        .endsWith("); npm would refuse it too");
    assertThat(home.resolve("packages"))
        .as("a first add that failed leaves no folder")
        .doesNotExist();

    // Cut short: the line where the object opened, not Jackson's "[Source: REDACTED ...]" note.
    write(lib.resolve("package.json"), "{\n  \"name\": \"team-hooks\"\n");
    CliRun cut = CliRun.run(home, cwd(), "scripts", "add", lib.toString());
    assertThat(cut.exitCode()).isEqualTo(1);
    assertThat(cut.err())
        .contains("(opened at line 1, column 1)")
        .doesNotContain("Source")
        .doesNotContain("StreamReadFeature");

    write(lib.resolve("package.json"), "[\"team-hooks\"]\n");
    CliRun array = CliRun.run(home, cwd(), "scripts", "add", lib.toString());
    assertThat(array.exitCode()).isEqualTo(1);
    assertThat(array.err().strip())
        .isEqualTo("graft: " + lib + ": package.json is not a JSON object");
    assertThat(left(home.resolve("packages"))).isEmpty();
  }

  @Test
  void theLockedHashIsCheckedBeforeAnyDependencyIsFetched() throws Exception {
    Path tgz = tinyDep();
    Path lib = temp.resolve("lib");
    write(
        lib.resolve("package.json"),
        "{\"name\": \"lib\", \"version\": \"1.0.0\", \"dependencies\": {\"tiny-dep\": \"file:"
            + tgz
            + "\"}}\n");
    Path proj = Files.createDirectories(temp.resolve("proj"));
    CliRun add = CliRun.run(home(), proj, "scripts", "add", "--project", lib.toString());
    assertThat(add.exitCode()).as(add.err()).isZero();
    JsonNode entry =
        Json.parse(Files.readString(proj.resolve(".graft/packages.lock.json")))
            .path("packages")
            .path("lib");

    // The package changes where it comes from, and its dependency is gone: the hash is what refuses
    // it.
    write(lib.resolve("index.js"), "export const changed = true;\n");
    Files.delete(tgz);
    deleteTree(proj.resolve(".graft/packages"));
    CliRun install = CliRun.run(home(), proj, "scripts", "install", "--project");
    assertThat(install.exitCode()).isEqualTo(1);
    assertThat(install.err())
        .startsWith("graft: lib: what " + lib + " gives now (sha256:")
        .contains(
            "is not what "
                + proj.resolve(".graft/packages.lock.json")
                + " locks ("
                + entry.path("hash").asText()
                + ")");
    assertThat(left(proj.resolve(".graft/packages"))).isEmpty();
    // What the dependencies were resolved to is locked with the package.
    assertThat(entry.path("dependencies").path("node_modules/tiny-dep").path("version").asText())
        .isEqualTo("1.0.0");
    assertThat(entry.path("dependenciesHash").asText()).startsWith("sha256:");
  }

  @Test
  void aLinkPlantedInAnInstalledPackageChangesItsHashAndIsNotLoaded() throws Exception {
    Path lib = temp.resolve("planted");
    write(
        lib.resolve("package.json"),
        "{\"name\": \"planted\", \"version\": \"1.0.0\", \"graft\": {\"scripts\": [\"hook.js\"]}}\n");
    Path home = home();
    Path proj = Files.createDirectories(temp.resolve("proj"));
    Path outside = temp.resolve("outside/hook.js");
    write(
        outside,
        "export default function (g) { g.registerCommand(\"outside\", { description: \"d\", handler: () => \"x\" }); }\n");
    CliRun add = CliRun.run(home, proj, "scripts", "add", lib.toString());
    assertThat(add.exitCode()).as(add.err()).isZero();
    assertThat(add.out()).contains("scripts: none");
    Files.createSymbolicLink(home.resolve("packages/planted/hook.js"), outside);

    CliRun install = CliRun.run(home, proj, "scripts", "install");
    assertThat(install.exitCode()).as(install.err()).isZero();
    assertThat(install.out()).contains("Installed planted 1.0.0 (local)");
    assertThat(home.resolve("packages/planted/hook.js")).doesNotExist();

    Files.createSymbolicLink(home.resolve("packages/planted/hook.js"), outside);
    CliRun list = CliRun.run(home, proj, "scripts", "list");
    assertThat(list.out()).doesNotContain("commands: /outside");
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    List<Path> all = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(dir)) {
      walk.forEach(all::add);
    }
    for (Path p : all.reversed()) {
      Files.delete(p);
    }
  }
}
