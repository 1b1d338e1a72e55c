package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a script's log lines look like on stderr, run as a user runs graft: a console line too long
 * to show is cut once, saying how much was left out; a line names its script once, in brackets; a
 * script the heap guard stopped is reported once.
 */
class ScriptLogLinesCliTest {
  @TempDir Path home;
  @TempDir Path work;

  private CliRun run(String name, String script, String... more) throws Exception {
    Path dir = Files.createDirectories(work.resolve("scripts"));
    Files.writeString(dir.resolve(name), script);
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"done\"}\n");
    List<String> args =
        new ArrayList<>(
            List.of(
                "-p",
                "--scripts",
                "scripts",
                "--provider",
                "scripted",
                "--model",
                "turns.jsonl",
                "--no-session"));
    args.addAll(List.of(more));
    args.add("go");
    return CliRun.run(home, work, args.toArray(String[]::new));
  }

  @Test
  void aConsoleLineOfFiveMillionCharactersIsCutOnceSayingHowManyWereLeftOut() throws Exception {
    CliRun run =
        run(
            "big.js",
            """
            export default function (graft) {
              graft.on("turn_start", () => { console.log("x".repeat(5_000_000)); });
            }
            """,
            "--verbose");
    assertThat(run.exitCode()).as(run.err()).isZero();
    String line =
        run.err().lines().filter(l -> l.startsWith("[big.js] x")).findFirst().orElseThrow();
    Matcher m =
        Pattern.compile("^\\[big\\.js\\] (x+)… \\((\\d+) more characters\\)$").matcher(line);
    assertThat(m.matches()).as(line.substring(Math.max(0, line.length() - 80))).isTrue();
    int shown = m.group(1).length();
    assertThat(shown + Long.parseLong(m.group(2))).isEqualTo(5_000_000);
    assertThat(shown).isGreaterThan(1900);
    assertThat(line.length()).isLessThanOrEqualTo("[big.js] ".length() + 2000);
  }

  @Test
  void aLogLineNamesItsScriptOnce() throws Exception {
    CliRun run =
        run(
            "storm.js",
            """
            export default function (graft) {
              graft.on("turn_start", async () => {
                setTimeout(() => { throw new Error("late boom"); }, 0);
                await new Promise((resolve) => setTimeout(resolve, 100));
              });
            }
            """);
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.err())
        .contains("[storm.js] a timer callback failed: Error: late boom (at storm.js:3)")
        .doesNotContain(work.resolve("scripts/storm.js").toString());
  }

  @Test
  void aScriptTheHeapGuardStoppedIsReportedOnce() throws Exception {
    Path dir = Files.createDirectories(work.resolve("scripts"));
    Files.writeString(
        dir.resolve("hog.js"),
        """
        const keep = [];
        export default function (graft) {
          graft.on("turn_start", () => { for (;;) keep.push(new Float64Array(1 << 20)); });
        }
        """);
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"done\"}\n");
    List<String> command = new ArrayList<>();
    command.addAll(
        List.of(
            ProcessHandle.current().info().command().orElse("java"),
            "-Xmx256m",
            "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1",
            "-cp",
            System.getProperty("java.class.path"),
            "dev.graft.cli.Main"));
    command.addAll(
        List.of(
            "-p",
            "--scripts",
            "scripts",
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "--no-session",
            "go"));
    ProcessBuilder pb = new ProcessBuilder(command).directory(work.toFile());
    pb.environment().put("GRAFT_HOME", home.toString());
    pb.environment().remove("JAVA_TOOL_OPTIONS");
    // graft -p reads a stdin that is not a terminal to its end: it is given none
    Process graft = pb.start();
    graft.getOutputStream().close();
    String err = new String(graft.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(graft.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(graft.exitValue()).as(err).isZero();
    assertThat(err.lines().filter(l -> l.contains("the heap was more than")))
        .as(err)
        .singleElement()
        .asString()
        .startsWith(
            "graft: script problem: hog.js: turn_start handler was stopped: the heap was more than")
        .endsWith("while it ran; the script is off until a reload");
  }
}
