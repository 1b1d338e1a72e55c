#!/usr/bin/env bash
# Opening a 135 MB session (25,000 turns, a compaction every 1,000) and building its context:
# graft (`graft session context FILE`) against the reference (`node open-context.mjs FILE`),
# whole processes, alternating in one run. Reports median wall time, peak memory and ratios.
# Targets: graft's wall time at most 0.3x the reference's, its peak memory at most 0.5x.
# Usage: bench/session-open.sh [RUNS] (default 5; TURNS=25000 sets the session size)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
RUNS="${1:-5}"
TURNS="${TURNS:-25000}"
ORACLE="$(oracle_dir)"
DIR="$BENCH_OUT/big-$TURNS"
if [[ ! -s "$DIR/name" ]]; then
  echo "generating the $TURNS-turn session with the reference agent..." >&2
  rm -rf "$DIR" && mkdir -p "$DIR"
  node "$ORACLE/big-session.mjs" "$DIR" "$TURNS" > "$DIR/name.tmp" && mv "$DIR/name.tmp" "$DIR/name"
fi
FILE="$(cat "$DIR/name")"
"$BENCH_ROOT/graft" --version >/dev/null # builds graft if needed, outside the timings

# Both must build the same context before their times mean anything.
"$BENCH_ROOT/graft" session context "$FILE" > "$BENCH_OUT/graft-context.json"
node "$ORACLE/context.mjs" "$FILE" > "$BENCH_OUT/reference-context.json"
node -e '
  const fs = require("fs");
  const canon = (v) => Array.isArray(v) ? v.map(canon) : v && typeof v === "object"
    ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canon(v[k])])) : v;
  const a = JSON.parse(fs.readFileSync(process.argv[1], "utf8")).context;
  const b = JSON.parse(fs.readFileSync(process.argv[2], "utf8")).context;
  if (JSON.stringify(canon(a)) !== JSON.stringify(canon(b))) { console.error("bench: contexts differ"); process.exit(1); }
' "$BENCH_OUT/graft-context.json" "$BENCH_OUT/reference-context.json"

rm -f "$BENCH_OUT/graft-open.times" "$BENCH_OUT/reference-open.times"
for ((i = 1; i <= RUNS; i++)); do
  measure graft-open "$BENCH_ROOT/graft" session context "$FILE"
  measure reference-open node "$ORACLE/open-context.mjs" "$FILE"
done
gw=$(median 1 "$BENCH_OUT/graft-open.times"); gm=$(median 2 "$BENCH_OUT/graft-open.times")
rw=$(median 1 "$BENCH_OUT/reference-open.times"); rm_=$(median 2 "$BENCH_OUT/reference-open.times")
size=$(du -m "$FILE" | cut -f1)
echo "session: $size MB, $TURNS turns; $RUNS runs each, medians"
echo "graft:     ${gw} s wall, $(awk -v k="$gm" 'BEGIN {printf "%d", k / 1024}') MB peak"
echo "reference: ${rw} s wall, $(awk -v k="$rm_" 'BEGIN {printf "%d", k / 1024}') MB peak"
echo "ratio:     wall $(ratio "$gw" "$rw") (target <= 0.30), memory $(ratio "$gm" "$rm_") (target <= 0.50)"
