// graft's stand-in for "@mariozechner/pi-tui" (and "@earendil-works/pi-tui"): the components and
// helpers extensions draw with, in plain JavaScript in the script's own context. A component
// renders to strings; graft draws them (ctx.ui.custom, widgets, renderers). Widths are counted as
// graft's terminal counts them: by grapheme cluster (an emoji sequence or a flag two columns),
// each character's columns from the table below (wide characters two, combining marks none), which
// cli's ComponentConventionsTest holds to graft's renderer and PiTuiWidthReferenceTest to the
// reference's visibleWidth. Markdown is drawn by graft's own markdown renderer, in graft's theme.

const compat = () => globalThis[Symbol.for("graft.compat")];

/** Where graft puts the terminal's cursor: emitted by a focused component at the caret. */
export const CURSOR_MARKER = "\x1b_pi:c\x07";

// ---------------------------------------------------------------- widths

// Code points from 0x7f up whose width is not 1: [first, last, columns], sorted.
// GRAFT-WIDTHS-BEGIN
const WIDTHS = [
  0x7f,0x9f,0, 0x300,0x36f,0, 0x483,0x486,0, 0x488,0x489,0, 0x591,0x5bd,0, 0x5bf,0x5bf,0, 
  0x5c1,0x5c2,0, 0x5c4,0x5c5,0, 0x5c7,0x5c7,0, 0x600,0x603,0, 0x610,0x615,0, 0x64b,0x65e,0, 
  0x670,0x670,0, 0x6d6,0x6e4,0, 0x6e7,0x6e8,0, 0x6ea,0x6ed,0, 0x70f,0x70f,0, 0x711,0x711,0, 
  0x730,0x74a,0, 0x7a6,0x7b0,0, 0x7eb,0x7f3,0, 0x901,0x902,0, 0x93c,0x93c,0, 0x941,0x948,0, 
  0x94d,0x94d,0, 0x951,0x954,0, 0x962,0x963,0, 0x981,0x981,0, 0x9bc,0x9bc,0, 0x9c1,0x9c4,0, 
  0x9cd,0x9cd,0, 0x9e2,0x9e3,0, 0xa01,0xa02,0, 0xa3c,0xa3c,0, 0xa41,0xa42,0, 0xa47,0xa48,0, 
  0xa4b,0xa4d,0, 0xa70,0xa71,0, 0xa81,0xa82,0, 0xabc,0xabc,0, 0xac1,0xac5,0, 0xac7,0xac8,0, 
  0xacd,0xacd,0, 0xae2,0xae3,0, 0xb01,0xb01,0, 0xb3c,0xb3c,0, 0xb3f,0xb3f,0, 0xb41,0xb43,0, 
  0xb4d,0xb4d,0, 0xb56,0xb56,0, 0xb82,0xb82,0, 0xbc0,0xbc0,0, 0xbcd,0xbcd,0, 0xc3e,0xc40,0, 
  0xc46,0xc48,0, 0xc4a,0xc4d,0, 0xc55,0xc56,0, 0xcbc,0xcbc,0, 0xcbf,0xcbf,0, 0xcc6,0xcc6,0, 
  0xccc,0xccd,0, 0xce2,0xce3,0, 0xd41,0xd43,0, 0xd4d,0xd4d,0, 0xdca,0xdca,0, 0xdd2,0xdd4,0, 
  0xdd6,0xdd6,0, 0xe31,0xe31,0, 0xe34,0xe3a,0, 0xe47,0xe4e,0, 0xeb1,0xeb1,0, 0xeb4,0xeb9,0, 
  0xebb,0xebc,0, 0xec8,0xecd,0, 0xf18,0xf19,0, 0xf35,0xf35,0, 0xf37,0xf37,0, 0xf39,0xf39,0, 
  0xf71,0xf7e,0, 0xf80,0xf84,0, 0xf86,0xf87,0, 0xf90,0xf97,0, 0xf99,0xfbc,0, 0xfc6,0xfc6,0, 
  0x102d,0x1030,0, 0x1032,0x1032,0, 0x1036,0x1037,0, 0x1039,0x1039,0, 0x1058,0x1059,0, 0x1100,0x115f,2, 
  0x1160,0x11ff,0, 0x135f,0x135f,0, 0x1712,0x1714,0, 0x1732,0x1734,0, 0x1752,0x1753,0, 0x1772,0x1773,0, 
  0x17b4,0x17b5,0, 0x17b7,0x17bd,0, 0x17c6,0x17c6,0, 0x17c9,0x17d3,0, 0x17dd,0x17dd,0, 0x180b,0x180d,0, 
  0x18a9,0x18a9,0, 0x1920,0x1922,0, 0x1927,0x1928,0, 0x1932,0x1932,0, 0x1939,0x193b,0, 0x1a17,0x1a18,0, 
  0x1b00,0x1b03,0, 0x1b34,0x1b34,0, 0x1b36,0x1b3a,0, 0x1b3c,0x1b3c,0, 0x1b42,0x1b42,0, 0x1b6b,0x1b73,0, 
  0x1dc0,0x1dca,0, 0x1dfe,0x1dff,0, 0x200b,0x200f,0, 0x202a,0x202e,0, 0x2060,0x2063,0, 0x206a,0x206f,0, 
  0x20d0,0x20ef,0, 0x2329,0x232a,2, 0x2e80,0x3029,2, 0x302a,0x302f,0, 0x3030,0x303e,2, 0x3040,0x3098,2, 
  0x3099,0x309a,0, 0x309b,0xa4cf,2, 0xa806,0xa806,0, 0xa80b,0xa80b,0, 0xa825,0xa826,0, 0xac00,0xd7a3,2, 
  0xf900,0xfaff,2, 0xfb1e,0xfb1e,0, 0xfe00,0xfe0f,0, 0xfe10,0xfe19,2, 0xfe20,0xfe23,0, 0xfe30,0xfe6f,2, 
  0xfeff,0xfeff,0, 0xff00,0xff60,2, 0xffe0,0xffe6,2, 0xfff9,0xfffb,0, 0x10a01,0x10a03,0, 0x10a05,0x10a06,0, 
  0x10a0c,0x10a0f,0, 0x10a38,0x10a3a,0, 0x10a3f,0x10a3f,0, 0x1d167,0x1d169,0, 0x1d173,0x1d182,0, 0x1d185,0x1d18b,0, 
  0x1d1aa,0x1d1ad,0, 0x1d242,0x1d244,0, 0x1f000,0x1f3fa,2, 0x1f3fb,0x1f3ff,0, 0x1f400,0x1feee,2, 0x20000,0x2fffd,2, 
  0x30000,0x3fffd,2, 0xe0001,0xe0001,0, 0xe0020,0xe007f,0, 0xe0100,0xe01ef,0,
];
// GRAFT-WIDTHS-END

function columnsOf(cp) {
  if (cp < 0x7f) return cp >= 0x20 ? 1 : cp === 9 ? 3 : 0;
  let lo = 0;
  let hi = WIDTHS.length / 3 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const first = WIDTHS[mid * 3];
    if (cp < first) hi = mid - 1;
    else if (cp > WIDTHS[mid * 3 + 1]) lo = mid + 1;
    else return WIDTHS[mid * 3 + 2];
  }
  return 1;
}

