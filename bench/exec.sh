#!/usr/bin/env bash
# Running a program from a hook: an `input` handler awaits `graft.exec("true")` (the reference:
# `pi.exec`) WARM times, then CALLS times on its own clock, and answers "handled" (no model call).
# graft and the reference (pi) interleaved in every run; medians of RUNS, ratio graft / pi. Both
# agents point at the loopback model (../shared/tools/fakellm.py), which the handler never calls.
#
# Usage: bench/exec.sh [RUNS]   (default 5)
#   CALLS=300 WARM=100   calls timed, and calls before them
#   GRAFTS="before=/path/to/graft after=/path/to/launcher"   graft launchers to compare (default:
#                     this checkout's ./graft), each against pi
# Outputs go to a temporary directory, removed at the end.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
RUNS="${1:-5}"
CALLS="${CALLS:-300}"
WARM="${WARM:-100}"
GRAFTS="${GRAFTS:-graft=$BENCH_ROOT/graft}"
FAKELLM="${FAKELLM:-$BENCH_ROOT/../shared/tools/fakellm.py}"
[[ -f "$FAKELLM" ]] || die "no loopback model at $FAKELLM (set FAKELLM)"
ORACLE="$(oracle_dir)" || die "could not prepare the reference agent"
PI=(node "$ORACLE/node_modules/@mariozechner/pi-coding-agent/dist/cli.js")
launchers "$GRAFTS"

scratch="$(mktemp -d)"
python3 "$FAKELLM" --port 0 > "$scratch/fakellm.out" 2>&1 &
LLM_PID=$!
trap 'kill "$LLM_PID" 2>/dev/null || true; rm -rf "$scratch"' EXIT
for _ in $(seq 50); do grep -q listening "$scratch/fakellm.out" && break; sleep 0.1; done
URL="$(sed -n 's/.*listening on \(http[^ ]*\).*/\1/p' "$scratch/fakellm.out")"
[[ -n "$URL" ]] || die "the loopback model did not start: $(cat "$scratch/fakellm.out")"
mkdir -p "$scratch/graft-home" "$scratch/pi-agent" "$scratch/project"
for d in graft-home pi-agent; do
  cat > "$scratch/$d/models.json" <<JSON
{"providers": {"bench": {"baseUrl": "$URL/v1", "api": "openai-completions", "apiKey": "none",
  "models": [{"id": "fake-model", "name": "fake", "contextWindow": 1000000, "maxTokens": 1000}]}}}
JSON
done
echo '{"scripts": {"exec": {"exec-loop.js": ["true"]}}}' > "$scratch/graft-home/settings.json"
# The same handler for both; only the name of the API object differs.
for who in graft pi; do
  cat > "$scratch/exec-loop-$who.js" <<JS
export default function (api) {
  api.on("input", async (event, ctx) => {
    for (let i = 0; i < $WARM; i++) await api.exec("true", [], { cwd: ctx.cwd });
    const start = performance.now();
    for (let i = 0; i < $CALLS; i++) await api.exec("true", [], { cwd: ctx.cwd });
    console.error("exec-per-call " + ((performance.now() - start) / $CALLS).toFixed(3));
    return { action: "handled" };
  });
}
JS
done
mv "$scratch/exec-loop-graft.js" "$scratch/exec-loop.js"

# run WHO: one process; appends "ms-per-call cpu-s" to $scratch/WHO.times
run() {
  local who="$1" err="$scratch/$1.err" cmd
  if [[ "$who" == pi ]]; then
    cmd=(env PI_CODING_AGENT_DIR="$scratch/pi-agent" "${PI[@]}" --provider bench --model fake-model
      --no-extensions -e "$scratch/exec-loop-pi.js" --no-session -p go)
  else
    cmd=(env GRAFT_HOME="$scratch/graft-home" "${LAUNCHER[$who]}" --provider bench --model fake-model
      -s "$scratch/exec-loop.js" --no-session -p go)
  fi
  (cd "$scratch/project" && /usr/bin/time -f "cpu %U %S" "${cmd[@]}" >/dev/null 2>"$err") \
    || { cat "$err" >&2; die "$who failed"; }
  local per cpu
  per="$(sed -n 's/.*exec-per-call \([0-9.]*\).*/\1/p' "$err" | tail -n1)"
  cpu="$(awk '/^cpu / {print $2 + $3}' "$err" | tail -n1)"
  [[ -n "$per" && -n "$cpu" ]] || { cat "$err" >&2; die "$who printed no timing"; }
  echo "$per $cpu" >> "$scratch/$who.times"
}

echo "load before: $(uptime | sed 's/.*load average: //')"
for ((i = 1; i <= RUNS; i++)); do
  order=("${names[@]}" pi)
  ((i % 2)) || order=(pi $(printf '%s\n' "${names[@]}" | tac))
  for who in "${order[@]}"; do run "$who"; done
done
echo "load after:  $(uptime | sed 's/.*load average: //')"
echo
echo "$RUNS runs, medians: one awaited exec of /bin/true, after $WARM, over $CALLS (the script's clock);"
echo "CPU of the whole process ($((WARM + CALLS)) execs and the start)."
echo
echo "| agent | per exec | ratio | CPU | ratio |"
echo "| --- | --- | --- | --- | --- |"
pi_per="$(median 1 "$scratch/pi.times")"; pi_cpu="$(median 2 "$scratch/pi.times")"
for who in "${names[@]}"; do
  per="$(median 1 "$scratch/$who.times")"; cpu="$(median 2 "$scratch/$who.times")"
  echo "| $who | $per ms | $(ratio "$per" "$pi_per")x | $cpu s | $(ratio "$cpu" "$pi_cpu")x |"
done
echo "| pi | $pi_per ms | | $pi_cpu s | |"
