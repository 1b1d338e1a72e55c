#!/usr/bin/env bash
# Hook scripts end to end: graft against the reference agent (pi) on the same turns of the same
# loopback model (../shared/tools/fakellm.py, `auto` rule: every prompt costs one bash tool call
# and one answer), whole processes, interleaved in every run, medians and ratios graft / pi.
#
#   a  100 prompts, each agent's own example hooks: graft's scripts/examples (10 scripts: all but
#      reminder.js, whose reminder after a tool result makes the loopback model call a tool again;
#      git granted to git-checkpoint.js) against the 8 of pi's examples/extensions that do the same
#      jobs: custom-compaction, git-checkpoint, input-transform, permission-gate, protected-paths,
#      session-name, todo, confirm-destructive
#   b  100 prompts, the same two hook files in both: scripts/examples/pruning.js and stacking.js
#      (pi loads them unchanged)
#   c  hook overhead per prompt: (a - d) / 100 and (b - d) / 100, from the medians; and split in
#      two: once warm (the second half of the prompts, (a - d) of their CPU per prompt) and the
#      rest, what starting the hooks and warming up cost once (overhead minus 100 warm prompts)
#   d  100 prompts, no hooks
#   e  start-up to the end of the first context call: `-p` on a 2,000-message session (2.6 MB,
#      bench/gen-hook-session.mjs) with pruning.js and a marker script loaded after it, which
#      prints the time at its first context call; the call then goes to the loopback model
#
# "100 prompts" is one process, driven in RPC mode (docs/rpc.md; pi's --mode rpc speaks the same
# protocol): a prompt is sent when the previous one's agent_end came, then stdin is closed and the
# agent exits by itself (bench/hooks-e2e/drive.py checks every prompt did its tool call and answer).
# Each agent saves its session as it would for a user (a fresh home per run).
# Reported per run kind: CPU (user + sys of the process tree), wall and peak RSS (largest process
# of the tree), from /usr/bin/time.
#
# Usage: bench/hooks-e2e.sh [RUNS]   (default 3)
#   PARTS="a b d e"   the parts to run (c is worked out from a, b and d)
#   PROMPTS=100       prompts per RPC run
#   GRAFTS="graft=/path/to/graft other=/path/to/launcher"   graft launchers to measure, each
#                     interleaved with the others and pi (default: this checkout's ./graft); the
#                     ratios are each against pi. A launcher may be a wrapper that sets JVM options.
#   SAME="A.js B.js"  other hook files for part b (default: pruning.js and stacking.js), with the
#                     lib/ beside the first
#   REFERENCE=0       the graft launchers only, without pi (a diagnosis: no ratios)
#   DRIVE_THREADS=FILE  each RPC run appends the CPU seconds of graft's threads, by name, to FILE
# Outputs go to $TMPDIR (kept: the path is printed); the checkout is only read (graft builds itself
# under cli/target when it is out of date, and the reference is installed under target/).
set -euo pipefail
ROOT="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
die() { printf 'hooks-e2e: %s\n' "$*" >&2; exit 1; }
RUNS="${1:-3}"
PROMPTS="${PROMPTS:-100}"
PARTS="${PARTS:-a b d e}"
GRAFTS="${GRAFTS:-graft=$ROOT/graft}"
FAKELLM="${FAKELLM:-$ROOT/../shared/tools/fakellm.py}"
[[ -x /usr/bin/time ]] || die "/usr/bin/time is needed ('apt-get install time')"
[[ -f "$FAKELLM" ]] || die "no loopback model at $FAKELLM (set FAKELLM)"
command -v python3 >/dev/null || die "python3 is needed (the loopback model and the driver)"
ORACLE="$("$ROOT/bench/reference-oracle.sh")" || die "could not prepare the reference agent"
PKG="$ORACLE/node_modules/@mariozechner/pi-coding-agent"
PI=(node "$PKG/dist/cli.js")
DRIVE="$ROOT/bench/hooks-e2e/drive.py"

declare -A LAUNCHER
names=()
for g in $GRAFTS; do
  name="${g%%=*}"; LAUNCHER[$name]="${g#*=}"; names+=("$name")
  "${LAUNCHER[$name]}" --version >/dev/null || die "$name: ${LAUNCHER[$name]} does not run"
