#!/usr/bin/env bash
# Regenerates runtime/src/test/resources/sessions/generated/cutpoints.json.gz with the reference.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../../.." && cd .. && pwd)"
oracle="$("$repo/bench/reference-oracle.sh")"
cp "$here/record-cutpoints.mjs" "$oracle/record-cutpoints.mjs"
node "$oracle/record-cutpoints.mjs" "$repo/runtime/src/test/resources/sessions/generated" \
  | gzip -9 > "$repo/runtime/src/test/resources/sessions/generated/cutpoints.json.gz"
echo "wrote cutpoints.json.gz"
