package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.cli.trust.ScriptFingerprint;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** TypeScript scripts from the command line: check reports FILE:LINE, trust covers .ts files. */
class TypeScriptScriptsTest {
  @TempDir Path home;
  @TempDir Path work;

  @Test
  void checkReportsTypeScriptSyntaxErrorsAsFileAndLine() throws Exception {
    Files.writeString(
        work.resolve("bad.ts"), "export default function (graft: any) {\n\n  const n: = 2;\n}\n");
    CliRun bad = CliRun.run(home, work, "scripts", "check", "bad.ts");
    assertThat(bad.exitCode()).isEqualTo(1);
    assertThat(bad.out())
        .startsWith(work.resolve("bad.ts") + ":3: loading failed: SyntaxError: Type expected.\n");

    Files.writeString(
        work.resolve("ok.ts"),
        """
        import { label } from "./names.js";
        type Ctx = { cwd: string };
        export default function (graft: any): void {
          graft.on("context", (_e: unknown, ctx: Ctx) => {});
          graft.registerCommand(label, { description: "d", handler: (): string => "x" });
        }
        """);
    Files.writeString(work.resolve("names.ts"), "export const label: string = \"typed\";\n");
    CliRun ok = CliRun.run(home, work, "scripts", "check", "ok.ts");
    assertThat(ok.exitCode()).as(ok.out()).isZero();
    assertThat(ok.out())
        .isEqualTo(
            work.resolve("ok.ts")
                + ": loads; events context; commands /typed\nNo problems found.\n");
    assertThat(home.resolve("cache/typescript")).as("nothing is kept on disk").doesNotExist();
  }

  @Test
  void anEngineSyntaxErrorQuotesTheTypeScriptLineAsWritten() throws Exception {
    // graft's eraser passes the file; the engine finds the second declaration and quotes its line
    Files.writeString(
        work.resolve("twice.ts"),
        "export const v: number = 1;\r\n\texport const v: string = \"a\";\r\n");
    Files.writeString(
        work.resolve("twice.test.js"),
        """
        import { test, tests } from "graft/lib/test.js";
        test("imports", async () => { await import("./twice.ts"); });
        export default tests;
        """);
    CliRun test = CliRun.run(home, work, "scripts", "test", ".");
    assertThat(test.exitCode()).isEqualTo(1);
    assertThat(test.out())
        .contains(
            "Variable \"v\" has already been declared\\n\\texport const v: string = \"a\";\\n")
        .doesNotContain("const v         =");

    // a script that words the error itself: graft's report quotes the line as written too
    Files.writeString(
        work.resolve("dyn.js"),
        """
        export default function (graft) {
          graft.registerCommand("dyn", { description: "d", handler: async () => {
            try { await import("./twice.ts"); } catch (e) { throw new Error("cannot load: " + e.message); }
          } });
        }
        """);
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
            "-s",
            "dyn.js",
            "/dyn");
    assertThat(run.err())
        .contains("\\texport const v: string = \"a\";\\n")
        .doesNotContain("const v         =");
  }

  @Test
  void theTrustFingerprintCoversTypeScriptFiles() throws Exception {
    Path dir = Files.createDirectories(work.resolve("scripts/lib"));
    Files.writeString(dir.resolve("a.ts"), "export const a: number = 1;\n");
    Files.writeString(work.resolve("scripts/b.mts"), "export default function () {}\n");
    ScriptFingerprint before = ScriptFingerprint.of(work.resolve("scripts"), "");
    assertThat(before.files()).containsOnlyKeys("lib/a.ts", "b.mts");
    Files.writeString(dir.resolve("a.ts"), "export const a: number = 2;\n");
    ScriptFingerprint after = ScriptFingerprint.of(work.resolve("scripts"), "");
    assertThat(after.value()).isNotEqualTo(before.value());
    assertThat(before.changesTo(after).describe()).isEqualTo("changed: lib/a.ts");
  }

  /**
   * What a run of graft as a process of its own printed (stdout and stderr together) and its exit
   * code.
   */
  private record Run(int exitCode, String output) {}

  private Run graftProcess(String... args) throws Exception {
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
                "dev.graft.cli.Main"));
    command.addAll(List.of(args));
    ProcessBuilder pb =
        new ProcessBuilder(command).directory(work.toFile()).redirectErrorStream(true);
    pb.environment().put("GRAFT_HOME", home.toString());
    // graft -p reads a stdin that is not a terminal to its end: it is given none
    Process p = pb.start();
    p.getOutputStream().close();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).as(output).isTrue();
    return new Run(p.exitValue(), output);
  }

  @Test
  void aNestingBombIsALoadErrorOfOneLineAndGraftRunsOn() throws Exception {
    Path dir = Files.createDirectories(work.resolve("scripts"));
    List<String> bombs = new ArrayList<>();
    for (int depth : new int[] {3_000, 100_000}) {
      for (String[] b :
          new String[][] {
            {"parens", "(", ")"},
            {"brackets", "[", "]"},
            {"braces", "{a:", "}"},
            {"generics", "Array<", ">"}
          }) {
        String name = b[0] + "-" + depth + ".ts";
        String value =
            b[0].equals("generics")
                ? "let x: " + b[1].repeat(depth) + "number" + b[2].repeat(depth) + " = [];"
                : "let x = " + b[1].repeat(depth) + "1" + b[2].repeat(depth) + ";";
        Files.writeString(
            dir.resolve(name),
            "// "
                + b[0]
                + " nested "
                + depth
                + " deep\n"
                + value
                + "\nexport default function () {}\n");
        bombs.add(name);
      }
    }
    Files.writeString(
        dir.resolve("ok.ts"),
        "export default function (graft: any): void { graft.on(\"agent_start\", () => {}); }\n");
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"still here\"}\n");
    String refusal =
        ": loading failed: nested more than 1,000 levels deep here: graft refuses such files rather than"
            + " risk its stack";

    Run check = graftProcess("scripts", "check", "scripts/parens-3000.ts");
    assertThat(check.exitCode()).as(check.output()).isEqualTo(1);
    assertThat(check.output())
        .isEqualTo(dir.resolve("parens-3000.ts") + ":2" + refusal + "\n1 problem.\n");
    check = graftProcess("scripts", "check", "scripts/brackets-100000.ts");
    assertThat(check.exitCode()).as(check.output()).isEqualTo(1);
    assertThat(check.output())
        .isEqualTo(dir.resolve("brackets-100000.ts") + ":2" + refusal + "\n1 problem.\n");

    Run run =
        graftProcess(
            "-p", "--scripts", "scripts", "--provider", "scripted", "--model", "turns.jsonl", "hi");
    assertThat(run.exitCode()).as(run.output()).isZero();
    assertThat(run.output()).contains("still here");
    for (String bomb : bombs) {
      assertThat(run.output())
          .as(bomb)
          .contains(
              "graft: script "
                  + dir.resolve(bomb)
                  + " not loaded"
                  + refusal
                  + " (at "
                  + bomb
                  + ":2)\n");
    }
    assertThat(run.output().lines().filter(l -> l.contains("nested more than")).count())
        .isEqualTo(bombs.size());
  }
}
