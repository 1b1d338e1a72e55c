package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scripts stuck in a built-in that never checks for interrupts (shift over an array-like of length
 * 2**40), end to end: {@code graft -p} as a real process, {@code graft scripts check}, and the RPC
 * mode report the script once, stop it and finish; SIGTERM ends a graft whose script is stuck.
 * Before, graft -p with such a handler answered after 42 s and then never exited, SIGTERM included.
 * Each case has a bound (a hang guard, not a performance check).
 */
@Timeout(value = 180, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class StuckScriptCliTest {
  @TempDir Path home;
  @TempDir Path work;

  private static final String STUCK_HANDLER =
      """
      export default function (graft) {
        graft.on("agent_start", () => {
          Array.prototype.shift.call({ length: 2 ** 40 });
        });
      }
      """;

  private static final String GOOD =
      """
      export default function (graft) {
        graft.on("agent_end", (event) => {
          graft.appendEntry("good", { messages: event.messages.length });
        });
      }
      """;

  private Path scripts(String stuck) throws Exception {
    Path dir = Files.createDirectories(work.resolve("scripts"));
    Files.writeString(dir.resolve("stuck.js"), stuck);
    Files.writeString(dir.resolve("good.js"), GOOD);
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"done\"}\n");
    return dir;
  }

  private String stderr() throws Exception {
    Path log = home.resolve("graft-stderr.log");
    return Files.exists(log) ? Files.readString(log) : "";
  }

  @Test
  void printModeWithAStuckHandlerReportsItOnceAndExits() throws Exception {
    scripts(STUCK_HANDLER);
    Process p =
        KillHarnessTest.graft(
            home,
            work,
            "-p",
            "--scripts",
            "scripts",
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "hi");
    p.getOutputStream().close();
    String out;
    try {
      out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(p.waitFor(120, TimeUnit.SECONDS))
          .as("graft -p ended; stderr: %s", stderr())
          .isTrue();
    } finally {
      p.destroyForcibly();
    }
    assertThat(p.exitValue()).as(stderr()).isZero();
    assertThat(out.strip()).isEqualTo("done");
    List<String> about = stderr().lines().filter(l -> l.contains("stuck.js")).toList();
    assertThat(about)
        .singleElement()
        .satisfies(l ->
            assertThat(l)
                .startsWith("graft: ")
                .contains(
                    "stuck.js: agent_start handler was stopped: it did not stop within 4 s of being interrupted")
                .endsWith("the script is off until a reload"));
    assertThat(stderr()).doesNotContain("Exception").doesNotContain("\tat ");
  }

  @Test
  void sigtermEndsGraftWhileAScriptIsStuck() throws Exception {
    scripts(STUCK_HANDLER);
    Process p =
        KillHarnessTest.graft(
            home,
            work,
            "--mode",
            "rpc",
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "--scripts",
            "scripts");
    try {
      var in = p.outputWriter(StandardCharsets.UTF_8);
      var out =
          new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
      in.write("{\"id\":\"p\",\"type\":\"prompt\",\"message\":\"hi\"}\n");
      in.flush();
      String line;
      while ((line = out.readLine()) != null && !line.contains("\"agent_start\"")) {
        // the handler runs once agent_start is emitted
      }
      Thread.sleep(500); // well inside the stuck handler (it is abandoned after some seconds)
      p.destroy(); // SIGTERM
      assertThat(p.waitFor(30, TimeUnit.SECONDS))
          .as("SIGTERM ended graft; stderr: %s", stderr())
          .isTrue();
    } finally {
      p.destroyForcibly();
    }
  }

  @Test
  void scriptsCheckReportsAScriptStuckAtLoad() throws Exception {
    Path dir =
        scripts(
            "Array.prototype.shift.call({ length: 2 ** 40 });\nexport default function (graft) {}\n");
    CliRun check = CliRun.run(home, work, "scripts", "check", dir.resolve("stuck.js").toString());
    assertThat(check.exitCode()).as(check.out() + check.err()).isEqualTo(1);
    assertThat(check.out())
        .contains("stuck.js: loading was stopped: it did not stop within 4 s of being interrupted")
        .contains("1 problem.");
  }

  @Test
  void rpcModeReportsAStuckHandlerAndGoesOn() throws Exception {
    scripts(STUCK_HANDLER);
    try (RpcDriver rpc = RpcDriver.scripted(home, work, "--scripts", "scripts")) {
      rpc.call("p", "{\"id\":\"p\",\"type\":\"prompt\",\"message\":\"hi\"}");
      JsonNode error = null;
      for (int i = 0; i < 4 && error == null; i++) { // RpcDriver waits 15 s a time
        try {
          error = rpc.event("extension_error");
        } catch (AssertionError notYet) {
          // the stuck handler is abandoned after the spin limit and the stall wait
        }
      }
      assertThat(error).isNotNull();
      assertThat(error.path("event").asText()).isEqualTo("agent_start");
      assertThat(error.path("error").asText())
          .contains("stuck.js: agent_start handler was stopped: it did not stop");
      rpc.event("agent_end");
      assertThat(
              rpc.call("t", "{\"id\":\"t\",\"type\":\"get_last_assistant_text\"}")
                  .at("/data/text")
                  .asText())
          .isEqualTo("done");
      assertThat(rpc.seen())
          .filteredOn(l -> l.path("type").asText().equals("extension_error"))
          .hasSize(1);
    }
  }
}