const isRegional = (cp) => cp >= 0x1f1e6 && cp <= 0x1f1ff;
const EXTEND = /^[\p{M}\u200c\u{e0020}-\u{e007f}\u{1f3fb}-\u{1f3ff}\u0e33\u0eb3\uff9e\uff9f]$/u;
const LEADING_JAMO = (cp) => (cp >= 0x1100 && cp <= 0x115f) || (cp >= 0xa960 && cp <= 0xa97f);
const LATER_JAMO = (cp) => (cp >= 0x1160 && cp <= 0x11ff) || (cp >= 0xd7b0 && cp <= 0xd7ff);
const PICTOGRAPHIC = /^\p{Extended_Pictographic}$/u;
const EMOJI = /^\p{Emoji}$/u;
const MODIFIER_BASE = /^\p{Emoji_Modifier_Base}$/u;
const NON_PRINTING = /^[\p{Cc}\p{Cf}\p{M}\u115f\u1160\u3164\uffa0]$/u;

/**
 * The end of the grapheme cluster (what a reader takes for one character: a letter with its
 * accents, a flag, an emoji joined by ZWJs) that starts at `i`, as pi-tui's Intl.Segmenter finds
 * it for the text scripts draw; an escape sequence ends a cluster.
 */
function clusterEnd(s, i) {
  const first = s.codePointAt(i);
  let j = i + (first > 0xffff ? 2 : 1);
  if (isRegional(first)) {
    const next = j < s.length ? s.codePointAt(j) : -1;
    return isRegional(next) ? j + 2 : j;
  }
  let prev = first;
  const pictographic = PICTOGRAPHIC.test(String.fromCodePoint(first));
  while (j < s.length && j - i < 128) {
    const cp = s.codePointAt(j);
    const len = cp > 0xffff ? 2 : 1;
    const ch = String.fromCodePoint(cp);
    if (cp === 0x200d) {
      j += 1;
      prev = cp;
      continue;
    }
    if (prev === 0x200d && pictographic && PICTOGRAPHIC.test(ch)) {
      j += len; // an emoji ZWJ sequence: 👨‍👩‍👧
      prev = cp;
      continue;
    }
    if (EXTEND.test(ch) || ((LEADING_JAMO(prev) || LATER_JAMO(prev)) && LATER_JAMO(cp))) {
      j += len;
      prev = cp;
      continue;
    }
    break;
  }
  return j;
}

/** Columns of the cluster s[start, end): an emoji sequence two, else its first printing character's. */
function clusterWidth(s, start, end) {
  const first = s.codePointAt(start);
  const afterFirst = start + (first > 0xffff ? 2 : 1);
  if (afterFirst >= end) return isRegional(first) ? 2 : columnsOf(first);
  const second = s.codePointAt(afterFirst);
  const firstCh = String.fromCodePoint(first);
  const body = s.slice(afterFirst, end);
  const keycap = first === 0x23 || first === 0x2a || (first >= 0x30 && first <= 0x39);
  if (isRegional(first)
      || (keycap ? second === 0xfe0f && body.includes("\u20e3")
        : (second === 0xfe0f && EMOJI.test(firstCh))
          || (second >= 0x1f3fb && second <= 0x1f3ff && MODIFIER_BASE.test(firstCh))
          || (body.includes("\u200d") && PICTOGRAPHIC.test(firstCh)))) {
    return 2;
  }
  let base = -1;
  for (let k = start; k < end;) {
    const cp = s.codePointAt(k);
    if (!NON_PRINTING.test(String.fromCodePoint(cp))) {
      base = cp;
      break;
    }
    k += cp > 0xffff ? 2 : 1;
  }
  if (base < 0) return 0;
  let width = isRegional(base) || columnsOf(base) === 2 ? 2 : 1;
  for (let k = afterFirst; k < end;) {
    const cp = s.codePointAt(k);
    if (cp >= 0xff00 && cp <= 0xffef) width += columnsOf(cp);
    else if (cp === 0x0e33 || cp === 0x0eb3) width += 1;
    k += cp > 0xffff ? 2 : 1;
  }
  return width;
}

/** The index just past the escape sequence at `i` (CSI, OSC, APC, DCS or a two-character one). */
function skipEscape(s, i) {
  const n = s.length;
  if (i + 1 >= n) return n;
  const kind = s[i + 1];
  if (kind === "[") {
    let j = i + 2;
    while (j < n && (s.charCodeAt(j) < 0x40 || s.charCodeAt(j) > 0x7e)) j++;
    return Math.min(n, j + 1);
  }
  if (kind === "]" || kind === "_" || kind === "P") {
    let j = i + 2;
    while (j < n) {
      const c = s[j];
      if (c === "\x07") return j + 1;
      if (c === "\x1b" && s[j + 1] === "\\") return j + 2;
      j++;
    }
    return n;
  }
  return i + 2;
}

