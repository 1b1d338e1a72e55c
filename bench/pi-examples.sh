#!/usr/bin/env bash
# Runs every example extension shipped in the reference package (examples/extensions) through
# graft and exercises its main feature, as bench/pi-examples-features.tsv says (a command run, a
# tool the scripted model calls, a gate that must block, a prompt whose hooks run). An example that
# uses Node's modules gets the grants a user would give (settings.json scripts.permissions: read
# and write the project, read ~/.pi, the /tmp file its usage names, run the programs it names, and
# graft itself for one that starts the agent: process.execPath); its agents, if it has them, go in
# GRAFT_HOME/agents as its README says, their models served by the loopback model; an
# example with npm dependencies is installed with `graft scripts add` first, as a user would. It
# prints each example's status — runs / fails (reason) / impossible (a terminal feature graft
# lacks) / needs API (reference members graft lacks), C for one drawing components graft draws —
# and the totals, and how many of the reference's extension-API members graft has. The reference
# package comes from npm (bench/reference-oracle.sh). Add a row to the table for a new example;
# one without a row is only loaded. ONLY=name[,name...] runs just those (partial counts).
set -euo pipefail

REPO="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
die() { printf 'pi-examples: %s\n' "$*" >&2; exit 1; }

ORACLE="$("$REPO/bench/reference-oracle.sh")" || die "could not prepare the reference package"
PACKAGE="$ORACLE/node_modules/@mariozechner/pi-coding-agent"
[[ -d "$PACKAGE/examples/extensions" ]] || die "no examples/extensions in $PACKAGE"

# GRAFT=/path/to/graft measures another build (an older commit, for a before/after comparison);
# FEATURES=FILE another table.
GRAFT="${GRAFT:-$REPO/graft}"
FEATURES="${FEATURES:-$REPO/bench/pi-examples-features.tsv}"
"$GRAFT" build >/dev/null 2>&1 || "$GRAFT" build >&2 || die "graft does not build"
WORK="$(mktemp -d)"
# The loopback model (../shared/tools/fakellm.py, its "auto" rule) answers the second agent an
# example starts as a process (subagent): its agents name a model of a models.json provider there.
FAKELLM="${FAKELLM:-$REPO/../shared/tools/fakellm.py}"
[[ -f "$FAKELLM" ]] || die "no loopback model at $FAKELLM (set FAKELLM)"
python3 "$FAKELLM" --port 0 > "$WORK/fakellm.out" 2>&1 &
LLM_PID=$!
trap 'kill "$LLM_PID" 2>/dev/null; rm -rf "$WORK"' EXIT
for _ in $(seq 50); do grep -q listening "$WORK/fakellm.out" && break; sleep 0.1; done
LOOPBACK_LLM="$(sed -n 's/.*listening on \(http[^ ]*\).*/\1/p' "$WORK/fakellm.out")"
[[ -n "$LOOPBACK_LLM" ]] || die "the loopback model did not start: $(cat "$WORK/fakellm.out")"
export LOOPBACK_LLM
printf 'reference: @mariozechner/pi-coding-agent %s\n\n' "$(node -p "require('$PACKAGE/package.json').version")"
node "$REPO/bench/pi-examples.mjs" "$PACKAGE/examples/extensions" "$GRAFT" \
  "$PACKAGE/dist/core/extensions/types.d.ts" "$WORK" "$FEATURES"
