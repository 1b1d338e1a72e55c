# Shared by the bench scripts: timing whole processes and reporting medians and ratios.
# shellcheck shell=bash
BENCH_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BENCH_OUT="$BENCH_ROOT/bench/out"
mkdir -p "$BENCH_OUT"

die() { printf 'bench: %s\n' "$*" >&2; exit 1; }

[[ -x /usr/bin/time ]] || die "/usr/bin/time is needed ('apt-get install time')"

# measure NAME CMD...: runs CMD once, appends "seconds peak_kb" to $BENCH_OUT/NAME.times
measure() {
  local name="$1"; shift
  /usr/bin/time -f "%e %M" -o "$BENCH_OUT/.time" "$@" >/dev/null 2>"$BENCH_OUT/.stderr" \
    || { cat "$BENCH_OUT/.stderr" >&2; die "failed: $*"; }
  cat "$BENCH_OUT/.time" >> "$BENCH_OUT/$name.times"
}

# median COLUMN FILE: the median of a column of numbers
median() {
  sort -n -k"$1" "$2" | awk -v c="$1" '{v[NR]=$c} END {if (NR%2) print v[(NR+1)/2]; else printf "%.3f\n", (v[NR/2]+v[NR/2+1])/2}'
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a/b}'; }

oracle_dir() { "$BENCH_ROOT/bench/reference-oracle.sh"; }

# launchers "NAME=PATH ...": the graft launchers to compare, into LAUNCHER (NAME -> PATH) and
# names (in order); each must run
declare -A LAUNCHER
names=()
launchers() {
  local g name
  for g in $1; do
    name="${g%%=*}"; LAUNCHER[$name]="${g#*=}"; names+=("$name")
    "${LAUNCHER[$name]}" --version >/dev/null || die "$name: ${LAUNCHER[$name]} does not run"
  done
}
