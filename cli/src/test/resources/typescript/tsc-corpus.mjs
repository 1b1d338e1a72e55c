// The oracle of TypeScriptCorpusTest: what tsc makes of each file of a corpus, run by node.
// Each .ts/.mts/.tsx file is compiled on its own with transpileModule (target ES2022, ES
// modules, verbatimModuleSyntax, an inline source map), written to OUT with its lib/ modules,
// and run by node with source maps on, so a stack trace names the .ts line as graft's does.
// console.log prints as graft's console does (prelude.js), so the two outputs compare as text.
// Usage: node tsc-corpus.mjs TYPESCRIPT_DIR CORPUS_DIR OUT_DIR
// Prints one JSON object: {"file.ts": {"diagnostics": [{"line", "message"}], "output": [...],
// "failed": "first line of node's error, or null"}}.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [typescriptDir, corpus, out] = process.argv.slice(2);
const ts = (await import(pathToFileURL(path.join(typescriptDir, "lib/typescript.js")).href)).default;
const options = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  verbatimModuleSyntax: true,
  inlineSourceMap: true,
  jsx: ts.JsxEmit.Preserve,
};

function compile(relative) {
  const source = fs.readFileSync(path.join(corpus, relative), "utf8");
  const result = ts.transpileModule(source, { fileName: path.basename(relative), compilerOptions: options, reportDiagnostics: true });
  const target = path.join(out, relative.replace(/\.m?tsx?$/, (ext) => (ext === ".mts" ? ".mjs" : ".js")));
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, result.outputText);
  const diagnostics = (result.diagnostics ?? []).map((d) => ({
    line: d.file ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0,
    message: ts.flattenDiagnosticMessageText(d.messageText, " "),
  }));
  return { target, diagnostics };
}

fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, "package.json"), '{"type": "module"}\n');
const shim = path.join(out, "graft-console.mjs");
fs.writeFileSync(shim, `
// console.log as graft's prelude.js prints it (show and format), to the process's stdout.
function show(v, depth) {
  switch (typeof v) {
    case "string": return depth === 0 ? v : JSON.stringify(v.length > 200 ? v.slice(0, 200) + "..." : v);
    case "function": return "[Function " + (v.name || "anonymous") + "]";
    case "bigint": return v + "n";
    case "symbol": case "number": case "boolean": return String(v);
    case "undefined": return "undefined";
    default: {
      if (v === null) return "null";
      if (v instanceof Error) return depth === 0 && typeof v.stack === "string" ? v.stack : v.name + ": " + v.message;
      if (depth > 2) return Array.isArray(v) ? "[Array]" : "[Object]";
      const parts = [];
      if (Array.isArray(v)) {
        for (let i = 0; i < v.length && i < 50; i++) parts.push(show(v[i], depth + 1));
        if (v.length > 50) parts.push("... " + (v.length - 50) + " more");
        return "[" + parts.join(", ") + "]";
      }
      const ks = Object.keys(v);
      for (let i = 0; i < ks.length && i < 50; i++) parts.push(ks[i] + ": " + show(v[ks[i]], depth + 1));
      if (ks.length > 50) parts.push("... " + (ks.length - 50) + " more");
      return "{" + parts.join(", ") + "}";
    }
  }
}
const write = (args) => process.stdout.write(Array.from(args, (a) => show(a, 0)).join(" ") + "\\n");
for (const name of ["log", "info", "debug", "trace", "warn", "error"]) console[name] = function () { write(arguments); };
`);

const walk = (dir) => fs.readdirSync(path.join(corpus, dir), { withFileTypes: true }).flatMap((e) =>
  e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]);
const files = walk("").filter((f) => /\.(m?ts|tsx)$/.test(f)).sort();
const compiled = Object.fromEntries(files.map((f) => [f, compile(f)]));
const results = {};
for (const file of files.filter((f) => !f.includes(path.sep))) {
  const { target, diagnostics } = compiled[file];
  let output = [];
  let failed = null;
  if (diagnostics.length === 0) {
    const run = spawnSync(process.execPath, ["--enable-source-maps", "--import", pathToFileURL(shim).href, target],
      { encoding: "utf8", timeout: 20000 });
    output = run.stdout.split("\n").filter((line, i, all) => i < all.length - 1 || line !== "");
    if (run.status !== 0) {
      failed = (run.stderr.split("\n").find((l) => /^\w*Error\b/.test(l)) ?? run.stderr.split("\n")[0] ?? "").trim();
    }
  }
  results[file] = { diagnostics, output, failed };
}
process.stdout.write(JSON.stringify(results));
