#!/usr/bin/env bash
# Fuzzes graft's parsers with Jazzer for SECONDS per target (default 300). Seeds live under
# runtime/src/test/resources/dev/graft/runtime/fuzz/; the corpus grown here stays in
# runtime/.cifuzz-corpus (not committed). A finding fails the run and is saved as a seed input.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
SECONDS_PER_TARGET="${1:-300}"
export JAVA_HOME="$("$BENCH_ROOT/graft" java-home)"
cd "$BENCH_ROOT"
for target in SessionFileFuzzTest MessageCodecFuzzTest SseParserFuzzTest; do
  echo "fuzzing $target for ${SECONDS_PER_TARGET}s..."
  JAZZER_FUZZ=1 mvn -B -q -o -pl runtime -am test -Dtest="$target" -Dsurefire.failIfNoSpecifiedTests=false \
    -Djazzer.max_duration="${SECONDS_PER_TARGET}s" 2>&1 | grep -E "DONE|cov:.*DONE|Tests run|FAIL|Exception" | tail -3
done
