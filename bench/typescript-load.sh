#!/usr/bin/env bash
# What a TypeScript script costs at start-up: `graft scripts list` with one script, as .ts
# (bench/typescript/todo.ts: scripts/examples/todo.js with its JSDoc types written as TypeScript)
# and as the .js example itself; interleaved, medians of RUNS (default 15) of the wall and the
# CPU time (user + system, all threads: a loaded machine disturbs it less).
# Usage: bench/typescript-load.sh [RUNS]
set -euo pipefail
source "$(dirname "$0")/lib.sh"
RUNS="${1:-15}"
GRAFT="$BENCH_ROOT/graft"
"$GRAFT" build >/dev/null 2>&1 || "$GRAFT" --version >/dev/null

scratch="$(mktemp -d)"; trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/ts" "$scratch/js" "$scratch/home"
cp "$BENCH_ROOT/bench/typescript/todo.ts" "$scratch/ts/todo.ts"
cp "$BENCH_ROOT/scripts/examples/todo.js" "$scratch/js/todo.js"
list() { GRAFT_HOME="$scratch/home" "$GRAFT" scripts list --scripts "$scratch/$1"; }
[[ "$(list ts)" == *"commands: /todos"* ]] || die "todo.ts did not load: $(list ts)"
list js >/dev/null   # and the OS's file cache is warm for both
rm -f "$BENCH_OUT"/ts-load-ts.times "$BENCH_OUT"/ts-load-js.times "$BENCH_OUT"/ts-load-ts.cpu "$BENCH_OUT"/ts-load-js.cpu
for ((i = 0; i < RUNS; i++)); do
  measure ts-load-ts env GRAFT_HOME="$scratch/home" /usr/bin/time -f "%U %S" -o "$scratch/cpu-ts" "$GRAFT" scripts list --scripts "$scratch/ts"
  awk '{print $1 + $2}' "$scratch/cpu-ts" >> "$BENCH_OUT/ts-load-ts.cpu"
  measure ts-load-js env GRAFT_HOME="$scratch/home" /usr/bin/time -f "%U %S" -o "$scratch/cpu-js" "$GRAFT" scripts list --scripts "$scratch/js"
  awk '{print $1 + $2}' "$scratch/cpu-js" >> "$BENCH_OUT/ts-load-js.cpu"
done
m() { median 1 "$BENCH_OUT/$1"; }
echo "graft scripts list with one script, whole process, median of $RUNS (s); ratio = .ts / .js"
printf '  %-10s wall %6s  cpu %6s\n' ".ts" "$(m ts-load-ts.times)" "$(m ts-load-ts.cpu)"
printf '  %-10s wall %6s  cpu %6s\n' ".js" "$(m ts-load-js.times)" "$(m ts-load-js.cpu)"
printf '  %-10s wall %6s  cpu %6s\n' "ratio" "$(ratio "$(m ts-load-ts.times)" "$(m ts-load-js.times)")" \
  "$(ratio "$(m ts-load-ts.cpu)" "$(m ts-load-js.cpu)")"
rm -f "$BENCH_OUT"/ts-load-ts.cpu "$BENCH_OUT"/ts-load-js.cpu
