#!/usr/bin/env bash
# Start-up: wall time of `graft --version`, whole process through the launcher. Target: under
# 0.5 s. With the reference's `pi --version` in the same run for comparison.
# Usage: bench/version.sh [RUNS] (default 10)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
RUNS="${1:-10}"
ORACLE="$(oracle_dir)"
PI="$ORACLE/node_modules/.bin/pi"
"$BENCH_ROOT/graft" --version >/dev/null
rm -f "$BENCH_OUT/graft-version.times" "$BENCH_OUT/reference-version.times"
for ((i = 1; i <= RUNS; i++)); do
  measure graft-version "$BENCH_ROOT/graft" --version
  [[ -x "$PI" ]] && measure reference-version "$PI" --version
done
gw=$(median 1 "$BENCH_OUT/graft-version.times")
echo "graft --version: ${gw} s wall (median of $RUNS; target < 0.5 s), $(awk -v k="$(median 2 "$BENCH_OUT/graft-version.times")" 'BEGIN {printf "%d", k / 1024}') MB peak"
if [[ -s "$BENCH_OUT/reference-version.times" ]]; then
  rw=$(median 1 "$BENCH_OUT/reference-version.times")
  echo "pi --version:    ${rw} s wall; ratio $(ratio "$gw" "$rw")"
fi
