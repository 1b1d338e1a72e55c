package dev.graft.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.runtime.config.GraftHome;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Event handlers' ctx.ui in the interactive mode (no terminal: line by line) reaches the user. */
class InteractiveScriptUiTest {
  @TempDir Path home;
  @TempDir Path work;

  @Test
  void anEventHandlerAsksTellsAndSetsTheStatusLine() throws Exception {
    Files.createDirectories(work.resolve("scripts"));
    Files.writeString(work.resolve("scripts/gate.js"), """
        export default function (graft) {
          graft.on("tool_call", async (event, ctx) => {
            ctx.ui.setStatus("gate", "gate: " + event.toolName + " seen");
            const ok = await ctx.ui.confirm("Run " + event.input.command + "?", "the gate asks");
            ctx.ui.notify(ok ? "allowed" : "refused", ok ? "info" : "warning");
            if (!ok) return { block: true, reason: "refused by the user" };
          });
          graft.on("turn_end", () => { throw new Error("turn_end broke"); });
        }
        """);
    Files.writeString(work.resolve("turns.jsonl"), """
        {"toolCalls": [{"name": "bash", "arguments": {"command": "echo one"}}]}
        {"text": "done"}
        """);
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CliContext context = new CliContext(Map.of("GRAFT_HOME", home.toString()), new GraftHome(home), work,
        new PrintWriter(out, true), new PrintWriter(err, true), Clock.systemUTC(),
        new ByteArrayInputStream("run it\nn\n".getBytes(StandardCharsets.UTF_8)));
    int code = Graft.run(context, "--provider", "scripted", "--model", "turns.jsonl", "--scripts", "scripts");

    assertThat(code).as(err.toString()).isZero();
    assertThat(out.toString())
        .contains("Run echo one?")
        .contains("the gate asks")
        .contains("warning: refused")
        .contains("refused by the user")
        .contains("error: script problem: gate.js: turn_end handler")
        .contains("gate: bash seen") // the status line after the turn
        .contains("done");
    assertThat(err.toString()).doesNotContain("script problem");
  }
}
