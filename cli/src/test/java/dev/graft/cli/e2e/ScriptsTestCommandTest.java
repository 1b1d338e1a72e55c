package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** graft scripts test on the example scripts' own tests, and on a broken copy of an example. */
class ScriptsTestCommandTest {
  static final Path EXAMPLES = Path.of("").toAbsolutePath().getParent().resolve("scripts/examples");

  @TempDir Path home;
  @TempDir Path work;

  @Test
  void theExamplesPassTheirTests() {
    CliRun r = CliRun.run(home, work, "scripts", "test", EXAMPLES.toString());
    assertThat(r.out())
        .contains("pruning.test.js\n")
        .contains("stacking.test.js\n")
        .doesNotContain("✗");
    assertThat(r.out()).matches("(?s).*\\n(\\d+) passed, 0 failed\\n");
    assertThat(r.exitCode()).isZero();
  }

  @Test
  void aBrokenExampleFailsAtTheAssertionItBreaks() throws Exception {
    Path copy = copyOfExamples();
    Path pruning = copy.resolve("pruning.js");
    String source = Files.readString(pruning);
    assertThat(source).contains("was removed from the context]");
    Files.writeString(pruning, source.replace("was removed from the context]", "was dropped]"));
    List<String> testLines = Files.readAllLines(copy.resolve("pruning.test.js"));
    int line =
        testLines.indexOf(
                testLines.stream()
                    .filter(l -> l.contains("[pruned: this read result was removed"))
                    .findFirst()
                    .orElseThrow())
            + 1;

    CliRun r = CliRun.run(home, work, "scripts", "test", copy.toString());
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.out())
        .contains(
            "  ✗ /prune N remove takes the result out of every later request, and the session keeps it\n"
                + "      pruning.test.js:"
                + line
                + ": expected \"[pruned: this read result was removed from the context]\", "
                + "got \"[pruned: this read result was dropped]\"\n");
    assertThat(r.out()).contains(" passed, 1 failed\n");
  }

  @Test
  void aTestThatThrowsAndAFileWithoutTestsAreFailures() throws Exception {
    Path dir = Files.createDirectories(work.resolve("t"));
    Files.writeString(
        dir.resolve("hello.js"),
        """
        export default function (graft) {
          graft.registerCommand("hello", { handler: async (args, ctx) => {
            const who = await ctx.ui.input("Who?");
            ctx.ui.notify(`Hello, ${who}!`, "info");
          } });
        }
        """);
    Files.writeString(
        dir.resolve("hello.test.js"),
        """
        import { test, assert, tests } from "graft/lib/test.js";
        test("greets who you say", async (t) => {
          const s = await t.session({ scripts: ["./hello.js"] });
          await s.command("/hello", { answers: ["Ada"] });
          assert.deepEqual(s.notifications, [{ message: "Hello, Ada!", level: "info" }]);
        });
        test("a missing script fails where it is named", async (t) => {
          const s = await t.session({ scripts: ["./nope.js"] });
        });
        export default tests;
        """);
    Files.writeString(dir.resolve("empty.test.js"), "export default function () {}\n");
    CliRun r = CliRun.run(home, work, "scripts", "test", "t");
    assertThat(r.out())
        .isEqualTo(
            """
            empty.test.js
              ✗ (no tests)
                  no tests: declare them with test(name, fn) and end the file with `export default tests;`
            hello.test.js
              ✓ greets who you say
              ✗ a missing script fails where it is named
                  hello.test.js:8: t.session: no script ./nope.js beside the test file
            1 passed, 2 failed
            """);
    assertThat(r.exitCode()).isEqualTo(1);
    CliRun none = CliRun.run(home, work, "scripts", "test", "missing");
    assertThat(none.err()).isEqualTo("graft: missing: not a directory\n");
  }

  @Test
  void oneTestFileRunsAloneAndAFolderWithoutTestsSaysWhichFilesAreTests() throws Exception {
    Path dir = Files.createDirectories(work.resolve("one"));
    String passing =
        """
        import { test, assert, tests } from "graft/lib/test.js";
        test("passes", () => { assert.ok(true); });
        export default tests;
        """;
    Files.writeString(dir.resolve("a.test.ts"), passing);
    Files.writeString(dir.resolve("b.test.js"), passing.replace("passes", "b passes"));
    CliRun one = CliRun.run(home, work, "scripts", "test", "one/a.test.ts");
    assertThat(one.out()).isEqualTo("a.test.ts\n  ✓ passes\n1 passed, 0 failed\n");
    assertThat(one.exitCode()).isZero();

    Files.writeString(dir.resolve("gate.ts"), "export default function (g) {}\n");
    CliRun notATest = CliRun.run(home, work, "scripts", "test", "one/gate.ts");
    assertThat(notATest.err())
        .isEqualTo(
            "graft: one/gate.ts: not a test file (*.test.js, *.test.mjs, *.test.ts or"
                + " *.test.mts) nor a directory\n");
    assertThat(notATest.exitCode()).isEqualTo(1);

    Files.createDirectories(work.resolve("none"));
    CliRun none = CliRun.run(home, work, "scripts", "test", "none");
    assertThat(none.err())
        .isEqualTo(
            "graft: no test files (*.test.js, *.test.mjs, *.test.ts or *.test.mts) in none\n");
  }

  @Test
  void aTurnTheScriptedModelCannotReplayIsNamedByItsPlaceInTurns() throws Exception {
    Path dir = Files.createDirectories(work.resolve("turns"));
    Files.writeString(dir.resolve("quiet.js"), "export default function (graft) {}\n");
    Files.writeString(
        dir.resolve("quiet.test.js"),
        """
        import { test, tests } from "graft/lib/test.js";
        test("a misspelt turn", async (t) => {
          await t.session({ scripts: ["./quiet.js"], turns: [{ text: "ok" }, { txet: "typo" }] });
        });
        export default tests;
        """);
    CliRun r = CliRun.run(home, work, "scripts", "test", "turns");
    assertThat(r.out())
        .contains("      quiet.test.js:3: t.session: turns[1]: unknown field \"txet\" (allowed: ")
        .doesNotContain("turns.jsonl");
    assertThat(r.exitCode()).isEqualTo(1);
  }

  /**
   * A failed prompt says why, a thrown TypeError is named as a run names it, and a file that does
   * not parse is named once (the line above names it already).
   */
  @Test
  void aFailedPromptSaysWhyAThrownErrorKeepsItsKindAndABadFileIsNamedOnce() throws Exception {
    Path dir = Files.createDirectories(work.resolve("why"));
    Files.writeString(dir.resolve("quiet.js"), "export default function (graft) {}\n");
    Files.writeString(
        dir.resolve("why.test.js"),
        """
        import { test, assert, tests } from "graft/lib/test.js";
        test("the turns run out", async (t) => {
          const s = await t.session({ scripts: ["./quiet.js"], turns: [{ text: "one" }] });
          assert.deepEqual(await s.prompt("first"), { text: "one", failed: false });
          const r = await s.prompt("second");
          assert.equal(r.failed, true);
          assert.fail(r.error);
        });
        test("throws a TypeError", async () => { throw new TypeError("boom"); });
        test("throws an Error", async () => { throw new Error("plain"); });
        test("a harness error keeps its own words", async (t) => {
          await t.session({ scripts: ["./nope.js"] });
        });
        export default tests;
        """);
    Files.writeString(
        dir.resolve("broken.test.js"),
        """
        import { test, tests } from "graft/lib/test.js";
        test("x", async () => { let = ; });
        export default tests;
        """);
    CliRun r = CliRun.run(home, work, "scripts", "test", "why");
    assertThat(r.out())
        .isEqualTo(
            """
            broken.test.js
              ✗ (loading)
                  cannot load: SyntaxError: Expected an operand but found let (at broken.test.js:2)
            why.test.js
              ✗ the turns run out
                  why.test.js:7: Scripted provider: t.session({turns}) has no more turns (all 1 were played)
              ✗ throws a TypeError
                  why.test.js:9: TypeError: boom
              ✗ throws an Error
                  why.test.js:10: Error: plain
              ✗ a harness error keeps its own words
                  why.test.js:12: t.session: no script ./nope.js beside the test file
            0 passed, 5 failed
            """);
    assertThat(r.exitCode()).isEqualTo(1);
  }

  @Test
  void aFailedAssertionInATypeScriptTestNamesItsFileAndLine() throws Exception {
    Path dir = Files.createDirectories(work.resolve("ts"));
    Files.writeString(
        dir.resolve("sum.test.ts"),
        """
        import { test, assert, tests } from "graft/lib/test.js";
        const sum = (a: number, b: number): number => a + b;
        test("adds", () => {
          assert.equal(sum(1, 2), 4, "the sum");
        });
        export default tests;
        """);
    CliRun r = CliRun.run(home, work, "scripts", "test", "ts");
    assertThat(r.out())
        .isEqualTo(
            """
            sum.test.ts
              ✗ adds
                  sum.test.ts:4: the sum: expected 4, got 3
            0 passed, 1 failed
            """);
    assertThat(r.exitCode()).isEqualTo(1);
  }

  @Test
  void aCustomDialogIsRecordedWithItsLinesAndAnsweredByKeysOrByAValue() throws Exception {
    Path dir = Files.createDirectories(work.resolve("d"));
    Files.writeString(
        dir.resolve("pick.ts"),
        """
        import { SelectList, matchesKey } from "@mariozechner/pi-tui";
        import { getSelectListTheme } from "@mariozechner/pi-coding-agent";
        export default function (pi) {
          pi.registerCommand("pick", { handler: async (args, ctx) => {
            const colour = await ctx.ui.custom((tui, theme, kb, done) => {
              const list = new SelectList([{ value: "red" }, { value: "green" }], 5, getSelectListTheme());
              list.onSelect = (item) => done(item.value);
              list.onCancel = () => done(null);
              return { render: (w) => ["Colour?", ...list.render(w)], handleInput: (d) => list.handleInput(d), invalidate() {} };
            });
            ctx.ui.notify("picked " + colour, "info");
          } });
        }
        """);
    Files.writeString(
        dir.resolve("pick.test.js"),
        """
        import { test, assert, tests } from "graft/lib/test.js";
        test("keys pick, a value answers, none dismisses", async (t) => {
          const s = await t.session({ scripts: ["./pick.ts"] });
          await s.command("/pick", { answers: [{ keys: ["down", "enter"] }] });
          await s.command("/pick", { answers: ["blue"] });
          await s.command("/pick", { answers: [{ keys: ["x"] }] });
          await s.command("/pick");
          assert.deepEqual(s.notifications.map((n) => n.message),
            ["picked green", "picked blue", "picked undefined", "picked undefined"]);
          assert.deepEqual(s.dialogs[0], { kind: "custom", lines: ["Colour?", "→ red", "  green"],
            answer: { keys: ["down", "enter"] } });
        });
        export default tests;
        """);
    CliRun r = CliRun.run(home, work, "scripts", "test", "d");
    assertThat(r.out())
        .isEqualTo(
            """
            pick.test.js
              ✓ keys pick, a value answers, none dismisses
            1 passed, 0 failed
            """);
  }

  @Test
  void aCommandsPromptAndTheRunsItAsksForRunAsInPrintMode() throws Exception {
    Path dir = Files.createDirectories(work.resolve("c"));
    Files.writeString(
        dir.resolve("ask.js"),
        """
        export default function (graft) {
          graft.registerCommand("ask", { handler: (args) => `Please say: ${args}` });
          graft.registerCommand("nudge", { handler: () => { graft.sendUserMessage("nudged"); } });
          graft.registerCommand("odd", { handler: () => 42 });
          graft.registerCommand("tree", { handler: () => "taken" });
        }
        """);
    Files.writeString(
        dir.resolve("ask.test.js"),
        """
        import { test, assert, tests } from "graft/lib/test.js";
        const said = (s) => s.requests.map((r) => r.messages.at(-1).content).map((c) => typeof c === "string" ? c : c[0].text);
        test("a returned prompt is sent", async (t) => {
          const s = await t.session({ scripts: ["./ask.js"], turns: [{ text: "banana" }, { text: "ok" }] });
          assert.equal(await s.command("/ask banana"), "Please say: banana");
          await s.prompt("next");
          assert.deepEqual(said(s), ["Please say: banana", "next"]);
        });
        test("a message the command sends runs", async (t) => {
          const s = await t.session({ scripts: ["./ask.js"], turns: [{ text: "seen" }] });
          await s.command("/nudge");
          assert.deepEqual(said(s), ["nudged"]);
        });
        test("an answer a command may not give fails", async (t) => {
          const s = await t.session({ scripts: ["./ask.js"] });
          await s.command("/odd");
        });
        test("a built-in command's name is not the script's", async (t) => {
          const s = await t.session({ scripts: ["./ask.js"] });
          await s.command("/tree");
        });
        export default tests;
        """);
    CliRun r = CliRun.run(home, work, "scripts", "test", "c");
    assertThat(r.out())
        .startsWith(
            """
            ask.test.js
              ✓ a returned prompt is sent
              ✓ a message the command sends runs
              ✗ an answer a command may not give fails
            """)
        .contains("/odd returned a number; a command returns nothing, a string")
        .contains("  ✗ a built-in command's name is not the script's\n")
        .contains("/tree is a built-in command of the interactive mode; it does not run here")
        .endsWith("2 passed, 2 failed\n");
  }

  @Test
  void aTestThatSpinsOrWaitsForNothingFailsInItsOwnWordsAndSoDoesAFileWithoutItsExport()
      throws Exception {
    Path dir = Files.createDirectories(work.resolve("w"));
    Files.writeString(
        dir.resolve("stuck.test.js"),
        """
        import { test, tests } from "graft/lib/test.js";
        test("spins", async () => { while (true) {} });
        test("waits for nothing", async () => { await new Promise(() => {}); });
        test("runs after", async () => {});
        export default tests;
        """);
    Files.writeString(
        dir.resolve("unexported.test.js"),
        """
        import { test } from "graft/lib/test.js";
        test("never run", async () => {});
        """);
    CliRun r = CliRun.run(home, work, "scripts", "test", "w");
    assertThat(r.out())
        .isEqualTo(
            """
            stuck.test.js
              ✗ spins
                  the test ran for more than 2 s without returning (an endless loop?) and was interrupted
              ✗ waits for nothing
                  the test returned a promise that nothing can settle any more (no timer or awaited host call of any script is left); it was given up
              ✓ runs after
            unexported.test.js
              ✗ (loading)
                  cannot load: its default export is not the tests; end the file with `export default tests;`
            1 passed, 3 failed
            """);
  }

  private Path copyOfExamples() throws Exception {
    Path copy = work.resolve("examples");
    try (Stream<Path> walk = Files.walk(EXAMPLES)) {
      for (Path p : walk.toList()) {
        Path to = copy.resolve(EXAMPLES.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(to);
        } else {
          Files.copy(p, to);
        }
      }
    }
    return copy;
  }

  @Test
  void aRefusedReadInATestFileSaysATestFileGetsNoGrants() throws Exception {
    Path notes = Files.writeString(work.resolve("notes.txt"), "hello");
    Path dir = Files.createDirectories(work.resolve("t"));
    Files.writeString(
        dir.resolve("reads.test.js"),
        """
        import fs from "node:fs";
        import { test, tests } from "graft/lib/test.js";
        test("reads", async () => { fs.readFileSync("%s", "utf8"); });
        export default tests;
        """
            .formatted(notes));
    CliRun r = CliRun.run(home, work, "scripts", "test", dir.toString());
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.out())
        .contains(
            "read access to "
                + notes
                + " is not granted to reads.test.js; a test file"
                + " gets no grants")
        .doesNotContain("settings.json");
  }

  /**
   * A script under test in t.session() that is refused a read or a program is told that a test
   * session gives no grants, not to edit the session's temporary settings.json.
   */
  @Test
  void aScriptRefusedInATestSessionIsToldATestSessionGivesNoGrants() throws Exception {
    Path notes = Files.writeString(work.resolve("notes.txt"), "hello");
    Path dir = Files.createDirectories(work.resolve("t"));
    Files.writeString(
        dir.resolve("peek.js"),
        """
        import fs from "node:fs";
        export default function (graft) {
          graft.registerCommand("read", { handler: async () => fs.readFileSync("%s", "utf8") });
          graft.registerCommand("git", { handler: async () => (await graft.exec("git", ["--version"])).stdout });
          graft.registerCommand("spawn", { handler: async () => {
            const { spawnSync } = await import("node:child_process");
            const r = spawnSync("git", ["--version"]);
            if (r.error) throw r.error;
            return String(r.stdout);
          } });
        }
        """
            .formatted(notes));
    Files.writeString(
        dir.resolve("peek.test.js"),
        """
        import { test, assert, tests } from "graft/lib/test.js";
        for (const command of ["/read", "/git", "/spawn"]) {
          test(command, async (t) => {
            const s = await t.session({ scripts: ["./peek.js"] });
            await s.command(command);
          });
        }
        export default tests;
        """);
    CliRun r = CliRun.run(home, work, "scripts", "test", dir.toString());
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.out())
        .contains(
            "read access to "
                + notes
                + " is not granted to peek.js; a test session (t.session) gives scripts no grants")
        .contains(
            "exec is not granted to peek.js; a test session (t.session) gives scripts no grants")
        .contains("0 passed, 3 failed")
        .doesNotContain("settings.json");
  }
}
