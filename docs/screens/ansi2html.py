#!/usr/bin/env python3
"""Turns a tmux capture with colours (tmux capture-pane -e -p) into one HTML page: a terminal
window, monospace, the SGR colours and attributes kept. Used by docs/screens/capture.sh."""
import html, re, sys, unicodedata

BASE16 = ["#000000", "#cd3131", "#0dbc79", "#e5e510", "#2472c8", "#bc3fbc", "#11a8cd", "#e5e5e5",
          "#666666", "#f14c4c", "#23d18b", "#f5f543", "#3b8eea", "#d670d6", "#29b8db", "#ffffff"]

def xterm(n):
    if n < 16:
        return BASE16[n]
    if n < 232:
        n -= 16
        levels = [0, 95, 135, 175, 215, 255]
        return "#%02x%02x%02x" % (levels[n // 36], levels[n // 6 % 6], levels[n % 6])
    g = 8 + 10 * (n - 232)
    return "#%02x%02x%02x" % (g, g, g)

def convert(text, title):
    state = {}
    out = []
    sgr = re.compile(r"\x1b\[([0-9;:]*)m")
    for line in text.rstrip("\n").split("\n"):
        pos = 0
        parts = []
        for m in sgr.finditer(line):
            parts.append(span(line[pos:m.start()], state))
            apply(m.group(1), state)
            pos = m.end()
        parts.append(span(line[pos:], state))
        out.append("".join(parts))
    body = "\n".join(out)
    return f"""<!doctype html><html><head><meta charset="utf-8"><title>{html.escape(title)}</title><style>
body {{ margin: 0; background: #101014; }}
.win {{ display: inline-block; margin: 16px; border-radius: 8px; background: #1c1c22; box-shadow: 0 4px 16px #0008; }}
.bar {{ height: 26px; border-radius: 8px 8px 0 0; background: #2a2a33; color: #9a9aa8; font: 12px sans-serif; line-height: 26px; text-align: center; }}
.w {{ display: inline-block; width: 2ch; text-align: center; }}
pre {{ margin: 0; padding: 10px 14px 14px; color: #d4d4d4; font: 14px/1.3 "DejaVu Sans Mono", "Noto Sans Mono", monospace; }}
</style></head><body><div class="win"><div class="bar">{html.escape(title)}</div><pre>{body}</pre></div></body></html>"""

def apply(params, state):
    codes = [int(c) if c.isdigit() else 0 for c in re.split("[;:]", params)] if params else [0]
    i = 0
    while i < len(codes):
        c = codes[i]
        if c == 0:
            state.clear()
        elif c in (1, 2, 3, 4, 7, 9):
            state[c] = True
        elif c == 22:
            state.pop(1, None); state.pop(2, None)
        elif c in (23, 24, 27, 29):
            state.pop(c - 20, None)
        elif 30 <= c <= 37 or 90 <= c <= 97:
            state["fg"] = BASE16[c - 30 if c < 90 else c - 82]
        elif 40 <= c <= 47 or 100 <= c <= 107:
            state["bg"] = BASE16[c - 40 if c < 100 else c - 92]
        elif c in (38, 48):
            key = "fg" if c == 38 else "bg"
            if i + 1 < len(codes) and codes[i + 1] == 5 and i + 2 < len(codes):
                state[key] = xterm(codes[i + 2]); i += 2
            elif i + 1 < len(codes) and codes[i + 1] == 2 and i + 4 < len(codes):
                state[key] = "#%02x%02x%02x" % tuple(codes[i + 2:i + 5]); i += 4
        elif c == 39:
            state.pop("fg", None)
        elif c == 49:
            state.pop("bg", None)
        i += 1

def span(text, state):
    if not text:
        return ""
    fg, bg = state.get("fg"), state.get("bg")
    if state.get(7):
        fg, bg = bg or "#1c1c22", fg or "#d4d4d4"
    style = []
    if fg: style.append("color:" + fg)
    if bg: style.append("background:" + bg)
    if state.get(1): style.append("font-weight:bold")
    if state.get(2): style.append("opacity:0.7")
    if state.get(3): style.append("font-style:italic")
    deco = [d for k, d in ((4, "underline"), (9, "line-through")) if state.get(k)]
    if deco: style.append("text-decoration:" + " ".join(deco))
    t = "".join(wide(c) for c in text)
    return f'<span style="{";".join(style)}">{t}</span>' if style else t

def wide(c):
    """A character the terminal draws in two cells, as a box two cells wide (browser fonts differ)."""
    if unicodedata.east_asian_width(c) in ("W", "F"):
        return f'<span class="w">{html.escape(c)}</span>'
    return html.escape(c)

if __name__ == "__main__":
    src, dst = sys.argv[1], sys.argv[2]
    title = sys.argv[3] if len(sys.argv) > 3 else "graft"
    with open(src, encoding="utf-8") as f:
        text = f.read()
    with open(dst, "w", encoding="utf-8") as f:
        f.write(convert(text, title))
