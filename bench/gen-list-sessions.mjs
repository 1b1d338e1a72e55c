// Writes COUNT session files of about SIZE_KB each under DIR/sessions/--bench-list--/, in the
// v3 format with realistic lines (user and assistant messages, large tool results, a name in
// every third session), for the listing benchmark. usage: node gen-list-sessions.mjs DIR COUNT SIZE_KB
import fs from "node:fs";
import path from "node:path";
const [dir, count = "1000", sizeKb = "1024"] = process.argv.slice(2);
const out = path.join(dir, "sessions", "--bench-list--");
fs.mkdirSync(out, { recursive: true });
const blob = "lorem ipsum dolor sit amet ".repeat(150); // ~4 KB
let id = 0;
const nid = () => (++id).toString(16).padStart(8, "0");
for (let s = 0; s < Number(count); s++) {
  const ts = new Date(Date.UTC(2026, 0, 1) + s * 60000).toISOString();
  const sid = `019b0000-0000-7000-8000-${s.toString(16).padStart(12, "0")}`;
  const lines = [JSON.stringify({ type: "session", version: 3, id: sid, timestamp: ts, cwd: "/bench/list" })];
  let parent = null;
  const add = (e) => { const i = nid(); lines.push(JSON.stringify({ ...e, id: i, parentId: parent, timestamp: ts })); parent = i; };
  add({ type: "message", message: { role: "user", content: `session ${s}: please look at module ${s % 97}`, timestamp: 1 } });
  let bytes = 0;
  for (let t = 0; bytes < Number(sizeKb) * 1024; t++) {
    add({ type: "message", message: { role: "assistant", content: [{ type: "text", text: "reading" }, { type: "toolCall", id: `c${t}`, name: "read", arguments: { path: `f${t}.ts` } }], api: "anthropic-messages", provider: "anthropic", model: "m", usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } }, stopReason: "toolUse", timestamp: 2 } });
    add({ type: "message", message: { role: "toolResult", toolCallId: `c${t}`, toolName: "read", content: [{ type: "text", text: blob }], isError: false, timestamp: 3 } });
    bytes += blob.length + 400;
    if (s % 3 === 0 && t === 3) add({ type: "session_info", name: `bench session ${s}` });
  }
  fs.writeFileSync(path.join(out, `${ts.replace(/[:.]/g, "-")}_${sid}.jsonl`), lines.join("\n") + "\n");
}
console.log(out);
