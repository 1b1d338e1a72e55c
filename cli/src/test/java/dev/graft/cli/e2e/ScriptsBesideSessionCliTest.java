package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scripts of a -p, json or RPC run load on their own thread while the session opens
 * (ScriptSetup.begin): what the run prints, and which failure it reports, stay as when they loaded
 * after it.
 */
class ScriptsBesideSessionCliTest {
  @TempDir Path home;
  @TempDir Path work;

  @BeforeEach
  void scripts() throws Exception {
    Files.createDirectories(work.resolve("hooks"));
    Files.writeString(
        work.resolve("hooks/a-loud.js"),
        """
        console.warn("loud.js is loading");
        export default function (graft) {
          console.warn("loud.js registers");
          graft.on("context", () => {});
        }
        """);
    Files.writeString(
        work.resolve("hooks/b-broken.js"),
        "export default function (graft) { graft.on(\"context\", ; }\n");
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"done\"}\n");
  }

  private CliRun run(String... more) {
    String[] args = {
      "-p", "--scripts", "hooks", "--provider", "scripted", "--model", "turns.jsonl"
    };
    String[] all = new String[args.length + more.length];
    System.arraycopy(args, 0, all, 0, args.length);
    System.arraycopy(more, 0, all, args.length, more.length);
    return CliRun.run(home, work, all);
  }

  @Test
  void whatTheScriptsPrintWhileLoadingComesAfterTheSessionsWarningsAsBefore() throws Exception {
    CliRun first = run("hello");
    assertThat(first.exitCode()).as(first.err()).isZero();
    Path session = LastSession.file(home, work);
    Files.writeString(session, "{not json\n", StandardOpenOption.APPEND);

    CliRun again = run("--session", session.toString(), "once more");

    assertThat(again.exitCode()).as(again.err()).isZero();
    assertThat(again.out().strip()).isEqualTo("done");
    String err = again.err();
    int warning = err.indexOf("skipped, malformed JSON");
    int loading = err.indexOf("[a-loud.js] loud.js is loading");
    int registers = err.indexOf("[a-loud.js] loud.js registers");
    int broken = err.indexOf("b-broken.js not loaded");
    assertThat(warning).as(err).isNotNegative();
    assertThat(loading).as(err).isGreaterThan(warning);
    assertThat(registers).as(err).isGreaterThan(loading);
    assertThat(broken).as(err).isGreaterThan(registers);
  }

  @Test
  void aSessionThatCannotBeOpenedIsReportedAloneThoughTheScriptsLoadedBeside() {
    CliRun run = run("--session", "no-such-id", "hello");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err())
        .isEqualTo("graft: --session no-such-id: no such session file or session id\n");
  }

  @Test
  void anUnknownModelIsReportedAloneAsBefore() {
    CliRun run =
        CliRun.run(home, work, "-p", "--scripts", "hooks", "--model", "no-such-model", "hello");

    assertThat(run.exitCode()).as("a bad option value is a usage error").isEqualTo(2);
    assertThat(run.err()).startsWith("graft: unknown model 'no-such-model'");
    assertThat(run.err()).doesNotContain("loud.js").doesNotContain("not loaded");
  }

  @Test
  void anOptionNoScriptRegistersIsStillTheErrorOfARunWhoseModelHasNoKey() {
    CliRun run = CliRun.run(home, work, "-p", "--scripts", "hooks", "hello", "--frobnicate");

    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err()).contains("unknown option --frobnicate");
    assertThat(run.err()).doesNotContain("API key");
  }
}
