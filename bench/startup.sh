#!/usr/bin/env bash
# Start-up, whole processes, graft against the reference agent (pi) in the same run, medians of
# RUNS (default 10), interleaved so that load on the machine hits both alike:
#   --version               graft (with its AOT cache), graft without it (GRAFT_AOT=0), pi --version
#   first hook call         graft -p with bench/startup/first-hook.js, whose `input` handler ends the
#                           run (also with the example scripts in scripts/examples loaded);
#                           pi -p with an extension that exits at its first `input` event
#                           (and, for reference, at `session_start`, pi's earliest extension call)
# Targets: --version at most 0.5x pi, the first hook call at most 1.0x. No API key is used: graft
# gets the scripted provider, pi never reaches its model.
# Usage: bench/startup.sh [RUNS]
set -euo pipefail
source "$(dirname "$0")/lib.sh"
RUNS="${1:-10}"
ORACLE="$(oracle_dir)"
PI="$ORACLE/node_modules/.bin/pi"
[[ -x "$PI" ]] || die "the reference agent is not installed ($PI); run bench/reference-oracle.sh"
GRAFT="$BENCH_ROOT/graft"
HERE="$BENCH_ROOT/bench/startup"
"$GRAFT" build >/dev/null 2>&1 || "$GRAFT" --version >/dev/null
[[ -f "$BENCH_ROOT/cli/target/graft-agent.aot" ]] || echo "bench: no AOT cache was made; graft runs without one" >&2

scratch="$(mktemp -d)"; trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/graft-home" "$scratch/pi-home" "$scratch/project"
printf '{"text": "not reached"}\n' > "$scratch/turns.jsonl"
cd "$scratch/project"
# Neither agent may see a real key or the user's settings.
unset ANTHROPIC_API_KEY OPENAI_API_KEY GEMINI_API_KEY
export GRAFT_HOME="$scratch/graft-home" PI_CODING_AGENT_DIR="$scratch/pi-home"

names=(graft-version graft-version-noaot pi-version graft-first-hook graft-first-hook-noaot graft-first-hook-examples
  pi-first-input pi-session-start)
for n in "${names[@]}"; do rm -f "$BENCH_OUT/$n.times"; done
graft_hook=("$GRAFT" -p --no-session -s "$HERE/first-hook.js" --provider scripted --model "$scratch/turns.jsonl" "hello")
for ((i = 1; i <= RUNS; i++)); do
  measure graft-version "$GRAFT" --version
  measure graft-version-noaot env GRAFT_AOT=0 "$GRAFT" --version
  measure pi-version "$PI" --version
  measure graft-first-hook "${graft_hook[@]}"
  measure graft-first-hook-noaot env GRAFT_AOT=0 "${graft_hook[@]}"
  measure graft-first-hook-examples "${graft_hook[@]}" --scripts "$BENCH_ROOT/scripts/examples"
  measure pi-first-input "$PI" -p --no-session -e "$HERE/first-hook-input.ts" "hello"
  measure pi-session-start "$PI" -p --no-session -e "$HERE/first-hook-session-start.ts" "hello"
done

m() { median 1 "$BENCH_OUT/$1.times"; }
echo "start-up, whole process, median of $RUNS (s); ratio = graft / pi"
printf '%-42s %7s\n' "graft --version" "$(m graft-version)"
printf '%-42s %7s\n' "graft --version, no AOT cache" "$(m graft-version-noaot)"
printf '%-42s %7s\n' "pi --version" "$(m pi-version)"
printf '  ratio %s (target <= 0.5); without the cache %s\n' "$(ratio "$(m graft-version)" "$(m pi-version)")" \
  "$(ratio "$(m graft-version-noaot)" "$(m pi-version)")"
printf '%-42s %7s\n' "graft -p, first hook (input)" "$(m graft-first-hook)"
printf '%-42s %7s\n' "graft -p, first hook, no AOT cache" "$(m graft-first-hook-noaot)"
printf '%-42s %7s\n' "graft -p, first hook, + example scripts" "$(m graft-first-hook-examples)"
printf '%-42s %7s\n' "pi -p, first extension call (input)" "$(m pi-first-input)"
printf '%-42s %7s\n' "pi -p, session_start" "$(m pi-session-start)"
printf '  ratio %s against pi input (target <= 1.0), %s against pi session_start; without the cache %s\n' \
  "$(ratio "$(m graft-first-hook)" "$(m pi-first-input)")" "$(ratio "$(m graft-first-hook)" "$(m pi-session-start)")" \
  "$(ratio "$(m graft-first-hook-noaot)" "$(m pi-first-input)")"
