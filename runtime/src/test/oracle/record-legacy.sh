#!/usr/bin/env bash
# Records what the reference agent makes of each legacy (v1/v2) fixture in
# runtime/src/test/resources/sessions/legacy, for LegacyMigrationTest:
#   NAME.migrated.jsonl  the copy of NAME.jsonl after the reference opened (and rewrote) it
#   NAME.expected.json   {"opened": the context.mjs line of that first open,
#                         "leaves": [{"index": i, ...context.mjs line...}] for every entry of
#                         the migrated file taken as the leaf (i = position, header excluded)}
# usage: runtime/src/test/oracle/record-legacy.sh [NAME...]   (default: every fixture)
set -euo pipefail
REPO="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../../../.." && pwd)"
ORACLE="$("$REPO/bench/reference-oracle.sh")"
DIR="$REPO/runtime/src/test/resources/sessions/legacy"
TMP="$(mktemp -d)"; trap 'rm -rf "$TMP"' EXIT

names=("$@")
if [[ ${#names[@]} -eq 0 ]]; then
  for f in "$DIR"/*.jsonl; do
    case "$f" in *.migrated.jsonl) ;; *) names+=("$(basename "$f" .jsonl)") ;; esac
  done
fi
for name in "${names[@]}"; do
  copy="$TMP/$name.jsonl"
  cp "$DIR/$name.jsonl" "$copy"
  opened="$(node "$ORACLE/context.mjs" "$copy")"          # migrates and rewrites the copy
  cp "$copy" "$DIR/$name.migrated.jsonl"
  cp "$copy" "$TMP/again.jsonl"
  mapfile -t ids < <(node -e '
    const lines = require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n");
    for (const l of lines.slice(1)) console.log(JSON.parse(l).id);' "$copy")
  args=(); for id in "${ids[@]}"; do args+=(--leaf "$id"); done
  leaves="$(node "$ORACLE/context.mjs" "$TMP/again.jsonl" "${args[@]}")"
  cmp -s "$copy" "$TMP/again.jsonl" || { echo "$name: the reference rewrote its own migrated file" >&2; exit 1; }
  OPENED="$opened" LEAVES="$leaves" node -e '
    const ids = JSON.parse(process.argv[2]);
    const leaves = process.env.LEAVES.trim().split("\n").map((l, index) => {
      const o = JSON.parse(l);
      if (o.leaf !== ids[index]) throw new Error("leaf order");
      return { index, ...o };
    });
    // One leaf per line, so a change shows up as a readable diff.
    const text = `{"opened":${JSON.stringify(JSON.parse(process.env.OPENED))},\n"leaves":[\n`
      + leaves.map((l) => JSON.stringify(l)).join(",\n") + "\n]}\n";
    JSON.parse(text);
    require("fs").writeFileSync(process.argv[1], text);
  ' "$DIR/$name.expected.json" "$(printf '%s\n' "${ids[@]}" | node -e 'console.log(JSON.stringify(require("fs").readFileSync(0,"utf8").trim().split("\n")))')"
  echo "$name: ${#ids[@]} entries" >&2
done
