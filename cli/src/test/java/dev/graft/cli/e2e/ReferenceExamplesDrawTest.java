package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reference's own example extensions that draw components, as shipped in its npm package,
 * exercised through {@code graft scripts test}: each one's dialog drawn, played with keys, and what
 * it then did (a tool result, a saved entry, a notification, the active tools) checked. The
 * pi-examples bench only loads them; this is their main feature running.
 */
class ReferenceExamplesDrawTest {
  @TempDir Path home;
  @TempDir Path work;

  private static final List<String> EXAMPLES =
      List.of(
          "question.ts",
          "questionnaire.ts",
          "todo.ts",
          "tools.ts",
          "overlay-test.ts",
          "snake.ts",
          "space-invaders.ts",
          "tic-tac-toe.ts");

  private static final String TESTS =
      """
      import { test, assert, tests } from "graft/lib/test.js";
      const lastResult = (s) => s.lastContext.filter((m) => m.role === "toolResult").at(-1);

      test("question: a tool asks with its own dialog, answered by keys", async (t) => {
        const s = await t.session({ scripts: ["./question.ts"], turns: [
          { toolCalls: [{ name: "question", arguments: { question: "Which?", options: [{ label: "tea" }, { label: "coffee" }] } }] },
          { text: "ok" }] });
        await s.prompt("ask me", { answers: [{ keys: ["down", "enter"] }] });
        assert.deepEqual(s.dialogs[0].lines.slice(1, 6), [" Which?", "", "> 1. tea", "  2. coffee", "  3. Type something."]);
        assert.equal(lastResult(s).content[0].text, "User selected: 2. coffee");
        assert.deepEqual(s.problems, []);
      });

      test("questionnaire: tabs through two questions and submits", async (t) => {
        const s = await t.session({ scripts: ["./questionnaire.ts"], turns: [
          { toolCalls: [{ name: "questionnaire", arguments: { questions: [
            { id: "scope", prompt: "Which scope?", options: [{ value: "a", label: "All" }, { value: "m", label: "Mine" }] },
            { id: "when", prompt: "When?", options: [{ value: "now", label: "Now" }, { value: "later", label: "Later" }] }] } }] },
          { text: "ok" }] });
        await s.prompt("ask me", { answers: [{ keys: ["down", "enter", "enter", "enter"] }] });
        assert.equal(s.dialogs[0].lines[1], " ←  □ Q1   □ Q2   ✓ Submit  →");
        assert.equal(lastResult(s).content[0].text, "Q1: user selected: 2. Mine\\nQ2: user selected: 1. Now");
      });

      test("todo: the tool keeps the list and /todos draws it", async (t) => {
        const s = await t.session({ scripts: ["./todo.ts"], turns: [
          { toolCalls: [{ name: "todo", arguments: { action: "add", text: "write the test" } }] },
          { toolCalls: [{ name: "todo", arguments: { action: "toggle", id: 1 } }] },
          { text: "done" }] });
        await s.prompt("plan");
        await s.command("/todos", { answers: [{ keys: ["escape"] }] });
        assert.ok(s.dialogs[0].lines.includes("  1/1 completed"), s.dialogs[0].lines.join("\\n"));
        assert.ok(s.dialogs[0].lines.includes("  ✓ #1 write the test"), s.dialogs[0].lines.join("\\n"));
      });

      test("tools: a settings list turns a tool off for the next turn", async (t) => {
        const s = await t.session({ scripts: ["./tools.ts"], turns: [{ text: "ok" }] });
        await s.command("/tools", { answers: [{ keys: ["enter", "escape"] }] });
        assert.deepEqual(s.dialogs[0].lines.slice(0, 4), ["Tool Configuration", "", "→ read   enabled", "  bash   enabled"]);
        assert.deepEqual(s.customEntries("tools-config").at(-1).data.enabledTools, ["bash", "edit", "write"]);
      });

      test("overlay-test: typed text reaches the selected input", async (t) => {
        const s = await t.session({ scripts: ["./overlay-test.ts"] });
        await s.command("/overlay-test", { answers: [{ keys: ["down", "h", "i", "enter"] }] });
        assert.match(s.dialogs[0].lines[1], /Overlay Test/);
        assert.deepEqual(s.notifications, [{ message: 'Run: "hi"', level: "info" }]);
      });

      test("snake: a game on a timer, paused and saved by Esc", async (t) => {
        const s = await t.session({ scripts: ["./snake.ts"] });
        await s.command("/snake", { answers: [{ keys: ["up", "escape"] }] });
        assert.match(s.dialogs[0].lines[1], /SNAKE │ Score: 0/);
        const saved = s.customEntries("snake-save");
        assert.equal(saved.length, 1);
        assert.ok(saved[0].data.snake.length >= 3, JSON.stringify(saved[0].data));
      });

      test("space-invaders: drawn, then saved by Esc", async (t) => {
        const s = await t.session({ scripts: ["./space-invaders.ts"] });
        await s.command("/invaders", { answers: [{ keys: ["left", "space", "escape"] }] });
        assert.match(s.dialogs[0].lines[1], /SPACE INVADERS │ Score: 0/);
        assert.equal(s.customEntries("space-invaders-save").length, 1);
      });

      test("tic-tac-toe: the user's move is saved and told to the agent", async (t) => {
        const s = await t.session({ scripts: ["./tic-tac-toe.ts"], turns: [{ text: "thinking" }] });
        await s.command("/tic-tac-toe", { answers: [{ keys: ["enter", "escape"] }] });
        assert.match(s.dialogs[0].lines.join("\\n"), /Turn: X \\(You\\)/);
        const board = s.customEntries("tic-tac-toe-save").at(-1).data.board;
        assert.equal(board.flat().filter((c) => c === "X").length, 1, JSON.stringify(board));
          assert.match(JSON.stringify(s.requests.at(-1).messages.at(-1)), /Player X played at \\(row=1, col=1\\)/);
      });
      export default tests;
      """;

  @Test
  void theReferencesDrawingExamplesRunTheirDialogs() throws Exception {
    Path shipped =
        ReferenceOracle.dir()
            .resolve("node_modules/@mariozechner/pi-coding-agent/examples/extensions");
    Path dir = Files.createDirectories(work.resolve("examples"));
    for (String name : EXAMPLES) {
      Files.copy(shipped.resolve(name), dir.resolve(name));
    }
    Files.writeString(dir.resolve("examples.test.js"), TESTS);
    CliRun r = CliRun.run(home, work, "scripts", "test", "examples");
    assertThat(r.out())
        .isEqualTo(
            """
            examples.test.js
              ✓ question: a tool asks with its own dialog, answered by keys
              ✓ questionnaire: tabs through two questions and submits
              ✓ todo: the tool keeps the list and /todos draws it
              ✓ tools: a settings list turns a tool off for the next turn
              ✓ overlay-test: typed text reaches the selected input
              ✓ snake: a game on a timer, paused and saved by Esc
              ✓ space-invaders: drawn, then saved by Esc
              ✓ tic-tac-toe: the user's move is saved and told to the agent
            8 passed, 0 failed
            """);
    assertThat(r.exitCode()).isZero();
  }
}
