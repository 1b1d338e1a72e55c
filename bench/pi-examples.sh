#!/usr/bin/env bash
# Runs every example extension shipped in the reference package (examples/extensions) through
# graft: `graft scripts check` and a scripted -p run of each, and prints its class (unchanged /
# after stripping / needs API / TUI component) with the reason, then the counts and how many of
# the reference's extension-API members graft has. An example that uses Node's modules gets the
# grants a user would give (read and write the project, read ~/.pi, run the programs it names); an
# example with npm dependencies is installed with `graft scripts add` first, as a user would. The reference package comes from npm
# (bench/reference-oracle.sh). "unchanged" runs the .ts files as shipped (graft erases their types
# at load); when that fails, the bench strips the types itself with the TypeScript compiler
# (installed from npm under target/pi-examples) and tries again: "after stripping" is an example
# that runs only then (e.g. one whose enum graft's eraser refuses). A graft that cannot load .ts
# (an older commit, GRAFT=...) gets only the stripped run; the output says which mode.
set -euo pipefail

REPO="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
die() { printf 'pi-examples: %s\n' "$*" >&2; exit 1; }

ORACLE="$("$REPO/bench/reference-oracle.sh")" || die "could not prepare the reference package"
PACKAGE="$ORACLE/node_modules/@mariozechner/pi-coding-agent"
[[ -d "$PACKAGE/examples/extensions" ]] || die "no examples/extensions in $PACKAGE"

TOOLS="$REPO/target/pi-examples"
if [[ ! -f "$TOOLS/node_modules/typescript/package.json" ]]; then
  mkdir -p "$TOOLS"
  (cd "$TOOLS" && npm install --no-audit --no-fund --loglevel=error --no-save typescript@5 >&2) \
    || die "npm install typescript failed in $TOOLS (is the npm registry reachable?)"
fi

# GRAFT=/path/to/graft measures another build (an older commit, for a before/after comparison).
GRAFT="${GRAFT:-$REPO/graft}"
"$GRAFT" build >/dev/null 2>&1 || "$GRAFT" build >&2 || die "graft does not build"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
printf 'reference: @mariozechner/pi-coding-agent %s\n\n' "$(node -p "require('$PACKAGE/package.json').version")"
node "$REPO/bench/pi-examples.mjs" "$PACKAGE/examples/extensions" "$GRAFT" \
  "$PACKAGE/dist/core/extensions/types.d.ts" "$WORK" "$TOOLS/node_modules/typescript"
