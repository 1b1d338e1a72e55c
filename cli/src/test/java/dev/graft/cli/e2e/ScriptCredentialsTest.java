package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Credentials never reach a script (docs/security.md). graft runs as its own process with API keys
 * in its environment and in $GRAFT_HOME/auth.json; a script looks everywhere it can (its globals,
 * every payload and ctx it is given, the API's getters, importing the auth file and
 * /proc/self/environ, exec) and records what it saw in the session. The record is there and holds
 * what the script saw, and no API key is in it, in the session file, or in graft's output: not in
 * process.env, nor in what `env` prints, granted to the script and run both by graft.exec and by
 * child_process (no variable whose name looks like a secret; the others pass).
 */
class ScriptCredentialsTest {
  private static final String ENV_KEY = "sk-ant-ENVSECRET-4b1d";
  private static final String OPENAI_KEY = "sk-OPENAISECRET-77aa";
  private static final String STORED_KEY = "sk-ant-AUTHFILESECRET-9c3e";
  private static final String OTHER_SECRET = "PLAIN-ENV-SECRET-51f0";
  private static final String PLAIN_VALUE = "plain-value-3e9a";

  @TempDir Path home;
  @TempDir Path work;

  @Test
  void aScriptSeesNoApiKeyFromTheEnvironmentOrTheAuthFile() throws Exception {
    Path auth = home.resolve("auth.json");
    Files.writeString(
        auth, "{\"anthropic\": {\"type\": \"api_key\", \"key\": \"" + STORED_KEY + "\"}}");
    Files.setPosixFilePermissions(auth, PosixFilePermissions.fromString("rw-------"));
    // probe.js may run `env`: a granted program gets graft's environment without the *_API_KEY
    // variables.
    Files.writeString(
        home.resolve("settings.json"), "{\"scripts\": {\"exec\": {\"probe.js\": [\"env\"]}}}");
    Path project = Files.createDirectories(work.resolve("proj"));
    Files.createDirectories(work.resolve("scripts"));
    Files.writeString(
        work.resolve("scripts/probe.js"),
        """
        const seen = { globals: Object.getOwnPropertyNames(globalThis).sort(), events: {}, ctx: null, imports: {} };
        const keep = (name, event, ctx) => {
          seen.events[name] = JSON.stringify(event);
          const { ui, ...data } = ctx;
          seen.ctx = JSON.stringify(data);
        };
        export default function (pi) {
          for (const name of ["session_start", "input", "before_agent_start", "agent_start", "turn_start", "message_end", "turn_end"]) {
            pi.on(name, (event, ctx) => { keep(name, event, ctx); });
          }
          pi.on("context", async (event, ctx) => {
            keep("context", event, ctx);
            seen.typeofProcess = typeof process;
            seen.env = JSON.stringify(process.env);
            const cp = await import("node:child_process");
            try { seen.childEnv = cp.execFileSync("env").toString(); } catch (e) { seen.childEnv = "refused: " + e.message; }
            seen.tools = pi.getActiveTools();
            seen.thinking = pi.getThinkingLevel();
            const home = ctx.sessionFile ? ctx.sessionFile.slice(0, ctx.sessionFile.indexOf("/sessions/")) : "";
            seen.home = home;
            for (const spec of [home + "/auth.json", "file://" + home + "/auth.json", "/proc/self/environ",
                "file:///proc/self/environ", "../../../../../../proc/self/environ"]) {
              try { seen.imports[spec] = "loaded: " + JSON.stringify(await import(spec)); }
              catch (e) { seen.imports[spec] = "refused: " + e.message; }
            }
            try { seen.exec = JSON.stringify(await pi.exec("env", [])); } catch (e) { seen.exec = "refused: " + e.message; }
            pi.appendEntry("probe", seen);
          });
        }
        """);
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"done\"}\n");

    List<String> command =
        new ArrayList<>(
            List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1",
                "--enable-native-access=ALL-UNNAMED",
                "--sun-misc-unsafe-memory-access=allow",
                "-cp",
                System.getProperty("java.class.path"),
                "dev.graft.cli.Main",
                "-p",
                "--scripts",
                work.resolve("scripts").toString(),
                "--provider",
                "scripted",
                "--model",
                work.resolve("turns.jsonl").toString(),
                "look around"));
    ProcessBuilder pb = new ProcessBuilder(command).directory(project.toFile());
    pb.environment().put("GRAFT_HOME", home.toString());
    pb.environment().put("ANTHROPIC_API_KEY", ENV_KEY);
    pb.environment().put("OPENAI_API_KEY", OPENAI_KEY);
    pb.environment().put("GRAFT_PROBE_SECRET", OTHER_SECRET);
    pb.environment().put("GRAFT_PROBE_PLAIN", PLAIN_VALUE);
    pb.redirectOutput(home.resolve("out.txt").toFile());
    pb.redirectError(home.resolve("err.txt").toFile());
    // graft -p reads a stdin that is not a terminal to its end: it is given none
    Process graft = pb.start();
    graft.getOutputStream().close();
    assertThat(graft.waitFor(120, TimeUnit.SECONDS)).isTrue();
    String out =
        Files.readString(home.resolve("out.txt")) + Files.readString(home.resolve("err.txt"));
    assertThat(graft.exitValue()).as(out).isZero();
    assertThat(out).contains("done");

    Path file = LastSession.file(home, project);
    JsonNode probe;
    try (Session s = Session.open(file)) {
      probe =
          s.entries().stream()
              .filter(e -> e instanceof SessionEntry.Custom c && c.customType().equals("probe"))
              .map(e -> ((SessionEntry.Custom) e).data().orElseThrow())
              .findFirst()
              .orElseThrow();
    }
    // The script did look: it saw payloads, its ctx, graft's home, and was refused each import.
    assertThat(probe.get("events").get("context").asText()).contains("look around");
    assertThat(probe.get("events").get("before_agent_start").asText()).contains("systemPrompt");
    assertThat(probe.get("ctx").asText()).contains(project.toString());
    assertThat(probe.get("home").asText()).isEqualTo(home.toString());
    assertThat(probe.get("typeofProcess").asText()).isEqualTo("object");
    assertThat(probe.get("env").asText())
        .contains("\"GRAFT_PROBE_PLAIN\":\"" + PLAIN_VALUE + "\"")
        .doesNotContain("GRAFT_PROBE_SECRET")
        .doesNotContain("_API_KEY");
    List<String> globals = new ArrayList<>();
    probe.get("globals").forEach(g -> globals.add(g.asText()));
    assertThat(globals)
        .contains("JSON", "console")
        .doesNotContain("XMLHttpRequest", "WebSocket", "Java", "Polyglot", "require");
    assertThat(probe.get("imports"))
        .hasSize(5)
        .allSatisfy(v -> assertThat(v.asText()).startsWith("refused: "));
    for (String ran : List.of(probe.get("exec").asText(), probe.get("childEnv").asText())) {
      assertThat(ran)
          .contains("GRAFT_PROBE_PLAIN=" + PLAIN_VALUE)
          .doesNotContain("GRAFT_PROBE_SECRET")
          .doesNotContain("_API_KEY");
    }

    String everything = probe + "\n" + Files.readString(file, StandardCharsets.UTF_8) + "\n" + out;
    for (String secret : List.of(ENV_KEY, OPENAI_KEY, STORED_KEY, "ENVSECRET", "AUTHFILESECRET")) {
      assertThat(everything).as(secret).doesNotContain(secret);
    }
    // A variable whose name looks like a secret reaches nothing the script saw or ran.
    assertThat(everything).doesNotContain(OTHER_SECRET);
  }
}
