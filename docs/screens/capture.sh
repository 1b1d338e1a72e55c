#!/usr/bin/env bash
# Makes the screenshots in docs/usage.md: graft's interactive mode in tmux, offline (the scripted
# provider replays docs/screens/*.jsonl), each screen captured with its colours
# (tmux capture-pane -e), turned into a page by ansi2html.py and photographed by headless Chromium.
# Needs tmux, chromium, and for CJK and emoji the fonts fonts-wqy-zenhei and fonts-noto-color-emoji.
# Usage: docs/screens/capture.sh   (writes docs/screens/*.png)
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
GRAFT="$ROOT/graft"
command -v tmux >/dev/null || { echo "capture: tmux is needed" >&2; exit 1; }
[[ -x /usr/bin/chromium ]] || { echo "capture: /usr/bin/chromium is needed (apt-get install chromium)" >&2; exit 1; }
fc-list | grep -qi "wqy\|cjk" || echo "capture: no CJK font (apt-get install fonts-wqy-zenhei): CJK shows as boxes" >&2
"$GRAFT" --version >/dev/null

WORK="$(mktemp -d /tmp/graft-screens.XXXX)"
SOCKET="$WORK/tmux.sock"
trap 'tmux -S "$SOCKET" kill-server 2>/dev/null || true; rm -rf "$WORK"' EXIT
mkdir -p "$WORK/home" "$WORK/shop/src"
cd "$WORK/shop"
cat > src/app.py <<'EOF'
def total(items):
    return sum(item.price for item in items)


def average(items):
    return total(items) / len(items)
EOF
printf 'ollama qwen3:8b\n' > notes.txt
printf '{"providers": {"ollama": {"models": [{"id": "qwen3:8b", "reasoning": true, "contextWindow": 32768}]}}}' > "$WORK/home/models.json"

start() { # start COLUMNS ROWS TURNS: graft in a new tmux pane
  tmux -S "$SOCKET" kill-server 2>/dev/null || true
  sleep 0.3
  cp "$HERE/$3" turns.jsonl
  tmux -S "$SOCKET" new-session -d -s doc -x "$1" -y "$2" \
    "GRAFT_HOME='$WORK/home' COLORTERM=truecolor '$GRAFT' --provider scripted --model turns.jsonl; sleep 600"
  wait_for "^> *$"
}
screen() { tmux -S "$SOCKET" capture-pane -p -t doc; }
wait_for() { for _ in $(seq 300); do screen | grep -q -- "$1" && return 0; sleep 0.1; done; screen >&2; echo "capture: no '$1'" >&2; exit 1; }
keys() { tmux -S "$SOCKET" send-keys -t doc "$@"; }
type() { tmux -S "$SOCKET" send-keys -t doc -l "$1"; }
shoot() { # shoot NAME WIDTH HEIGHT TITLE: the pane as docs/screens/NAME.png
  tmux -S "$SOCKET" capture-pane -e -N -p -t doc > "$WORK/$1.ansi"
  python3 "$HERE/ansi2html.py" "$WORK/$1.ansi" "$WORK/$1.html" "$4"
  /usr/bin/chromium --headless --no-sandbox --disable-gpu --disable-background-networking --hide-scrollbars \
    --window-size="$2,$3" --screenshot="$HERE/$1.png" "file://$WORK/$1.html" >/dev/null 2>&1
  echo "docs/screens/$1.png"
}

# A turn: thinking, read, edit as a diff, bash's last lines, and the answer as markdown.
start 110 62 turn.jsonl
type "make average safe for empty lists"; keys Enter
wait_for "Nothing else changed"
sleep 0.5
shoot turn 980 1180 "graft — a turn"

# While the agent works: steering and a follow-up wait above the editor, the footer stays.
start 110 22 steer.jsonl
type "write the release notes"; keys Enter
wait_for "draws answers"
type "mention the new footer"; keys Enter
type "then open a pull request"; keys M-Enter
wait_for "follow-up: then open"
shoot steering 980 360 "graft — steering while it works"
keys Escape

# Completion: / lists the commands as you type, @ the project's files.
start 110 20 steer.jsonl
type "/t"
wait_for "/thinking"
shoot commands 980 380 "graft — / lists the commands"
keys C-u
type "explain @app"
wait_for "src/app.py"
shoot files 980 250 "graft — @ lists the files"
