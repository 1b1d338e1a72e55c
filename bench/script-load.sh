#!/usr/bin/env bash
# A hook script's fixed cost: `graft -p` on the scripted model (one bash tool call, one answer)
# with no script, one script and ten scripts, each an empty `tool_call` handler, and one script
# with ten such handlers. Whole processes, CPU (user + system, all threads), every launcher
# interleaved in every run, medians of RUNS.
#   first script   = one - none          (GraalJS's first context and realm, the prelude, C1)
#   each further   = (ten - one) / 9     (one more context, its prelude and module)
#   one context    = ten - shared        (the same handlers in one context: what scripts sharing
#                                         a context could save at most)
# No reference: pi loads its extensions for nothing measurable (bench/hooks-e2e-results.md).
#
# Usage: bench/script-load.sh [RUNS]   (default 9)
#   GRAFTS="before=/path/to/graft after=/path/to/launcher"   launchers to compare (default: this
#                     checkout's ./graft); a launcher may be a wrapper that sets JVM options.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
RUNS="${1:-9}"
GRAFTS="${GRAFTS:-graft=$BENCH_ROOT/graft}"
launchers "$GRAFTS"

scratch="$(mktemp -d)"; trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/none" "$scratch/one" "$scratch/ten" "$scratch/shared" "$scratch/home" "$scratch/project"
cat > "$scratch/one/empty.js" <<'EOF'
export default function (graft) {
  graft.on("tool_call", () => {});
}
EOF
for i in 01 02 03 04 05 06 07 08 09 10; do cp "$scratch/one/empty.js" "$scratch/ten/empty$i.js"; done
{
  echo 'export default function (graft) {'
  for i in 01 02 03 04 05 06 07 08 09 10; do echo '  graft.on("tool_call", () => {});'; done
  echo '}'
} > "$scratch/shared/ten-handlers.js"
cat > "$scratch/turns.jsonl" <<'EOF'
{"toolCalls": [{"name": "bash", "arguments": {"command": "true"}}]}
{"text": "done"}
EOF

# one NAME KIND: one measured process; appends its CPU seconds to $scratch/NAME-KIND.cpu
one() {
  (cd "$scratch/project" && GRAFT_HOME="$scratch/home" /usr/bin/time -f "%U %S" -o "$scratch/t" \
    "${LAUNCHER[$1]}" -p --provider scripted --model "$scratch/turns.jsonl" --scripts "$scratch/$2" "hi") \
    >"$scratch/out" 2>&1 || { cat "$scratch/out" >&2; die "$1 $2 failed"; }
  [[ "$(cat "$scratch/out")" == *done* ]] || die "$1 $2: no answer: $(cat "$scratch/out")"
  awk '{print $1 + $2}' "$scratch/t" >> "$scratch/$1-$2.cpu"
}

for g in "${names[@]}"; do one "$g" one; done # the OS's file cache, both builds
echo "load before: $(uptime | sed 's/.*load average: //')"
for ((i = 1; i <= RUNS; i++)); do
  order=("${names[@]}")
  ((i % 2)) || order=($(printf '%s\n' "${names[@]}" | tac))
  for kind in none one ten shared; do
    for g in "${order[@]}"; do one "$g" "$kind"; done
  done
done
echo "load after:  $(uptime | sed 's/.*load average: //')"
echo
echo "CPU s, medians of $RUNS: graft -p, one tool call; scripts with an empty tool_call handler"
echo
echo "| launcher | no script | one | ten | ten handlers in one | first script | each further | one context saves |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
for g in "${names[@]}"; do
  n="$(median 1 "$scratch/$g-none.cpu")"; o="$(median 1 "$scratch/$g-one.cpu")"
  t="$(median 1 "$scratch/$g-ten.cpu")"; s="$(median 1 "$scratch/$g-shared.cpu")"
  awk -v g="$g" -v n="$n" -v o="$o" -v t="$t" -v s="$s" 'BEGIN {printf "| %s | %.2f | %.2f | %.2f | %.2f | %.0f ms | %.0f ms | %.0f ms |\n",
    g, n, o, t, s, (o - n) * 1000, (t - o) * 1000 / 9, (t - s) * 1000}'
done
