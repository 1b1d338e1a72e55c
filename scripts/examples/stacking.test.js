// Tests of stacking.js, run by `graft scripts test scripts/examples` (see docs/testing.md).
import { test, assert, tests } from "graft/lib/test.js";

const usage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
const user = (id, text) => ({ type: "message", id, message: { role: "user", content: text, timestamp: 1 } });
const assistant = (id, text) => ({
  type: "message", id,
  message: { role: "assistant", content: [{ type: "text", text }], api: "scripted", provider: "scripted", model: "scripted", usage, stopReason: "stop", timestamp: 2 },
});

function textOf(message) {
  return typeof message.content === "string" ? message.content : message.content.map((b) => b.text ?? "").join("\n");
}

test("a stack_pop entry shows the model its summary instead of the popped turns", async (t) => {
  const s = await t.session({
    scripts: ["./stacking.js"],
    entries: [
      user("u1", "Set up the project"),
      assistant("a1", "Set up."),
      user("u2", "Write the parser"),
      assistant("a2", "Parser written, 300 lines of detail."),
      { type: "custom", customType: "stack_pop", data: { backToId: "u2", summary: "The parser is written (src/parse.ts)." } },
    ],
    turns: [{ text: "Next?" }],
  });
  await s.prompt("Now the tests");
  const sent = s.lastContext.map(textOf);
  assert.equal(sent.length, 4, "set up, its answer, the pop's summary, the new prompt");
  assert.equal(sent[0], "Set up the project");
  assert.match(sent[2], /^Work that was done and popped off the stack, summarised:\n\nThe parser is written/);
  assert.ok(!sent.some((x) => x.includes("300 lines of detail")), "the popped answer is not sent");
  assert.equal(sent[3], "Now the tests");
});

test("without a pop the context is graft's own", async (t) => {
  const s = await t.session({ scripts: ["./stacking.js"], entries: [user("u1", "Hi"), assistant("a1", "Hello.")], turns: [{ text: "Yes?" }] });
  await s.prompt("Again");
  assert.deepEqual(s.lastContext.map(textOf), ["Hi", "Hello.", "Again"]);
});

test("/pop with no prompt yet says there is nothing to pop", async (t) => {
  const s = await t.session({ scripts: ["./stacking.js"] });
  await assert.rejects(s.command("/pop 1"), /nothing to pop yet/);
});

export default tests;
