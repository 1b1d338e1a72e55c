// Writes the session bench/hook-context.sh runs the `context` hook over: 2,000 messages (250
// turns of user, three tool calls with their results, and a final answer) with `prune` entries
// as scripts/examples/pruning.js records them (every tenth turn prunes four earlier tool
// results, by summary, truncate or remove). Deterministic: fixed ids, timestamps and texts, so
// every run and both agents read the same bytes. No dependencies.
// Usage: node gen-hook-session.mjs FILE [TURNS [CWD [pop]]] (default 250 turns = 2,000 messages;
// CWD, the session's working directory, /home/user/project: the reference agent wants it to
// exist; `pop`: end with a `stack_pop` entry as scripts/examples/stacking.js records it, popping
// the last three turns)
import { writeFileSync } from "node:fs";

const file = process.argv[2];
const turns = Number(process.argv[3] ?? 250);
const cwd = process.argv[4] ?? "/home/user/project";
const pop = process.argv[5] === "pop";
if (!file || !(turns > 0)) {
  console.error("usage: node gen-hook-session.mjs FILE [TURNS [CWD]]");
  process.exit(2);
}

// A small linear congruential generator: the same "random" texts on every machine.
let seed = 42;
const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
const WORDS = ["const", "return", "value", "session", "entry", "branch", "message", "tool", "result",
  "context", "handler", "prune", "summary", "file", "line", "error", "test", "build", "path", "=>"];
const text = (chars) => {
  const out = [];
  let n = 0;
  while (n < chars) {
    const line = [];
    for (let w = 0, k = 4 + (next() % 9); w < k; w++) line.push(WORDS[next() % WORDS.length]);
    const s = line.join(" ");
    out.push(s);
    n += s.length + 1;
  }
  return out.join("\n");
};

const lines = [];
let clock = Date.parse("2026-01-01T09:00:00.000Z");
let counter = 0;
let parent = null;
const id = () => (++counter).toString(16).padStart(8, "0");
id.peek = () => (counter + 1).toString(16).padStart(8, "0");
const entry = (fields) => {
  const e = { type: fields.type, id: id(), parentId: parent, timestamp: new Date(clock).toISOString(), ...fields };
  parent = e.id;
  lines.push(JSON.stringify(e));
  return e;
};
const message = (m) => entry({ type: "message", message: { ...m, timestamp: clock++ } });
const usage = () => ({ input: 1200, output: 80, cacheRead: 0, cacheWrite: 0, totalTokens: 1280,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } });
const assistant = (content, stopReason) => message({ role: "assistant", content, api: "anthropic-messages",
  provider: "anthropic", model: "claude-sonnet-4-5", usage: usage(), stopReason });

lines.push(JSON.stringify({ type: "session", version: 3, id: "019b7a10-0000-7000-8000-000000000001",
  timestamp: new Date(clock).toISOString(), cwd }));

const STRATEGIES = ["summary", "truncate", "remove"];
const calls = [];
let messages = 0;
let prunes = 0;
const prompts = [];
for (let t = 0; t < turns; t++) {
  prompts.push(id.peek());
  message({ role: "user", content: `turn ${t}: please look at module ${t % 17} and fix what is wrong` });
  for (let k = 0; k < 3; k++) {
    const callId = `toolu_${String(t * 3 + k).padStart(5, "0")}`;
    const name = ["read", "bash", "grep"][k];
    const args = name === "read" ? { path: `src/module${t % 17}/file${k}.ts` }
      : name === "bash" ? { command: `npm test -- module${t % 17}` } : { pattern: `fn${t}`, path: "src" };
    assistant([{ type: "text", text: `Checking ${name} for turn ${t}.` }, { type: "toolCall", id: callId, name, arguments: args }], "toolUse");
    // Results from 200 to 4,200 characters: some under the truncate limit (500), most over.
    message({ role: "toolResult", toolCallId: callId, toolName: name, content: [{ type: "text", text: text(200 + (next() % 4000)) }],
      isError: false });
    calls.push(callId);
  }
  assistant([{ type: "text", text: `Turn ${t} is done: ${text(120)}` }], "stop");
  messages += 8;
  if (t % 10 === 9) {
    const choices = [];
    for (let c = 0; c < 4; c++) {
      const strategy = STRATEGIES[(t + c) % 3];
      const choice = { toolCallId: calls[next() % calls.length], strategy };
      if (strategy === "summary") choice.summary = `the result showed ${text(60).replace(/\n/g, " ")}`;
      choices.push(choice);
    }
    entry({ type: "custom", customType: "prune", data: { choices } });
    prunes++;
  }
}
if (pop && turns >= 3) {
  entry({ type: "custom", customType: "stack_pop", data: { backToId: prompts[turns - 3], summary: `the last three turns ${text(200).replace(/\n/g, " ")}` } });
}
writeFileSync(file, lines.join("\n") + "\n");
console.log(JSON.stringify({ file, messages, pruneEntries: prunes }));
