#!/usr/bin/env bash
# A graft launcher for bench/hooks-e2e.sh that measures the "fewer contexts" design: every
# `--scripts DIR` becomes one script that imports DIR's scripts and calls each default export with
# its own API object, so that they all run in one GraalJS context instead of one context each.
# graft itself is unchanged; only what it loads differs. An exec grant for git-checkpoint.js in
# $GRAFT_HOME/settings.json (as the bench writes it, in its own temporary home) moves to the
# bundle, which now makes that script's calls.
#
#   GRAFTS="each=$PWD/graft one=$PWD/bench/hooks-e2e/one-context.sh" PARTS=a bench/hooks-e2e.sh 5
#
#   GROUPS_OF=N   N bundles instead of one (the scripts dealt out in turn): N contexts
#   GRAFT=PATH    the launcher to wrap (default: this checkout's ./graft)
# The bundles are written under $TMPDIR; the checkout is only read.
set -euo pipefail
ROOT="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)"
GRAFT="${GRAFT:-$ROOT/graft}"
groups="${GROUPS_OF:-1}"
args=()
while (($#)); do
  if [[ "$1" != --scripts ]]; then
    args+=("$1")
    shift
    continue
  fi
  dir="$2"
  shift 2
  bundle="$(mktemp -d "${TMPDIR:-/tmp}/one-context.XXXXXX")"
  mkdir "$bundle/parts"
  cp -r "$dir/." "$bundle/parts/"
  rm -f "$bundle"/parts/*.test.js
  files=("$bundle"/parts/*.js)
  for ((g = 0; g < groups; g++)); do
    {
      for ((i = g; i < ${#files[@]}; i += groups)); do
        name="$(basename "${files[$i]}" .js)"
        echo "import s${i} from './parts/${name}.js';"
      done
      echo "export default function (graft) {"
      for ((i = g; i < ${#files[@]}; i += groups)); do echo "  s${i}(graft);"; done
      echo "}"
    } > "$bundle/bundle$g.js"
    for ((i = g; i < ${#files[@]}; i += groups)); do
      if [[ "$(basename "${files[$i]}")" == git-checkpoint.js && -f "${GRAFT_HOME:-}/settings.json" ]]; then
        sed -i "s/\"git-checkpoint\.js\"/\"bundle$g.js\"/" "$GRAFT_HOME/settings.json"
      fi
    done
  done
  args+=(--scripts "$bundle")
done
exec "$GRAFT" "${args[@]}"
