#!/usr/bin/env bash
# Prepares a working copy of the reference oracle (the scripts that run pi's own session code,
# see ../shared/tools/reference/README.md) at <repo>/target/reference-oracle, and prints its path.
# Tests that compare graft with the reference at run time read it from -Dgraft.oracle.dir.
# The npm install is skipped when node_modules is there and package.json has not changed.
set -euo pipefail

REPO="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
SHARED="${GRAFT_REFERENCE_DIR:-$REPO/../shared/tools/reference}"
ORACLE="$REPO/target/reference-oracle"

die() { printf 'reference-oracle: %s\n' "$*" >&2; exit 1; }

command -v node >/dev/null 2>&1 || die "node not found on PATH (the oracle needs Node.js 20+)"
command -v npm >/dev/null 2>&1 || die "npm not found on PATH (needed once to install the oracle's dependencies)"
node_major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
[[ "$node_major" -ge 20 ]] || die "node $(node --version 2>/dev/null || echo '?') is too old: the oracle needs Node.js 20+"
[[ -d "$SHARED" ]] || die "reference folder not found: $SHARED (expected the shared tools next to the repository)"
[[ -f "$SHARED/package.json" ]] || die "no package.json in $SHARED"
compgen -G "$SHARED/*.mjs" >/dev/null || die "no oracle scripts (*.mjs) in $SHARED"

mkdir -p "$ORACLE"
install=1
if [[ -d "$ORACLE/node_modules" ]] && cmp -s "$SHARED/package.json" "$ORACLE/package.json"; then
  install=0
fi
cp "$SHARED/package.json" "$ORACLE/package.json"
# The lock file pins the reference's transitive dependencies to what the shared copy uses.
if [[ -f "$SHARED/package-lock.json" ]]; then cp "$SHARED/package-lock.json" "$ORACLE/package-lock.json"; fi
cp "$SHARED"/*.mjs "$ORACLE/"

if [[ "$install" -eq 1 ]]; then
  rm -rf "$ORACLE/node_modules"
  (cd "$ORACLE" && npm install --no-audit --no-fund --loglevel=error >&2) \
    || die "npm install failed in $ORACLE (is the npm registry reachable?)"
fi
[[ -f "$ORACLE/node_modules/@mariozechner/pi-coding-agent/package.json" ]] \
  || die "the reference package is missing from $ORACLE/node_modules after install"

printf '%s\n' "$ORACLE"
