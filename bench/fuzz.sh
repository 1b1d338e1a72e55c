#!/usr/bin/env bash
# The long run of every fuzz target: Jazzer for DURATION per target (default 300s), one JVM per
# target, with the corpus grown before (runtime/.cifuzz-corpus, scripting-bridge/.cifuzz-corpus;
# not committed). Prints, per target, the executions, coverage and corpus libFuzzer reports and
# whether anything was found; a finding fails the target and is saved under
# src/test/resources/.../<Target>Inputs/ as a seed that then replays in every test run.
# `mvn verify` runs the same targets for fuzz.duration (5s) each.
# Usage: bench/fuzz.sh [DURATION] [TARGET...]   e.g. bench/fuzz.sh 60s EditMatcherFuzzTest
set -euo pipefail
source "$(dirname "$0")/lib.sh"
DURATION="${1:-300s}"; shift || true
export JAVA_HOME="$("$BENCH_ROOT/graft" java-home)"
cd "$BENCH_ROOT"
module_of() {
  case "$1" in
    JsonIntoScriptFuzzTest|GuestValueFuzzTest) echo scripting-bridge ;;
    *) echo runtime ;;
  esac
}
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=(SessionFileFuzzTest MessageCodecFuzzTest SseParserFuzzTest EditMatcherFuzzTest JsonIntoScriptFuzzTest GuestValueFuzzTest)
failed=0
for target in "${targets[@]}"; do
  log="$BENCH_OUT/fuzz-$target.log"
  if JAZZER_FUZZ=1 mvn -B -o -pl "$(module_of "$target")" -am test -Dtest="$target" -Dsurefire.failIfNoSpecifiedTests=false \
      -Djazzer.max_duration="$DURATION" >"$log" 2>&1; then
    result="no finding"
  else
    result="FINDING or failure (see $log)"; failed=1
  fi
  done_line="$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -n1 || true)"
  echo "$target ($DURATION): ${done_line:-no libFuzzer summary} -- $result"
done
exit "$failed"
