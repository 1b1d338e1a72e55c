// Runs every example extension of the reference package through graft (see pi-examples.sh) and
// classifies it: unchanged (runs as shipped, with the grants a user would give for Node's modules),
// after type stripping, needs API, or impossible (fails and uses a terminal feature graft lacks), with
// the reason for each. Prints a table and the counts.
//
// node pi-examples.mjs EXAMPLES_DIR GRAFT TYPES_D_TS WORK_DIR [TSC_MODULE]
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const [examplesDir, graft, typesFile, work, tscModule] = process.argv.slice(2);
const ts = tscModule ? createRequire(import.meta.url)(tscModule) : null;

// ---------------------------------------------------------------- graft

function runGraft(args, cwd, home) {
  const r = spawnSync(graft, args, {
    cwd, encoding: "utf8", timeout: 120_000,
    env: { ...process.env, GRAFT_HOME: home, NO_COLOR: "1" },
    input: "",
  });
  return { code: r.status, out: r.stdout || "", err: r.stderr || "" };
}

function firstProblem(text) {
  const lines = text.split("\n").map((l) => l.trim()).filter((l) => l.length > 0 && !/^\d+ problems?\.$/.test(l));
  const line = lines.find((l) => /problem|not loaded|error|Error|cannot|not a/.test(l)) || lines[0] || "";
  return line.length > 220 ? line.slice(0, 220) + "..." : line;
}

/**
 * What a user would grant an example that uses Node's modules: read and write the project (its
 * folder), read ~/.pi (where the reference keeps its settings), and run the programs it names
 * (pi.exec, child_process) — no hosts, no secret variables.
 */
