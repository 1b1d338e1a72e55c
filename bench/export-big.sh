#!/usr/bin/env bash
# Exporting the 135 MB session (25,000 turns, 100,025 entries) to HTML and opening the page:
# `graft session export` timed with /usr/bin/time -v (wall time, peak memory), once more with
# the heap capped at 64 MB (the export streams: it must still succeed), then the page opened
# in headless Chromium (bench/export-big-open.mjs): load time, time until the leaf path shows,
# time to show the path to the first entry and back. Not part of the test suite: it takes about
# a minute. Needs chromium (apt-get install -y chromium) and playwright-core
# (npm install --prefix cli/src/test/browser; ./graft test does it).
# Usage: bench/export-big.sh (TURNS=25000 sets the session size)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
TURNS="${TURNS:-25000}"
ORACLE="$(oracle_dir)"
DIR="$BENCH_OUT/big-$TURNS"
if [[ ! -s "$DIR/name" ]]; then
  echo "generating the $TURNS-turn session with the reference agent..." >&2
  rm -rf "$DIR" && mkdir -p "$DIR"
  node "$ORACLE/big-session.mjs" "$DIR" "$TURNS" > "$DIR/name.tmp" && mv "$DIR/name.tmp" "$DIR/name"
fi
FILE="$(cat "$DIR/name")"
PAGE="$BENCH_OUT/export-big-$TURNS.html"
[[ -x /usr/bin/chromium ]] || die "chromium is missing: apt-get install -y chromium"
[[ -d "$BENCH_ROOT/cli/src/test/browser/node_modules/playwright-core" ]] \
  || npm install --prefix "$BENCH_ROOT/cli/src/test/browser" --no-audit --no-fund --loglevel=error >&2
"$BENCH_ROOT/graft" --version >/dev/null # builds graft if needed, outside the timings

/usr/bin/time -v -o "$BENCH_OUT/export.time" "$BENCH_ROOT/graft" session export "$FILE" -o "$PAGE" \
  >/dev/null 2>"$BENCH_OUT/export.stderr" || { cat "$BENCH_OUT/export.stderr" >&2; die "export failed"; }
wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$BENCH_OUT/export.time")
peak=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$BENCH_OUT/export.time")

JAVA="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java"
/usr/bin/time -f "%e %M" -o "$BENCH_OUT/export-small-heap.time" "$JAVA" -Xmx64m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 \
  -cp "$BENCH_ROOT/cli/target/graft-cli.jar:$BENCH_ROOT/cli/target/lib/*" dev.graft.cli.Main \
  session export "$FILE" -o "$BENCH_OUT/export-small-heap.html" >/dev/null 2>"$BENCH_OUT/export.stderr" \
  || { cat "$BENCH_OUT/export.stderr" >&2; die "export with a 64 MB heap failed"; }
read -r small_wall small_peak < "$BENCH_OUT/export-small-heap.time"
cmp -s "$PAGE" "$BENCH_OUT/export-small-heap.html" || die "the two exports differ"
rm -f "$BENCH_OUT/export-small-heap.html"

echo "session: $(($(stat -c %s "$FILE") / 1000000)) MB; page: $(($(stat -c %s "$PAGE") / 1000000)) MB"
echo "export: wall $wall, peak RSS $((peak / 1024)) MB"
echo "export with -Xmx64m: wall ${small_wall} s, peak RSS $((small_peak / 1024)) MB"
node "$BENCH_ROOT/bench/export-big-open.mjs" "$PAGE"
