#!/usr/bin/env bash
# A `context` hook over a 2,000-message session: scripts/examples/pruning.js in graft against the
# same file loaded as an extension by the reference agent (pi's loader accepts it as it is),
# alternating in one run. First checks that both produce the same pruned context, then measures
#   per call:  the hook's time per model call after warm-up, in one process each: graft's
#              HookRunner with the script engine and ctx.sessionManager wired as in an agent
#              run (cli test class HookContextBench) against pi's ExtensionRunner.emitContext
#              with a SessionManager on the same file (bench/hook-context-ref.mjs);
#   start-up:  whole print-mode processes, from exec to the end of the first context call
#              (a second script, loaded after pruning.js, logs the time at its first call):
#              `graft -p` with the scripted provider against `pi -p` with a models.json provider
#              at 127.0.0.1:9 (nothing listens: pi fails the request after the hook, offline).
#   several:   per call as above, on the same session ending with a /pop (a stack_pop entry), for
#              stacking.js, pruning.js and tally.js (a read-only handler that walks every message)
#              each alone and the three together: loaded together they should cost less than the
#              sum of each alone (the context crosses to each script once, not once per script
#              and call). First checks that both agents make the same context with the three.
# Reports medians over RUNS processes and the ratios graft/reference; per call also the process's
# CPU time per call (all threads), which a loaded machine disturbs less than wall time.
# SEVERAL=0 skips the several-scripts part.
# Usage: bench/hook-context.sh [RUNS] (default 3; WARMUP and CALLS set the in-process counts,
# default 200 and 100)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
RUNS="${1:-3}"
WARMUP="${WARMUP:-200}"
CALLS="${CALLS:-100}"
ORACLE="$(oracle_dir)"
PI="$ORACLE/node_modules/@mariozechner/pi-coding-agent/dist/cli.js"
DIR="$BENCH_OUT/hook-context"
rm -rf "$DIR" && mkdir -p "$DIR/project" "$DIR/scripts/lib" "$DIR/graft-home" "$DIR/pi-agent"
cp "$BENCH_ROOT/bench/hook-context-ref.mjs" "$ORACLE/hook-context-ref.mjs"

node "$BENCH_ROOT/bench/gen-hook-session.mjs" "$DIR/session.jsonl" 250 "$DIR/project" >/dev/null
node "$BENCH_ROOT/bench/gen-hook-session.mjs" "$DIR/session-pop.jsonl" 250 "$DIR/project" pop >/dev/null
cp "$BENCH_ROOT/scripts/examples/pruning.js" "$DIR/scripts/"
cp "$BENCH_ROOT/scripts/examples/lib/messages.js" "$DIR/scripts/lib/"
# The several-scripts part's scripts, in a directory of their own (the start-up runs load every
# script in $DIR/scripts).
mkdir -p "$DIR/several/lib"
cp "$BENCH_ROOT/scripts/examples/stacking.js" "$BENCH_ROOT/scripts/examples/pruning.js" "$DIR/several/"
cp "$BENCH_ROOT/scripts/examples/lib/messages.js" "$DIR/several/lib/"
cat > "$DIR/several/tally.js" <<'EOF'
// Reads every message on every call and changes nothing: characters of text per role, as a
// context-size meter would. Kept in a variable so the work is not optimised away.
let last = {};
export default function (agent) {
  agent.on("context", (event) => {
    const chars = {};
    for (const m of event.messages) {
      const content = typeof m.content === "string" ? [{ type: "text", text: m.content }] : m.content ?? [];
      let n = 0;
      for (const b of content) n += b.type === "text" ? b.text.length : 0;
      chars[m.role] = (chars[m.role] ?? 0) + n;
    }
    last = chars;
  });
}
EOF
cat > "$DIR/scripts/zz-first-context.js" <<'EOF'
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
echo '{"text":"done"}' > "$DIR/turns.jsonl"
cat > "$DIR/pi-agent/models.json" <<'EOF'
{"providers": {"bench": {"baseUrl": "http://127.0.0.1:9/v1", "api": "openai-completions", "apiKey": "none",
  "models": [{"id": "offline", "name": "offline", "contextWindow": 1000000, "maxTokens": 1000}]}}}
