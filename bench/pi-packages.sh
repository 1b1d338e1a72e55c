#!/usr/bin/env bash
# Real pi packages from the npm registry in graft: each is installed with `graft scripts add
# npm:NAME` as a user would, given the grants a user would give (read the project, ~/.pi,
# ~/.agents and ~/.config/mcp; write the project), then `graft scripts list` says whether its
# scripts load and what they register, and a `graft -p` run with the scripted model shows what
# they print while starting. It prints one line per package and the count that load. Needs the npm
# registry. PACKAGES="a b" picks others.
set -euo pipefail

REPO="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
die() { printf 'pi-packages: %s\n' "$*" >&2; exit 1; }
GRAFT="${GRAFT:-$REPO/graft}"
"$GRAFT" build >/dev/null 2>&1 || "$GRAFT" build >&2 || die "graft does not build"
PACKAGES="${PACKAGES:-pi-plan-mode pi-mcp-adapter pi-subagents pi-web-access pi-sandbox pi-btw pi-markdown-preview pi-prompt-templates}"

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/home" "$WORK/proj"
cd "$WORK/proj"
echo '{"text": "ok"}' >turns.jsonl
GRANT='{"read": [".", "~/.pi", "~/.agents", "~/.config/mcp"], "write": ["."]}'
node -e '
  const grant = JSON.parse(process.argv[1]);
  const permissions = Object.fromEntries(process.argv[2].split(" ").map((p) => ["package:" + p, grant]));
  console.log(JSON.stringify({ scripts: { permissions } }));' "$GRANT" "$PACKAGES" >"$WORK/home/settings.json"
printf 'grants given to each package: %s\n\n' "$GRANT"

for p in $PACKAGES; do
  GRAFT_HOME="$WORK/home" "$GRAFT" scripts add "npm:$p" >"$WORK/add-$p.txt" 2>&1 \
    || printf '%s: graft scripts add failed: %s\n' "$p" "$(tail -1 "$WORK/add-$p.txt")"
done
GRAFT_HOME="$WORK/home" "$GRAFT" scripts list --format json >"$WORK/list.json" 2>/dev/null || true
GRAFT_HOME="$WORK/home" "$GRAFT" -p --no-session --provider scripted --model turns.jsonl hi \
  >"$WORK/run.txt" 2>&1 || true

node - "$WORK/list.json" "$WORK/run.txt" "$WORK/home/packages" "$PACKAGES" <<'JS'
const fs = require("fs");
const [listFile, runFile, packages, names] = process.argv.slice(2);
const scripts = JSON.parse(fs.readFileSync(listFile, "utf8")).scripts || [];
const run = fs.readFileSync(runFile, "utf8").split("\n");
let loads = 0, total = 0;
for (const name of names.split(" ")) {
  total++;
  let version = "?";
  try { version = JSON.parse(fs.readFileSync(`${packages}/${name}/package.json`, "utf8")).version; } catch {}
  const mine = scripts.filter((s) => s.path.startsWith(`${packages}/${name}/`));
  const label = `${name}@${version}`.padEnd(30);
  if (!mine.length) { console.log(`${label} not installed`); continue; }
  const failed = mine.filter((s) => !s.loaded);
  if (failed.length) {
    const why = (failed[0].problems[0] || "").replace(/^.*?: loading failed: /, "").replace(/\s*\(at .*\)$/, "");
    console.log(`${label} fails   ${why.slice(0, 150)}`);
    continue;
  }
  loads++;
  const what = mine.map((s) => [...s.commands.map((c) => "/" + String(c.name || c).replace(/^\//, "")), ...s.tools.map((t) => t.name || t)].join(", ")).join("; ");
  // A script's lines start with its name; a name two packages share says nothing of whose it is.
  const unique = mine.filter((s) => scripts.filter((o) => o.loaded && o.name === s.name).length === 1);
  const said = run.filter((l) => unique.some((s) => l.startsWith(`[${s.name}]`))).map((l) => l.slice(0, 120));
  console.log(`${label} loads   ${what || "(events only)"}${said.length ? "\n" + " ".repeat(39) + said.join("\n" + " ".repeat(39)) : ""}`);
}
console.log(`\n${loads} of ${total} packages load in graft`);
JS
