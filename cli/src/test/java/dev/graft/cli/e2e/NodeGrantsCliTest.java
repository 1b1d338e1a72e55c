package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import dev.graft.runtime.session.SessionEntry;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Node modules under grants, end to end (graft -p with the scripted model): what settings.json
 * grants your script, what a package's manifest asks and you approve (a project package by trusting
 * it, a global one with trust --global), fetch to a granted loopback server and not elsewhere
 * (redirects included), and programs a script started ending with graft.
 */
class NodeGrantsCliTest {
  @TempDir Path temp;

  private static void write(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }

  /** The data of the "probe" entry the run's script appended. */
  private static JsonNode probe(Path home, Path project) throws Exception {
    return LastSession.entries(home, project).stream()
        .filter(e -> e instanceof SessionEntry.Custom c && c.customType().equals("probe"))
        .map(e -> ((SessionEntry.Custom) e).data().orElseThrow())
        .reduce((a, b) -> b)
        .orElseThrow();
  }

  private static CliRun runPrompt(Path home, Path proj, String... scriptArgs) throws IOException {
    write(proj.resolve("turns.jsonl"), "{\"text\": \"ok\"}\n");
    List<String> args =
        new ArrayList<>(List.of("-p", "--provider", "scripted", "--model", "turns.jsonl"));
    args.addAll(List.of(scriptArgs));
    args.add("go");
    return CliRun.run(home, proj, args.toArray(String[]::new));
  }

  private static final String PROBE =
      """
      import fs from "node:fs";
      const attempt = (fn) => { try { return fn(); } catch (e) { return "ERR " + e.message; } };
      export default function (pi) {
        pi.on("agent_start", async () => {
          pi.appendEntry("probe", BODY);
        });
      }
      """;

