#!/usr/bin/env bash
# session.sh FILE CWD TURNS: writes a session file (v3) of TURNS turns for the AOT training run to
# resume: a user prompt, the assistant calling read, the result (about 2 KB of text) and the
# assistant's answer, each turn. Opening it, building its context and handing that context to a
# script in one first call is what a start on a long session does; the training makes that path's
# classes and profiles part of the start-up cache.
set -euo pipefail
[[ $# -eq 3 ]] || { echo "usage: session.sh FILE CWD TURNS" >&2; exit 2; }
awk -v turns="$3" -v cwd="$2" '
function entry(json) {
  n++
  printf "{\"type\":\"message\",\"id\":\"%08x\",\"parentId\":%s,\"timestamp\":\"2026-01-01T09:00:00.000Z\",\"message\":%s}\n", n, parent, json
  parent = sprintf("\"%08x\"", n)
}
function assistant(content, stop, at) {
  return sprintf("{\"role\":\"assistant\",\"content\":[%s],\"api\":\"scripted\",\"provider\":\"scripted\",\"model\":\"scripted\"," \
    "\"usage\":{\"input\":100,\"output\":10,\"cacheRead\":0,\"cacheWrite\":0,\"totalTokens\":110," \
    "\"cost\":{\"input\":0,\"output\":0,\"cacheRead\":0,\"cacheWrite\":0,\"total\":0}},\"stopReason\":\"%s\",\"timestamp\":%.0f}", content, stop, at)
}
BEGIN {
  gsub(/["\\]/, "\\\\&", cwd)
  printf "{\"type\":\"session\",\"version\":3,\"id\":\"019b7a10-0000-7000-8000-00000000a07a\",\"timestamp\":\"2026-01-01T09:00:00.000Z\",\"cwd\":\"%s\"}\n", cwd
  parent = "null"; at = 1767258000000
  for (k = 0; k < 24; k++) text = text "line " k " of the notes the training run reads again and again, with a few more words\\n"
  for (i = 1; i <= turns; i++) {
    entry(sprintf("{\"role\":\"user\",\"content\":\"turn %d: read the notes\",\"timestamp\":%.0f}", i, at++))
    entry(assistant(sprintf("{\"type\":\"text\",\"text\":\"Reading (%d).\"},{\"type\":\"toolCall\",\"id\":\"call_%d\",\"name\":\"read\",\"arguments\":{\"path\":\"notes.txt\"}}", i, i), "toolUse", at++))
    entry(sprintf("{\"role\":\"toolResult\",\"toolCallId\":\"call_%d\",\"toolName\":\"read\",\"content\":[{\"type\":\"text\",\"text\":\"%s\"}],\"isError\":false,\"timestamp\":%.0f}", i, text, at++))
    entry(assistant(sprintf("{\"type\":\"text\",\"text\":\"Read them (%d).\"}", i), "stop", at++))
  }
}' > "$1"