EOF
echo '{"retry": {"enabled": false}}' > "$DIR/pi-agent/settings.json"

"$BENCH_ROOT/graft" --version >/dev/null # builds graft (and the test classes) if needed, outside the timings
JAVA="$("$BENCH_ROOT/graft" java-home)/bin/java"
LIB="$BENCH_ROOT/cli/target/lib"
mapfile -t JVM_OPTIONS < <("$BENCH_ROOT/graft" jvm-options)
graft_hook() { # the launcher's JVM options for the agent
  "$JAVA" "${JVM_OPTIONS[@]}" \
    -cp "$BENCH_ROOT/cli/target/test-classes:$BENCH_ROOT/cli/target/graft-cli.jar:$LIB/*:$LIB/graaljs/*" \
    dev.graft.cli.e2e.HookContextBench "$@"
}
ref_hook() { node "$ORACLE/hook-context-ref.mjs" "$@"; }

# same_context GRAFT_DUMP REFERENCE_DUMP WHAT CHECK: the two dumps' messages must be the same (keys
# in any order), else "WHAT differ"; CHECK is JavaScript run with graft's messages as `a`, which
# prints the line to show or exits 1.
same_context() {
  node -e '
    const fs = require("fs");
    const canon = (v) => Array.isArray(v) ? v.map(canon) : v && typeof v === "object"
      ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canon(v[k])])) : v;
    const a = JSON.parse(fs.readFileSync(process.argv[1], "utf8")).messages;
    const b = JSON.parse(fs.readFileSync(process.argv[2], "utf8")).messages;
    if (JSON.stringify(canon(a)) !== JSON.stringify(canon(b))) { console.error(`bench: ${process.argv[3]} differ`); process.exit(1); }
    new Function("a", process.argv[4])(a);
  ' "$@"
}

