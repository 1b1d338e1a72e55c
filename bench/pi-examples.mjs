// Runs every example extension of the reference package through graft (see pi-examples.sh): loads
// it and exercises its main feature as bench/pi-examples-features.tsv says (a command run, a tool
// the scripted model calls, a gate that must block, a prompt whose hooks run), with the grants a
// user would give an example that uses Node's modules, after `graft scripts add` for one with npm
// dependencies. Reports each example as runs / fails (reason) / impossible (it fails and uses a
// terminal feature graft lacks) / needs API (it fails and uses reference API members graft lacks),
// with totals. C marks an example that draws components graft draws.
//
// node pi-examples.mjs EXAMPLES_DIR GRAFT TYPES_D_TS WORK_DIR FEATURES_TSV
// ONLY=name[,name...] runs just those examples (the counts are then partial).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const [examplesDir, graft, typesFile, work, featuresFile] = process.argv.slice(2);

// ---------------------------------------------------------------- the feature table

/** example -> {check, argument, expect}; lines starting with # are comments. */
function readFeatures(file) {
  const out = new Map();
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    if (line.trim() === "" || line.startsWith("#")) continue;
    const [example, check, argument = "", expect = ""] = line.split("\t");
    if (!["command", "tool", "gate", "prompt", "load"].includes(check)) {
      throw new Error(`${file}: ${example}: unknown check "${check}" (command, tool, gate, prompt or load)`);
    }
    out.set(example, { check, argument, expect });
  }
  return out;
}

const features = readFeatures(featuresFile);

// ---------------------------------------------------------------- graft

function runGraft(args, cwd, home, env = {}) {
  const r = spawnSync(graft, args, {
    cwd, encoding: "utf8", timeout: 120_000,
    env: { ...process.env, GRAFT_HOME: home, NO_COLOR: "1", ...env },
    input: "",
  });
  return { code: r.status, out: r.stdout || "", err: r.stderr || "", timedOut: r.error?.code === "ETIMEDOUT" };
}

function cut(line, n = 200) {
  const l = line.trim();
  return l.length > n ? l.slice(0, n) + "..." : l;
}

function firstProblem(text) {
  const lines = text.split("\n").map((l) => l.trim()).filter((l) => l.length > 0 && !/^\d+ problems?\.$/.test(l));
  return cut(lines.find((l) => /problem|not loaded|error|Error|cannot|not a|left out|already|not granted/.test(l)) || lines[0] || "");
}

/** The turns the scripted model plays for a check: a tool call (and a closing answer) or text. */
function turnsFor(feature) {
  if (feature.check === "tool" || feature.check === "gate") {
    const space = feature.argument.indexOf(" ");
    const name = space < 0 ? feature.argument : feature.argument.slice(0, space);
    const args = space < 0 ? {} : JSON.parse(feature.argument.slice(space + 1));
    return [{ toolCalls: [{ name, arguments: args }] }, { text: "done" }, { text: "done" }];
  }
  return [{ text: "ok" }, { text: "ok" }, { text: "ok" }, { text: "ok" }];
}

/**
 * What a user would grant an example that uses Node's modules: read and write the project (its
 * folder), read ~/.pi (where the reference keeps its settings; graft's GRAFT_HOME alike), the /tmp
 * files its usage names, and
 * run the programs it names (pi.exec, child_process) — no hosts, no secret variables.
 */
