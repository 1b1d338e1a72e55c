package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.cli.Graft;
import dev.graft.cli.base.CliContext;
import dev.graft.runtime.config.GraftHome;
import dev.graft.runtime.session.SessionEntry;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Hook scripts given with --scripts take part in a real run: blocking, context, entries. */
class ScriptHooksCliTest {
  @TempDir Path home;
  @TempDir Path work;

  private List<SessionEntry> entries() throws Exception {
    return LastSession.entries(home, work.resolve("proj"));
  }

  @Test
  void aGateScriptBlocksAToolCallAndAContextHookRunsEveryCall() throws Exception {
    Files.createDirectories(work.resolve("proj"));
    Files.writeString(work.resolve("proj/keep.txt"), "precious");
    Files.createDirectories(work.resolve("scripts"));
    Files.writeString(
        work.resolve("scripts/gate.js"),
        """
        export default function (graft) {
          graft.on("tool_call", (event) => {
            if (event.toolName === "bash" && /rm /.test(event.input.command)) {
              return { block: true, reason: "gate.js: rm is not allowed" };
            }
          });
          graft.on("context", (event) => {
            graft.appendEntry("seen", { count: event.messages.length });
          });
        }
        """);
    Files.writeString(
        work.resolve("scripts/broken.js"),
        "export default function (graft) { graft.on(\"context\", ; }\n");
    Files.writeString(
        work.resolve("turns.jsonl"),
        """
        {"toolCalls": [{"name": "bash", "arguments": {"command": "rm keep.txt"}}]}
        {"text": "stopped"}
        """);
    CliRun run =
        CliRun.run(
            home,
            work,
            "-p",
            "--scripts",
            "scripts",
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "--cwd",
            "proj",
            "remove it");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out().strip()).isEqualTo("stopped");
    assertThat(run.err()).contains("broken.js not loaded");
    assertThat(Files.readString(work.resolve("proj/keep.txt"))).isEqualTo("precious");
    List<SessionEntry> entries = entries();
    assertThat(entries)
        .anySatisfy(e ->
            assertThat(e)
                .isInstanceOfSatisfying(
                    SessionEntry.Message.class,
                    m ->
                        assertThat(m.message().toString()).contains("gate.js: rm is not allowed")));
    assertThat(
            entries.stream()
                .filter(e -> e instanceof SessionEntry.Custom c && c.customType().equals("seen"))
                .count())
        .as("one entry per model call")
        .isEqualTo(2);
  }

  @Test
  @Timeout(120) // a guard against a hang, not a measurement
  void aSpinningHandlerIsStoppedAndReportedAndTheRunGoesOn() throws Exception {
    Files.createDirectories(work.resolve("proj"));
    Files.createDirectories(work.resolve("scripts"));
    Files.writeString(
        work.resolve("scripts/spin.js"),
        """
        export default function (graft) {
          graft.on("context", () => { while (true) {} });
        }
        """);
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"still answered\"}\n");
    CliRun run =
        CliRun.run(
            home,
            work,
            "-p",
            "--scripts",
            "scripts",
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "--cwd",
            "proj",
            "hello");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out().strip()).isEqualTo("still answered");
    assertThat(run.err()).contains("graft: script problem: spin.js");
  }

  @Test
  @Timeout(120) // a guard against a hang, not a measurement
  void aHandlerWhosePromiseNeverSettlesTimesOutAfterTheConfiguredTimeAndTheRunGoesOn()
      throws Exception {
    Files.createDirectories(work.resolve("proj"));
    Files.createDirectories(work.resolve("scripts"));
    Files.writeString(home.resolve("settings.json"), "{\"scripts\": {\"eventTimeoutSeconds\": 1}}");
    Files.writeString(
        work.resolve("scripts/pending.js"),
        """
        export default function (graft) {
          graft.on("context", () => new Promise(() => {}));
          graft.on("agent_end", () => graft.appendEntry("after", { ok: true }));
        }
        """);
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"answered anyway\"}\n");
    CliRun run =
        CliRun.run(
            home,
            work,
            "-p",
            "--scripts",
            "scripts",
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "--cwd",
            "proj",
            "hello");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out().strip()).isEqualTo("answered anyway");
    assertThat(run.err()).contains("pending.js").contains("context").contains("1 s");
    assertThat(entries())
        .anySatisfy(e ->
            assertThat(e)
                .isInstanceOfSatisfying(
                    SessionEntry.Custom.class, c -> assertThat(c.customType()).isEqualTo("after")));
  }

  @Test
  void aWrongScriptTimeoutInSettingsIsReportedAndTheDefaultUsed() throws Exception {
    Files.createDirectories(work.resolve("proj"));
    Files.writeString(
        home.resolve("settings.json"), "{\"scripts\": {\"eventTimeoutSeconds\": \"soon\"}}");
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"fine\"}\n");
    CliRun run =
        CliRun.run(
            home,
            work,
            "-p",
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "--cwd",
            "proj",
            "hello");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.err())
        .contains(
            "scripts.eventTimeoutSeconds must be a number of seconds from 1 to 3600; ignored");
  }

  @Test
  void aScriptCommandAsksThroughTheInteractiveModesDialogs() throws Exception {
    Files.createDirectories(work.resolve("proj"));
    Files.createDirectories(work.resolve("scripts"));
    Files.writeString(
        work.resolve("scripts/hello.js"),
        """
        export default function (graft) {
          graft.registerCommand("hello", {
            description: "Greet someone chosen from a list",
            handler: async (args, ctx) => {
              const who = await ctx.ui.select("Greet whom?", ["Ada", "Grace", "Linus"]);
              if (!who) return;
              graft.appendEntry("greeted", { who, args });
              ctx.ui.notify(`Hello, ${who}!`, "info");
            },
          });
        }
        """);
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"ok\"}\n");
    var out = new StringWriter();
    var err = new StringWriter();
    CliContext context =
        new CliContext(
            Map.of(),
            new GraftHome(home),
            work,
            new PrintWriter(out, true),
            new PrintWriter(err, true),
            Clock.systemUTC(),
            new ByteArrayInputStream(
                "/help\n/hello warmly\n2\nsay hi\n/quit\n".getBytes(StandardCharsets.UTF_8)));
    int code =
        Graft.run(
            context,
            "--scripts",
            "scripts",
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "--cwd",
            "proj");
    assertThat(code).as(err.toString()).isZero();
    assertThat(out.toString())
        .contains("/hello")
        .contains("Greet someone chosen from a list")
        .contains("Hello, Grace!");
    assertThat(entries())
        .anySatisfy(e ->
            assertThat(e)
                .isInstanceOfSatisfying(
                    SessionEntry.Custom.class,
                    c -> {
                      assertThat(c.customType()).isEqualTo("greeted");
                      assertThat(c.data().orElseThrow().toString())
                          .isEqualTo("{\"who\":\"Grace\",\"args\":\"warmly\"}");
                    }));
  }

  @Test
  void noScriptsAndProjectScriptsAreSaidPlainly() throws Exception {
    Files.createDirectories(work.resolve("proj/.graft/scripts"));
    Files.writeString(work.resolve("proj/.graft/scripts/x.js"), "export default function (g) {}\n");
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"ok\"}\n");
    CliRun run =
        CliRun.run(
            home,
            work,
            "-p",
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "--cwd",
            "proj",
            "hi");
    assertThat(run.exitCode()).isZero();
    assertThat(run.err())
        .contains("are not loaded: they are not trusted yet; to run them: graft scripts trust");
    CliRun missing =
        CliRun.run(
            home,
            work,
            "-p",
            "--scripts",
            "nope",
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "hi");
    assertThat(missing.exitCode()).isEqualTo(1);
    assertThat(missing.err().strip()).isEqualTo("graft: --scripts nope: not a directory");
  }
}
