package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.cli.Graft;
import dev.graft.cli.base.CliContext;
import dev.graft.runtime.config.GraftHome;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reference's shutdown-command example: a tool that calls ctx.shutdown() from its execute, and
 * a /quit command that clashes with graft's own. graft keeps its /quit with a warning, and the tool
 * ends the run once the agent is idle (the model still gets the tool's result) in every mode.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ScriptShutdownCliTest {
  @TempDir Path home;
  @TempDir Path work;

  private static final String SCRIPT =
      """
      export default function (pi) {
        pi.registerCommand("quit", { description: "Exit cleanly", handler: async (_args, ctx) => ctx.shutdown() });
        pi.registerTool({
          name: "finish_and_exit",
          label: "Finish and Exit",
          description: "Complete a task and exit",
          parameters: { type: "object", properties: {} },
          async execute(_id, _params, _signal, _onUpdate, ctx) {
            ctx.shutdown();
            return { content: [{ type: "text", text: "Shutdown requested." }], details: {} };
          },
        });
      }
      """;

  @BeforeEach
  void files() throws Exception {
    Files.createDirectories(work.resolve("scripts"));
    Files.writeString(work.resolve("scripts/shutdown.js"), SCRIPT);
    Files.writeString(
        work.resolve("turns.jsonl"),
        """
        {"toolCalls": [{"name": "finish_and_exit", "arguments": {}}]}
        {"text": "bye now"}
        {"text": "a second prompt was answered"}
        """);
  }

  private static final List<String> RUN =
      List.of("--provider", "scripted", "--model", "turns.jsonl", "--scripts", "scripts");

  private static String[] args(String... more) {
    List<String> all = new ArrayList<>(RUN);
    all.addAll(List.of(more));
    return all.toArray(String[]::new);
  }

  @Test
  void inPrintModeTheTurnEndsAndGraftExitsCleanly() {
    CliRun run = CliRun.run(home, work, args("-p", "finish"));
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).isEqualTo("bye now\n");
    assertThat(run.err())
        .isEqualTo(
            "graft: warning: script command not added: /quit exists already (from built-in)\n");
  }

  @Test
  void inTheInteractiveModeGraftQuitsAfterTheTurnAndReadsNoFurtherInput() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CliContext context =
        new CliContext(
            Map.of("GRAFT_HOME", home.toString()),
            new GraftHome(home),
            work,
            new PrintWriter(out, true),
            new PrintWriter(err, true),
            Clock.systemUTC(),
            new ByteArrayInputStream("finish\nsecond\n".getBytes(StandardCharsets.UTF_8)));
    int code = Graft.run(context, args("--no-session"));
    assertThat(code).as(err.toString()).isZero();
    assertThat(out.toString())
        .contains("script command not added: /quit exists already (from built-in)")
        .contains("Shutdown requested.")
        .contains("bye now")
        .doesNotContain("a second prompt was answered");
  }

  @Test
  void overRpcGraftEndsAfterTheRunAlthoughStdinStaysOpen() throws Exception {
    try (RpcDriver rpc = new RpcDriver(home, work, args("--mode", "rpc"))) {
      rpc.send("{\"id\":\"p\",\"type\":\"prompt\",\"message\":\"finish\"}");
      JsonNode end = rpc.event("agent_end");
      assertThat(end.path("messages").toString()).contains("bye now");
      rpc.awaitExit();
    }
  }
}
