// Tests of stacking.js, run by `graft scripts test scripts/examples` (see docs/testing.md).
import { test, assert, tests } from "graft/lib/test.js";
import { branchHas } from "./lib/messages.js";

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

test("/pop 1 summarises the last turn with the session's model and pops it", async (t) => {
  const s = await t.session({
    scripts: ["./stacking.js"],
    turns: [{ text: "Parser written, 300 lines of detail." }, { text: "The parser is written." }, { text: "On to the tests." }],
  });
  await s.prompt("Write the parser");
  await s.command("/pop 1");
  assert.equal(s.requests.length, 2, "the summary is one model call");
  assert.match(textOf(s.requests[1].messages[0]), /Write the parser/, "the summariser reads the popped turn");
  assert.equal(s.customEntries("stack_pop")[0].data.summary, "The parser is written.");
  await s.prompt("Now the tests");
  const sent = s.lastContext.map(textOf);
  assert.match(sent[0], /popped off the stack, summarised:\n\nThe parser is written\.$/);
  assert.equal(sent[1], "Now the tests");
});

test("/pop counts only the turns the model still sees, not those an earlier pop hid", async (t) => {
  const s = await t.session({
    scripts: ["./stacking.js"],
    entries: [
      user("u1", "Set up the project"),
      assistant("a1", "Set up."),
      user("u2", "Write the parser"),
      assistant("a2", "Parser written."),
      { type: "custom", customType: "stack_pop", data: { backToId: "u2", summary: "The parser is written." } },
      user("u3", "Write the tests"),
      assistant("a3", "Tests written."),
    ],
    turns: [{ text: "Set up, and the tests are written." }],
  });
  await assert.rejects(s.command("/pop 3"), /from 1 to 2/, "u2 is popped already: two turns are left");
  await s.command("/pop 2");
  assert.equal(s.customEntries("stack_pop")[1].data.backToId, "u1", "the second turn back is u1, not the popped u2");
});

test("/pop says so when every turn is popped already", async (t) => {
  const s = await t.session({
    scripts: ["./stacking.js"],
    entries: [
      user("u1", "Write the parser"),
      assistant("a1", "Parser written."),
      { type: "custom", customType: "stack_pop", data: { backToId: "u1", summary: "The parser is written." } },
    ],
  });
  await assert.rejects(s.command("/pop 1"), /every turn is popped already/);
});

test("a pop keeps what pruning.js made of the messages it leaves in the context", async (t) => {
  const s = await t.session({
    scripts: ["./pruning.js", "./stacking.js"], // the order `graft --scripts scripts/examples` loads them in
    turns: [
      { toolCalls: [{ name: "read", arguments: { path: "a.txt" }, id: "call_a" }] },
      { text: "a.txt says alpha." },
      { toolCalls: [{ name: "read", arguments: { path: "b.txt" }, id: "call_b" }] },
      { text: "b.txt says beta." },
      { text: "b.txt was read: it says beta." }, // the summary /pop 1 asks for
      { text: "Done." },
    ],
    files: { "a.txt": "alpha\n", "b.txt": "beta\n" },
  });
  await s.prompt("Read a.txt");
  await s.command("/prune 1 remove");
  await s.prompt("Read b.txt");
  await s.command("/pop 1");
  await s.prompt("Go on");
  const sent = s.lastContext.map(textOf);
  assert.deepEqual(sent.slice(0, 2), ["Read a.txt", ""]);
  assert.match(sent[2], /^\[pruned: /, "a.txt's result as pruning.js left it");
  assert.match(sent[4], /popped off the stack, summarised:\n\nb\.txt was read/);
  assert.ok(!sent.some((x) => x.includes("beta\n")), "the popped result is not sent");
  assert.equal(sent[sent.length - 1], "Go on");
});

export default tests;

test("branchHas reads only what was added, and a branch that moved from its start", () => {
  const seen = [];
  const has = branchHas((e) => { seen.push(e.id); return e.customType === "stack_pop"; });
  const a = { id: "a" }, b = { id: "b" }, c = { id: "c" }, pop = { id: "p", customType: "stack_pop" }, d = { id: "d" };
  assert.equal(has([a, b]), false);
  assert.equal(has([a, b, c]), false);
  assert.deepEqual(seen, ["a", "b", "c"]); // c alone was read the second time
  assert.equal(has([a, b, c, pop]), true);
  assert.equal(has([a, b, c, pop, d]), true);
  assert.deepEqual(seen, ["a", "b", "c", "p"]); // found: nothing more to read
  assert.equal(has([a, b, d]), false); // another branch (a fork at b): read again from its start
  assert.deepEqual(seen, ["a", "b", "c", "p", "a", "b", "d"]);
  assert.equal(has([a]), false); // a shorter branch: read again
  assert.equal(has([]), false);
});
