// Records the reference's findCutPoint and estimateTokens over the generated fixture sessions,
// for graft's CutPointDifferentialTest. Run by record-cutpoints.sh from the oracle directory.
import { SessionManager, findCutPoint, estimateTokens, collectEntriesForBranchSummary, prepareBranchEntries } from "@mariozechner/pi-coding-agent";
import fs from "node:fs";
import path from "node:path";
const root = process.argv[2];
const out = {};
for (const name of fs.readdirSync(root).filter((n) => /^s\d+$/.test(n)).sort()) {
  const file = path.join(root, name, "session.jsonl");
  const sm = SessionManager.open(file, path.dirname(file));
  const ids = sm.getEntries().map((e) => e.id);
  const leaves = [sm.getLeafId(), ids[Math.floor(ids.length / 2)], ids[Math.floor(ids.length / 3)]];
  const cases = [];
  for (const leaf of leaves) {
    const entries = sm.getBranch(leaf);
    for (const keep of [1, 20, 60, 150, 400, 20000]) {
      for (const start of [0, Math.floor(entries.length / 3)]) {
        const r = findCutPoint(entries, start, entries.length, keep);
        cases.push({ leaf, keep, start, end: entries.length, ...r });
      }
    }
  }
  const branches = [];
  for (let k = 0; k < 6; k++) {
    const from = ids[(k * 7 + 3) % ids.length];
    const to = ids[(k * 13 + 5) % ids.length];
    const { entries, commonAncestorId } = collectEntriesForBranchSummary(sm, from, to);
    for (const budget of [0, 50, 400]) {
      const p = prepareBranchEntries(entries, budget);
      branches.push({ from, to, commonAncestorId, entries: entries.map((e) => e.id), budget, messages: p.messages.length, totalTokens: p.totalTokens,
        readFiles: [...p.fileOps.read].sort(), edited: [...p.fileOps.edited].sort() });
    }
  }
  const tokens = {};
  for (const e of sm.getEntries()) if (e.type === "message") tokens[e.id] = estimateTokens(e.message);
  out[name] = { cases, tokens, branches };
}
process.stdout.write(JSON.stringify(out));
