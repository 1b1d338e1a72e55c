#!/usr/bin/env bash
# Listing 1,000 sessions of 1 GB in total: `graft session list --all` against the reference's
# SessionManager.list over the same directory, whole processes, alternating in one run.
# Target: graft well under a second. Usage: bench/session-list.sh [RUNS] (default 5;
# COUNT=1000 SIZE_KB=1024 set the sessions generated once into bench/out/list-home)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
RUNS="${1:-5}"
COUNT="${COUNT:-1000}"
SIZE_KB="${SIZE_KB:-1024}"
ORACLE="$(oracle_dir)"
HOME_DIR="$BENCH_OUT/list-home-$COUNT-$SIZE_KB"
if [[ ! -d "$HOME_DIR/sessions" ]]; then
  echo "generating $COUNT sessions of ${SIZE_KB} KB..." >&2
  node "$BENCH_ROOT/bench/gen-list-sessions.mjs" "$HOME_DIR" "$COUNT" "$SIZE_KB" >/dev/null
fi
SESSIONS_DIR="$HOME_DIR/sessions/--bench-list--"
cp "$BENCH_ROOT/bench/ref-list.mjs" "$ORACLE/ref-list.mjs"
"$BENCH_ROOT/graft" --version >/dev/null
listed=$(GRAFT_HOME="$HOME_DIR" "$BENCH_ROOT/graft" session list --all --format json | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).length))')
[[ "$listed" == "$COUNT" ]] || die "graft listed $listed sessions, expected $COUNT"
rm -f "$BENCH_OUT/graft-list.times" "$BENCH_OUT/reference-list.times"
for ((i = 1; i <= RUNS; i++)); do
  GRAFT_HOME="$HOME_DIR" measure graft-list "$BENCH_ROOT/graft" session list --all
  measure reference-list node "$ORACLE/ref-list.mjs" "$SESSIONS_DIR"
done
gw=$(median 1 "$BENCH_OUT/graft-list.times"); rw=$(median 1 "$BENCH_OUT/reference-list.times")
echo "sessions: $COUNT files, $(du -sm "$SESSIONS_DIR" | cut -f1) MB; $RUNS runs each, medians"
echo "graft session list --all: ${gw} s wall, $(awk -v k="$(median 2 "$BENCH_OUT/graft-list.times")" 'BEGIN {printf "%d", k / 1024}') MB peak"
echo "reference list:           ${rw} s wall, $(awk -v k="$(median 2 "$BENCH_OUT/reference-list.times")" 'BEGIN {printf "%d", k / 1024}') MB peak"
echo "ratio: $(ratio "$gw" "$rw")"
