#!/usr/bin/env bash
# Real npm packages in a graft script: a global script package depends on popular packages (the
# kinds script packages use: CommonJS and ES modules, `exports` maps, code generation, Node's fs
# and child_process), is installed with `graft scripts add` as a user would (npm fetches them),
# and its script imports each and uses its main feature (bench/npm-packages/probes.mjs). node
# runs the same probes in the same folder; a package runs in graft when its probe gives node's
# value. Grants are what a user would give: read the project, run echo. Needs the npm registry.
# Usage: bench/npm-packages.sh            ONLY=ms,zod bench/npm-packages.sh runs just those.
set -euo pipefail

REPO="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
die() { printf 'npm-packages: %s\n' "$*" >&2; exit 1; }
GRAFT="${GRAFT:-$REPO/graft}"
"$GRAFT" build >/dev/null 2>&1 || "$GRAFT" build >&2 || die "graft does not build"
command -v node >/dev/null || die "node is needed (it gives the expected values)"

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
PKG="$WORK/pkg"
mkdir -p "$PKG/hooks" "$WORK/home" "$WORK/proj/hooks"
NAMES="$(node -e '
  import(process.argv[1]).then((m) => {
    const only = (process.env.ONLY || "").split(",").filter(Boolean);
    console.log(Object.keys(m.probes).filter((n) => !only.length || only.includes(n)).join(" "));
  });' "$REPO/bench/npm-packages/probes.mjs")"
node -e '
  import(process.argv[1]).then((m) => {
    const deps = Object.fromEntries(process.argv[2].split(" ").map((n) => [n, m.versions[n] || "latest"]));
    console.log(JSON.stringify({ name: "npm-probe", version: "1.0.0", type: "module",
      dependencies: deps, graft: { scripts: ["hooks"] } }, null, 2));
  });' "$REPO/bench/npm-packages/probes.mjs" "$NAMES" >"$PKG/package.json"
cp "$REPO/bench/npm-packages/probes.mjs" "$REPO/bench/npm-packages/run-node.mjs" "$PKG/"
cp "$REPO/bench/npm-packages/probe-hook.mjs" "$PKG/hooks/probe.mjs"
echo 'export {};' >"$WORK/proj/hooks/x.mjs"
echo '{"text": "ok"}' >"$WORK/proj/turns.jsonl"
printf '{"scripts": {"permissions": {"package:npm-probe": {"read": ["."], "run": ["echo"]}}}}\n' \
  >"$WORK/home/settings.json"

cd "$WORK/proj"
printf 'installing %s packages with graft scripts add...\n' "$(wc -w <<<"$NAMES")"
GRAFT_HOME="$WORK/home" "$GRAFT" scripts add ../pkg >/dev/null || die "graft scripts add failed"
INSTALLED="$WORK/home/packages/npm-probe"
[[ -d "$INSTALLED/node_modules" ]] || die "no node_modules in $INSTALLED"

# Expected values: node in a copy of the installed package, with the project as its hooks folder.
(cd "$INSTALLED" && ONLY="${ONLY:-}" node run-node.mjs) >"$WORK/node.txt" 2>&1 || true
GRAFT_HOME="$WORK/home" "$GRAFT" -p -v --no-session --provider scripted --model turns.jsonl hi \
  >"$WORK/graft.txt" 2>&1 || true

node - "$WORK/node.txt" "$WORK/graft.txt" "$INSTALLED" "$NAMES" <<'JS'
const fs = require("fs");
const [nodeFile, graftFile, installed, names] = process.argv.slice(2);
const read = (f) => Object.fromEntries(fs.readFileSync(f, "utf8").split("\n")
  .map((l) => l.match(/PROBE (\{.*\})\s*$/)).filter(Boolean)
  .map((m) => JSON.parse(m[1])).map((r) => [r.name, r]));
const node = read(nodeFile), graft = read(graftFile);
if (!Object.keys(graft).length) {
  console.log("graft printed no probe results:\n" + fs.readFileSync(graftFile, "utf8").slice(0, 2000));
}
let runs = 0, total = 0;
for (const name of names.split(" ")) {
  total++;
  let version = "?";
  try { version = JSON.parse(fs.readFileSync(`${installed}/node_modules/${name}/package.json`, "utf8")).version; } catch {}
  const n = node[name], g = graft[name];
  let status;
  if (!n || !n.ok) status = `node fails too: ${n ? n.error : "no result"}`;
  else if (!g) status = "fails: no result";
  else if (!g.ok) status = `fails: ${g.error}`;
  else if (JSON.stringify(g.value) !== JSON.stringify(n.value)) status = `differs: ${JSON.stringify(g.value)} (node ${JSON.stringify(n.value)})`;
  else { status = "runs"; runs++; }
  console.log(`${(name + "@" + version).padEnd(28)} ${status}`);
}
console.log(`\n${runs} of ${total} packages run in graft as in node`);
JS