function grantsFor(source, programs) {
  const grant = {};
  if (programs.length > 0) grant.run = programs;
  if (NODE_FILES.test(source)) {
    // the files it names by absolute path, as its usage tells a user (file-trigger's /tmp file)
    const named = [...new Set([...source.matchAll(/["'`](\/tmp\/[\w.\/-]+)["'`]/g)].map((m) => m[1]))];
    grant.read = [".", "~/.pi", ...named];
    grant.write = [".", ...named];
  }
  return grant;
}

function describeGrant(grant) {
  return Object.entries(grant).map(([k, v]) => k + " " + v.join(" ")).join("; ");
}

/**
 * `graft scripts check` and a scripted -p run of `entry`; {ok, reason}. `grant`: what the example
 * is granted, as a user would (graft asks for a grant per program, path, host or variable). A
 * folder with npm dependencies (`pkg`) is installed first with `graft scripts add`, as a user
 * would, and runs as an installed package.
 */
function tryRun(entry, label, grant, pkg) {
  const home = fs.mkdtempSync(path.join(work, "home-"));
  const key = pkg ? "package:" + pkg.name : path.basename(entry);
  if (Object.keys(grant).length > 0) {
    fs.writeFileSync(path.join(home, "settings.json"), JSON.stringify({ scripts: { permissions: { [key]: grant } } }));
  }
  const cwd = path.dirname(entry);
  const local = (text) => text.split(cwd + path.sep).join(""); // file names as in the example
  // A /tmp file the example names is one its usage has the user create (file-trigger's).
  const made = (grant.write || []).filter((p) => p.startsWith("/tmp/") && !fs.existsSync(p));
  made.forEach((p) => fs.writeFileSync(p, ""));
  try {
    return runChecked(entry, label, pkg, home, cwd, local);
  } finally {
    made.forEach((p) => fs.rmSync(p, { force: true }));
  }
}

function runChecked(entry, label, pkg, home, cwd, local) {
  let scriptArgs = ["-s", entry];
  if (pkg) {
    const add = runGraft(["scripts", "add", pkg.dir], cwd, home);
    if (add.code !== 0) return { ok: false, reason: label + " add: " + local(firstProblem(add.err + "\n" + add.out)) };
    scriptArgs = [];
  } else {
    const check = runGraft(["scripts", "check", entry], cwd, home);
    if (check.code !== 0) return { ok: false, reason: label + " check: " + local(firstProblem(check.out + "\n" + check.err)) };
  }
  fs.writeFileSync(path.join(cwd, "turns.jsonl"), '{"text": "ok"}\n');
  const run = runGraft(["-p", "--no-session", "--provider", "scripted", "--model", "turns.jsonl", ...scriptArgs, "hello"],
    cwd, home);
  const trouble = run.err.split("\n").find((l) => /script problem|not loaded|\] .*(Error|error)|not granted/.test(l));
  if (run.code !== 0 || trouble) {
    return { ok: false, reason: label + " run: " + local(firstProblem(trouble || run.err || run.out)) };
  }
  return { ok: true };
}

// ---------------------------------------------------------------- the reference's API

function interfaceMembers(text, name) {
  const lines = text.split("\n");
  const start = lines.findIndex((l) => l.startsWith("export interface " + name + " "));
  const out = [];
  for (let i = start + 1; i < lines.length && !lines[i].startsWith("}"); i++) {
    const m = /^    (?:readonly )?([A-Za-z_]\w*)\??[(:<]/.exec(lines[i]);
    if (m && !out.includes(m[1])) out.push(m[1]);
  }
  return out;
}

const typesText = fs.readFileSync(typesFile, "utf8");
const reference = {
  pi: interfaceMembers(typesText, "ExtensionAPI"),
  ctx: [...interfaceMembers(typesText, "ExtensionContext"), ...interfaceMembers(typesText, "ExtensionCommandContext")],
  "ctx.ui": interfaceMembers(typesText, "ExtensionUIContext"),
};

/** What graft's pi, command ctx and ctx.ui hold: a probe script's command prints their keys. */
function graftMembers() {
  const dir = fs.mkdtempSync(path.join(work, "probe-"));
  const probe = path.join(dir, "probe.js");
  fs.writeFileSync(probe, `export default function (pi) {
  pi.registerCommand("probe", { handler: async (args, ctx) => {
    console.log("PROBE " + JSON.stringify({ pi: Object.keys(pi), ctx: Object.keys(ctx), "ctx.ui": Object.keys(ctx.ui) }));
  } });
}
`);
  fs.writeFileSync(path.join(dir, "turns.jsonl"), '{"text": "ok"}\n');
  const r = runGraft(["-p", "-v", "--no-session", "--provider", "scripted", "--model", "turns.jsonl", "-s", probe, "/probe"],
    dir, fs.mkdtempSync(path.join(work, "home-")));
  const line = (r.out + r.err).split("\n").find((l) => l.includes("PROBE "));
  if (!line) throw new Error("the API probe printed nothing: " + r.err);
  return JSON.parse(line.slice(line.indexOf("PROBE ") + 6));
}

const graftApi = graftMembers();

function missingMembers(source) {
  const missing = new Set();
  const check = (object, names, pattern) => {
    for (const m of source.matchAll(pattern)) {
      if (reference[object].includes(m[1]) && !graftApi[object].includes(m[1])) missing.add(object + "." + m[1]);
    }
  };
  check("pi", reference.pi, /\bpi\.(\w+)/g);
  check("ctx.ui", reference["ctx.ui"], /\bctx\.ui\.(\w+)/g);
  check("ctx", reference.ctx, /\bctx\.(\w+)/g);
  return [...missing];
}

// ---------------------------------------------------------------- the examples

const NODE_MODULES = /from\s+["'](node:[\w/]+|fs|fs\/promises|child_process|os|path|url|util|module|crypto|net|http|https|readline|worker_threads)["']|\brequire\(|\bprocess\.(env|cwd|exit|on|stdout|stdin|platform|argv|kill)/g;
const NODE_FILES = /from\s+["'](?:node:)?(?:fs|fs\/promises)["']|\brequire\(["'](?:node:)?fs/;
const PROGRAMS = /\b(?:pi\.exec|spawn|spawnSync|execFile|execFileSync|exec|execSync)\(\s*["'`]([\w.\/-]+)/g;
// The terminal features graft does not have (a script's own editor, raw terminal input, autocomplete
// providers, overlays composited over the screen); components themselves (ctx.ui.custom, widgets,
// footer, header, renderers, the pi-tui module) graft draws.
const TUI = /setEditorComponent|onTerminalInput|\bCustomEditor\b|addAutocompleteProvider|\.showOverlay\b/g;
const COMPONENTS = /from\s+["']@mariozechner\/pi-tui["']|\bctx\.ui\.custom\b|\bDynamicBorder\b|\bBorderedLoader\b|getMarkdownTheme|setWidget\([^)]*=>|setFooter\(|setHeader\(|registerMessageRenderer|renderCall|renderResult/g;

function sourcesOf(entryPath) {
  if (fs.statSync(entryPath).isFile()) return [entryPath];
  const out = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.name === "node_modules") continue;
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(ts|js|mjs)$/.test(e.name)) out.push(p);
    }
  };
  walk(entryPath);
  return out;
}

function entryFile(entryPath) {
  if (fs.statSync(entryPath).isFile()) return entryPath;
  for (const name of ["index.ts", "index.js"]) {
    if (fs.existsSync(path.join(entryPath, name))) return path.join(entryPath, name);
  }
  return null;
}

function copyTree(from, to) {
  fs.cpSync(from, to, { recursive: true, filter: (s) => !path.relative(from, s).split(path.sep).includes("node_modules") });
}

/** The example with every .ts file turned into .js by the TypeScript compiler (types only removed). */
function stripped(entryPath, dest) {
  const isFile = fs.statSync(entryPath).isFile();
  const root = isFile ? path.join(dest, "x") : dest;
  fs.mkdirSync(root, { recursive: true });
  if (isFile) fs.copyFileSync(entryPath, path.join(root, path.basename(entryPath)));
  else copyTree(entryPath, root);
  const entry = entryFile(isFile ? path.join(root, path.basename(entryPath)) : root);
  for (const file of sourcesOf(root)) {
    if (!file.endsWith(".ts")) continue;
    const out = ts.transpileModule(fs.readFileSync(file, "utf8"), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
    });
    fs.writeFileSync(file.replace(/\.ts$/, ".js"), out.outputText.replace(/(from\s+["']\.{1,2}\/[^"']+)\.ts(["'])/g, "$1.js$2"));
    fs.rmSync(file);
  }
  return entry && entry.replace(/\.ts$/, ".js");
}

// Does graft load .ts itself? Then "unchanged" is measured by running the .ts files as they are.
const probeDir = fs.mkdtempSync(path.join(work, "ts-"));
fs.writeFileSync(path.join(probeDir, "t.ts"), "export default function (pi: any): void {}\n");
const loadsTs = runGraft(["scripts", "check", path.join(probeDir, "t.ts")], probeDir,
  fs.mkdtempSync(path.join(work, "home-"))).code === 0;

const rows = [];
// ONLY=name[,name...] runs just those examples (for a quick look at one; the counts are then partial).
const only = process.env.ONLY ? process.env.ONLY.split(",") : null;
for (const name of fs.readdirSync(examplesDir).sort()) {
  if (only && !only.includes(name)) continue;
  const entryPath = path.join(examplesDir, name);
  if (!fs.statSync(entryPath).isDirectory() && !name.endsWith(".ts")) continue;
  const files = sourcesOf(entryPath);
  const source = files.map((f) => fs.readFileSync(f, "utf8")).join("\n");
  const node = [...new Set([...source.matchAll(NODE_MODULES)].map((m) => m[1] ? m[1] : m[0]))];
  const tui = [...new Set([...source.matchAll(TUI)].map((m) => m[0].replace(/^from\s+["']|["']$/g, "")))];
  const missing = missingMembers(source);
  const programs = [...new Set([...source.matchAll(PROGRAMS)].map((m) => m[1]))];
  const grant = grantsFor(source, programs);
  const manifest = fs.statSync(entryPath).isDirectory() && fs.existsSync(path.join(entryPath, "package.json"))
    ? JSON.parse(fs.readFileSync(path.join(entryPath, "package.json"), "utf8")) : null;
  const hasDeps = manifest && Object.keys(manifest.dependencies || {}).length > 0;
  const row = { name, klass: "", reason: "", components: COMPONENTS.test(source) };
  COMPONENTS.lastIndex = 0;
  rows.push(row);
  const dest = fs.mkdtempSync(path.join(work, "ex-"));

  let unchanged = { ok: false, reason: "graft does not load .ts files yet" };
  const entry = entryFile(entryPath);
  if (loadsTs && entry) {
    const copy = path.join(dest, "unchanged");
    if (fs.statSync(entryPath).isFile()) {
      fs.mkdirSync(copy, { recursive: true });
      fs.copyFileSync(entryPath, path.join(copy, name));
    } else {
      copyTree(entryPath, copy);
    }
    unchanged = tryRun(path.join(copy, path.relative(entryPath, entry) || name), "unchanged", grant,
      hasDeps ? { name: manifest.name, dir: copy } : null);
  }
  let after = { ok: false, reason: "no TypeScript compiler to strip types with" };
  if (!unchanged.ok && ts) {
    const e = stripped(entryPath, path.join(dest, "stripped"));
    after = e ? tryRun(e, "stripped", grant, null) : { ok: false, reason: "no index.ts entry point" };
  }
  const granted = Object.keys(grant).length > 0 ? " (granted: " + describeGrant(grant) + ")" : "";
  if (!unchanged.ok && !after.ok && tui.length > 0) {
    row.klass = "impossible";
    row.reason = "terminal feature graft lacks: " + tui.join(", ") + "; " + (unchanged.reason || after.reason).slice(0, 150);
  } else if ((unchanged.ok || after.ok) && missing.length > 0) {
    row.klass = "needs API";
    row.reason = "loads and runs, but uses " + missing.join(", ");
  } else if (unchanged.ok) {
    row.klass = "unchanged";
    row.reason = (node.length > 0 ? "Node: " + node.join(", ") : "") + granted + (hasDeps ? " (installed with graft scripts add)" : "");
  } else if (after.ok) {
    row.klass = "after stripping";
    row.reason = granted;
  } else {
    row.klass = "needs API";
    // With graft loading .ts, the reason is the unchanged run's (the stripped run's when it differs).
    const reasons = loadsTs ? [unchanged.reason, after.reason] : [after.reason];
    const why = reasons.filter((r) => r);
    const gist = (r) => r.replace(/^\S+ /, "").replace(/\.ts\b/g, ".js").slice(0, 150); // cut at 220 either way
    if (why.length === 2 && gist(why[0]) === gist(why[1])) why.pop();
    row.reason = (missing.length > 0 ? "uses " + missing.join(", ") + "; " : "") + why.join("; ") + granted;
  }
}

// ---------------------------------------------------------------- report

const width = Math.max(...rows.map((r) => r.name.length));
for (const r of rows) {
  console.log(r.name.padEnd(width) + "  " + (r.components ? "C " : "  ") + r.klass.padEnd(15) + "  " + r.reason);
}
console.log("");
const count = (k) => rows.filter((r) => r.klass === k).length;
const possible = rows.filter((r) => r.klass !== "impossible").length;
const running = count("unchanged") + count("after stripping");
console.log("mode: " + (loadsTs ? "graft loads .ts itself (unchanged = the .ts file as shipped)"
  : "graft does not load .ts yet: 'after stripping' = types removed by the bench (TypeScript's transpileModule), "
    + "which is what 'unchanged' becomes once graft strips types at load"));
console.log("examples: " + rows.length);
for (const k of ["unchanged", "after stripping", "needs API", "impossible"]) console.log("  " + k.padEnd(16) + count(k));
console.log("running (with the grants a user would give): " + running + " of " + rows.length
  + "; of these with Node's modules under grants: " + rows.filter((r) => r.klass === "unchanged" && r.reason.startsWith("Node:")).length);
console.log("without a terminal feature graft lacks: " + possible + "; of these running: " + running + " ("
  + Math.round((100 * running) / Math.max(1, possible)) + "%)");
const drawing = rows.filter((r) => r.components);
const drawingRunning = drawing.filter((r) => r.klass === "unchanged" || r.klass === "after stripping").length;
console.log("drawing components (C: pi-tui, ctx.ui.custom, a widget/footer/header factory, a renderer): " + drawing.length
  + "; of these running: " + drawingRunning + "; the others: "
  + drawing.filter((r) => r.klass !== "unchanged" && r.klass !== "after stripping").map((r) => r.name + " (" + r.klass + ")").join(", "));
let present = 0;
let total = 0;
const absent = [];
for (const object of Object.keys(reference)) {
  for (const m of reference[object]) {
    total++;
    if (graftApi[object].includes(m)) present++;
    else absent.push(object + "." + m);
  }
}
console.log("reference API members (ExtensionAPI, ExtensionContext, ExtensionCommandContext, ExtensionUIContext): "
  + present + " of " + total + " present in graft (" + Math.round((100 * present) / total) + "%)");
console.log("  missing: " + absent.join(", "));
