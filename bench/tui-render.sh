#!/usr/bin/env bash
# Rendering streamed answers in the interactive mode: graft against the reference agent (pi), each
# in a tmux pane of 160x45, on the same turns from bench/tui/paced-llm.py (shared/tools/fakellm.py
# with each event of an answer sent RATE times a second, default 40):
#   stream:  the CPU time (user + system, the whole process) of a turn whose answer is 12 KB of
#            markdown (bench/tui/answer.mjs: headings, lists, tables, fenced code) in about 490
#            events, in a new session: a first turn (cold) and a second one in the same process
#   long:    the same second turn with a 2,000-message session loaded (bench/gen-hook-session.mjs),
#            as CPU per streamed event, against the same figure in the new session
#   start:   wall time from starting the agent to its editor ready (graft: the empty prompt; the
#            reference: its footer), in the new session and on the 2,000-message one
# Reports medians over RUNS processes, the ratios graft / reference, and for each agent how much a
# streamed event costs more with 2,000 messages than with none (1.0: independent of the length).
# Usage: bench/tui-render.sh [RUNS] (default 3; RATE=40 events/s, BYTES=12288)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
RUNS="${1:-3}"
RATE="${RATE:-40}"
BYTES="${BYTES:-12288}"
ORACLE="$(oracle_dir)"
PI="$ORACLE/node_modules/@mariozechner/pi-coding-agent/dist/cli.js"
[[ -f "$PI" ]] || die "the reference agent is not installed ($PI); run bench/reference-oracle.sh"
command -v tmux >/dev/null || die "tmux is needed ('apt-get install tmux')"
FAKELLM_DIR="$(cd "$BENCH_ROOT/../shared/tools" 2>/dev/null && pwd)" || die "../shared/tools (fakellm.py) not found"
export FAKELLM_DIR
DIR="$BENCH_OUT/tui-render"
rm -rf "$DIR" && mkdir -p "$DIR/project" "$DIR/graft-home" "$DIR/pi-agent"
TICK="$(getconf CLK_TCK)"

"$BENCH_ROOT/graft" --version >/dev/null # builds graft if needed, outside the timings
EVENTS="$(node "$BENCH_ROOT/bench/tui/answer.mjs" "$DIR/answer.json" "$BYTES" 25 | sed 's/.*, \([0-9]*\) events/\1/')"
node "$BENCH_ROOT/bench/gen-hook-session.mjs" "$DIR/session.jsonl" 250 "$DIR/project" >/dev/null

python3 "$BENCH_ROOT/bench/tui/paced-llm.py" --script "$DIR/answer.json" --rate "$RATE" >"$DIR/llm.log" 2>&1 &
LLM=$!
SOCKET="$DIR/tmux.sock"
trap 'kill $LLM 2>/dev/null; tmux -S "$SOCKET" kill-server 2>/dev/null || true' EXIT
for _ in $(seq 50); do grep -q listening "$DIR/llm.log" && break; sleep 0.1; done
PORT="$(sed -n 's/.*127.0.0.1:\([0-9]*\).*/\1/p' "$DIR/llm.log")"
[[ -n "$PORT" ]] || die "the paced model server did not start: $(cat "$DIR/llm.log")"
for d in "$DIR/graft-home" "$DIR/pi-agent"; do
  cat > "$d/models.json" <<EOF
{"providers": {"bench": {"baseUrl": "http://127.0.0.1:$PORT", "api": "anthropic-messages", "apiKey": "none",
  "models": [{"id": "paced", "name": "paced", "contextWindow": 200000, "maxTokens": 8000}]}}}
EOF
done
echo '{"retry": {"enabled": false}, "quietStartup": true}' > "$DIR/pi-agent/settings.json"

cpu() { awk -v t="$TICK" '{print ($14 + $15) / t}' "/proc/$1/stat"; }
screen() { tmux -S "$SOCKET" capture-pane -p -t bench -S -3000; }
wait_for() { # wait_for WHAT GREP-PATTERN: until the screen shows it (at most 120 s)
  for _ in $(seq 1200); do screen | grep -q -- "$2" && return 0; sleep 0.1; done
  screen | tail -45 >&2; die "waited 120 s for $1"
}
answered() { # answered PROMPT: whether END-OF-ANSWER shows after the last line holding PROMPT
  screen | awk -v p="$1" 'index($0, p) {seen = 1; done = 0} seen && /END-OF-ANSWER/ {done = 1} END {exit !done}'
}
settle() { # settle PID: until the process used no CPU for half a second (at most 30 s)
  local a b
  for _ in $(seq 60); do a=$(cpu "$1"); sleep 0.5; b=$(cpu "$1"); [[ "$a" == "$b" ]] && return 0; done
}

