// Writes the session bench/session-memory.sh measures: TURNS ordinary turns (user, assistant with a
// tool call, a 4 KB tool result, assistant), a compaction every 1,000 turns, then one turn whose tool
// result is HUGE_MB megabytes of text. Deterministic; no dependencies. SESSION_CWD sets the cwd.
// The huge result is written in pieces, so it may be larger than a V8 string can be (about 512 MB).
// Usage: node gen-big-session.mjs FILE TURNS HUGE_MB
import { openSync, writeSync, closeSync } from "node:fs";
const [file, turnsArg, hugeArg] = process.argv.slice(2);
const turns = Number(turnsArg), hugeMb = Number(hugeArg);
const fd = openSync(file, "w");
let counter = 0, parent = null, t = Date.parse("2026-01-01T09:00:00.000Z");
const id = () => (++counter).toString(16).padStart(8, "0");
const HUGE = "@@huge-result@@"; // stands for the huge result in the line, which is written in pieces
let hugeText = null;
const out = (s) => {
  const at = s.indexOf(HUGE);
  if (at < 0) return writeSync(fd, s + "\n");
  writeSync(fd, s.slice(0, at));
  hugeText();
  writeSync(fd, s.slice(at + HUGE.length) + "\n");
};
const entry = (f) => { const e = { type: f.type, id: id(), parentId: parent, timestamp: new Date(t).toISOString(), ...f }; parent = e.id; out(JSON.stringify(e)); return e; };
const msg = (m) => entry({ type: "message", message: { ...m, timestamp: t++ } });
const usage = { input: 1200, output: 80, cacheRead: 0, cacheWrite: 0, totalTokens: 1280, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
const asst = (content, stopReason) => msg({ role: "assistant", content, api: "anthropic-messages", provider: "anthropic", model: "claude-sonnet-4-5", usage, stopReason });
out(JSON.stringify({ type: "session", version: 3, id: "019b7a10-0000-7000-8000-000000000002", timestamp: new Date(t).toISOString(), cwd: process.env.SESSION_CWD ?? "/tmp/s9/project" }));
let seed = 7; const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
const W = ["const", "return", "value", "session", "entry", "branch", "message", "tool", "result", "\"quoted\"", "tab\there", "path/to/file.ts", "=>", "{", "}"];
const line = () => { const a = []; for (let k = 4 + rnd() % 9; k > 0; k--) a.push(W[rnd() % W.length]); return a.join(" "); };
const block = (bytes) => { const a = []; let n = 0; while (n < bytes) { const l = line(); a.push(l); n += l.length + 1; } return a.join("\n"); };
const blob = block(4000);
const turn = (i, result) => {
  msg({ role: "user", content: "turn " + i + " please fix the thing", });
  const cid = "call_" + i;
  asst([{ type: "text", text: "working on it " + i }, { type: "toolCall", id: cid, name: "read", arguments: { path: "src/f" + i + ".ts" } }], "toolUse");
  msg({ role: "toolResult", toolCallId: cid, toolName: "read", content: [{ type: "text", text: result }], isError: false });
  return asst([{ type: "text", text: "done " + i }], "stop");
};
const kept = [];
for (let i = 0; i < turns; i++) {
  const last = turn(i, blob + i);
  kept.push(last.id);
  if (i % 1000 === 999) entry({ type: "compaction", summary: "summary at " + i, firstKeptEntryId: kept[kept.length - 3], tokensBefore: 100000 });
}
if (hugeMb > 0) {
  const chunk = JSON.stringify(block(1 << 20)).slice(1, -1);
  hugeText = () => { for (let k = 0; k < hugeMb; k++) writeSync(fd, k === 0 ? chunk : "\\n" + chunk); };
  turn(turns, HUGE);
}
closeSync(fd);