function grantsFor(source, programs) {
  const grant = {};
  // A script that starts the agent itself (spawns process.execPath) runs graft: granted as "graft".
  const run = /\bprocess\.execPath\b/.test(source) && /\bspawn\(/.test(source) ? [...programs, "graft"] : programs;
  if (run.length > 0) grant.run = run;
  if (NODE_FILES.test(source)) {
    // The /tmp files its usage names, and the folders it makes there (mkdtemp under os.tmpdir()).
    const named = [...new Set([
      ...[...source.matchAll(/["'`](\/tmp\/[\w.\/-]+)["'`]/g)].map((m) => m[1]),
      ...[...source.matchAll(/mkdtemp(?:Sync)?\(\s*path\.join\(\s*os\.tmpdir\(\),\s*["'`]([\w.-]+)["'`]/g)].map((m) => "/tmp/" + m[1] + "*"),
    ])];
    grant.read = [".", "~/.pi", ...named];
    grant.write = [".", ...named];
  }
  return grant;
}

function describeGrant(grant) {
  return Object.entries(grant).map(([k, v]) => k + " " + v.join(" ")).join("; ");
}

/**
 * `graft scripts check` (or `graft scripts add` for a folder with npm dependencies, `pkg`, as a
 * user would install it), then a scripted run that exercises the feature: {ok, reason}. `grant`:
 * what the example is granted in settings.json's scripts.permissions, as a user would.
 */
function exercise(entry, feature, grant, pkg) {
  const home = fs.mkdtempSync(path.join(work, "home-"));
  // ~/.pi is the reference's agent folder; graft's (getAgentDir()) is GRAFT_HOME: granted alike.
  if (grant.read) grant = { ...grant, read: [...grant.read, home] };
  const key = pkg ? "package:" + pkg.name : path.basename(entry);
  if (Object.keys(grant).length > 0) {
    fs.writeFileSync(path.join(home, "settings.json"), JSON.stringify({ scripts: { permissions: { [key]: grant } } }));
  }
  // A /tmp file the example names is one its usage has the user create (file-trigger's).
  const made = (grant.write || []).filter((p) => p.startsWith("/tmp/") && !p.includes("*") && !fs.existsSync(p));
  made.forEach((p) => fs.writeFileSync(p, ""));
  try {
    return exerciseIn(entry, feature, pkg, home);
  } finally {
    made.forEach((p) => fs.rmSync(p, { force: true }));
  }
}

/**
 * An example with agents (subagent): its README has the user put them in the agent folder
 * (getAgentDir()/agents: graft's GRAFT_HOME/agents) and its prompts in GRAFT_HOME/prompts. Each
 * agent's model is named under a models.json provider, "loopback", serving that id from the
 * loopback model, so the second agent runs on the model its agent names.
 */
function setUpAgents(home, dir) {
  const agents = path.join(dir, "agents");
  if (!process.env.LOOPBACK_LLM || !fs.existsSync(agents) || !fs.statSync(agents).isDirectory()) return;
  const ids = new Set();
  fs.mkdirSync(path.join(home, "agents"), { recursive: true });
  for (const f of fs.readdirSync(agents).filter((n) => n.endsWith(".md"))) {
    const text = fs.readFileSync(path.join(agents, f), "utf8").replace(/^model:[ \t]*(\S+)[ \t]*$/m, (_, id) => {
      ids.add(id);
      return "model: loopback/" + id;
    });
    fs.writeFileSync(path.join(home, "agents", f), text);
  }
  const prompts = path.join(dir, "prompts");
  if (fs.existsSync(prompts)) fs.cpSync(prompts, path.join(home, "prompts"), { recursive: true });
  fs.writeFileSync(path.join(home, "models.json"), JSON.stringify({
    providers: {
      loopback: {
        baseUrl: process.env.LOOPBACK_LLM + "/v1", api: "openai-completions", apiKey: "loopback",
        models: [...ids].map((id) => ({ id })),
      },
    },
  }));
}

function exerciseIn(entry, feature, pkg, home) {
  const cwd = pkg ? pkg.dir : fs.statSync(entry).isDirectory() ? entry : path.dirname(entry);
  if (!pkg) setUpAgents(home, cwd);
  fs.mkdirSync(path.join(cwd, ".pi"), { recursive: true }); // a pi project has one (provider-payload logs there)
  const local = (text) => text.split(cwd + path.sep).join(""); // file names as in the example
  let scriptArgs = ["-s", entry];
  if (pkg) {
    const add = runGraft(["scripts", "add", pkg.dir], cwd, home);
    if (add.code !== 0) return { ok: false, reason: "add: " + local(firstProblem(add.err + "\n" + add.out)) };
    scriptArgs = [];
  } else {
    const check = runGraft(["scripts", "check", entry], cwd, home);
    if (check.code !== 0) return { ok: false, reason: "check: " + local(firstProblem(check.out + "\n" + check.err)) };
  }
  fs.writeFileSync(path.join(cwd, "turns.jsonl"), turnsFor(feature).map((t) => JSON.stringify(t)).join("\n") + "\n");
  const requests = path.join(fs.mkdtempSync(path.join(work, "req-")), "requests.jsonl");
  const prompt = feature.check === "command" || feature.check === "prompt" ? feature.argument || "hello" : "go";
  const run = runGraft(["--mode", "json", "-v", "--no-session", "--provider", "scripted", "--model", "turns.jsonl",
    ...scriptArgs, prompt], cwd, home, { GRAFT_RECORD_REQUESTS: requests });
  if (run.timedOut) return { ok: false, reason: "run: no end within 120 s (it waits for something)" };
  const trouble = run.err.split("\n").find((l) => /script problem|not loaded|not granted|graft: (?!warning)/.test(l));
  if (run.code !== 0 || trouble) {
    return { ok: false, reason: "run: " + local(firstProblem(trouble || run.err || run.out)) };
  }
  const events = run.out.split("\n").filter((l) => l.startsWith("{")).map((l) => {
    try {
      return JSON.parse(l);
    } catch {
      return {};
    }
  });
  const seen = run.out + "\n" + run.err + "\n" + (fs.existsSync(requests) ? fs.readFileSync(requests, "utf8") : "");
  if (feature.check === "tool" || feature.check === "gate") {
    const name = feature.argument.split(" ")[0];
    const end = events.find((e) => e.type === "tool_execution_end" && e.toolName === name);
    if (!end) return { ok: false, reason: `run: the model's call of ${name} did not run (no tool_execution_end)` };
    const text = JSON.stringify(end.result);
    if (feature.check === "tool" && end.isError) return { ok: false, reason: `${name} failed: ${cut(text, 150)}` };
    if (feature.check === "gate" && !end.isError) return { ok: false, reason: `${name} was not blocked` };
  }
  if (feature.expect && !new RegExp(feature.expect).test(seen)) {
    return { ok: false, reason: `expected /${feature.expect}/ in the run's output, events or requests` };
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

// ---------------------------------------------------------------- what an example needs

const NODE_IO = /from\s+["'](node:[\w/]+|fs|fs\/promises|child_process|os|path|url|util|module|crypto|net|http|https|readline|worker_threads)["']|\brequire\(|\bprocess\.(env|cwd|exit|on|stdout|stdin|platform|argv|kill)/g;
const NODE_FILES = /from\s+["'](?:node:)?(?:fs|fs\/promises)["']|\brequire\(["'](?:node:)?fs/;
// The programs an example names: pi.exec/child_process's first argument, or an argument list's
// first word (truncated-tool's `const args = ["rg", ...]`).
const PROGRAMS = /\b(?:pi\.exec|spawn|spawnSync|execFile|execFileSync|exec|execSync)\(\s*["'`]([\w.\/-]+)|\bargs\s*=\s*\[\s*["'`]([\w.\/-]+)["'`]/g;
// The terminal features graft does not have (raw terminal input, autocomplete
// providers, overlays composited over the screen): an example failing with one is impossible. A
// ctx.ui member among them counts only while graft's ctx.ui lacks it.
const TUI = /\b(setEditorComponent|onTerminalInput|addAutocompleteProvider)\b|\.showOverlay\b/g;
// Components graft draws (the pi-tui module, ctx.ui.custom, a widget/footer/header factory, a
// renderer): marked C in the report, counted as drawn, not as needing anything.
const COMPONENTS = /from\s+["']@(mariozechner|earendil-works)\/pi-tui["']|\bctx\.ui\.custom\b|\bDynamicBorder\b|\bBorderedLoader\b|getMarkdownTheme|setWidget\([^)]*=>|setFooter\(|setHeader\(|registerMessageRenderer|renderCall|renderResult/g;
/** Packages graft provides itself: an import of anything else bare is an npm dependency. */
const BUILT_IN = /^(typebox|@sinclair\/typebox(\/.*)?|@(mariozechner|earendil-works)\/pi-(ai|coding-agent|tui|agent-core)(\/.*)?|node:.*|fs|fs\/promises|child_process|os|path|url|util|module|crypto|net|http|https|readline|worker_threads)$/;

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

function npmDependencies(entryPath, source) {
  const deps = new Set();
  for (const m of source.matchAll(/(?:^\s*(?:import|export)\b[^;]*?\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["']([^"'.\n][^"'\n]*)["']/gm)) {
    if (!BUILT_IN.test(m[1])) deps.add(m[1]);
  }
  const manifest = path.join(entryPath, "package.json");
  if (fs.statSync(entryPath).isDirectory() && fs.existsSync(manifest)) {
    for (const d of Object.keys(JSON.parse(fs.readFileSync(manifest, "utf8")).dependencies || {})) deps.add(d);
  }
  return [...deps];
}

function missingMembers(source) {
  const missing = new Set();
  const check = (object, pattern) => {
    for (const m of source.matchAll(pattern)) {
      if (reference[object].includes(m[1]) && !graftApi[object].includes(m[1])) missing.add(object + "." + m[1]);
    }
  };
  check("pi", /\bpi\.(\w+)/g);
  check("ctx.ui", /\bctx\.ui\.(\w+)/g);
  check("ctx", /\bctx\.(\w+)/g);
  return [...missing];
}

function entryFile(entryPath) {
  if (fs.statSync(entryPath).isFile()) return entryPath;
  for (const name of ["index.ts", "index.js"]) {
    if (fs.existsSync(path.join(entryPath, name))) return path.join(entryPath, name);
  }
  return null;
}

// ---------------------------------------------------------------- the examples

const rows = [];
const only = process.env.ONLY ? process.env.ONLY.split(",") : null;
for (const name of fs.readdirSync(examplesDir).sort()) {
  if (only && !only.includes(name)) continue;
  const entryPath = path.join(examplesDir, name);
  if (!fs.statSync(entryPath).isDirectory() && !name.endsWith(".ts")) continue;
  const source = sourcesOf(entryPath).map((f) => fs.readFileSync(f, "utf8")).join("\n");
  const node = [...new Set([...source.matchAll(NODE_IO)].map((m) => m[1] ? m[1] : m[0]))];
  const tui = [...new Set([...source.matchAll(TUI)].filter((m) => !m[1] || !graftApi["ctx.ui"].includes(m[1])).map((m) => m[0]))];
  const drawn = [...source.matchAll(COMPONENTS)].length > 0;
  const deps = npmDependencies(entryPath, source);
  const programs = [...new Set([...source.matchAll(PROGRAMS)].map((m) => m[1] || m[2]))];
  const grant = grantsFor(source, programs);
  const feature = features.get(name) || { check: "load", argument: "hello", expect: "" };
  const manifest = fs.statSync(entryPath).isDirectory() && fs.existsSync(path.join(entryPath, "package.json"))
    ? JSON.parse(fs.readFileSync(path.join(entryPath, "package.json"), "utf8")) : null;
  const hasDeps = manifest && Object.keys(manifest.dependencies || {}).length > 0;
  const copy = fs.mkdtempSync(path.join(work, "ex-"));
  let entry;
  if (fs.statSync(entryPath).isFile()) {
    fs.copyFileSync(entryPath, path.join(copy, name));
    entry = path.join(copy, name);
  } else {
    fs.cpSync(entryPath, copy, { recursive: true, filter: (s) => !path.relative(entryPath, s).split(path.sep).includes("node_modules") });
    const e = entryFile(entryPath);
    entry = e ? path.join(copy, path.relative(entryPath, e)) : null;
  }
  const result = entry
    ? exercise(entry, feature, grant, hasDeps ? { name: manifest.name, dir: copy } : null)
    : { ok: false, reason: "no index.ts entry point" };
  const missing = missingMembers(source);
  const granted = Object.keys(grant).length > 0 ? " (granted: " + describeGrant(grant) + ")" : "";
  const uses = (node.length > 0 ? "; Node: " + node.join(", ") : "") + granted
    + (hasDeps ? " (installed with graft scripts add: " + deps.join(", ") + ")" : "");
  let status;
  let reason;
  if (result.ok) {
    status = "runs";
    reason = feature.check + (feature.check === "load" ? "" : " " + cut(feature.argument, 60)) + uses;
  } else if (tui.length > 0) {
    status = "impossible";
    reason = "terminal feature graft lacks: " + tui.join(", ") + "; " + result.reason + uses;
  } else if (missing.length > 0) {
    status = "needs API";
    reason = "uses " + missing.join(", ") + "; " + result.reason + uses;
  } else {
    status = "fails";
    reason = result.reason + uses;
  }
  rows.push({ name, status, reason, drawn });
  if (only) process.stderr.write(name + ": " + status + "\n");
}

// ---------------------------------------------------------------- report

const width = Math.max(...rows.map((r) => r.name.length));
for (const r of rows) {
  console.log(r.name.padEnd(width) + "  " + (r.drawn ? "C " : "  ") + r.status.padEnd(10) + "  " + cut(r.reason, 300));
}
console.log("");
console.log("examples: " + rows.length + (only ? " (ONLY=" + process.env.ONLY + ": partial)" : "") + " (features: " + featuresFile + ")");
for (const k of ["runs", "fails", "impossible", "needs API"]) {
  console.log("  " + k.padEnd(12) + rows.filter((r) => r.status === k).length);
}
console.log("running with Node's modules under grants: "
  + rows.filter((r) => r.status === "runs" && r.reason.includes("(granted:")).length
  + "; installed with graft scripts add: " + rows.filter((r) => r.reason.includes("installed with graft scripts add")).length);
const drawing = rows.filter((r) => r.drawn);
console.log("drawing components (C: pi-tui, ctx.ui.custom, a widget/footer/header factory, a renderer): " + drawing.length
  + "; of these running: " + drawing.filter((r) => r.status === "runs").length + "; the others: "
  + drawing.filter((r) => r.status !== "runs").map((r) => r.name + " (" + r.status + ")").join(", "));
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