# Both must make the same context before their times mean anything.
SESSION="$DIR/session.jsonl"
SCRIPT="$DIR/scripts/pruning.js"
graft_hook dump "$SESSION" "$SCRIPT" > "$DIR/graft-context.json"
ref_hook dump "$SESSION" "$SCRIPT" > "$DIR/reference-context.json"
same_context "$DIR/graft-context.json" "$DIR/reference-context.json" "the pruned contexts" '
  const text = (m) => m.content.map((c) => c.text).join("");
  const pruned = a.filter((m) => m.role === "toolResult" && /^\[pruned|\n\[pruned: \d+ more characters\]$/.test(text(m)));
  if (pruned.length === 0) { console.error("bench: nothing was pruned"); process.exit(1); }
  console.log(`same context: ${a.length} messages, ${pruned.length} tool results pruned`);
'

# first_call NAME DIR CMD...: runs CMD in DIR on a fresh copy of the session; appends the
# milliseconds from exec to the marker to $DIR/NAME.times
first_call() {
  local name="$1" cwd="$2"; shift 2
  cp "$SESSION" "$DIR/run.jsonl"
  local start; start=$(date +%s%3N)
  (cd "$cwd" && "$@") >"$DIR/run.out" 2>"$DIR/run.err" || true
  local mark; mark=$(sed -n 's/.*hook-context-first \([0-9]*\).*/\1/p' "$DIR/run.err" "$DIR/run.out" | head -n1)
  [[ -n "$mark" ]] || { cat "$DIR/run.err" >&2; die "$name: no first context call"; }
  echo "$((mark - start))" >> "$DIR/$name.times"
}

echo "load before: $(uptime | sed 's/.*load average: //')"
for ((i = 1; i <= RUNS; i++)); do
  graft_hook bench "$SESSION" "$SCRIPT" "$WARMUP" "$CALLS" | awk '{print $2, $4}' >> "$DIR/graft-call.times"
  ref_hook bench "$SESSION" "$SCRIPT" "$WARMUP" "$CALLS" | awk '{print $2, $4}' >> "$DIR/reference-call.times"
  first_call graft-first "$DIR/project" env GRAFT_HOME="$DIR/graft-home" "$BENCH_ROOT/graft" -p "go on" \
    --session "$DIR/run.jsonl" --scripts "$DIR/scripts" --provider scripted --model "$DIR/turns.jsonl"
  first_call reference-first "$DIR/project" env PI_CODING_AGENT_DIR="$DIR/pi-agent" node "$PI" -p "go on" \
    --session "$DIR/run.jsonl" --provider bench --model offline --no-extensions \
    -e "$DIR/scripts/pruning.js" -e "$DIR/scripts/zz-first-context.js"
done
echo "load after:  $(uptime | sed 's/.*load average: //')"
gc=$(median 1 "$DIR/graft-call.times"); rc=$(median 1 "$DIR/reference-call.times")
gcpu=$(median 2 "$DIR/graft-call.times"); rcpu=$(median 2 "$DIR/reference-call.times")
gf=$(median 1 "$DIR/graft-first.times"); rf=$(median 1 "$DIR/reference-first.times")
echo "$RUNS runs each, medians; per call: median of $CALLS calls after $WARMUP warm-up calls in one process"
echo "per call, wall: graft ${gc} ms, reference ${rc} ms, ratio $(ratio "$gc" "$rc")"
echo "per call, CPU (all threads; steadier on a loaded machine): graft ${gcpu} ms, reference ${rcpu} ms, ratio $(ratio "$gcpu" "$rcpu")"
echo "start-up to the end of the first context call (print mode): graft ${gf} ms, reference ${rf} ms, ratio $(ratio "$gf" "$rf")"

[[ "${SEVERAL:-1}" == 1 ]] || exit 0
# Several scripts: each alone, then the three together, per call in one process each.
POP="$DIR/session-pop.jsonl"
S="$DIR/several"
ALL="$S/stacking.js,$S/pruning.js,$S/tally.js"
graft_hook dump "$POP" "$ALL" > "$DIR/graft-several.json"
ref_hook dump "$POP" "$ALL" > "$DIR/reference-several.json"
same_context "$DIR/graft-several.json" "$DIR/reference-several.json" "the contexts of the three scripts" '
  if (!a.some((m) => m.role === "custom" && m.customType === "stack_pop")) { console.error("bench: nothing was popped"); process.exit(1); }
  console.log(`several scripts, same context: ${a.length} messages (the last three turns popped)`);
'
names=(stacking pruning tally all)
for n in "${names[@]}"; do rm -f "$DIR/graft-$n.times" "$DIR/reference-$n.times"; done
for ((i = 1; i <= RUNS; i++)); do
  for n in "${names[@]}"; do
    if [[ "$n" == all ]]; then scripts="$ALL"; else scripts="$S/$n.js"; fi
    graft_hook bench "$POP" "$scripts" "$WARMUP" "$CALLS" | awk '{print $2, $4}' >> "$DIR/graft-$n.times"
    ref_hook bench "$POP" "$scripts" "$WARMUP" "$CALLS" | awk '{print $2, $4}' >> "$DIR/reference-$n.times"
  done
done
echo "several scripts, per call (medians of $RUNS; wall ms / CPU ms):"
for who in graft reference; do
  sum=0; sumcpu=0; line="  $who:"
  for n in stacking pruning tally; do
    w=$(median 1 "$DIR/$who-$n.times"); c=$(median 2 "$DIR/$who-$n.times")
    sum=$(awk -v a="$sum" -v b="$w" 'BEGIN {print a + b}'); sumcpu=$(awk -v a="$sumcpu" -v b="$c" 'BEGIN {print a + b}')
    line="$line $n ${w}/${c},"
  done
  w=$(median 1 "$DIR/$who-all.times"); c=$(median 2 "$DIR/$who-all.times")
  echo "$line sum ${sum}/${sumcpu}; the three together ${w}/${c} (together/sum: wall $(ratio "$w" "$sum"), CPU $(ratio "$c" "$sumcpu"))"
  eval "${who}_all=$w ${who}_allcpu=$c"
done
echo "the three together, graft/reference: wall $(ratio "$graft_all" "$reference_all"), CPU $(ratio "$graft_allcpu" "$reference_allcpu")"
