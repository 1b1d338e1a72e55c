#!/usr/bin/env bash
# The long run of the durability harness: graft killed with SIGKILL at random moments, KILLS
# times (default 200), checking after each kill that nothing written was lost (see
# cli/src/test/java/dev/graft/cli/e2e/KillHarnessTest.java). Prints the number of runs and kills.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
KILLS="${1:-200}"
"$BENCH_ROOT/bench/reference-oracle.sh" >/dev/null
cd "$BENCH_ROOT"
export JAVA_HOME="$("$BENCH_ROOT/graft" java-home)"
start=$(date +%s)
GRAFT_KILLS="$KILLS" mvn -B -q -o -pl cli -am test -Dtest='KillHarnessTest#killed*' -Dsurefire.failIfNoSpecifiedTests=false \
  | grep -E "kill harness|Tests run|FAIL" || true
echo "kill harness: $(( $(date +%s) - start )) s"
