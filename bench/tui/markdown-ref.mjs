// The reference's markdown component on the same workloads as graft's MarkdownBench (see
// bench/markdown.sh): pi-tui's Markdown with the coding agent's dark theme (cli-highlight for
// code). Prints "first-highlight-ms whole-ms stream-ms highlight-ms".
// Usage: node markdown-ref.mjs FILE [ROUNDS [CHUNK]]   (run from the oracle's directory)
import { readFileSync } from "node:fs";
import { Markdown } from "@mariozechner/pi-tui";
import { initTheme, getMarkdownTheme, highlightCode } from "@mariozechner/pi-coding-agent";

const text = readFileSync(process.argv[2], "utf8");
const rounds = Number(process.argv[3] ?? 20);
const chunk = Number(process.argv[4] ?? 25);
initTheme("dark");
const mdTheme = getMarkdownTheme();
let t0 = performance.now();
highlightCode("def f(x):\n    return x  # c\n", "python");
const first = performance.now() - t0;
const code = text.split("\n\n").filter((p) => p.startsWith("```"));
const round = () => {
  const a = performance.now();
  new Markdown(text, 1, 0, mdTheme).render(160);
  const b = performance.now();
  const streamed = new Markdown("", 1, 0, mdTheme);
  for (let end = chunk; end < text.length + chunk; end += chunk) {
    streamed.setText(text.slice(0, Math.min(end, text.length)));
    streamed.render(160);
  }
  const c = performance.now();
  for (const block of code) highlightCode(block, "python");
  const d = performance.now();
  return [b - a, c - b, d - c];
};
for (let i = 0; i < 5; i++) round();
const times = Array.from({ length: rounds }, round);
const median = (k) => {
  const v = times.map((t) => t[k]).sort((x, y) => x - y);
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
};
console.log(`${first.toFixed(2)} ${median(0).toFixed(3)} ${median(1).toFixed(2)} ${median(2).toFixed(3)}`);