# one NAME SESSION(new|long) READY CMD...: starts CMD in tmux, waits for the pattern READY, runs two
# turns; appends "cold warm" CPU seconds to $DIR/NAME-SESSION.times, the start-up ms to .start
one() {
  local name="$1" kind="$2" ready="$3"; shift 3
  tmux -S "$SOCKET" kill-server 2>/dev/null || true
  printf '#!/bin/sh\ncd %q\necho $$ > %q\nexec "$@"\n' "$DIR/project" "$DIR/pid" > "$DIR/run.sh"
  rm -f "$DIR/pid"
  local t0; t0=$(date +%s%3N)
  tmux -S "$SOCKET" new-session -d -s bench -x 160 -y 45 sh "$DIR/run.sh" "$@"
  for _ in $(seq 100); do [[ -s "$DIR/pid" ]] && break; sleep 0.1; done
  local pid; pid="$(cat "$DIR/pid")"
  for _ in $(seq 1200); do screen | grep -q -- "$ready" && break; sleep 0.02; done
  echo "$(( $(date +%s%3N) - t0 ))" >> "$DIR/$name-$kind.start"
  wait_for "$name to start" "(auto)"
  settle "$pid"
  local times=()
  for turn in 1 2; do
    local before; before=$(cpu "$pid")
    tmux -S "$SOCKET" send-keys -t bench -l "turn $turn"
    tmux -S "$SOCKET" send-keys -t bench Enter
    local ok=0
    for _ in $(seq 1200); do answered "turn $turn" && { ok=1; break; }; sleep 0.1; done
    [[ $ok == 1 ]] || { screen | tail -45 >&2; die "waited 120 s for $name's answer $turn"; }
    settle "$pid"
    times+=("$(awk -v a="$before" -v b="$(cpu "$pid")" 'BEGIN {printf "%.3f", b - a}')")
  done
  echo "${times[0]} ${times[1]}" >> "$DIR/$name-$kind.times"
  tmux -S "$SOCKET" kill-server 2>/dev/null || true
}

graft_cmd=(env GRAFT_HOME="$DIR/graft-home" "$BENCH_ROOT/graft" --provider bench --model paced)
pi_cmd=(env PI_CODING_AGENT_DIR="$DIR/pi-agent" node "$PI" --provider bench --model paced)
echo "load before: $(uptime | sed 's/.*load average: //')"
for ((i = 1; i <= RUNS; i++)); do
  one graft new '^> *$' "${graft_cmd[@]}" --no-session
  one pi new '(auto)' "${pi_cmd[@]}" --no-session
  cp "$DIR/session.jsonl" "$DIR/graft-long.jsonl"; cp "$DIR/session.jsonl" "$DIR/pi-long.jsonl"
  one graft long '^> *$' "${graft_cmd[@]}" --session "$DIR/graft-long.jsonl"
  one pi long '(auto)' "${pi_cmd[@]}" --session "$DIR/pi-long.jsonl"
done
echo "load after:  $(uptime | sed 's/.*load average: //')"

m() { median "$2" "$DIR/$1.times"; }
per() { awk -v s="$1" -v n="$EVENTS" 'BEGIN {printf "%.3f", s * 1000 / n}'; } # ms of CPU per event
echo "CPU of a turn streaming $(wc -c < "$DIR/answer.json") bytes of JSON (a ~${BYTES}-byte markdown answer) in $EVENTS events at $RATE/s;"
echo "the whole process, user + system, median of $RUNS (s); ratio = graft / reference"
printf '%-52s %8s %8s %7s\n' "" graft pi ratio
printf '%-52s %8s %8s %7s\n' "new session, first turn (cold)" "$(m graft-new 1)" "$(m pi-new 1)" "$(ratio "$(m graft-new 1)" "$(m pi-new 1)")"
printf '%-52s %8s %8s %7s\n' "new session, second turn" "$(m graft-new 2)" "$(m pi-new 2)" "$(ratio "$(m graft-new 2)" "$(m pi-new 2)")"
printf '%-52s %8s %8s %7s\n' "2,000-message session, second turn" "$(m graft-long 2)" "$(m pi-long 2)" "$(ratio "$(m graft-long 2)" "$(m pi-long 2)")"
printf '%-52s %8s %8s %7s\n' "ms per streamed event, new session" "$(per "$(m graft-new 2)")" "$(per "$(m pi-new 2)")" \
  "$(ratio "$(per "$(m graft-new 2)")" "$(per "$(m pi-new 2)")")"
printf '%-52s %8s %8s %7s\n' "ms per streamed event, 2,000 messages" "$(per "$(m graft-long 2)")" "$(per "$(m pi-long 2)")" \
  "$(ratio "$(per "$(m graft-long 2)")" "$(per "$(m pi-long 2)")")"
printf '%-52s %8s %8s\n' "2,000 messages / new session, per event" "$(ratio "$(m graft-long 2)" "$(m graft-new 2)")" \
  "$(ratio "$(m pi-long 2)" "$(m pi-new 2)")"
ms() { median 1 "$DIR/$1.start"; }
printf '%-52s %8s %8s %7s\n' "start to the editor, new session (ms)" "$(ms graft-new)" "$(ms pi-new)" "$(ratio "$(ms graft-new)" "$(ms pi-new)")"
printf '%-52s %8s %8s %7s\n' "start to the editor, 2,000 messages (ms)" "$(ms graft-long)" "$(ms pi-long)" "$(ratio "$(ms graft-long)" "$(ms pi-long)")"
echo "targets: graft / reference at most 1.0; graft's 2,000-message / new-session ratio about 1.0"
