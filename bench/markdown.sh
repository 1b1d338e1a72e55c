#!/usr/bin/env bash
# Markdown in the terminal, graft's renderer (commonmark-java, RSyntaxTextArea's lexers) against
# the reference's (pi-tui's Markdown with marked and cli-highlight), in one process each, on the
# 12 KB answer of bench/tui-render.sh (bench/tui/answer.mjs), RUNS processes each, medians:
#   first highlight  the first code block coloured in a fresh process (the lexers loaded)
#   whole            one render of the whole answer at 160 columns, warm
#   stream           the answer growing 25 characters at a time, rendered after each step (~490
#                    renders, as the terminal UI renders while an answer streams), warm
#   highlight        the answer's code blocks coloured, warm
# Usage: bench/markdown.sh [RUNS] (default 3)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
RUNS="${1:-3}"
ORACLE="$(oracle_dir)"
DIR="$BENCH_OUT/markdown"
rm -rf "$DIR" && mkdir -p "$DIR"
"$BENCH_ROOT/graft" --version >/dev/null
[[ -d "$BENCH_ROOT/cli/target/test-classes" ]] || die "the test classes are not built (mvn -pl cli test-compile)"
node "$BENCH_ROOT/bench/tui/answer.mjs" "$DIR/answer.json" 12288 25 >/dev/null
node -e 'process.stdout.write(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"))[0].text)' "$DIR/answer.json" > "$DIR/answer.md"
cp "$BENCH_ROOT/bench/tui/markdown-ref.mjs" "$ORACLE/markdown-ref.mjs"
JAVA="$("$BENCH_ROOT/graft" java-home)/bin/java"
LIB="$BENCH_ROOT/cli/target/lib"
for ((i = 1; i <= RUNS; i++)); do
  "$JAVA" -cp "$BENCH_ROOT/cli/target/test-classes:$BENCH_ROOT/cli/target/graft-cli.jar:$LIB/*" \
    dev.graft.cli.tui.markdown.MarkdownBench "$DIR/answer.md" 20 25 >> "$DIR/graft.times"
  (cd "$ORACLE" && node markdown-ref.mjs "$DIR/answer.md" 20 25) >> "$DIR/pi.times"
done
printf '%-34s %9s %9s %7s\n' "ms, median of $RUNS" graft pi ratio
for c in 1 2 3 4; do
  name=("" "first code block coloured (cold)" "whole answer, one render" "streamed: ~490 renders" "code blocks coloured")
  g="$(median "$c" "$DIR/graft.times")"; p="$(median "$c" "$DIR/pi.times")"
  printf '%-34s %9s %9s %7s\n' "${name[$c]}" "$g" "$p" "$(ratio "$g" "$p")"
done
