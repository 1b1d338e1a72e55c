package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Script packages end to end with the real clients and no network: a team's package in a local bare
 * git repository, added to a project, trusted, installed exactly by a teammate (offline from the
 * cache once fetched), updated; and an npm tarball with an npm dependency of its own.
 */
class ScriptPackagesTest {
  @TempDir Path temp;

  private static String run(Path dir, String... command) throws Exception {
    Process p =
        new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(String.join(" ", command) + ": " + out).isZero();
    return out.strip();
  }

  private static void write(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }

  /** A bare repository with team-lib v1 (tagged) on main; returns the bare repository. */
  private Path teamRepo() throws Exception {
    Path bare = temp.resolve("remote/team-lib.git");
    Files.createDirectories(bare);
    run(bare, "git", "init", "--bare", "--quiet", "--initial-branch=main");
    Path work = temp.resolve("team-lib-src");
    write(
        work.resolve("package.json"),
        "{\"name\": \"team-lib\", \"version\": \"1.0.0\", \"main\": \"index.ts\","
            + " \"graft\": {\"scripts\": [\"hooks\"]}}\n");
    write(
        work.resolve("index.ts"),
        "export const greeting = (who: string): string => `hello ${who}`;\n");
    write(
        work.resolve("hooks/team.ts"),
        """
        import { greeting } from "team-lib";
        export default function (graft: any): void {
          graft.registerCommand("team", { description: greeting("team"), handler: (): string => "ok" });
        }
        """);
    run(work, "git", "init", "--quiet", "--initial-branch=main");
    run(work, "git", "-c", "user.name=t", "-c", "user.email=t@t", "add", ".");
    run(work, "git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "--quiet", "-m", "v1");
    run(work, "git", "tag", "v1");
    run(work, "git", "push", "--quiet", bare.toUri().toString(), "main", "v1");
    return bare;
  }

  @Test
  void listShowsTheInstalledVersionAndTheLockedOneWhenTheyDiffer() throws Exception {
    Path lib = temp.resolve("lib");
    write(
        lib.resolve("package.json"),
        "{\"name\": \"team-lib\", \"version\": \"1.2.0\", \"graft\": {\"scripts\": [\"hello.js\"]}}\n");
    write(lib.resolve("hello.js"), "export default function (g) {}\n");
    Path home = Files.createDirectories(temp.resolve("home"));
    Path cwd = Files.createDirectories(temp.resolve("cwd"));
    CliRun add = CliRun.run(home, cwd, "scripts", "add", lib.toString());
    assertThat(add.exitCode()).as(add.err()).isZero();
    assertThat(CliRun.run(home, cwd, "scripts", "list").out())
        .contains("  team-lib 1.2.0  (global)  " + lib + " @ local");

    // the installed files change in place: the list says what is there, and what the lock says
    Path installed = home.resolve("packages/team-lib/package.json");
    Files.writeString(installed, Files.readString(installed).replace("1.2.0", "1.3.0"));
    CliRun list = CliRun.run(home, cwd, "scripts", "list");
    assertThat(list.exitCode()).as(list.err()).isZero();
    assertThat(list.out())
        .contains("  team-lib 1.3.0  (global, locked at 1.2.0)  " + lib + " @ local");
    JsonNode pkg =
        Json.parse(CliRun.run(home, cwd, "scripts", "list", "--format", "json").out())
            .path("packages")
            .path(0);
    assertThat(List.of(pkg.path("version").asText(), pkg.path("lockedVersion").asText()))
        .containsExactly("1.3.0", "1.2.0");
  }

  @Test
  void aTeamSharesAPackageFromAGitRepository() throws Exception {
    Path bare = teamRepo();
    String url = "git+" + bare.toUri() + "#main";
    Path home = Files.createDirectories(temp.resolve("home"));
    Path proj = Files.createDirectories(temp.resolve("proj"));

    CliRun add = CliRun.run(home, proj, "scripts", "add", "--project", url);
    assertThat(add.exitCode()).as(add.err()).isZero();
    assertThat(add.out())
        .contains("Added team-lib 1.0.0 (")
        .contains("scripts: hooks")
        .contains("graft scripts trust --package team-lib");
    String commit = run(bare, "git", "rev-parse", "main");
    JsonNode lock = Json.parse(Files.readString(proj.resolve(".graft/packages.lock.json")));
    JsonNode entry = lock.path("packages").path("team-lib");
    assertThat(entry.path("source").asText()).isEqualTo(url);
    assertThat(entry.path("resolved").asText()).isEqualTo(commit);
    assertThat(entry.path("version").asText()).isEqualTo("1.0.0");
    assertThat(entry.path("hash").asText()).startsWith("sha256:");

    // Not trusted yet: listed, not loaded.
    CliRun list = CliRun.run(home, proj, "scripts", "list");
    assertThat(list.out())
        .contains("team-lib 1.0.0  (project, untrusted, not loaded)  " + url + " @ " + commit)
        .contains("trust it with: graft scripts trust --package team-lib");
    CliRun trust = CliRun.run(home, proj, "scripts", "trust", "--package", "team-lib", "--yes");
    assertThat(trust.exitCode()).as(trust.err()).isZero();
    list = CliRun.run(home, proj, "scripts", "list");
    assertThat(list.out())
        .contains("team.ts  (project package, trusted)")
        .contains("package:  team-lib")
        .contains("commands: /team")
        .contains("team-lib 1.0.0  (project, trusted)");

    // A teammate: another home (empty cache), the project's lock file; installs exactly that.
    Path home2 = Files.createDirectories(temp.resolve("home2"));
    Path proj2 = Files.createDirectories(temp.resolve("proj2/.graft")).getParent();
    Files.copy(
        proj.resolve(".graft/packages.lock.json"), proj2.resolve(".graft/packages.lock.json"));
    CliRun missing = CliRun.run(home2, proj2, "scripts", "list");
    assertThat(missing.err())
        .contains(
            "script package team-lib is in "
                + proj2.resolve(".graft/packages.lock.json")
                + " but not installed; run graft scripts install --project");
    CliRun install = CliRun.run(home2, proj2, "scripts", "install", "--project");
    assertThat(install.exitCode()).as(install.err()).isZero();
    assertThat(install.out()).contains("Installed team-lib 1.0.0 (" + commit + ")");
    assertThat(Files.readString(proj2.resolve(".graft/packages/team-lib/hooks/team.ts")))
        .contains("registerCommand(\"team\"");

    // The remote moves on; the teammate's install still gives the locked commit, offline from the
    // cache.
    Path work = temp.resolve("team-lib-src");
    write(
        work.resolve("index.ts"),
        "export const greeting = (who: string): string => `hi ${who}`;\n");
    run(work, "git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "--quiet", "-am", "v2");
    run(work, "git", "push", "--quiet", bare.toUri().toString(), "main");
    Files.move(bare, temp.resolve("remote/moved-away.git"));
    deleteTree(proj2.resolve(".graft/packages"));
    install = CliRun.run(home2, proj2, "scripts", "install", "--project");
    assertThat(install.exitCode()).as(install.err()).isZero();
    assertThat(Files.readString(proj2.resolve(".graft/packages/team-lib/index.ts")))
        .contains("hello");
    CliRun again = CliRun.run(home2, proj2, "scripts", "install", "--project");
    assertThat(again.out()).contains("The project package is installed as locked.");
    try (var left = Files.list(proj2.resolve(".graft/packages"))) {
      assertThat(left.map(p -> p.getFileName().toString()).toList()).containsExactly("team-lib");
    }
    // Files that are not what the lock file's hash says are refused.
    Path lock2 = proj2.resolve(".graft/packages.lock.json");
    String locked = Files.readString(lock2);
    Files.writeString(
        lock2, locked.replace(entry.path("hash").asText(), "sha256:" + "0".repeat(64)));
    deleteTree(proj2.resolve(".graft/packages"));
    CliRun tampered = CliRun.run(home2, proj2, "scripts", "install", "--project");
    assertThat(tampered.exitCode()).isEqualTo(1);
    assertThat(tampered.err())
        .startsWith(
            "graft: team-lib: what "
                + url
                + " gives now ("
                + entry.path("hash").asText()
                + ") is not what "
                + lock2
                + " locks (sha256:"
                + "0".repeat(64)
                + "); graft scripts update --project team-lib takes the new content");
    assertThat(proj2.resolve(".graft/packages/team-lib")).doesNotExist();
    // Without --project, update says where the package is, as remove does.
    CliRun global = CliRun.run(home2, proj2, "scripts", "update", "team-lib");
    assertThat(global.exitCode()).isEqualTo(1);
    assertThat(global.err())
        .isEqualTo("graft: no global package team-lib (a project's? add --project)\n");
    Files.writeString(lock2, locked);

    // Update takes the new commit, and the changed package needs trust again.
    Files.move(temp.resolve("remote/moved-away.git"), bare);
    CliRun update = CliRun.run(home, proj, "scripts", "update", "--project");
    assertThat(update.exitCode()).as(update.err()).isZero();
    String commit2 = run(bare, "git", "rev-parse", "main");
    assertThat(update.out()).contains("Updated team-lib: 1.0.0 " + commit + " -> 1.0.0 " + commit2);
    CliRun same = CliRun.run(home, proj, "scripts", "update", "--project", "team-lib");
    assertThat(same.out()).isEqualTo("team-lib is up to date (1.0.0 " + commit2 + ")\n");
    try (var left = Files.list(proj.resolve(".graft/packages"))) {
      assertThat(left.map(p -> p.getFileName().toString()).toList()).containsExactly("team-lib");
    }
    list = CliRun.run(home, proj, "scripts", "list");
    assertThat(list.out())
        .contains("team-lib 1.0.0  (project, changed, not loaded)")
        .doesNotContain("commands: /team");

    CliRun remove = CliRun.run(home, proj, "scripts", "remove", "--project", "team-lib");
    assertThat(remove.out()).isEqualTo("Removed team-lib from the project packages.\n");
    assertThat(proj.resolve(".graft/packages/team-lib")).doesNotExist();
    assertThat(Files.readString(proj.resolve(".graft/packages.lock.json")))
        .doesNotContain("team-lib");
  }

  @Test
  void removeTakesTheSourceAPackageWasAddedFromAsTheReferenceDoes() throws Exception {
    Path home = Files.createDirectories(temp.resolve("home"));
    Path cwd = Files.createDirectories(temp.resolve("cwd"));
    write(temp.resolve("lib-a/package.json"), "{\"name\": \"lib-a\", \"version\": \"1.0.0\"}\n");
    assertThat(CliRun.run(home, cwd, "scripts", "add", "../lib-a").exitCode()).isZero();
    CliRun byPath = CliRun.run(home, cwd, "scripts", "remove", "../lib-a");
    assertThat(byPath.err()).isEmpty();
    assertThat(byPath.out()).isEqualTo("Removed lib-a from the global packages.\n");
    assertThat(home.resolve("packages/lib-a")).doesNotExist();

    // The reference's `pi remove npm:NAME` leaves the locked version out.
    Files.writeString(
        home.resolve("packages.lock.json"),
        "{\"packages\": {\"lib-b\": {\"source\": \"npm:lib-b@^1.2\", \"resolved\":"
            + " \"lib-b@1.2.3\", \"version\": \"1.2.3\", \"hash\": \"sha256:00\"}}}");
    CliRun byNpm = CliRun.run(home, cwd, "scripts", "remove", "npm:lib-b");
    assertThat(byNpm.out()).as(byNpm.err()).isEqualTo("Removed lib-b from the global packages.\n");

    CliRun neither = CliRun.run(home, cwd, "scripts", "remove", "../nothing");
    assertThat(neither.exitCode()).isEqualTo(1);
    assertThat(neither.err())
        .isEqualTo(
            "graft: ../nothing: no global package has this name or source; give its name as"
                + " graft scripts list shows it\n");
  }

  @Test
  void installSaysWhichInstalledPackagesTheLockFileNoLongerNames() throws Exception {
    Path home = Files.createDirectories(temp.resolve("home"));
    Path proj = Files.createDirectories(temp.resolve("proj"));
    write(temp.resolve("lib-a/package.json"), "{\"name\": \"lib-a\", \"version\": \"1.0.0\"}\n");
    write(temp.resolve("lib-b/package.json"), "{\"name\": \"@t/lib-b\", \"version\": \"1.0.0\"}\n");
    for (String lib : List.of("../lib-a", "../lib-b")) {
      CliRun add = CliRun.run(home, proj, "scripts", "add", "--project", lib);
      assertThat(add.exitCode()).as(add.err()).isZero();
    }
    // A teammate removed both; the pull brought their lock file.
    Path lock = proj.resolve(".graft/packages.lock.json");
    Files.writeString(lock, "{\"packages\": {}}\n");
    CliRun install = CliRun.run(home, proj, "scripts", "install", "--project");
    assertThat(install.exitCode()).as(install.err()).isZero();
    assertThat(install.out())
        .isEqualTo(
            "The lock file records no project packages.\n"
                + "@t/lib-b is installed but not in "
                + lock
                + ", so runs do not load it; graft scripts remove --project @t/lib-b deletes it\n"
                + "lib-a is installed but not in "
                + lock
                + ", so runs do not load it; graft scripts remove --project lib-a deletes it\n");
    CliRun remove = CliRun.run(home, proj, "scripts", "remove", "--project", "lib-a");
    assertThat(remove.out())
        .as(remove.err())
        .isEqualTo("Removed lib-a from the project packages.\n");
    assertThat(proj.resolve(".graft/packages/lib-a")).doesNotExist();
  }

  @Test
  void aFolderOfScriptsWithoutAManifestSaysHowToLoadThem() throws Exception {
    Path home = Files.createDirectories(temp.resolve("home"));
    Path cwd = Files.createDirectories(temp.resolve("cwd"));
    write(temp.resolve("team-hooks/gate.js"), "export default function (pi) {}\n");
    write(temp.resolve("team-hooks/notes.ts"), "export default function (pi) {}\n");
    CliRun add = CliRun.run(home, cwd, "scripts", "add", "../team-hooks");
    assertThat(add.exitCode()).as(add.err()).isZero();
    assertThat(add.out())
        .contains(
            "  scripts: none (a library: import it as \"team-hooks\"; to load gate.js, notes.ts,"
                + " name them in a package.json: {\"graft\": {\"scripts\": [\"gate.js\","
                + " \"notes.ts\"]}}, or move them into extensions/)\n");
  }

  @Test
  void theProjectsPackageTakesThePlaceOfYourGlobalOneOfTheSameName() throws Exception {
    Path home = Files.createDirectories(temp.resolve("home"));
    Path proj = Files.createDirectories(temp.resolve("proj"));
    for (String v : List.of("v1", "v2")) {
      write(
          temp.resolve(v + "/package.json"),
          "{\"name\": \"team-hooks\", \"version\": \"1.0.0\"}\n");
      write(
          temp.resolve(v + "/extensions/gate.js"),
          "export default function (pi) { pi.registerCommand(\""
              + v
              + "-cmd\", { description: \"d\", handler: async () => {} }); }\n");
      write(temp.resolve(v + "/prompts/fix.md"), "Fix it (" + v + ").\n");
    }
    assertThat(CliRun.run(home, proj, "scripts", "add", "../v1").exitCode()).isZero();
    assertThat(CliRun.run(home, proj, "scripts", "add", "--project", "../v2").exitCode()).isZero();
    // Not trusted yet: yours loads.
    assertThat(CliRun.run(home, proj, "scripts", "list").out()).contains("commands: /v1-cmd");
    CliRun trust = CliRun.run(home, proj, "scripts", "trust", "--package", "team-hooks", "--yes");
    assertThat(trust.exitCode()).as(trust.err()).isZero();
    CliRun list = CliRun.run(home, proj, "scripts", "list");
    assertThat(list.out()).contains("commands: /v2-cmd").doesNotContain("/v1-cmd");
    assertThat(list.err())
        .contains(
            "your global package team-hooks is not loaded here: the project's team-hooks takes"
                + " its place");
  }

  @Test
  void aPackageTriedWithDashETakesThePlaceOfAnInstalledOneOfTheSameName() throws Exception {
    Path home = Files.createDirectories(temp.resolve("home"));
    Path proj = Files.createDirectories(temp.resolve("proj"));
    for (String v : List.of("v1", "v2")) {
      write(
          temp.resolve(v + "/package.json"),
          "{\"name\": \"team-hooks\", \"version\": \"1.0.0\"}\n");
      write(
          temp.resolve(v + "/extensions/gate.js"),
          "export default function (pi) { console.warn(\"" + v + " loaded\"); }\n");
    }
    write(proj.resolve("ok.jsonl"), "{\"text\": \"fine\"}\n");
    assertThat(CliRun.run(home, proj, "scripts", "add", "../v1").exitCode()).isZero();
    CliRun tried =
        CliRun.run(
            home, proj, "-p", "--provider", "scripted", "--model", "ok.jsonl", "-e", "../v2", "hi");
    assertThat(tried.exitCode()).as(tried.err()).isZero();
    assertThat(tried.err()).contains("v2 loaded").doesNotContain("v1 loaded");
    assertThat(tried.err())
        .contains(
            "your package team-hooks is not loaded this run: the one -e names takes its place");
    CliRun after =
        CliRun.run(home, proj, "-p", "--provider", "scripted", "--model", "ok.jsonl", "hi");
    assertThat(after.err()).as("the next run, without -e").contains("v1 loaded");
  }

  @Test
  void aLockFileLeftConflictedByAMergeSaysWhereAndWhatToDo() throws Exception {
    Path home = Files.createDirectories(temp.resolve("home"));
    Path proj = Files.createDirectories(temp.resolve("proj/.graft")).getParent();
    Path lock = proj.resolve(".graft/packages.lock.json");
    Files.writeString(
        lock,
        """
        {
          "packages" : {
            "team-lib" : {
        <<<<<<< HEAD
              "source" : "git+file:///srv/team-lib.git#v2",
        =======
              "source" : "git+file:///srv/team-lib.git#v1",
        >>>>>>> other
              "resolved" : "0123456789abcdef0123456789abcdef01234567",
              "hash" : "sha256:00"
            }
          }
        }
        """);
    CliRun install = CliRun.run(home, proj, "scripts", "install", "--project");
    assertThat(install.exitCode()).isEqualTo(1);
    assertThat(install.err())
        .isEqualTo(
            "graft: "
                + lock
                + ":4: a git merge conflict is left in the package lock file; keep one side of"
                + " each conflict, then run graft scripts install\n");
    Files.writeString(lock, "{\n  \"packages\": {\n    \"a\": {,\n");
    CliRun broken = CliRun.run(home, proj, "scripts", "install", "--project");
    assertThat(broken.err())
        .startsWith("graft: " + lock + ":3: cannot read the package lock file (");
    Files.writeString(lock, "{\n  \"packages\": {\"a\": {\"source\": \"x\"\n");
    assertThat(CliRun.run(home, proj, "scripts", "install", "--project").err())
        .as("where the object opened, in words")
        .contains("(opened at line 2, column 21)")
        .doesNotContain("Source");
  }

  @Test
  void anNpmTarballWithItsOwnDependencyIsImportedByName() throws Exception {
    Path dep = temp.resolve("tiny-dep");
    write(
        dep.resolve("package.json"),
        "{\"name\": \"tiny-dep\", \"version\": \"1.0.0\", \"main\": \"index.js\"}\n");
    write(dep.resolve("index.js"), "export const suffix = \"-from-tiny-dep\";\n");
    Path packs = Files.createDirectories(temp.resolve("packs"));
    run(dep, "npm", "pack", "--quiet", "--pack-destination", packs.toString());
    Path lib = temp.resolve("npm-lib");
    write(
        lib.resolve("package.json"),
        "{\"name\": \"npm-lib\", \"version\": \"2.0.0\", \"main\": \"index.js\","
            + " \"dependencies\": {\"tiny-dep\": \"file:"
            + packs.resolve("tiny-dep-1.0.0.tgz")
            + "\"}}\n");
    write(
        lib.resolve("index.js"),
        "import { suffix } from \"tiny-dep\";\nexport const name = () => \"lib\" + suffix;\n");
    run(lib, "npm", "pack", "--quiet", "--pack-destination", packs.toString());
    Path home = Files.createDirectories(temp.resolve("home"));
    Path cwd = Files.createDirectories(temp.resolve("cwd"));

    CliRun add =
        CliRun.run(home, cwd, "scripts", "add", packs.resolve("npm-lib-2.0.0.tgz").toString());
    assertThat(add.exitCode()).as(add.err()).isZero();
    assertThat(add.out())
        .contains("Added npm-lib 2.0.0 (sha256:")
        .contains("the global packages")
        .contains("scripts: none (a library: import it as \"npm-lib\")");
    assertThat(home.resolve("packages/npm-lib/node_modules/tiny-dep/index.js")).exists();

    write(
        home.resolve("scripts/uses.js"),
        """
        import { name } from "npm-lib";
        export default function (graft) {
          graft.registerCommand(name(), { description: "d", handler: () => "x" });
        }
        """);
    CliRun list = CliRun.run(home, cwd, "scripts", "list", "--format", "json");
    assertThat(list.exitCode()).as(list.out() + list.err()).isZero();
    JsonNode json = Json.parse(list.out());
    assertThat(json.path("scripts").path(0).path("commands").path(0).asText())
        .isEqualTo("/lib-from-tiny-dep");
    JsonNode pkg = json.path("packages").path(0);
    assertThat(
            List.of(
                pkg.path("name").asText(),
                pkg.path("version").asText(),
                pkg.path("scope").asText()))
        .containsExactly("npm-lib", "2.0.0", "global");
    assertThat(pkg.path("source").asText())
        .isEqualTo(packs.resolve("npm-lib-2.0.0.tgz").toString());

    CliRun bad = CliRun.run(home, cwd, "scripts", "add", "no such thing!");
    assertThat(bad.exitCode()).isEqualTo(1);
    assertThat(bad.err())
        .startsWith(
            "graft: no such thing!: not a package source: give git+URL#REF, NAME@VERSION (npm),"
                + " a .tgz file or a directory");
  }

  @Test
  void referencePackagesLoadTheirExtensionsAndNotTheirBuildFolders() throws Exception {
    String hook =
        "export default function (g: any): void { g.registerCommand(\"%s\", { description: \"d\", handler: () => \"x\" }); }\n";
    String jsHook =
        "export default function (g) { g.registerCommand(\"%s\", { description: \"d\", handler: () => \"x\" }); }\n";
    // The reference's manifest: entries and globs, an exclusion; npm's build scripts beside them.
    Path manifest = temp.resolve("ref-manifest");
    write(
        manifest.resolve("package.json"),
        "{\"name\": \"ref-manifest\", \"version\": \"1.0.0\", \"scripts\": {\"build\":"
            + " \"node scripts/build.js\"}, \"pi\": {\"extensions\": [\"./src/*.ts\", \"!src/skip.ts\", \"./dist/extra.js\"],"
            + " \"skills\": [\"./skills\"]}}\n");
    write(manifest.resolve("src/one.ts"), hook.formatted("one"));
    write(manifest.resolve("src/skip.ts"), hook.formatted("skip"));
    write(manifest.resolve("dist/extra.js"), jsHook.formatted("extra"));
    write(manifest.resolve("dist/other.js"), jsHook.formatted("other"));
    write(manifest.resolve("scripts/build.js"), jsHook.formatted("build"));
    // The reference's conventional extensions/ folder: files and a folder's index.
    Path conventional = temp.resolve("ref-folder");
    write(
        conventional.resolve("package.json"),
        "{\"name\": \"ref-folder\", \"version\": \"1.0.0\", \"scripts\":"
            + " {\"postinstall\": \"node scripts/setup.js\"}}\n");
    write(conventional.resolve("extensions/hello.ts"), hook.formatted("hello"));
    write(conventional.resolve("extensions/multi/index.ts"), hook.formatted("multi"));
    write(conventional.resolve("extensions/multi/helper.ts"), "export const h = 1;\n");
    write(conventional.resolve("scripts/setup.js"), jsHook.formatted("setup"));
    // npm's build scripts folder alone: a library.
    Path build = temp.resolve("built-lib");
    write(
        build.resolve("package.json"),
        "{\"name\": \"built-lib\", \"version\": \"1.0.0\", \"main\": \"dist/index.js\","
            + " \"scripts\": {\"prepare\": \"node ./scripts/build.mjs\"}}\n");
    write(build.resolve("scripts/build.mjs"), jsHook.formatted("prepare"));
    write(build.resolve("dist/index.js"), "export const lib = 1;\n");
    Path home = Files.createDirectories(temp.resolve("home"));
    Path cwd = Files.createDirectories(temp.resolve("cwd"));

    CliRun a = CliRun.run(home, cwd, "scripts", "add", manifest.toString());
    assertThat(a.exitCode()).as(a.err()).isZero();
    assertThat(a.out()).contains("  scripts: src/one.ts, dist/extra.js\n");
    CliRun b = CliRun.run(home, cwd, "scripts", "add", conventional.toString());
    assertThat(b.exitCode()).as(b.err()).isZero();
    assertThat(b.out()).contains("  scripts: extensions/hello.ts, extensions/multi/index.ts\n");
    CliRun c = CliRun.run(home, cwd, "scripts", "add", build.toString());
    assertThat(c.exitCode()).as(c.err()).isZero();
    assertThat(c.out()).contains("  scripts: none (a library: import it as \"built-lib\")\n");

    CliRun list = CliRun.run(home, cwd, "scripts", "list", "--format", "json");
    assertThat(list.exitCode()).as(list.out() + list.err()).isZero();
    List<String> commands = new ArrayList<>();
    Json.parse(list.out())
        .path("scripts")
        .forEach(s -> s.path("commands").forEach(n -> commands.add(n.asText())));
    assertThat(commands).containsExactly("/hello", "/multi", "/one", "/extra");
  }

  private static void deleteTree(Path dir) throws IOException {
    try (var walk = Files.walk(dir)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
