// Tests of pruning.js, run by `graft scripts test scripts/examples` (see docs/testing.md).
import { test, assert, tests } from "graft/lib/test.js";

// The model reads a file, answers, then answers the next prompt.
const turns = [
  { toolCalls: [{ name: "read", arguments: { path: "notes.txt" }, id: "call_read" }] },
  { text: "The notes say hello." },
  { text: "Still here." },
];
const files = { "notes.txt": "hello from the notes\n" };

/** The text of the tool result the model was sent for `id` in the last request. */
function resultSent(session, id) {
  const m = session.lastContext.find((x) => x.role === "toolResult" && x.toolCallId === id);
  return m.content.map((b) => b.text).join("\n");
}

test("/prune N remove takes the result out of every later request, and the session keeps it", async (t) => {
  const s = await t.session({ scripts: ["./pruning.js"], turns, files });
  await s.prompt("Read notes.txt");
  await s.prompt("Anything else?"); // second request: the result is still there
  assert.match(resultSent(s, "call_read"), /hello from the notes/);

  await s.command("/prune 1 remove");
  assert.deepEqual(s.customEntries("prune").map((e) => e.data), [{ choices: [{ toolCallId: "call_read", strategy: "remove" }] }]);
  assert.deepEqual(s.notifications, [{ message: "Pruned 1 tool result (the session keeps the originals)", level: "info" }]);

  await s.prompt("Go on");
  assert.equal(resultSent(s, "call_read"), "[pruned: this read result was removed from the context]");
  const kept = s.entries.find((e) => e.type === "message" && e.message.role === "toolResult");
  assert.match(kept.message.content[0].text, /hello from the notes/, "the session file keeps the original");
});

test("/prune without arguments asks which result and how", async (t) => {
  const s = await t.session({ scripts: ["./pruning.js"], turns, files });
  await s.prompt("Read notes.txt");
  const label = 'read {"path":"notes.txt"} — 21 chars';
  await s.command("/prune", { answers: [label, "truncate", "Done"] });
  assert.deepEqual(s.dialogs.map((d) => d.title), [
    "Prune which tool result? (0 chosen)", `Prune ${label} how?`, "Prune which tool result? (1 chosen)",
  ]);
  assert.equal(s.customEntries("prune")[0].data.choices[0].strategy, "truncate");
});

test("/prune tells equal results apart and prunes the one chosen", async (t) => {
  const twice = [
    { toolCalls: [{ name: "read", arguments: { path: "notes.txt" }, id: "call_a" }, { name: "read", arguments: { path: "notes.txt" }, id: "call_b" }] },
    { text: "Read it twice." },
  ];
  const s = await t.session({ scripts: ["./pruning.js"], turns: twice, files });
  await s.prompt("Read notes.txt twice");
  // Newest first: the second of the two equal labels is the earlier call's.
  const second = 'read {"path":"notes.txt"} — 21 chars (2)';
  await s.command("/prune", { answers: [second, "remove", "Done"] });
  assert.deepEqual(s.customEntries("prune")[0].data.choices, [{ toolCallId: "call_a", strategy: "remove" }]);
});

test("/prune fails with a message when there is nothing to prune", async (t) => {
  const s = await t.session({ scripts: ["./pruning.js"], turns: [{ text: "Hi." }] });
  await s.prompt("Hello");
  await assert.rejects(s.command("/prune 1 remove"), /there are no tool results to prune/);
  assert.equal(s.customEntries("prune").length, 0);
});

test("/prune offers only the results in the context, not those a /pop (stacking.js) hid", async (t) => {
  const s = await t.session({
    scripts: ["./pruning.js", "./stacking.js"],
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
  await s.prompt("Read b.txt");
  await s.command("/pop 1"); // b.txt's turn leaves the context
  await s.command("/prune", { answers: ["Done"] });
  assert.deepEqual(s.dialogs[0].options, ["Done", 'read {"path":"a.txt"} — 6 chars'], "b.txt's result is not offered");

  await assert.rejects(s.command("/prune 2 remove"), /N from 1 to 1/);
  await s.command("/prune 1 remove");
  assert.deepEqual(s.customEntries("prune")[0].data.choices, [{ toolCallId: "call_a", strategy: "remove" }]);
  await s.prompt("Go on");
  assert.match(resultSent(s, "call_a"), /^\[pruned: /);
});

test("/prune says so when every tool result has left the context", async (t) => {
  const s = await t.session({
    scripts: ["./pruning.js", "./stacking.js"],
    turns: [...turns.slice(0, 2), { text: "notes.txt was read." }],
    files,
  });
  await s.prompt("Read notes.txt");
  await s.command("/pop 1");
  await assert.rejects(s.command("/prune 1 remove"), /no tool results to prune in the model's context/);
});

export default tests;
