#!/usr/bin/env bash
# The cost of a frame of the interactive mode with a component a script draws: graft (a script's
# widget, drawn through the script thread) against the reference (the same component in pi-tui's
# TUI, in the same process). The component is bench/components/component.mjs: a bordered dialog
# with a title, a wrapped paragraph and a select list of 12 items whose selection moves every
# frame. Both draw 120x40 frames to a terminal that discards them; each process times FRAMES
# frames after WARMUP and reports the median.
#   graft none:    a frame without the component (the conversation's last line, an empty bottom)
#   graft still:   the component on screen, unchanged (graft draws its cached lines)
#   graft moving:  the component changed every frame: one render on the script thread per frame,
#                  waited for (in the terminal a frame waits 25 ms at most and draws the last
#                  lines meanwhile; here every frame waits, to count the whole cost)
#   graft trivial: a one-line component changed every frame: the round trip to the script thread
#   reference:     pi-tui's differential render of the changed component
# Reports medians over RUNS processes and the ratio graft moving / reference.
# Usage: bench/component-frame.sh [RUNS] (default 3; FRAMES=2000, WARMUP=500)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
RUNS="${1:-3}"
FRAMES="${FRAMES:-2000}"
WARMUP="${WARMUP:-500}"
ORACLE="$(oracle_dir)"
DIR="$BENCH_OUT/component-frame"
rm -rf "$DIR" && mkdir -p "$DIR"
cp "$BENCH_ROOT/bench/components/component.mjs" "$BENCH_ROOT/bench/components/component-frame-ref.mjs" "$ORACLE/"

"$BENCH_ROOT/graft" --version >/dev/null # builds graft (and the test classes) if needed, outside the timings
JAVA="$("$BENCH_ROOT/graft" java-home)/bin/java"
LIB="$BENCH_ROOT/cli/target/lib"
mapfile -t JVM_OPTIONS < <("$BENCH_ROOT/graft" jvm-options)

for _ in $(seq "$RUNS"); do
  "$JAVA" "${JVM_OPTIONS[@]}" \
    -cp "$BENCH_ROOT/cli/target/test-classes:$BENCH_ROOT/cli/target/graft-cli.jar:$LIB/*:$LIB/graaljs/*" \
    dev.graft.cli.views.ComponentFrameBench "$BENCH_ROOT/bench/components/component.mjs" "$FRAMES" "$WARMUP" \
    >> "$DIR/graft.txt"
  (cd "$ORACLE" && node component-frame-ref.mjs "$FRAMES" "$WARMUP") >> "$DIR/reference.txt"
done
med() { grep "^$1 " "$DIR/graft.txt" | awk '{print $2}' | sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
REF="$(sort -n "$DIR/reference.txt" | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}')"
printf 'frame of 120x40 with a script component (median of %s runs, µs per frame)\n' "$RUNS"
printf '  graft, no component        %8s\n' "$(med none)"
printf '  graft, component unchanged %8s\n' "$(med still)"
printf '  graft, component changed   %8s\n' "$(med moving)"
printf '  graft, one line changed    %8s\n' "$(med trivial)"
printf '  reference, changed         %8s\n' "$REF"
printf '  ratio graft / reference (changed): %s\n' "$(ratio "$(med moving)" "$REF")"