done

OUT="$(mktemp -d "${TMPDIR:-/tmp}/hooks-e2e.XXXXXX")"
echo "outputs: $OUT"
mkdir -p "$OUT/own-graft" "$OUT/same/lib" "$OUT/first/lib" "$OUT/own-pi"

# The loopback model, one for the whole bench, both agents' models.json pointing at it.
python3 "$FAKELLM" --port 0 > "$OUT/fakellm.out" 2>&1 &
LLM_PID=$!
trap 'kill "$LLM_PID" 2>/dev/null || true' EXIT
for _ in $(seq 50); do grep -q listening "$OUT/fakellm.out" && break; sleep 0.1; done
URL="$(sed -n 's/.*listening on \(http[^ ]*\).*/\1/p' "$OUT/fakellm.out")"
[[ -n "$URL" ]] || die "the loopback model did not start: $(cat "$OUT/fakellm.out")"
cat > "$OUT/models.json" <<EOF
{"providers": {"bench": {"baseUrl": "$URL/v1", "api": "openai-completions", "apiKey": "none",
  "models": [{"id": "fake-model", "name": "fake", "contextWindow": 1000000, "maxTokens": 1000}]}}}
EOF
MODEL=(--provider bench --model fake-model)

# The scripts. Copies, so that neither agent writes next to the checkout's files.
cp -r "$ROOT/scripts/examples/." "$OUT/own-graft/"
rm "$OUT/own-graft/reminder.js" "$OUT/own-graft/reminder.test.js"
for f in custom-compaction git-checkpoint input-transform permission-gate protected-paths session-name todo \
    confirm-destructive; do
  cp "$PKG/examples/extensions/$f.ts" "$OUT/own-pi/"
