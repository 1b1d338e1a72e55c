#!/usr/bin/env bash
# The project's test: exits 0 when greet says hello properly.
source "$(dirname "$0")/greet.sh"
got="$(greet Ada)"
if [[ "$got" == "Hello, Ada!" ]]; then
  echo "ok: $got"
else
  echo "FAIL: expected 'Hello, Ada!', got '$got'"
  exit 1
fi
