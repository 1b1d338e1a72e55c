#!/usr/bin/env bash
# How long a large npm dependency takes to load in graft, against node in the same run: a global
# script package depending on zod (the version the reference installs; its zod/v4 is about 0.5 MB
# of ES modules) is installed with `graft scripts add` (npm fetches zod), and its script imports
# zod/v4 and parses with it at load. Three runs of each; the script prints its own load time.
# A load that takes more than the 2 s spin limit meant for runaway scripts is allowed by the
# module budget (ScriptSettings.moduleBudget: 20 µs of CPU per byte of module source loaded).
set -euo pipefail

REPO="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
die() { printf 'node-modules: %s\n' "$*" >&2; exit 1; }
ORACLE="$("$REPO/bench/reference-oracle.sh")" || die "could not prepare the reference package"
ZOD="$(node -p "require('$ORACLE/node_modules/zod/package.json').version")"
GRAFT="${GRAFT:-$REPO/graft}"
"$GRAFT" build >/dev/null 2>&1 || "$GRAFT" build >&2 || die "graft does not build"

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/pkg/hooks" "$WORK/home" "$WORK/proj"
printf '{"name":"zod-probe","version":"1.0.0","type":"module","dependencies":{"zod":"%s"},"graft":{"scripts":["hooks"]}}\n' \
  "$ZOD" >"$WORK/pkg/package.json"
cat >"$WORK/pkg/hooks/probe.js" <<'JS'
const t0 = performance.now();
const { z } = await import("zod/v4");
const User = z.object({ name: z.string().min(1), age: z.number().int().positive() });
const ok = User.safeParse({ name: "a", age: 3 }).success && !User.safeParse({ name: "", age: -1 }).success;
console.log("LOADED " + JSON.stringify({ ok, ms: Math.round(performance.now() - t0) }));
export default function (pi) {}
JS
echo '{"text": "ok"}' >"$WORK/proj/turns.jsonl"
cd "$WORK/proj"
GRAFT_HOME="$WORK/home" "$GRAFT" scripts add ../pkg >/dev/null || die "graft scripts add failed"
printf 'zod %s; load average %s\n' "$ZOD" "$(cut -d' ' -f1 /proc/loadavg)"
graft_ms=(); node_ms=()
for _ in 1 2 3; do
  line="$(GRAFT_HOME="$WORK/home" "$GRAFT" -p -v --no-session --provider scripted --model turns.jsonl hi 2>&1 \
    | grep -o 'LOADED .*' || true)"
  [[ "$line" == *'"ok":true'* ]] || die "graft did not load zod/v4: ${line:-no output}"
  graft_ms+=("$(sed 's/.*"ms":\([0-9]*\).*/\1/' <<<"$line")")
  node_ms+=("$(cd "$WORK/home/packages/zod-probe" && node --input-type=module -e \
    'const t0 = performance.now(); await import("zod/v4"); console.log(Math.round(performance.now() - t0))')")
done
median() { printf '%s\n' "$@" | sort -n | sed -n 2p; }
g="$(median "${graft_ms[@]}")"; n="$(median "${node_ms[@]}")"
printf 'import zod/v4: graft %s ms, node %s ms (medians of 3: graft %s, node %s); ratio %s\n' \
  "$g" "$n" "${graft_ms[*]}" "${node_ms[*]}" "$(awk -v g="$g" -v n="$n" 'BEGIN { printf "%.1f", g / n }')"