done
SAME=(${SAME:-$ROOT/scripts/examples/pruning.js $ROOT/scripts/examples/stacking.js})
cp "${SAME[@]}" "$OUT/same/"
[[ ! -d "$(dirname "${SAME[0]}")/lib" ]] || cp -r "$(dirname "${SAME[0]}")/lib/." "$OUT/same/lib/"
cp "$ROOT/scripts/examples/pruning.js" "$OUT/first/"
cp "$ROOT/scripts/examples/lib/messages.js" "$OUT/first/lib/"
cat > "$OUT/first/zz-first-context.js" <<'EOF'
// Marks the end of the first context call: loaded after pruning.js, its handler runs last.
export default function (agent) {
  let seen = false;
  agent.on("context", () => {
    if (!seen) {
      seen = true;
      console.warn(`hook-context-first ${Date.now()}`);
    }
  });
}
EOF
own_pi=(); for f in "$OUT"/own-pi/*.ts; do own_pi+=(-e "$f"); done
same_pi=(); same_graft=()
for f in "${SAME[@]}"; do same_pi+=(-e "$OUT/same/$(basename "$f")"); same_graft+=(-s "$OUT/same/$(basename "$f")"); done
first_pi=(-e "$OUT/first/pruning.js" -e "$OUT/first/zz-first-context.js")
mkdir -p "$OUT/first-project" # the session's working directory: both agents want it to exist
node "$ROOT/bench/gen-hook-session.mjs" "$OUT/session.jsonl" 250 "$OUT/first-project" >/dev/null

# fresh NAME: a fresh project (a git repository with one commit, for the git checkpoints) and
# fresh homes for both agents; prints nothing, sets HOMES
fresh() {
  local d="$OUT/run/$1"
  rm -rf "$d" && mkdir -p "$d/project" "$d/graft-home" "$d/pi-agent"
  cp "$OUT/models.json" "$d/graft-home/" && cp "$OUT/models.json" "$d/pi-agent/"
  echo '{"scripts": {"exec": {"git-checkpoint.js": ["git"]}}}' > "$d/graft-home/settings.json"
  echo '{"retry": {"enabled": false}}' > "$d/pi-agent/settings.json"
  (cd "$d/project" && git init -q && printf 'notes\n' > notes.txt && git add notes.txt \
    && git -c user.name=bench -c user.email=bench@localhost commit -qm init)
  RUN="$d"
}

# run KIND WHO: one measured process; appends its figures to $OUT/KIND-WHO.times
run() {
  local kind="$1" who="$2" cmd=() mode=rpc log="$OUT/$1-$2.log"
  fresh "$kind-$who"
  if [[ "$who" == pi ]]; then
    cmd=(env PI_CODING_AGENT_DIR="$RUN/pi-agent" "${PI[@]}" "${MODEL[@]}" --no-extensions)
    case "$kind" in
      own) cmd+=("${own_pi[@]}") ;;
      same) cmd+=("${same_pi[@]}") ;;
      first) cmd+=("${first_pi[@]}") ;;
    esac
  else
    cmd=(env GRAFT_HOME="$RUN/graft-home" "${LAUNCHER[$who]}" "${MODEL[@]}")
    case "$kind" in
      own) cmd+=(--scripts "$OUT/own-graft") ;;
      same) cmd+=("${same_graft[@]}") ;;
      first) cmd+=(-s "$OUT/first/pruning.js" -s "$OUT/first/zz-first-context.js") ;;
    esac
  fi
  local line
  if [[ "$kind" == first ]]; then
    cp "$OUT/session.jsonl" "$RUN/session.jsonl"
    line="$(cd "$OUT/first-project" && python3 "$DRIVE" print "$log" -- "${cmd[@]}" -p "go on" --session "$RUN/session.jsonl")" \
      || die "$kind $who failed (log: $log)"
  else
    line="$(cd "$RUN/project" && python3 "$DRIVE" rpc "$PROMPTS" "$log" -- "${cmd[@]}")" \
      || die "$kind $who failed (log: $log)"
  fi
  echo "$line" >> "$OUT/$kind-$who.times"
}

kinds=()
for p in $PARTS; do
  case "$p" in a) kinds+=(own) ;; b) kinds+=(same) ;; d) kinds+=(none) ;; e) kinds+=(first) ;;
    c) ;; *) die "unknown part $p (a b c d e)" ;; esac
done
whos=("${names[@]}")
[[ "${REFERENCE:-1}" == 0 ]] || whos+=(pi)

echo "load before: $(uptime | sed 's/.*load average: //')"
for ((i = 1; i <= RUNS; i++)); do
  for kind in "${kinds[@]}"; do
    # Who goes first alternates from run to run: pi, then the graft launchers in reverse order.
    order=("${whos[@]}")
    ((i % 2)) || order=("${whos[@]:${#names[@]}}" $(printf '%s\n' "${names[@]}" | tac))
    for who in "${order[@]}"; do run "$kind" "$who"; done
  done
  echo "run $i of $RUNS done ($(uptime | sed 's/.*load average: //'))"
done
echo "load after:  $(uptime | sed 's/.*load average: //')"

# med KIND WHO COLUMN: the median of a column (1 wall, 2 cpu, 5 peak kB, 6 first context ms or,
# for the RPC runs, the CPU s of the second half of the prompts)
med() {
  sort -n -k"$3" "$OUT/$1-$2.times" | awk -v c="$3" '{v[NR]=$c} END {if (NR%2) print v[(NR+1)/2]; else print (v[NR/2]+v[NR/2+1])/2}'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {if (b == 0) print "-"; else printf "%.2fx", a/b}'; }
fmt() { awk -v v="$1" -v s="$2" 'BEGIN {printf "%.*f", s, v}'; }
mb() { awk -v v="$1" 'BEGIN {printf "%.0f", v / 1024}'; }
title() {
  case "$1" in
    own) echo "a. $PROMPTS prompts, each agent's own example hooks" ;;
    same) echo "b. $PROMPTS prompts, the same hook files in both ($(for f in "${SAME[@]}"; do basename "$f" .js; done | paste -sd, - | sed "s/,/, /g"))" ;;
    none) echo "d. $PROMPTS prompts, no hooks" ;;
    first) echo "e. start-up to the end of the first context call" ;;
  esac
}

if [[ "${REFERENCE:-1}" == 0 ]]; then
  for g in "${names[@]}"; do
    for kind in "${kinds[@]}"; do
      echo "$g $kind: CPU $(med "$kind" "$g" 2) s, wall $(med "$kind" "$g" 1) s, peak $(mb "$(med "$kind" "$g" 5)") MB"
    done
  done
  exit 0
fi
# overhead KIND WHO COLUMN: (KIND - none) per prompt, in ms
overhead() {
  awk -v a="$(med "$1" "$2" "$3")" -v b="$(med none "$2" "$3")" -v n="$PROMPTS" 'BEGIN {printf "%.1f", (a - b) * 1000 / n}'
}
# warm KIND WHO: (KIND - none) per prompt over the second half of the prompts, CPU ms
warm() {
  awk -v a="$(med "$1" "$2" 6)" -v b="$(med none "$2" 6)" -v n="$((PROMPTS - PROMPTS / 2))" 'BEGIN {printf "%.1f", (a - b) * 1000 / n}'
}
# once OVERHEAD WARM: what the hooks cost beyond PROMPTS warm prompts, s
once() { awk -v o="$1" -v w="$2" -v n="$PROMPTS" 'BEGIN {printf "%.2f", (o - w) * n / 1000}'; }
# ratio of two overheads: only when the reference's is above the noise (1 ms a prompt)
oratio() { awk -v a="$1" -v b="$2" 'BEGIN {if (b < 1) print "pi: none measurable"; else printf "%.2fx", a/b}'; }
has() { [[ " ${kinds[*]} " == *" $1 "* ]]; }

echo
echo "$RUNS runs, medians, graft / pi. CPU: user+sys of the process tree; peak memory: the largest"
echo "resident set of one process of the tree. Hook overhead: (hooks - no hooks) / $PROMPTS prompts."
for g in "${names[@]}"; do
  echo
  echo "## $g (${LAUNCHER[$g]})"
  echo
  echo "| run | CPU | wall | peak memory |"
  echo "| --- | --- | --- | --- |"
  r() { echo "| $1 | $(ratio "$(med "$2" "$g" 2)" "$(med "$2" pi 2)") | $(ratio "$(med "$2" "$g" "$3")" "$(med "$2" pi "$3")") | $(ratio "$(med "$2" "$g" 5)" "$(med "$2" pi 5)") |"; }
  has own && r "$(title own)" own 1
  has same && r "$(title same)" same 1
  if has none; then
    for kind in own same; do
      has "$kind" || continue
      gh=$(overhead "$kind" "$g" 2); ph=$(overhead "$kind" pi 2)
      gw=$(overhead "$kind" "$g" 1); pw=$(overhead "$kind" pi 1)
      echo "| c. hook overhead per prompt, $([[ $kind == own ]] && echo "own examples" || echo "same files"): CPU $gh vs $ph ms, wall $gw vs $pw ms | $(oratio "$gh" "$ph") | $(oratio "$gw" "$pw") | |"
      gl=$(warm "$kind" "$g"); pl=$(warm "$kind" pi)
      echo "| c. the same once warm (prompts $((PROMPTS / 2 + 1)) to $PROMPTS): CPU $gl vs $pl ms a prompt; the rest, start and warm-up: $(once "$gh" "$gl") vs $(once "$ph" "$pl") s | $(oratio "$gl" "$pl") | | |"
    done
    r "$(title none)" none 1
  fi
  has first && r "$(title first) (CPU, memory: the whole run)" first 6
  echo
  echo "| run | CPU s | wall s | peak MB |"
  echo "| --- | --- | --- | --- |"
  for kind in "${kinds[@]}"; do
    extra=""
    [[ "$kind" == first ]] && extra=" (first call at $(fmt "$(med first "$g" 6)" 0) vs $(fmt "$(med first pi 6)" 0) ms)"
    echo "| $(title "$kind")$extra | $(fmt "$(med "$kind" "$g" 2)" 2) vs $(fmt "$(med "$kind" pi 2)" 2) | $(fmt "$(med "$kind" "$g" 1)" 2) vs $(fmt "$(med "$kind" pi 1)" 2) | $(mb "$(med "$kind" "$g" 5)") vs $(mb "$(med "$kind" pi 5)") |"
  done
done