  @Test
  void settingsGrantYourScriptTheProjectAndNothingElse() throws Exception {
    Path home = Files.createDirectories(temp.resolve("home"));
    Path proj = Files.createDirectories(temp.resolve("proj"));
    write(proj.resolve("notes/todo.md"), "- ship");
    write(temp.resolve("proj-other/secret.txt"), "no");
    write(
        temp.resolve("scripts/probe.js"),
        PROBE.replace(
            "BODY",
            """
            {
              read: attempt(() => fs.readFileSync("notes/todo.md", "utf8")),
              write: attempt(() => { fs.appendFileSync("notes/todo.md", "\\n- test"); return fs.readFileSync("notes/todo.md", "utf8"); }),
              writeOutside: attempt(() => fs.writeFileSync("../proj-other/planted", "x")),
              readOther: attempt(() => fs.readFileSync("../proj-other/secret.txt", "utf8")),
              home: attempt(() => fs.readdirSync(process.env.HOME || "/")),
            }\
            """));
    write(
        home.resolve("settings.json"),
        "{\"scripts\": {\"permissions\": {\"probe.js\": {\"read\": [\".\"], \"write\": [\"./notes\"]}}}}");
    CliRun run = runPrompt(home, proj, "-s", temp.resolve("scripts/probe.js").toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    JsonNode r = probe(home, proj);
    assertThat(r.get("read").asText()).isEqualTo("- ship");
    assertThat(r.get("write").asText()).isEqualTo("- ship\n- test");
    String real = temp.toRealPath().toString();
    assertThat(r.get("writeOutside").asText())
        .isEqualTo(
            "ERR fs.writeFileSync(\"../proj-other/planted\"): write access to "
                + real
                + "/proj-other/planted is not granted to probe.js; add \"scripts\": {\"permissions\": {\"probe.js\": {\"write\":"
                + " [\""
                + real
                + "/proj-other/planted\"]}}} to "
                + home.resolve("settings.json"));
    assertThat(r.get("readOther").asText())
        .startsWith("ERR fs.readFileSync(\"../proj-other/secret.txt\"): read access to");
    assertThat(r.get("home").asText()).startsWith("ERR fs.readdirSync(");
    assertThat(temp.resolve("proj-other/planted")).doesNotExist();

    CliRun list =
        CliRun.run(
            home, proj, "scripts", "list", "-s", temp.resolve("scripts/probe.js").toString());
    assertThat(list.out()).contains("  grants:   read .\n            write ./notes\n");
    write(temp.resolve("scripts/plain.js"), "export default function (pi) {}\n");
    CliRun plain =
        CliRun.run(
            home, proj, "scripts", "list", "-s", temp.resolve("scripts/plain.js").toString());
    assertThat(plain.out()).contains("  grants:   nothing beyond graft's API");
  }

  /** A package asking to read the project and run echo, as a folder to add. */
  private Path askingPackage() throws IOException {
    Path src = temp.resolve("asking");
    write(
        src.resolve("package.json"),
        "{\"name\": \"asking\", \"version\": \"1.0.0\", \"graft\": {\"scripts\": [\"hooks\"],"
            + " \"permissions\": {\"read\": [\".\"], \"run\": [\"echo\"]}}}\n");
    write(
        src.resolve("hooks/probe.js"),
        """
        import fs from "node:fs";
        import { execFileSync } from "node:child_process";
        const attempt = (fn) => { try { return fn(); } catch (e) { return "ERR " + e.message; } };
        export default function (pi) {
          pi.on("agent_start", () => {
            pi.appendEntry("probe", { read: attempt(() => fs.readFileSync("data.txt", "utf8")),
              run: attempt(() => execFileSync("echo", ["ran"]).toString()) });
          });
        }
        """);
    return src;
  }

  @Test
  void aProjectPackageGetsWhatItsManifestAsksOnceTrusted() throws Exception {
    Path home = Files.createDirectories(temp.resolve("home"));
    Path proj = Files.createDirectories(temp.resolve("proj"));
    write(proj.resolve("data.txt"), "project data");
    CliRun add = CliRun.run(home, proj, "scripts", "add", "--project", askingPackage().toString());
    assertThat(add.exitCode()).as(add.err()).isZero();
    CliRun trust = CliRun.run(home, proj, "scripts", "trust", "--package", "asking", "--yes");
    assertThat(trust.exitCode()).as(trust.err()).isZero();
    // The asks read as graft scripts list says them, not as the fingerprint's JSON lists.
    assertThat(trust.out())
        .contains("\n  asks: run echo; read .\n")
        .doesNotContain("[\"echo\"]")
        .contains("Trusted");
    CliRun run = runPrompt(home, proj);
    assertThat(run.exitCode()).as(run.err()).isZero();
    JsonNode r = probe(home, proj);
    assertThat(r.get("read").asText()).isEqualTo("project data");
    assertThat(r.get("run").asText()).isEqualTo("ran\n");

    // Asking for more is a change: the package does not load until trusted again.
    Path installed = proj.resolve(".graft/packages/asking/package.json");
    Files.writeString(
        installed,
        Files.readString(installed).replace("\"read\": [\".\"]", "\"read\": [\".\", \"/\"]"));
    // (The lock file's hash catches the edit first: the package does not load at all.)
    CliRun again = runPrompt(home, proj);
    assertThat(again.err())
        .contains("the project's script package asking")
        .contains("is not loaded")
        .contains("its files are not what");
  }

  @Test
  void aGlobalPackageGetsWhatItAsksOnlyOnceApproved() throws Exception {
    Path home = Files.createDirectories(temp.resolve("home"));
    Path proj = Files.createDirectories(temp.resolve("proj"));
    write(proj.resolve("data.txt"), "project data");
    CliRun add = CliRun.run(home, proj, "scripts", "add", askingPackage().toString());
    assertThat(add.exitCode()).as(add.err()).isZero();
    // Added, it says at once what it asks and how to approve it, not only at the first failed call.
    assertThat(add.out())
        .endsWith(
            "It asks to run echo; read . (its scripts get that once you approve it:"
                + " graft scripts trust --global --package asking)\n");
    CliRun before = runPrompt(home, proj);
    assertThat(before.exitCode()).as(before.err()).isZero();
    JsonNode r = probe(home, proj);
    assertThat(r.get("read").asText())
        .contains(
            "read access to "
                + proj.toRealPath().resolve("data.txt")
                + " is not granted to package:asking")
        .contains(
            "(or approve what the package asks, run echo; read .: graft scripts"
                + " trust --global --package asking)");
    assertThat(r.get("run").asText()).contains("exec is not granted to package asking");
    CliRun listed = CliRun.run(home, proj, "scripts", "list");
    assertThat(listed.out())
        .contains(
            "  grants:   nothing beyond graft's API\n"
                + "            asks, not approved: run echo; read . (graft scripts trust --global"
                + " --package asking)");

    CliRun approve =
        CliRun.run(home, proj, "scripts", "trust", "--global", "--package", "asking", "--yes");
    assertThat(approve.exitCode()).as(approve.err()).isZero();
    assertThat(approve.out()).contains("asks to:\n  run echo\n  read .").contains("Approved");
    CliRun after = runPrompt(home, proj);
    assertThat(after.exitCode()).as(after.err()).isZero();
    r = probe(home, proj);
    assertThat(r.get("read").asText()).isEqualTo("project data");
    assertThat(r.get("run").asText()).isEqualTo("ran\n");
    CliRun approved = CliRun.run(home, proj, "scripts", "list", "--format", "json");
    assertThat(approved.out()).contains("\"grants\":[\"run echo\",\"read .\"]");
  }

  @Test
  void fetchReachesGrantedHostsOnlyAndEveryRedirectIsChecked() throws Exception {
    HttpServer granted = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    HttpServer other = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    int port = granted.getAddress().getPort();
    int otherPort = other.getAddress().getPort();
    granted.createContext(
        "/data",
        ex -> {
          byte[] body =
              ("{\"method\":\""
                      + ex.getRequestMethod()
                      + "\",\"agent\":\""
                      + ex.getRequestHeaders().getFirst("X-Probe")
                      + "\"}")
                  .getBytes(StandardCharsets.UTF_8);
          ex.getResponseHeaders().add("Content-Type", "application/json");
          ex.sendResponseHeaders(200, body.length);
          ex.getResponseBody().write(body);
          ex.close();
        });
    granted.createContext(
        "/away",
        ex -> {
          ex.getResponseHeaders().add("Location", "http://127.0.0.1:" + otherPort + "/stolen");
          ex.sendResponseHeaders(302, -1);
          ex.close();
        });
    boolean[] reached = {false};
    other.createContext(
        "/",
        ex -> {
          reached[0] = true;
          ex.sendResponseHeaders(200, -1);
          ex.close();
        });
    granted.start();
    other.start();
    try {
      Path home = Files.createDirectories(temp.resolve("home"));
      Path proj = Files.createDirectories(temp.resolve("proj"));
      write(
          temp.resolve("scripts/probe.js"),
          """
          const attempt = async (fn) => {
            try { return await fn(); } catch (e) { return "ERR " + e.message + (e.cause ? " (" + e.cause.message + ")" : ""); }
          };
          export default function (pi) {
            pi.on("agent_start", async () => {
              pi.appendEntry("probe", {
                json: await attempt(async () => (await fetch("http://127.0.0.1:PORT/data", { method: "POST", body: "x",
                  headers: { "X-Probe": "graft" } })).json()),
                redirect: await attempt(() => fetch("http://127.0.0.1:PORT/away")),
                otherPort: await attempt(() => fetch("http://127.0.0.1:OTHER/")),
                localhost: await attempt(() => fetch("http://localhost:PORT/data")),
                file: await attempt(() => fetch("file:///etc/passwd")),
              });
            });
          }
          """
              .replace("OTHER", String.valueOf(otherPort))
              .replace("PORT", String.valueOf(port)));
      write(
          home.resolve("settings.json"),
          "{\"scripts\": {\"permissions\": {\"probe.js\": {\"net\": [\"127.0.0.1:"
              + port
              + "\"]}}}}");
      CliRun run = runPrompt(home, proj, "-s", temp.resolve("scripts/probe.js").toString());
      assertThat(run.exitCode()).as(run.err()).isZero();
      JsonNode r = probe(home, proj);
      assertThat(r.get("json").toString()).isEqualTo("{\"method\":\"POST\",\"agent\":\"graft\"}");
      assertThat(r.get("redirect").asText())
          .isEqualTo(
              "ERR fetch(\"http://127.0.0.1:"
                  + port
                  + "/away\") redirected to"
                  + " http://127.0.0.1:"
                  + otherPort
                  + "/stolen: network access to 127.0.0.1:"
                  + otherPort
                  + " is not granted to"
                  + " probe.js; add \"scripts\": {\"permissions\": {\"probe.js\": {\"net\": [\"127.0.0.1:"
                  + otherPort
                  + "\"]}}} to "
                  + home.resolve("settings.json"));
      assertThat(r.get("otherPort").asText())
          .contains("network access to 127.0.0.1:" + otherPort + " is not granted");
      assertThat(r.get("localhost").asText())
          .contains("network access to localhost:" + port + " is not granted");
      assertThat(r.get("file").asText())
          .startsWith("ERR fetch failed (")
          .contains("graft fetches http and https URLs only");
      assertThat(reached[0]).as("the ungranted server was never contacted").isFalse();
    } finally {
      granted.stop(0);
      other.stop(0);
    }
  }

  @Test
  void programsAScriptStartedEndWithGraft() throws Exception {
    Path home = Files.createDirectories(temp.resolve("home"));
    Path proj = Files.createDirectories(temp.resolve("proj"));
    write(
        temp.resolve("scripts/probe.js"),
        """
        import { spawn } from "node:child_process";
        export default function (pi) {
          pi.on("agent_start", () => {
            const child = spawn("sleep", ["300"]);
            pi.appendEntry("probe", { pid: child.pid });
          });
        }
        """);
    write(home.resolve("settings.json"), "{\"scripts\": {\"exec\": {\"probe.js\": [\"sleep\"]}}}");
    CliRun run = runPrompt(home, proj, "-s", temp.resolve("scripts/probe.js").toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    long pid = probe(home, proj).get("pid").asLong();
    assertThat(pid).isPositive();
    long deadline = System.currentTimeMillis() + 5000;
    while (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)
        && System.currentTimeMillis() < deadline) {
      Thread.sleep(50);
    }
    assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
        .as("sleep " + pid + " still running")
        .isFalse();
  }
}
