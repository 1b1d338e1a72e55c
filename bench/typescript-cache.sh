#!/usr/bin/env bash
# TypeScript start-up: `graft scripts list` with one .ts script whose erased text is not yet in
# $GRAFT_HOME/cache/typescript (cold: swc4j loads and parses it), with it there (warm: swc4j is
# not loaded), and the same script as .js; interleaved, medians of RUNS (default 15).
# Usage: bench/typescript-cache.sh [RUNS]
set -euo pipefail
source "$(dirname "$0")/lib.sh"
RUNS="${1:-15}"
GRAFT="$BENCH_ROOT/graft"
"$GRAFT" build >/dev/null 2>&1 || "$GRAFT" --version >/dev/null

scratch="$(mktemp -d)"; trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/ts" "$scratch/js" "$scratch/home-ts" "$scratch/home-js"
cat > "$scratch/ts/gate.ts" <<'TS'
import type { GraftAPI } from "graft";
interface Gate { pattern: RegExp; reason: string }
const gates: Gate[] = [{ pattern: /rm -rf/, reason: "rm -rf is not allowed here" }];

export default function (graft: GraftAPI): void {
  graft.on("tool_call", (event) => {
    const hit = gates.find((g) => g.pattern.test(String(event.input.command ?? "")));
    return hit ? { block: true, reason: hit.reason } : undefined;
  });
}
TS
cat > "$scratch/js/gate.js" <<'JS'
const gates = [{ pattern: /rm -rf/, reason: "rm -rf is not allowed here" }];

export default function (graft) {
  graft.on("tool_call", (event) => {
    const hit = gates.find((g) => g.pattern.test(String(event.input.command ?? "")));
    return hit ? { block: true, reason: hit.reason } : undefined;
  });
}
JS
rm -f "$BENCH_OUT"/ts-cold.times "$BENCH_OUT"/ts-warm.times "$BENCH_OUT"/ts-js.times
list() { GRAFT_HOME="$scratch/home-$1" "$GRAFT" scripts list --scripts "$scratch/$2"; }
list ts ts >/dev/null; list js js >/dev/null   # first runs: the OS's file cache
for ((i = 0; i < RUNS; i++)); do
  rm -rf "$scratch/home-ts/cache"
  measure ts-cold env GRAFT_HOME="$scratch/home-ts" "$GRAFT" scripts list --scripts "$scratch/ts"
  [[ -n "$(ls "$scratch/home-ts/cache/typescript")" ]] || die "no cache entry was written"
  measure ts-warm env GRAFT_HOME="$scratch/home-ts" "$GRAFT" scripts list --scripts "$scratch/ts"
  measure ts-js env GRAFT_HOME="$scratch/home-js" "$GRAFT" scripts list --scripts "$scratch/js"
done
m() { median 1 "$BENCH_OUT/$1.times"; }
echo "graft scripts list with one script, whole process, median of $RUNS (s); ratio = / .js"
printf '  %-28s %6s  %s\n' ".ts, empty cache" "$(m ts-cold)" "$(ratio "$(m ts-cold)" "$(m ts-js)")"
printf '  %-28s %6s  %s\n' ".ts, erased text on disk" "$(m ts-warm)" "$(ratio "$(m ts-warm)" "$(m ts-js)")"
printf '  %-28s %6s\n' ".js" "$(m ts-js)"