// Regular expressions rather than loops over characters where they can: graft runs scripts in
// GraalJS's interpreter, where a regular expression (compiled) is many times faster than a loop.
const PLAIN_ASCII = /^[\x20-\x7e]*$/;
const SGR_ONLY = /\x1b\[[0-9;:]*m/g;

function isPlainAscii(s) {
  return PLAIN_ASCII.test(s);
}

/** The columns `str` takes on graft's terminal; escape sequences take none, a tab three. */
export function visibleWidth(str) {
  const s = String(str);
  if (isPlainAscii(s)) return s.length;
  if (s.indexOf("\x1b") >= 0) {
    const bare = s.replace(SGR_ONLY, "");
    if (isPlainAscii(bare)) return bare.length;
  }
  let width = 0;
  for (let i = 0; i < s.length;) {
    if (s[i] === "\x1b") {
      i = skipEscape(s, i);
      continue;
    }
    const end = clusterEnd(s, i);
    width += s[i] === "\t" ? 3 : clusterWidth(s, i, end);
    i = end;
  }
  return width;
}

/**
 * `text` cut to `maxWidth` columns, ending in `ellipsis` (default "...") when something was cut,
 * styles reset after the cut; padded with spaces to `maxWidth` when `pad`.
 */
export function truncateToWidth(text, maxWidth, ellipsis = "...", pad = false) {
  const s = String(text);
  if (!(maxWidth > 0)) return "";
  const total = visibleWidth(s);
  if (total <= maxWidth) return pad ? s + " ".repeat(maxWidth - total) : s;
  let tail = ellipsis;
  let tailWidth = visibleWidth(tail);
  if (tailWidth > maxWidth) {
    tail = "";
    tailWidth = 0;
  }
  const room = maxWidth - tailWidth;
  let out = "";
  let used = 0;
  for (let i = 0; i < s.length;) {
    if (s[i] === "\x1b") {
      const end = skipEscape(s, i);
      out += s.slice(i, end);
      i = end;
      continue;
    }
    const end = clusterEnd(s, i);
    const ch = s.slice(i, end);
    const w = ch === "\t" ? 3 : clusterWidth(s, i, end);
    if (used + w > room) break;
    out += ch === "\t" ? "   " : ch;
    used += w;
    i = end;
  }
  const result = out + "\x1b[0m" + (tail === "" ? "" : tail + "\x1b[0m");
  return pad ? result + " ".repeat(Math.max(0, maxWidth - used - tailWidth)) : result;
}

/** The columns [start, start + length) of `line`, escape sequences kept. */
export function sliceByColumn(line, start, length) {
  const s = String(line);
  let out = "";
  let col = 0;
  for (let i = 0; i < s.length;) {
    if (s[i] === "\x1b") {
      const end = skipEscape(s, i);
      out += s.slice(i, end);
      i = end;
      continue;
    }
    const end = clusterEnd(s, i);
    const ch = s.slice(i, end);
    const w = ch === "\t" ? 3 : clusterWidth(s, i, end);
    if (col >= start && col + w <= start + length) out += ch;
    col += w;
    i = end;
    if (col >= start + length) break;
  }
  return out;
}

/** The text attributes in effect, as SGR sequences set them: what a wrapped line starts with again. */
class SgrState {
  constructor() {
    this.reset();
  }

  reset() {
    this.fg = null;
    this.bg = null;
    this.intensity = null;
    this.italic = false;
    this.underline = false;
    this.inverse = false;
    this.strike = false;
  }

  /** Takes the SGR sequences in `s` into account. */
  feed(s) {
    for (let i = s.indexOf("\x1b"); i >= 0; i = s.indexOf("\x1b", i)) {
      const end = skipEscape(s, i);
      const seq = s.slice(i, end);
      if (/^\x1b\[[0-9;:]*m$/.test(seq)) this.apply(seq.slice(2, -1));
      i = end;
    }
  }

  apply(params) {
    const p = params === "" ? ["0"] : params.split(";");
    for (let i = 0; i < p.length; i++) {
      const n = +p[i].split(":")[0];
      if (n === 38 || n === 48) {
        const extra = p[i + 1] === "5" ? 2 : p[i + 1] === "2" ? 4 : 0;
        const code = p.slice(i, i + 1 + extra).join(";");
        if (n === 38) this.fg = code;
        else this.bg = code;
        i += extra;
      } else if (n === 0) this.reset();
      else if (n === 1 || n === 2) this.intensity = String(n);
      else if (n === 22) this.intensity = null;
      else if (n === 3) this.italic = true;
      else if (n === 23) this.italic = false;
      else if (n === 4) this.underline = true;
      else if (n === 24) this.underline = false;
      else if (n === 7) this.inverse = true;
      else if (n === 27) this.inverse = false;
      else if (n === 9) this.strike = true;
      else if (n === 29) this.strike = false;
      else if ((n >= 30 && n <= 37) || (n >= 90 && n <= 97)) this.fg = String(n);
      else if (n === 39) this.fg = null;
      else if ((n >= 40 && n <= 47) || (n >= 100 && n <= 107)) this.bg = String(n);
      else if (n === 49) this.bg = null;
    }
  }

  /** The sequences that set these attributes again ("" for none). */
  prefix() {
    const codes = [];
    if (this.intensity !== null) codes.push(this.intensity);
    if (this.italic) codes.push("3");
    if (this.underline) codes.push("4");
    if (this.inverse) codes.push("7");
    if (this.strike) codes.push("9");
    if (this.fg !== null) codes.push(this.fg);
    if (this.bg !== null) codes.push(this.bg);
    return codes.length === 0 ? "" : "\x1b[" + codes.join(";") + "m";
  }
}

/** `line` without the spaces at its end. */
function trimEndSpaces(line) {
  let end = line.length;
  while (end > 0 && line.charCodeAt(end - 1) === 32) end--;
  return line.slice(0, end);
}

/**
 * `text` wrapped at word boundaries to lines of at most `width` columns (a word longer than a line
 * is broken), each wrapped line starting with the styles in effect; no padding.
 */
export function wrapTextWithAnsi(text, width) {
  const w = Math.max(1, Math.floor(width));
  const out = [];
  const style = new SgrState();
  for (const source of String(text).split("\n")) {
    const line = source.replace(/\t/g, "   ");
    let current = style.prefix();
    let used = 0;
    if (visibleWidth(line) <= w) {
      style.feed(line);
      out.push(current + line);
      continue;
    }
    const flush = () => {
      out.push(trimEndSpaces(current));
      current = style.prefix();
      used = 0;
    };
    for (const token of line.match(/ +|[^ ]+/g) || []) {
      const tw = visibleWidth(token);
      if (token.charCodeAt(0) === 32) {
        if (used === 0) continue;
        if (used + tw > w) flush();
        else {
          current += token;
          used += tw;
        }
        continue;
      }
      if (used > 0 && used + tw > w) flush();
      if (used + tw <= w) {
        current += token;
        used += tw;
        style.feed(token);
        continue;
      }
      // a word longer than a line: broken at the width
      for (let i = 0; i < token.length;) {
        if (token[i] === "\x1b") {
          const end = skipEscape(token, i);
          const seq = token.slice(i, end);
          current += seq;
          style.feed(seq);
          i = end;
          continue;
        }
        const end = clusterEnd(token, i);
        const ch = token.slice(i, end);
        const cw = ch === "\t" ? 3 : clusterWidth(token, i, end);
        if (used > 0 && used + cw > w) flush();
        current += ch;
        used += cw;
        i = end;
      }
    }
    out.push(trimEndSpaces(current));
  }
  return out;
}

/** `line` padded to `width` with spaces, then given to `bgFn` (a background colour). */
export function applyBackgroundToLine(line, width, bgFn) {
  const padded = line + " ".repeat(Math.max(0, width - visibleWidth(line)));
  return bgFn ? bgFn(padded) : padded;
}

// ---------------------------------------------------------------- keys

/** The reference's key ids: Key.escape, Key.enter, Key.ctrl("c"), Key.shift("tab")... */
export const Key = Object.freeze({
  escape: "escape", esc: "esc", enter: "enter", return: "return", tab: "tab", space: "space",
  backspace: "backspace", delete: "delete", insert: "insert", clear: "clear", home: "home", end: "end",
  pageUp: "pageUp", pageDown: "pageDown", up: "up", down: "down", left: "left", right: "right",
  f1: "f1", f2: "f2", f3: "f3", f4: "f4", f5: "f5", f6: "f6", f7: "f7", f8: "f8", f9: "f9", f10: "f10",
  f11: "f11", f12: "f12",
  backtick: "`", hyphen: "-", equals: "=", leftbracket: "[", rightbracket: "]", backslash: "\\",
  semicolon: ";", quote: "'", comma: ",", period: ".", slash: "/", exclamation: "!", at: "@", hash: "#",
  dollar: "$", percent: "%", caret: "^", ampersand: "&", asterisk: "*", leftparen: "(", rightparen: ")",
  underscore: "_", plus: "+", pipe: "|", tilde: "~", leftbrace: "{", rightbrace: "}", colon: ":",
  lessthan: "<", greaterthan: ">", question: "?",
  ctrl: (k) => `ctrl+${k}`, shift: (k) => `shift+${k}`, alt: (k) => `alt+${k}`, super: (k) => `super+${k}`,
  ctrlShift: (k) => `ctrl+shift+${k}`, shiftCtrl: (k) => `shift+ctrl+${k}`, ctrlAlt: (k) => `ctrl+alt+${k}`,
  altCtrl: (k) => `alt+ctrl+${k}`, shiftAlt: (k) => `shift+alt+${k}`, altShift: (k) => `alt+shift+${k}`,
  ctrlSuper: (k) => `ctrl+super+${k}`, superCtrl: (k) => `super+ctrl+${k}`, shiftSuper: (k) => `shift+super+${k}`,
  superShift: (k) => `super+shift+${k}`, altSuper: (k) => `alt+super+${k}`, superAlt: (k) => `super+alt+${k}`,
  ctrlShiftAlt: (k) => `ctrl+shift+alt+${k}`, ctrlShiftSuper: (k) => `ctrl+shift+super+${k}`,
});

/** Whether `data` (what handleInput got) is the key `keyId` ("ctrl+c", Key.escape, "shift+tab"). */
export function matchesKey(data, keyId) {
  return compat().matchesKey(data, keyId);
}

/** The key id of `data`, or undefined when it is not one key. */
export function parseKey(data) {
  return compat().parseKey(data);
}

/** graft sends no key releases or repeats (the kitty protocol's flag 2 is not asked for). */
export function isKeyRelease(_data) {
  return false;
}

export function isKeyRepeat(_data) {
  return false;
}

export function setKittyProtocolActive(_active) {}

export function isKittyProtocolActive() {
  return false;
}

/** The printable character of kitty's CSI u form of a plain key, or undefined. */
export function decodeKittyPrintable(data) {
  const m = /^\x1b\[(\d+)(?::\d+)*(?:;([12]))?u$/.exec(String(data));
  if (!m) return undefined;
  const cp = +m[1];
  return cp >= 32 && cp !== 127 ? String.fromCodePoint(cp) : undefined;
}

/** The key bindings (ids such as "tui.select.up") and the keys graft gives them. */
export function getKeybindings() {
  return compat().keybindings();
}

function isPrintable(data) {
  if (typeof data !== "string" || data.length === 0) return false;
  for (const ch of data) {
    const c = ch.codePointAt(0);
    if (c < 32 || c === 0x7f || (c >= 0x80 && c <= 0x9f)) return false;
  }
  return true;
}

const PASTE_START = "\x1b[200~";
const PASTE_END = "\x1b[201~";

// ---------------------------------------------------------------- components

/** Components one below the other. */
export class Container {
  children = [];

  addChild(component) {
    this.children.push(component);
  }

  removeChild(component) {
    const i = this.children.indexOf(component);
    if (i >= 0) this.children.splice(i, 1);
  }

  clear() {
    this.children = [];
  }

  invalidate() {
    for (const c of this.children) c.invalidate?.();
  }

  render(width) {
    const out = [];
    for (const c of this.children) {
      const lines = c.render(width);
      for (let i = 0; i < lines.length; i++) out.push(lines[i]);
    }
    return out;
  }
}

/** Text wrapped to the width, with padding around it and an optional background. */
export class Text {
  constructor(text = "", paddingX = 1, paddingY = 1, customBgFn) {
    this.text = text;
    this.paddingX = paddingX;
    this.paddingY = paddingY;
    this.customBgFn = customBgFn;
    this.cache = undefined;
  }

  setText(text) {
    this.text = text;
    this.cache = undefined;
  }

  setCustomBgFn(customBgFn) {
    this.customBgFn = customBgFn;
    this.cache = undefined;
  }

  invalidate() {
    this.cache = undefined;
  }

  render(width) {
    if (this.cache !== undefined && this.cache.text === this.text && this.cache.width === width) return this.cache.lines;
    let lines;
    if (!this.text || String(this.text).trim() === "") {
      lines = [];
    } else {
      const inner = Math.max(1, width - this.paddingX * 2);
      const margin = " ".repeat(this.paddingX);
      lines = [];
      const blank = this.customBgFn ? applyBackgroundToLine("", width, this.customBgFn) : " ".repeat(width);
      for (let i = 0; i < this.paddingY; i++) lines.push(blank);
      for (const l of wrapTextWithAnsi(String(this.text), inner)) {
        const withMargins = margin + l + margin;
        lines.push(this.customBgFn ? applyBackgroundToLine(withMargins, width, this.customBgFn)
          : withMargins + " ".repeat(Math.max(0, width - visibleWidth(withMargins))));
      }
      for (let i = 0; i < this.paddingY; i++) lines.push(blank);
    }
    this.cache = { text: this.text, width, lines };
    return lines;
  }
}

/** One line of text, cut to the width instead of wrapped. */
export class TruncatedText {
  constructor(text = "", paddingX = 0, paddingY = 0) {
    this.text = text;
    this.paddingX = paddingX;
    this.paddingY = paddingY;
  }

  invalidate() {}

  render(width) {
    const margin = " ".repeat(this.paddingX);
    const first = String(this.text).split("\n")[0];
    const line = margin + truncateToWidth(first, Math.max(1, width - this.paddingX * 2)) + margin;
    const out = [];
    for (let i = 0; i < this.paddingY; i++) out.push(" ".repeat(width));
    out.push(line + " ".repeat(Math.max(0, width - visibleWidth(line))));
    for (let i = 0; i < this.paddingY; i++) out.push(" ".repeat(width));
    return out;
  }
}

/** Empty lines. */
export class Spacer {
  constructor(lines = 1) {
    this.lines = lines;
  }

  setLines(lines) {
    this.lines = lines;
  }

  invalidate() {}

  render(_width) {
    const out = [];
    for (let i = 0; i < this.lines; i++) out.push("");
    return out;
  }
}

/** Children with padding around them and an optional background over the whole width. */
export class Box {
  children = [];

  constructor(paddingX = 1, paddingY = 1, bgFn) {
    this.paddingX = paddingX;
    this.paddingY = paddingY;
    this.bgFn = bgFn;
  }

  addChild(component) {
    this.children.push(component);
  }

  removeChild(component) {
    const i = this.children.indexOf(component);
    if (i >= 0) this.children.splice(i, 1);
  }

  clear() {
    this.children = [];
  }

  setBgFn(bgFn) {
    this.bgFn = bgFn;
  }

  invalidate() {
    for (const c of this.children) c.invalidate?.();
  }

  render(width) {
    if (this.children.length === 0) return [];
    const inner = Math.max(1, width - this.paddingX * 2);
    const pad = " ".repeat(this.paddingX);
    const body = [];
    for (const c of this.children) {
      for (const l of c.render(inner)) body.push(pad + l);
    }
    if (body.length === 0) return [];
    const line = (l) => applyBackgroundToLine(l, width, this.bgFn);
    const out = [];
    for (let i = 0; i < this.paddingY; i++) out.push(line(""));
    for (const l of body) out.push(line(l));
    for (let i = 0; i < this.paddingY; i++) out.push(line(""));
    return out;
  }
}

/** Markdown, drawn by graft's markdown renderer (graft's theme; a MarkdownTheme given is not used). */
export class Markdown {
  constructor(text, paddingX = 1, paddingY = 1, theme, defaultTextStyle) {
    this.text = text;
    this.paddingX = paddingX;
    this.paddingY = paddingY;
    this.theme = theme;
    this.defaultTextStyle = defaultTextStyle;
    this.cache = undefined;
  }

  setText(text) {
    this.text = text;
    this.cache = undefined;
  }

  invalidate() {
    this.cache = undefined;
  }

  render(width) {
    if (this.cache !== undefined && this.cache.text === this.text && this.cache.width === width) return this.cache.lines;
    const out = [];
    if (this.text && String(this.text).trim() !== "") {
      const inner = Math.max(1, width - this.paddingX * 2);
      const margin = " ".repeat(this.paddingX);
      const style = this.defaultTextStyle || {};
      const bg = typeof style.bgColor === "function" ? style.bgColor : undefined;
      const blank = bg ? applyBackgroundToLine("", width, bg) : "";
      for (let i = 0; i < this.paddingY; i++) out.push(blank);
      for (let l of compat().markdown(String(this.text), inner)) {
        if (typeof style.color === "function") l = style.color(l);
        const withMargin = margin + l;
        out.push(bg ? applyBackgroundToLine(withMargin + margin, width, bg) : withMargin);
      }
      for (let i = 0; i < this.paddingY; i++) out.push(blank);
    }
    this.cache = { text: this.text, width, lines: out };
    return out;
  }
}

const normalizeToSingleLine = (text) => String(text).replace(/[\r\n]+/g, " ").trim();

/** A list to choose from: arrows move (wrapping), Enter selects, Esc cancels; a filter narrows it. */
export class SelectList {
  constructor(items, maxVisible, theme, layout = {}) {
    this.items = items;
    this.filteredItems = items;
    this.selectedIndex = 0;
    this.maxVisible = maxVisible;
    this.theme = theme;
    this.layout = layout;
    this.onSelect = undefined;
    this.onCancel = undefined;
    this.onSelectionChange = undefined;
  }

  setFilter(filter) {
    const f = String(filter).toLowerCase();
    this.filteredItems = this.items.filter((item) => String(item.value).toLowerCase().startsWith(f));
    this.selectedIndex = 0;
  }

  setSelectedIndex(index) {
    this.selectedIndex = Math.max(0, Math.min(index, this.filteredItems.length - 1));
  }

  invalidate() {}

  render(width) {
    const lines = [];
    if (this.filteredItems.length === 0) {
      lines.push(this.theme.noMatch("  No matching commands"));
      return lines;
    }
    const column = this.primaryColumnWidth();
    const start = Math.max(0, Math.min(this.selectedIndex - Math.floor(this.maxVisible / 2),
      this.filteredItems.length - this.maxVisible));
    const end = Math.min(start + this.maxVisible, this.filteredItems.length);
    for (let i = start; i < end; i++) {
      const item = this.filteredItems[i];
      lines.push(this.renderItem(item, i === this.selectedIndex, width,
        item.description ? normalizeToSingleLine(item.description) : undefined, column));
    }
    if (start > 0 || end < this.filteredItems.length) {
      lines.push(this.theme.scrollInfo(truncateToWidth(`  (${this.selectedIndex + 1}/${this.filteredItems.length})`,
        width - 2, "")));
    }
    return lines;
  }

  handleInput(data) {
    const kb = getKeybindings();
    const n = this.filteredItems.length;
    if (kb.matches(data, "tui.select.up")) {
      if (n === 0) return;
      this.selectedIndex = this.selectedIndex === 0 ? n - 1 : this.selectedIndex - 1;
      this.changed();
    } else if (kb.matches(data, "tui.select.down")) {
      if (n === 0) return;
      this.selectedIndex = this.selectedIndex === n - 1 ? 0 : this.selectedIndex + 1;
      this.changed();
    } else if (kb.matches(data, "tui.select.confirm")) {
      const item = this.filteredItems[this.selectedIndex];
      if (item && this.onSelect) this.onSelect(item);
    } else if (kb.matches(data, "tui.select.cancel")) {
      if (this.onCancel) this.onCancel();
    }
  }

  getSelectedItem() {
    return this.filteredItems[this.selectedIndex] || null;
  }

  changed() {
    const item = this.filteredItems[this.selectedIndex];
    if (item && this.onSelectionChange) this.onSelectionChange(item);
  }

  shown(item) {
    return item.label || item.value;
  }

  primaryColumnWidth() {
    const min0 = this.layout.minPrimaryColumnWidth ?? this.layout.maxPrimaryColumnWidth ?? 32;
    const max0 = this.layout.maxPrimaryColumnWidth ?? this.layout.minPrimaryColumnWidth ?? 32;
    const min = Math.max(1, Math.min(min0, max0));
    const max = Math.max(1, Math.max(min0, max0));
    const widest = this.filteredItems.reduce((w, item) => Math.max(w, visibleWidth(this.shown(item)) + 2), 0);
    return Math.max(min, Math.min(widest, max));
  }

  primary(item, selected, maxWidth, columnWidth) {
    const text = this.shown(item);
    const cut = this.layout.truncatePrimary
      ? this.layout.truncatePrimary({ text, maxWidth, columnWidth, item, isSelected: selected })
      : truncateToWidth(text, maxWidth, "");
    return truncateToWidth(cut, maxWidth, "");
  }

  renderItem(item, selected, width, description, column) {
    const prefix = selected ? "→ " : "  ";
    if (description && width > 40) {
      const columnWidth = Math.max(1, Math.min(column, width - 6));
      const value = this.primary(item, selected, Math.max(1, columnWidth - 2), columnWidth);
      const spacing = " ".repeat(Math.max(1, columnWidth - visibleWidth(value)));
      const room = width - 2 - visibleWidth(value) - spacing.length - 2;
      if (room > 10) {
        const desc = truncateToWidth(description, room, "");
        if (selected) return this.theme.selectedText(`${prefix}${value}${spacing}${desc}`);
        return prefix + value + this.theme.description(spacing + desc);
      }
    }
    const value = this.primary(item, selected, width - 4, width - 4);
    return selected ? this.theme.selectedText(`${prefix}${value}`) : prefix + value;
  }
}

/** Settings to cycle through: arrows move, Enter or Space takes the next value, Esc closes. */
export class SettingsList {
  constructor(items, maxVisible, theme, onChange, onCancel, options = {}) {
    this.items = items;
    this.maxVisible = maxVisible;
    this.theme = theme;
    this.onChange = onChange;
    this.onCancel = onCancel;
    this.options = options;
    this.selectedIndex = 0;
  }

  updateValue(id, value) {
    const item = this.items.find((i) => i.id === id);
    if (item) item.currentValue = value;
  }

  invalidate() {}

  render(width) {
    const lines = [];
    const start = Math.max(0, Math.min(this.selectedIndex - Math.floor(this.maxVisible / 2),
      this.items.length - this.maxVisible));
    const end = Math.min(start + this.maxVisible, this.items.length);
    const labelWidth = Math.min(30, this.items.reduce((w, i) => Math.max(w, visibleWidth(i.label)), 0));
    for (let i = start; i < end; i++) {
      const item = this.items[i];
      const selected = i === this.selectedIndex;
      const cursor = selected ? this.theme.cursor : "  ";
      const label = this.theme.label(truncateToWidth(item.label, labelWidth, "") +
        " ".repeat(Math.max(0, labelWidth - visibleWidth(item.label))), selected);
      const value = this.theme.value(String(item.currentValue), selected);
      lines.push(truncateToWidth(cursor + label + "  " + value, width));
    }
    const item = this.items[this.selectedIndex];
    if (item && item.description) {
      lines.push("");
      for (const l of wrapTextWithAnsi(item.description, Math.max(1, width - 2))) lines.push(this.theme.description(l));
    }
    lines.push("");
    lines.push(this.theme.hint(truncateToWidth("↑↓ navigate · Enter/Space change · Esc close", width)));
    return lines;
  }

  handleInput(data) {
    const kb = getKeybindings();
    const n = this.items.length;
    if (kb.matches(data, "tui.select.up")) {
      this.selectedIndex = this.selectedIndex === 0 ? n - 1 : this.selectedIndex - 1;
    } else if (kb.matches(data, "tui.select.down")) {
      this.selectedIndex = this.selectedIndex === n - 1 ? 0 : this.selectedIndex + 1;
    } else if (kb.matches(data, "tui.select.confirm") || matchesKey(data, "space")) {
      const item = this.items[this.selectedIndex];
      if (!item || !Array.isArray(item.values) || item.values.length === 0) return;
      const next = item.values[(item.values.indexOf(item.currentValue) + 1) % item.values.length];
      item.currentValue = next;
      if (this.onChange) this.onChange(item.id, next);
    } else if (kb.matches(data, "tui.select.cancel")) {
      if (this.onCancel) this.onCancel();
    }
  }
}

/** One line of text input: typing, the arrows, Home/End, Ctrl+U/K/W, Enter submits, Esc cancels. */
export class Input {
  constructor() {
    this.value = "";
    this.cursor = 0;
    this.onSubmit = undefined;
    this.onEscape = undefined;
    this.focused = false;
    this.pasting = undefined;
  }

  getValue() {
    return this.value;
  }

  setValue(value) {
    this.value = String(value);
    this.cursor = Math.min(this.cursor, this.value.length);
  }

  handleInput(data) {
    if (this.pasting !== undefined || data.startsWith(PASTE_START)) {
      this.pasting = (this.pasting || "") + data.replace(PASTE_START, "");
      const end = this.pasting.indexOf(PASTE_END);
      if (end < 0) return;
      const text = this.pasting.slice(0, end).replace(/\r?\n|\r/g, "").replace(/\t/g, "    ");
      this.pasting = undefined;
      this.insert(text);
      return;
    }
    const kb = getKeybindings();
    if (kb.matches(data, "tui.select.cancel")) {
      if (this.onEscape) this.onEscape();
      return;
    }
    if (kb.matches(data, "tui.input.submit") || data === "\n") {
      if (this.onSubmit) this.onSubmit(this.value);
      return;
    }
    const v = this.value;
    const c = this.cursor;
    if (kb.matches(data, "tui.editor.deleteCharBackward")) {
      if (c > 0) {
        const n = charBefore(v, c);
        this.value = v.slice(0, c - n) + v.slice(c);
        this.cursor = c - n;
      }
    } else if (kb.matches(data, "tui.editor.deleteCharForward")) {
      if (c < v.length) this.value = v.slice(0, c) + v.slice(c + charAt(v, c));
    } else if (kb.matches(data, "tui.editor.deleteWordBackward")) {
      const from = wordStart(v, c);
      this.value = v.slice(0, from) + v.slice(c);
      this.cursor = from;
    } else if (kb.matches(data, "tui.editor.deleteToLineStart")) {
      this.value = v.slice(c);
      this.cursor = 0;
    } else if (kb.matches(data, "tui.editor.deleteToLineEnd")) {
      this.value = v.slice(0, c);
    } else if (kb.matches(data, "tui.editor.cursorLeft")) {
      if (c > 0) this.cursor = c - charBefore(v, c);
    } else if (kb.matches(data, "tui.editor.cursorRight")) {
      if (c < v.length) this.cursor = c + charAt(v, c);
    } else if (kb.matches(data, "tui.editor.cursorWordLeft")) {
      this.cursor = wordStart(v, c);
    } else if (kb.matches(data, "tui.editor.cursorWordRight")) {
      this.cursor = wordEnd(v, c);
    } else if (kb.matches(data, "tui.editor.cursorLineStart")) {
      this.cursor = 0;
    } else if (kb.matches(data, "tui.editor.cursorLineEnd")) {
      this.cursor = v.length;
    } else {
      const kitty = decodeKittyPrintable(data);
      if (kitty !== undefined) this.insert(kitty);
      else if (isPrintable(data)) this.insert(data);
    }
  }

  insert(text) {
    this.value = this.value.slice(0, this.cursor) + text + this.value.slice(this.cursor);
    this.cursor += text.length;
  }

  invalidate() {}

  render(width) {
    const prompt = "> ";
    const room = width - prompt.length;
    if (room <= 0) return [prompt];
    const before = this.value.slice(0, this.cursor);
    const at = this.cursor < this.value.length ? this.value.slice(this.cursor, this.cursor + charAt(this.value, this.cursor)) : " ";
    const after = this.value.slice(this.cursor + (this.cursor < this.value.length ? at.length : 0));
    // keep the cursor in view: drop columns from the left when the text before it is too wide
    let shownBefore = before;
    const beforeWidth = visibleWidth(before);
    const keep = Math.max(0, room - 1 - Math.min(visibleWidth(after), Math.floor(room / 2)));
    if (beforeWidth > keep) shownBefore = dropColumns(before, beforeWidth - keep);
    const marker = this.focused ? CURSOR_MARKER : "";
    const used = visibleWidth(shownBefore) + visibleWidth(at);
    const shownAfter = sliceByColumn(after, 0, Math.max(0, room - used));
    const line = prompt + shownBefore + marker + "\x1b[7m" + at + "\x1b[27m" + shownAfter;
    return [line + " ".repeat(Math.max(0, width - visibleWidth(line)))];
  }
}

/**
 * Text over several lines between two borders, as the reference's editor has it: typing and
 * pasting, the arrows (Up and Down by wrapped line), Home/End and Ctrl+A/E, word moves and deletes,
 * Ctrl+U/K and Ctrl+Y, history on Up/Down (addToHistory). Enter submits: onSubmit gets the trimmed
 * text and the editor empties. Shift+Enter, Alt+Enter or a "\" before Enter start a new line.
 * Ctrl+C is left to the app. Lines wrap at spaces to the width; past 30% of the terminal's height
 * the text scrolls, and the borders say how many lines are above or below.
 */
export class Editor {
  constructor(tui, theme, options = {}) {
    this.tui = tui;
    this.theme = theme || {};
    this.borderColor = typeof this.theme.borderColor === "function" ? this.theme.borderColor : (s) => s;
    this.paddingX = paddingOf(options && options.paddingX);
    this.lines = [""];
    this.row = 0;
    this.col = 0;
    this.focused = false;
    this.onSubmit = undefined;
    this.onChange = undefined;
    this.disableSubmit = false;
    this.pasting = undefined;
    this.history = [];
    this.historyIndex = -1;
    this.killed = "";
    this.lastWidth = 79;
    this.scrollOffset = 0;
    this.wantedColumn = undefined;
  }

  getPaddingX() {
    return this.paddingX;
  }

  setPaddingX(padding) {
    this.paddingX = paddingOf(padding);
  }

  getAutocompleteMaxVisible() {
    return 5;
  }

  setAutocompleteMaxVisible(_maxVisible) {}

  getText() {
    return this.lines.join("\n");
  }

  getExpandedText() {
    return this.getText();
  }

  getLines() {
    return this.lines.slice();
  }

  getCursor() {
    return { line: this.row, col: this.col };
  }

  setText(text) {
    this.historyIndex = -1;
    this.place(String(text));
    this.changed();
  }

  /** The text, the cursor at its end (onChange not called). */
  place(text) {
    this.lines = normalizeText(text).split("\n");
    this.row = this.lines.length - 1;
    this.col = this.lines[this.row].length;
    this.wantedColumn = undefined;
  }

  insertTextAtCursor(text) {
    this.insert(normalizeText(String(text)));
  }

  /** A submitted prompt, for Up and Down (the newest first, no repeats in a row, at most 100). */
  addToHistory(text) {
    const t = String(text).trim();
    if (!t || this.history[0] === t) return;
    this.history.unshift(t);
    if (this.history.length > 100) this.history.pop();
  }

  isShowingAutocomplete() {
    return false;
  }

  setAutocompleteProvider(_provider) {}

  invalidate() {}

  changed() {
    if (this.onChange) this.onChange(this.getText());
  }

  insert(text) {
    const parts = text.split("\n");
    const line = this.lines[this.row];
    const head = line.slice(0, this.col);
    const tail = line.slice(this.col);
    if (parts.length === 1) {
      this.lines[this.row] = head + text + tail;
      this.col += text.length;
    } else {
      const fresh = [head + parts[0], ...parts.slice(1, -1), parts[parts.length - 1] + tail];
      this.lines.splice(this.row, 1, ...fresh);
      this.row += parts.length - 1;
      this.col = parts[parts.length - 1].length;
    }
    this.historyIndex = -1;
    this.wantedColumn = undefined;
    this.changed();
  }

  /** Replaces columns [from, to) of the cursor's line, the cursor going to `from`. */
  cut(from, to, kill) {
    const line = this.lines[this.row];
    if (kill && to > from) this.killed = line.slice(from, to);
    this.lines[this.row] = line.slice(0, from) + line.slice(to);
    this.col = from;
    this.moved();
    this.changed();
  }

  /** Joins the cursor's line with the next one. */
  joinNext() {
    if (this.row >= this.lines.length - 1) return;
    this.lines.splice(this.row, 2, this.lines[this.row] + this.lines[this.row + 1]);
    this.changed();
  }

  /** Joins the cursor's line with the one above, the cursor at the seam. */
  joinPrevious() {
    if (this.row === 0) return;
    const above = this.lines[this.row - 1];
    this.lines.splice(this.row - 1, 2, above + this.lines[this.row]);
    this.row--;
    this.col = above.length;
    this.moved();
    this.changed();
  }

  moved() {
    this.historyIndex = -1;
    this.wantedColumn = undefined;
  }

  handleInput(data) {
    data = String(data);
    if (this.pasting !== undefined || data.includes(PASTE_START)) {
      this.pasting = (this.pasting || "") + data.replace(PASTE_START, "");
      const end = this.pasting.indexOf(PASTE_END);
      if (end < 0) return;
      const text = this.pasting.slice(0, end);
      const rest = this.pasting.slice(end + PASTE_END.length);
      this.pasting = undefined;
      if (text.length > 0) this.insert(normalizeText(text));
      if (rest.length > 0) this.handleInput(rest);
      return;
    }
    if (matchesKey(data, "ctrl+c")) return; // the app's (clear, quit)
    const kb = getKeybindings();
    const line = this.lines[this.row];
    const col = this.col;
    if (kb.matches(data, "tui.editor.deleteToLineEnd")) {
      if (col < line.length) this.cut(col, line.length, true);
      else this.joinNext();
    } else if (kb.matches(data, "tui.editor.deleteToLineStart")) {
      if (col > 0) this.cut(0, col, true);
      else this.joinPrevious();
    } else if (kb.matches(data, "tui.editor.deleteWordBackward")) {
      if (col > 0) this.cut(wordStart(line, col), col, true);
      else this.joinPrevious();
    } else if (kb.matches(data, "tui.editor.deleteWordForward")) {
      if (col < line.length) {
        this.cut(col, wordEnd(line, col), true);
      } else this.joinNext();
    } else if (kb.matches(data, "tui.editor.deleteCharBackward") || matchesKey(data, "shift+backspace")) {
      if (col > 0) this.cut(col - charBefore(line, col), col, false);
      else this.joinPrevious();
    } else if (kb.matches(data, "tui.editor.deleteCharForward") || matchesKey(data, "shift+delete")) {
      if (col < line.length) this.cut(col, col + charAt(line, col), false);
      else this.joinNext();
    } else if (kb.matches(data, "tui.editor.yank")) {
      if (this.killed) this.insert(this.killed);
    } else if (kb.matches(data, "tui.editor.cursorLineStart")) {
      this.col = 0;
      this.moved();
    } else if (kb.matches(data, "tui.editor.cursorLineEnd")) {
      this.col = line.length;
      this.moved();
    } else if (kb.matches(data, "tui.editor.cursorWordLeft")) {
      if (col > 0) this.col = wordStart(line, col);
      else if (this.row > 0) this.col = this.lines[--this.row].length;
      this.moved();
    } else if (kb.matches(data, "tui.editor.cursorWordRight")) {
      if (col < line.length) this.col = wordEnd(line, col);
      else if (this.row < this.lines.length - 1) {
        this.row++;
        this.col = 0;
      }
      this.moved();
    } else if (kb.matches(data, "tui.input.newLine") || matchesKey(data, "shift+enter") || matchesKey(data, "alt+enter")
      || data === "\n") {
      this.insert("\n");
    } else if (kb.matches(data, "tui.input.submit")) {
      if (this.disableSubmit) return;
      if (col > 0 && line[col - 1] === "\\") {
        // terminals without Shift+Enter: "\" then Enter is a new line
        this.lines[this.row] = line.slice(0, col - 1) + line.slice(col);
        this.col = col - 1;
        this.insert("\n");
        return;
      }
      this.submitValue();
    } else if (kb.matches(data, "tui.editor.cursorUp")) {
      if (this.isEmpty() || (this.historyIndex > -1 && this.visualRow() === 0)) this.navigateHistory(-1);
      else if (!this.moveVertically(-1)) {
        this.col = 0;
        this.moved();
      }
    } else if (kb.matches(data, "tui.editor.cursorDown")) {
      const vl = this.visualLines(this.lastWidth);
      if (this.historyIndex > -1 && this.visualRow(vl) === vl.length - 1) this.navigateHistory(1);
      else if (!this.moveVertically(1)) {
        this.col = this.lines[this.row].length;
        this.moved();
      }
    } else if (kb.matches(data, "tui.editor.cursorRight")) {
      if (col < line.length) this.col = col + charAt(line, col);
      else if (this.row < this.lines.length - 1) {
        this.row++;
        this.col = 0;
      }
      this.moved();
    } else if (kb.matches(data, "tui.editor.cursorLeft")) {
      if (col > 0) this.col = col - charBefore(line, col);
      else if (this.row > 0) this.col = this.lines[--this.row].length;
      this.moved();
    } else if (matchesKey(data, "shift+space")) {
      this.insert(" ");
    } else {
      const kitty = decodeKittyPrintable(data);
      if (kitty !== undefined) this.insert(kitty);
      else if (isPrintable(data)) this.insert(data);
    }
  }

  isEmpty() {
    return this.lines.length === 1 && this.lines[0] === "";
  }

  submitValue() {
    const text = this.getText().trim();
    this.lines = [""];
    this.row = 0;
    this.col = 0;
    this.scrollOffset = 0;
    this.moved();
    if (this.onChange) this.onChange("");
    if (this.onSubmit) this.onSubmit(text);
  }

  navigateHistory(direction) {
    const next = this.historyIndex - direction; // Up goes to older entries
    if (this.history.length === 0 || next < -1 || next >= this.history.length) return;
    this.historyIndex = next;
    this.place(next === -1 ? "" : this.history[next]);
    this.changed();
  }

  /** The wrapped lines at `width` columns: {row, start, end} pieces of the text's lines. */
  visualLines(width) {
    const out = [];
    for (let r = 0; r < this.lines.length; r++) {
      for (const piece of wrapPieces(this.lines[r], width)) out.push({ row: r, start: piece[0], end: piece[1] });
    }
    return out;
  }

  /** The index of the wrapped line the cursor is on. */
  visualRow(vl = this.visualLines(this.lastWidth)) {
    let last = 0;
    for (let i = 0; i < vl.length; i++) {
      const v = vl[i];
      if (v.row !== this.row) continue;
      last = i;
      if (this.col < v.end) return i;
    }
    return last;
  }

  /** The cursor one wrapped line up (-1) or down (1), in the same column where it can; false at the edge. */
  moveVertically(direction) {
    const vl = this.visualLines(this.lastWidth);
    const at = this.visualRow(vl);
    const target = at + direction;
    if (target < 0 || target >= vl.length) return false;
    const cur = vl[at];
    const column = this.wantedColumn !== undefined
      ? this.wantedColumn : visibleWidth(this.lines[cur.row].slice(cur.start, this.col));
    const t = vl[target];
    const text = this.lines[t.row];
    let i = t.start;
    let cols = 0;
    while (i < t.end) {
      const end = Math.min(clusterEnd(text, i), t.end);
      const w = clusterWidth(text, i, end);
      if (cols + w > column) break;
      cols += w;
      i = end;
    }
    const lastPiece = target === vl.length - 1 || vl[target + 1].row !== t.row;
    if (!lastPiece && i >= t.end && t.end > t.start) i = t.end - charBefore(text, t.end);
    this.row = t.row;
    this.col = i;
    this.historyIndex = -1;
    this.wantedColumn = column;
    return true;
  }

  render(width) {
    const paddingX = Math.min(this.paddingX, Math.max(0, Math.floor((width - 1) / 2)));
    const contentWidth = Math.max(1, width - paddingX * 2);
    // without padding one column is kept for the cursor at a line's end
    const layoutWidth = Math.max(1, contentWidth - (paddingX ? 0 : 1));
    this.lastWidth = layoutWidth;
    const vl = this.visualLines(layoutWidth);
    const terminal = this.tui && this.tui.terminal;
    const rows = terminal && terminal.rows > 0 ? terminal.rows : 24;
    const maxVisible = Math.max(5, Math.floor(rows * 0.3));
    const at = this.visualRow(vl);
    if (at < this.scrollOffset) this.scrollOffset = at;
    else if (at >= this.scrollOffset + maxVisible) this.scrollOffset = at - maxVisible + 1;
    this.scrollOffset = Math.max(0, Math.min(this.scrollOffset, Math.max(0, vl.length - maxVisible)));
    const shown = vl.slice(this.scrollOffset, this.scrollOffset + maxVisible);
    const pad = " ".repeat(paddingX);
    const out = [];
    if (this.scrollOffset > 0) {
      const indicator = `─── ↑ ${this.scrollOffset} more `;
      const rest = width - visibleWidth(indicator);
      out.push(this.borderColor(rest >= 0 ? indicator + "─".repeat(rest) : truncateToWidth(indicator, width, "")));
    } else {
      out.push(this.borderColor("─".repeat(width)));
    }
    for (let k = 0; k < shown.length; k++) {
      const v = shown[k];
      let display = this.lines[v.row].slice(v.start, v.end);
      let w = visibleWidth(display);
      let cursorInPadding = false;
      if (this.scrollOffset + k === at) {
        const pos = this.col - v.start;
        const before = display.slice(0, pos);
        const after = display.slice(pos);
        const marker = this.focused ? CURSOR_MARKER : "";
        if (after.length > 0) {
          const ch = after.slice(0, charAt(after, 0));
          display = before + marker + "\x1b[7m" + ch + "\x1b[27m" + after.slice(ch.length);
        } else {
          display = before + marker + "\x1b[7m \x1b[27m";
          w += 1;
          cursorInPadding = w > contentWidth && paddingX > 0;
        }
      }
      out.push(pad + display + " ".repeat(Math.max(0, contentWidth - w)) + (cursorInPadding ? pad.slice(1) : pad));
    }
    const below = vl.length - (this.scrollOffset + shown.length);
    if (below > 0) {
      const indicator = `─── ↓ ${below} more `;
      out.push(this.borderColor(indicator + "─".repeat(Math.max(0, width - visibleWidth(indicator)))));
    } else {
      out.push(this.borderColor("─".repeat(width)));
    }
    return out;
  }
}

function paddingOf(value) {
  const n = Math.floor(Number(value));
  return Number.isFinite(n) && n > 0 ? Math.min(n, 1000) : 0;
}

/** Line ends as "\n", tabs as four spaces (as the reference's editor keeps text). */
function normalizeText(text) {
  return String(text).replace(/\r\n?/g, "\n").replace(/\t/g, "    ");
}

/**
 * [start, end) pieces of `text` that fit `width` columns, broken after a space where there is one
 * (a word longer than the width is broken where it must).
 */
function wrapPieces(text, width) {
  if (text.length === 0) return [[0, 0]];
  const out = [];
  let start = 0;
  while (start < text.length) {
    let cols = 0;
    let i = start;
    let lastBreak = -1;
    while (i < text.length) {
      const end = clusterEnd(text, i);
      const w = clusterWidth(text, i, end);
      if (cols + w > width && i > start) break;
      cols += w;
      if (text.charCodeAt(i) === 32) lastBreak = end;
      i = end;
    }
    // a space where the line breaks stays at the end of the piece (the column kept for the cursor)
    if (i < text.length && text.charCodeAt(i) === 32) i++;
    else if (i < text.length && lastBreak > start) i = lastBreak;
    out.push([start, i]);
    start = i;
  }
  return out;
}

/** A spinner and a message, on the line below an empty one. */
export class Loader extends Text {
  constructor(ui, spinnerColorFn, messageColorFn, message = "Loading...", indicator) {
    super("", 1, 0);
    this.ui = ui;
    this.spinnerColorFn = spinnerColorFn;
    this.messageColorFn = messageColorFn;
    this.message = message;
    this.intervalId = null;
    this.setIndicator(indicator);
  }

  render(width) {
    return ["", ...super.render(width)];
  }

  start() {
    this.update();
    this.stop();
    if (this.frames.length > 1) {
      this.intervalId = setInterval(() => {
        this.frame = (this.frame + 1) % this.frames.length;
        this.update();
      }, this.intervalMs);
    }
  }

  stop() {
    if (this.intervalId !== null) {
      clearInterval(this.intervalId);
      this.intervalId = null;
    }
  }

  setMessage(message) {
    this.message = message;
    this.update();
  }

  setIndicator(indicator) {
    this.verbatim = indicator !== undefined;
    this.frames = indicator && Array.isArray(indicator.frames) ? [...indicator.frames]
      : ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
    this.intervalMs = indicator && indicator.intervalMs > 0 ? indicator.intervalMs : 80;
    this.frame = 0;
    this.start();
  }

  update() {
    const f = this.frames[this.frame] ?? "";
    const shown = this.verbatim ? f : this.spinnerColorFn(f);
    this.setText((f.length > 0 ? shown + " " : "") + this.messageColorFn(this.message));
    if (this.ui && typeof this.ui.requestRender === "function") this.ui.requestRender();
  }
}

/** A Loader that Esc cancels: its signal aborts and onAbort is called. */
export class CancellableLoader extends Loader {
  constructor(...args) {
    super(...args);
    this.controller = new AbortController();
    this.onAbort = undefined;
  }

  get signal() {
    return this.controller.signal;
  }

  get aborted() {
    return this.controller.signal.aborted;
  }

  handleInput(data) {
    if (getKeybindings().matches(data, "tui.select.cancel")) {
      this.controller.abort();
      if (this.onAbort) this.onAbort();
    }
  }

  dispose() {
    this.stop();
  }
}

// ---------------------------------------------------------------- fuzzy matching

/** How well `query` matches `text` as a subsequence (lower is better), or undefined when it does not. */
export function fuzzyMatch(query, text) {
  const q = String(query).toLowerCase();
  const t = String(text).toLowerCase();
  if (q === "") return { matches: true, score: 0 };
  let ti = 0;
  let score = 0;
  let last = -1;
  for (let qi = 0; qi < q.length; qi++) {
    const found = t.indexOf(q[qi], ti);
    if (found < 0) return { matches: false, score: Infinity };
    score += last < 0 ? found : found - last - 1;
    last = found;
    ti = found + 1;
  }
  return { matches: true, score };
}

/** The items whose text (`getText(item)`) matches `query`, best first. */
export function fuzzyFilter(items, query, getText) {
  const scored = [];
  for (const item of items) {
    const m = fuzzyMatch(query, getText(item));
    if (m.matches) scored.push({ item, score: m.score });
  }
  scored.sort((a, b) => a.score - b.score);
  return scored.map((s) => s.item);
}

// ---------------------------------------------------------------- helpers

/** The length of the grapheme cluster that ends at `i` (what Backspace and Left step over). */
function charBefore(s, i) {
  let start = 0;
  for (let j = 0; j < i; j = clusterEnd(s, j)) start = j;
  return i - start;
}

/** The length of the grapheme cluster that starts at `i` (what Delete and Right step over). */
function charAt(s, i) {
  return Math.min(clusterEnd(s, i), s.length) - i;
}

function wordStart(s, i) {
  let j = i;
  while (j > 0 && s[j - 1] === " ") j--;
  while (j > 0 && s[j - 1] !== " ") j--;
  return j;
}

function wordEnd(s, i) {
  let j = i;
  while (j < s.length && s[j] === " ") j++;
  while (j < s.length && s[j] !== " ") j++;
  return j;
}

/** `s` without its first `n` columns (plain text: the Input's value). */
function dropColumns(s, n) {
  let col = 0;
  for (let i = 0; i < s.length;) {
    if (col >= n) return s.slice(i);
    const end = clusterEnd(s, i);
    col += clusterWidth(s, i, end);
    i = end;
  }
  return "";
}
