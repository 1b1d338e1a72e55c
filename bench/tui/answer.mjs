// Writes the turn bench/tui-render.sh streams: a 12 KB markdown answer (headings, paragraphs,
// lists, a table, fenced code in several languages, quotes), deterministic, ending in a marker
// line the benchmark waits for. Usage: node answer.mjs FILE [BYTES] [CHUNK]
import { writeFileSync } from "node:fs";

const file = process.argv[2];
const bytes = Number(process.argv[3] ?? 12 * 1024);
const chunk = Number(process.argv[4] ?? 25);
let seed = 7;
const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
const WORDS = ["the", "session", "renders", "markdown", "while", "it", "streams", "and", "each", "line", "keeps",
  "its", "width", "terminal", "component", "editor", "footer", "branch", "summary", "token", "cost", "model"];
const words = (n) => Array.from({ length: n }, () => WORDS[next() % WORDS.length]).join(" ");
const blocks = [];
let size = 0;
let i = 0;
while (size < bytes - 200) {
  let b;
  switch (i % 7) {
    case 0: b = `## Part ${i / 7 + 1}: ${words(4)}`; break;
    case 1: b = `${words(40)} **${words(3)}** and \`${words(1)}\` ${words(30)}.`; break;
    case 2: b = `- ${words(8)}\n- ${words(10)}\n  1. ${words(6)}\n  2. ${words(7)}\n- ${words(9)}`; break;
    case 3: b = "```python\ndef step_" + i + "(x, y):\n    \"\"\"" + words(6) + "\"\"\"\n    total = x + y * " + i
      + "\n    return total  # " + words(4) + "\n```"; break;
    case 4: b = `| name | value | note |\n|------|------:|------|\n| ${words(1)} | ${i} | ${words(3)} |\n| ${words(2)} | ${i * 7} | ${words(2)} |`; break;
    case 5: b = `> ${words(25)}`; break;
    default: b = "```ts\nexport function f" + i + "(a: number): string {\n  return `" + words(3) + " ${a}`;\n}\n```";
  }
  blocks.push(b);
  size += b.length + 2;
  i++;
}
blocks.push("END-OF-ANSWER");
const text = blocks.join("\n\n");
writeFileSync(file, JSON.stringify([{ text, chunk, usage: { input: 1000, output: 3000 } }]));
console.log(`${text.length} characters, ${Math.ceil(text.length / chunk)} events`);
