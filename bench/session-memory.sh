#!/usr/bin/env bash
# What a large session costs in memory: for `session check|tree|context|export` and `-c -p`
# (scripted provider), the smallest heap that works (-Xmx through JAVA_TOOL_OPTIONS, found by
# bisection to 16 MB) and, at the default heap, the peak RSS and the wall time. The session is
# TURNS ordinary turns (a 4 KB tool result each, a compaction every 1,000) and one tool result of
# HUGE_MB megabytes at the end (bench/gen-big-session.mjs).
# Usage: bench/session-memory.sh   (TURNS=25000 HUGE_MB=150; GRAFT=launcher to measure another
# build; COMMANDS="check tree" to measure some only)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
TURNS="${TURNS:-25000}"
HUGE_MB="${HUGE_MB:-150}"
GRAFT="${GRAFT:-$BENCH_ROOT/graft}"
COMMANDS="${COMMANDS:-check tree context export continue}"
DIR="$BENCH_OUT/memory-$TURNS-$HUGE_MB"
PROJECT="$DIR/project"
ENCODED="${PROJECT#/}"
SESSIONS="$DIR/home/sessions/--${ENCODED//\//-}--"
FILE="$SESSIONS/2026-01-01T09-00-00-000Z_019b7a10-0000-7000-8000-000000000002.jsonl"
if [[ ! -s "$FILE" ]]; then
  echo "generating the session ($TURNS turns, one $HUGE_MB MB tool result)..." >&2
  rm -rf "$DIR" && mkdir -p "$SESSIONS" "$PROJECT"
  SESSION_CWD="$PROJECT" node "$BENCH_ROOT/bench/gen-big-session.mjs" "$FILE.tmp" "$TURNS" "$HUGE_MB"
  mv "$FILE.tmp" "$FILE"
fi
echo '{"text":"ok"}' > "$PROJECT/T.jsonl"
SIZE=$(stat -c %s "$FILE")
"$GRAFT" --version >/dev/null

# run CMD [XMX_MB]: runs one command (0 when it works); `continue` appends, so the file is cut back
run() {
  local what="$1" xmx="${2:-}" rc=0
  local -a opts=()
  [[ -n "$xmx" ]] && opts=("-Xmx${xmx}m")
  case "$what" in
    continue) (cd "$PROJECT" && GRAFT_HOME="$DIR/home" JAVA_TOOL_OPTIONS="${opts[*]:-}" \
                "$GRAFT" -c -p --provider scripted --model T.jsonl next) || rc=$?
              truncate -s "$SIZE" "$FILE" ;;
    export) JAVA_TOOL_OPTIONS="${opts[*]:-}" "$GRAFT" session export "$FILE" -o "$DIR/out.html" || rc=$? ;;
    *) JAVA_TOOL_OPTIONS="${opts[*]:-}" "$GRAFT" session "$what" "$FILE" || rc=$? ;;
  esac
  return "$rc"
}

# smallest heap (MB, to 16 MB) with which the command exits as it does with the default heap
smallest() {
  local what="$1" want lo=16 hi=8192 mid
  run "$what" >/dev/null 2>&1 && want=0 || want=$?
  while ((hi - lo > 16)); do
    mid=$(((lo + hi) / 2))
    local rc=0; run "$what" "$mid" >/dev/null 2>&1 || rc=$?
    if ((rc == want)); then hi=$mid; else lo=$mid; fi
  done
  echo "$hi"
}

printf 'session: %d MB (%d turns, one %d MB tool result); %s\n' $((SIZE >> 20)) "$TURNS" "$HUGE_MB" "$GRAFT"
printf '%-10s %12s %14s %8s\n' command "smallest-Xmx" "peak-RSS(def)" "wall"
for what in $COMMANDS; do
  min=$(smallest "$what")
  /usr/bin/time -f "%e %M" -o "$BENCH_OUT/.time" bash -c "$(declare -f run); SIZE=$SIZE FILE='$FILE' DIR='$DIR' PROJECT='$PROJECT' GRAFT='$GRAFT' run $what" >/dev/null 2>&1 || true
  read -r wall kb < "$BENCH_OUT/.time"
  printf '%-10s %9d MB %11d MB %6.1f s\n' "$what" "$min" $((kb / 1024)) "$wall"
done
