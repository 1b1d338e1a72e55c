package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.cli.Graft;
import dev.graft.cli.base.CliContext;
import dev.graft.runtime.config.GraftHome;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
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
    Files.writeString(
        work.resolve("scripts/gate.js"),
        """
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
    Files.writeString(
        work.resolve("turns.jsonl"),
        """
        {"toolCalls": [{"name": "bash", "arguments": {"command": "echo one"}}]}
        {"text": "done"}
        """);
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
            new ByteArrayInputStream("run it\nn\n".getBytes(StandardCharsets.UTF_8)));
    int code =
        Graft.run(
            context, "--provider", "scripted", "--model", "turns.jsonl", "--scripts", "scripts");

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

  @Test
  void aCommandsCtxReloadReloadsTheScriptsOnceTheHandlerHasReturned() throws Exception {
    Files.createDirectories(work.resolve("scripts"));
    Path script = work.resolve("scripts/version.js");
    Files.writeString(
        script,
        """
        export default function (graft) {
          graft.registerCommand("which", { description: "v", handler: async (args, ctx) => { ctx.ui.notify("version one", "info"); } });
          graft.registerCommand("upgrade", {
            description: "rewrite and reload",
            handler: async (args, ctx) => {
              await ctx.reload();
              ctx.ui.notify("still running after reload()", "info");
            },
          });
        }
        """);
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"unused\"}\n");
    // The test rewrites the script between the commands: /upgrade's reload must pick it up.
    String input = "/which\n/upgrade\n/which\n/quit\n";
    InputStream in =
        new InputStream() {
          private final byte[] bytes = input.getBytes(StandardCharsets.UTF_8);
          private int next;

          @Override
          public int read() throws IOException {
            if (next == "/which\n".length()) {
              Files.writeString(
                  script, Files.readString(script).replace("version one", "version two"));
            }
            return next < bytes.length ? bytes[next++] : -1;
          }
        };
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
            in);
    int code =
        Graft.run(
            context, "--provider", "scripted", "--model", "turns.jsonl", "--scripts", "scripts");

    assertThat(code).as(err.toString()).isZero();
    String shown = out.toString();
    assertThat(shown)
        .containsSubsequence("version one", "still running after reload()", "version two");
    assertThat(shown).doesNotContain("command failed");
  }
}
