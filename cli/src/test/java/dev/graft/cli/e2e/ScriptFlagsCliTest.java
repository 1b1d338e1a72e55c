package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Flags a script registers ({@code pi.registerFlag}) on graft's own command line, as the reference
 * passes them: {@code --plan}, {@code --preset fast}, {@code --preset=fast}; one no script
 * registers is a usage error, as is a string flag without a value.
 */
class ScriptFlagsCliTest {
  @TempDir Path temp;
  Path home;
  Path work;

  @BeforeEach
  void setUp() throws Exception {
    home = Files.createDirectories(temp.resolve("home"));
    work = Files.createDirectories(temp.resolve("work"));
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"ok\"}\n");
    Files.writeString(
        work.resolve("flags.ts"),
        """
        export default function (pi: any): void {
          pi.registerFlag("plan", { description: "Start in plan mode", type: "boolean", default: false });
          pi.registerFlag("preset", { description: "A preset", type: "string" });
          pi.registerShortcut("ctrl+shift+p", { description: "toggle", handler: async () => {} });
          pi.on("agent_settled", () => {});
          pi.registerCommand("flags", { handler: async () => ({ status: "flags " + JSON.stringify({
            plan: pi.getFlag("plan"), preset: pi.getFlag("preset") ?? null, other: pi.getFlag("other") ?? null }) }) });
        }
        """);
  }

  private CliRun run(String... extra) {
    String[] base = {
      "-p", "--no-session", "--provider", "scripted", "--model", "turns.jsonl", "-s", "flags.ts"
    };
    String[] args = new String[base.length + extra.length];
    System.arraycopy(base, 0, args, 0, base.length);
    System.arraycopy(extra, 0, args, base.length, extra.length);
    return CliRun.run(home, work, args);
  }

  @Test
  void registeredFlagsReachTheScript() {
    CliRun none = run("/flags");
    assertThat(none.exitCode()).as(none.err()).isZero();
    assertThat(none.out() + none.err())
        .contains("flags {\"plan\":false,\"preset\":null,\"other\":null}")
        .contains("unknown event \"agent_settled\": graft never emits it");
    // As in the reference, a flag takes the next argument as its value unless it starts with - or
    // @.
    CliRun both = run("--preset", "fast", "/flags", "--plan");
    assertThat(both.exitCode()).as(both.err()).isZero();
    assertThat(both.out() + both.err())
        .contains("flags {\"plan\":true,\"preset\":\"fast\",\"other\":null}");
    // Only a string flag takes the next argument: a boolean one leaves it the prompt.
    CliRun bool = run("--plan", "/flags");
    assertThat(bool.exitCode()).as(bool.err()).isZero();
    assertThat(bool.out() + bool.err())
        .contains("flags {\"plan\":true,\"preset\":null,\"other\":null}");
    CliRun eq = run("--preset=slow", "/flags");
    assertThat(eq.out() + eq.err())
        .contains("flags {\"plan\":false,\"preset\":\"slow\",\"other\":null}");
  }

  @Test
  void aFlagNoScriptRegistersIsAUsageError() {
    CliRun unknown = run("/flags", "--frobnicate");
    assertThat(unknown.exitCode()).isEqualTo(2);
    assertThat(unknown.err())
        .contains(
            "unknown option --frobnicate (graft --help lists graft's options; the scripts'"
                + " flags: --plan, --preset)");
    CliRun noValue = run("/flags", "--preset");
    assertThat(noValue.exitCode()).isEqualTo(2);
    assertThat(noValue.err()).contains("--preset needs a value (a flag of flags.ts)");
    CliRun noScripts =
        CliRun.run(
            home,
            work,
            "-p",
            "--no-session",
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "hi",
            "--plan");
    assertThat(noScripts.exitCode()).isEqualTo(2);
    assertThat(noScripts.err()).contains("unknown option --plan (no script registers a flag");
    // An unknown option before the prompt does not take it (and graft does not wait on stdin).
    CliRun before = run("--frobnicate", "/flags");
    assertThat(before.exitCode()).isEqualTo(2);
    assertThat(before.err()).contains("unknown option --frobnicate");
  }
}
