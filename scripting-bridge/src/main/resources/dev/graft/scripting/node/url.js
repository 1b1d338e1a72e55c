// node:url: the WHATWG URL and URLSearchParams (the URL Standard's parser: special schemes,
// IPv4 and IPv6 hosts, percent-encoding sets, dot segments, relative references), file URLs
// (fileURLToPath, pathToFileURL) and Node's legacy url.parse/format/resolve. A host that is not
// ASCII goes to Java's IDN for its ASCII form.
(function (internals) {
  "use strict";
  const call = internals.call;

  const SPECIAL = { "ftp:": "21", "file:": "", "http:": "80", "https:": "443", "ws:": "80", "wss:": "443" };

  function invalid(input, base) {
    const e = new TypeError("Invalid URL");
    e.code = "ERR_INVALID_URL";
    e.input = input;
    if (base !== undefined) e.base = base;
    return e;
  }

  // ---------------------------------------------------------------- percent-encoding

  function utf8Bytes(text) {
    const out = [];
    for (let i = 0; i < text.length; i++) {
      let c = text.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
        const d = text.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          i++;
        } else c = 0xfffd;
      } else if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
      if (c < 0x80) out.push(c);
      else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
      else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    }
    return out;
  }

  const HEX = "0123456789ABCDEF";
  function pct(b) {
    return "%" + HEX[b >> 4] + HEX[b & 15];
  }

  const C0 = (c) => c < 0x20 || c > 0x7e;
  const FRAGMENT = (c) => C0(c) || c === 0x20 || c === 0x22 || c === 0x3c || c === 0x3e || c === 0x60;
  const QUERY = (c) => C0(c) || c === 0x20 || c === 0x22 || c === 0x23 || c === 0x3c || c === 0x3e;
  const SPECIAL_QUERY = (c) => QUERY(c) || c === 0x27;
  const PATH = (c) => QUERY(c) || c === 0x3f || c === 0x60 || c === 0x7b || c === 0x7d;
  const USERINFO = (c) => PATH(c) || c === 0x2f || c === 0x3a || c === 0x3b || c === 0x3d || c === 0x40
    || (c >= 0x5b && c <= 0x5e) || c === 0x7c;

  function encodeSet(text, inSet) {
    let out = "";
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c < 0x80) {
        out += inSet(c) ? pct(c) : text[i];
      } else {
        let end = i + 1;
        if (c >= 0xd800 && c <= 0xdbff && end < text.length) end++;
        const bytes = utf8Bytes(text.slice(i, end));
        for (let j = 0; j < bytes.length; j++) out += pct(bytes[j]);
        i = end - 1;
      }
    }
    return out;
  }

  function percentDecodeBytes(text) {
    const bytes = utf8Bytes(text);
    const out = [];
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i];
      if (b === 0x25 && i + 2 < bytes.length && isHex(bytes[i + 1]) && isHex(bytes[i + 2])) {
        out.push(parseInt(String.fromCharCode(bytes[i + 1], bytes[i + 2]), 16));
        i += 2;
      } else out.push(b);
    }
    return out;
  }

  function isHex(b) {
    return (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66);
  }

  function utf8Decode(bytes) {
    if (bytes.length === 0) return "";
    const u = new Uint8Array(bytes);
    return call("decode", u.buffer, 0, u.length, "utf8");
  }

  // ---------------------------------------------------------------- hosts

  function parseIPv4Number(text) {
    if (text === "") return NaN;
    let radix = 10;
    let s = text;
    if (s.length >= 2 && (s.startsWith("0x") || s.startsWith("0X"))) {
      radix = 16;
      s = s.slice(2);
    } else if (s.length >= 2 && s[0] === "0") {
      radix = 8;
      s = s.slice(1);
    }
    if (s === "") return 0;
    const valid = radix === 16 ? /^[0-9a-fA-F]+$/ : radix === 8 ? /^[0-7]+$/ : /^[0-9]+$/;
    if (!valid.test(s)) return NaN;
    return parseInt(s, radix);
  }

  function endsInNumber(host) {
    const parts = host.split(".");
    if (parts[parts.length - 1] === "") {
      if (parts.length === 1) return false;
      parts.pop();
    }
    const last = parts[parts.length - 1];
    if (last !== "" && /^[0-9]+$/.test(last)) return true;
    return !Number.isNaN(parseIPv4Number(last)) && /^0[xX]/.test(last) || /^0[xX]$/.test(last);
  }

  function parseIPv4(host) {
    const parts = host.split(".");
    if (parts[parts.length - 1] === "" && parts.length > 1) parts.pop();
    if (parts.length > 4) return null;
    const numbers = [];
    for (let i = 0; i < parts.length; i++) {
      const n = parseIPv4Number(parts[i]);
      if (Number.isNaN(n)) return null;
      numbers.push(n);
    }
    for (let i = 0; i < numbers.length - 1; i++) if (numbers[i] > 255) return null;
    if (numbers[numbers.length - 1] >= 256 ** (5 - numbers.length)) return null;
    let address = numbers[numbers.length - 1];
    for (let i = 0; i < numbers.length - 1; i++) address += numbers[i] * 256 ** (3 - i);
    const out = [];
    for (let i = 3; i >= 0; i--) out.push(Math.floor(address / 256 ** i) % 256);
    return out.join(".");
  }

  function parseIPv6(text) {
    const pieces = [0, 0, 0, 0, 0, 0, 0, 0];
    let piece = 0;
    let compress = null;
    let i = 0;
    const at = (k) => (k < text.length ? text[k] : "");
    if (at(0) === ":") {
      if (at(1) !== ":") return null;
      i = 2;
      compress = ++piece;
    }
    while (i < text.length) {
      if (piece === 8) return null;
      if (at(i) === ":") {
        if (compress !== null) return null;
        i++;
        compress = ++piece;
        continue;
      }
      let value = 0;
      let length = 0;
      while (length < 4 && /[0-9a-fA-F]/.test(at(i))) {
        value = value * 16 + parseInt(at(i), 16);
        i++;
        length++;
      }
      if (at(i) === ".") {
        if (length === 0) return null;
        i -= length;
        if (piece > 6) return null;
        let seen = 0;
        while (i < text.length) {
          let v4 = null;
          if (seen > 0) {
            if (at(i) === "." && seen < 4) i++;
            else return null;
          }
          if (!/[0-9]/.test(at(i))) return null;
          while (/[0-9]/.test(at(i))) {
            const n = parseInt(at(i), 10);
            if (v4 === null) v4 = n;
            else if (v4 === 0) return null;
            else v4 = v4 * 10 + n;
            if (v4 > 255) return null;
            i++;
          }
          pieces[piece] = pieces[piece] * 256 + v4;
          seen++;
          if (seen === 2 || seen === 4) piece++;
        }
        if (seen !== 4) return null;
        break;
      } else if (at(i) === ":") {
        i++;
        if (i >= text.length) return null;
      } else if (i < text.length) {
        return null;
      }
      pieces[piece] = value;
      piece++;
    }
    if (compress !== null) {
      let swaps = piece - compress;
      piece = 7;
      while (piece !== 0 && swaps > 0) {
        const t = pieces[piece];
        pieces[piece] = pieces[compress + swaps - 1];
        pieces[compress + swaps - 1] = t;
        piece--;
        swaps--;
      }
    } else if (piece !== 8) {
      return null;
    }
    // serialize, the longest run of two or more zeros compressed
    let best = -1;
    let bestLen = 1;
    for (let k = 0; k < 8;) {
      if (pieces[k] === 0) {
        let e = k;
        while (e < 8 && pieces[e] === 0) e++;
        if (e - k > bestLen) {
          best = k;
          bestLen = e - k;
        }
        k = e;
      } else k++;
    }
    let out = "";
    for (let k = 0; k < 8; k++) {
      if (k === best) {
        out += k === 0 ? "::" : ":";
        k += bestLen - 1;
        continue;
      }
      out += pieces[k].toString(16);
      if (k < 7) out += ":";
    }
    return "[" + out + "]";
  }

  const FORBIDDEN_HOST = /[\u0000\t\n\r #/:<>?@[\\\]^|]/;
  const FORBIDDEN_DOMAIN = /[\u0000-\u001f #%/:<>?@[\\\]^|\u007f]/;

  function parseHost(input, special) {
    if (input.startsWith("[")) {
      if (!input.endsWith("]")) return null;
      return parseIPv6(input.slice(1, -1));
    }
    if (!special) {
      if (FORBIDDEN_HOST.test(input)) return null;
      return encodeSet(input, C0);
    }
    const decoded = utf8Decode(percentDecodeBytes(input));
    let ascii;
    if (/^[\x00-\x7f]*$/.test(decoded)) {
      ascii = decoded.toLowerCase();
    } else {
      ascii = call("domainToASCII", decoded);
      if (typeof ascii !== "string" || ascii === "") return null;
    }
    if (ascii === "" || FORBIDDEN_DOMAIN.test(ascii)) return null;
    if (endsInNumber(ascii)) return parseIPv4(ascii);
    return ascii;
  }

  // ---------------------------------------------------------------- the parser

  /** A parsed URL's parts, or null. */
  function record(scheme) {
    return { scheme, username: "", password: "", host: null, port: null, path: [], opaque: null, query: null, fragment: null };
  }

  function isSpecial(r) {
    return Object.prototype.hasOwnProperty.call(SPECIAL, r.scheme);
  }

  function isSingleDot(s) {
    return s === "." || s.toLowerCase() === "%2e";
  }
  function isDoubleDot(s) {
    const l = s.toLowerCase();
    return l === ".." || l === ".%2e" || l === "%2e." || l === "%2e%2e";
  }

  function isWindowsLetter(s, normalized) {
    return s.length === 2 && /[A-Za-z]/.test(s[0]) && (s[1] === ":" || (!normalized && s[1] === "|"));
  }

  function shortenPath(r) {
    if (r.scheme === "file:" && r.path.length === 1 && isWindowsLetter(r.path[0], true)) return;
    r.path.pop();
  }

  /** Appends the segments of `text` (a path without its query and fragment) to r.path. */
  function parsePath(r, text) {
    const special = isSpecial(r);
    const segments = special ? text.split(/[/\\]/) : text.split("/");
    for (let i = 0; i < segments.length; i++) {
      const seg = segments[i];
      const last = i === segments.length - 1;
      if (isDoubleDot(seg)) {
        shortenPath(r);
        if (last) r.path.push("");
      } else if (isSingleDot(seg)) {
        if (last) r.path.push("");
      } else {
        let s = encodeSet(seg, PATH);
        if (r.scheme === "file:" && r.path.length === 0 && isWindowsLetter(s, false)) s = s[0] + ":";
        r.path.push(s);
      }
    }
  }

  function splitRest(text, special) {
    // path, query, fragment of what follows the authority
    let fragment = null;
    let query = null;
    const hash = text.indexOf("#");
    if (hash >= 0) {
      fragment = text.slice(hash + 1);
      text = text.slice(0, hash);
    }
    const q = text.indexOf("?");
    if (q >= 0) {
      query = text.slice(q + 1);
      text = text.slice(0, q);
    }
    return { path: text, query, fragment, special };
  }

  function finish(r, rest) {
    if (rest.query !== null) r.query = encodeSet(rest.query, isSpecial(r) ? SPECIAL_QUERY : QUERY);
    if (rest.fragment !== null) r.fragment = encodeSet(rest.fragment, FRAGMENT);
    return r;
  }

  /** Parses `text` (after "//" or the like) into userinfo, host, port; returns what is left, or null. */
  function parseAuthority(r, text) {
    const special = isSpecial(r);
    let end = 0;
    while (end < text.length && !(text[end] === "/" || text[end] === "?" || text[end] === "#" || (special && text[end] === "\\"))) end++;
    let authority = text.slice(0, end);
    const rest = text.slice(end);
    const at = authority.lastIndexOf("@");
    if (at >= 0) {
      const info = authority.slice(0, at);
      authority = authority.slice(at + 1);
      const colon = info.indexOf(":");
      r.username = encodeSet(colon >= 0 ? info.slice(0, colon) : info, USERINFO);
      r.password = colon >= 0 ? encodeSet(info.slice(colon + 1), USERINFO) : "";
      if (authority === "") return null;
    }
    let hostText = authority;
    let portText = null;
    let inBrackets = false;
    for (let i = 0; i < authority.length; i++) {
      if (authority[i] === "[") inBrackets = true;
      else if (authority[i] === "]") inBrackets = false;
      else if (authority[i] === ":" && !inBrackets) {
        hostText = authority.slice(0, i);
        portText = authority.slice(i + 1);
        break;
      }
    }
    if (r.scheme === "file:") {
      if (portText !== null) return null;
      let host = hostText === "" ? "" : parseHost(hostText, true);
      if (host === null) return null;
      if (host === "localhost") host = "";
      r.host = host;
      return rest;
    }
    if (hostText === "") {
      if (special) return null;
      if (portText !== null || at >= 0) return null;
      r.host = "";
      return rest;
    }
    const host = parseHost(hostText, special);
    if (host === null) return null;
    r.host = host;
    if (portText !== null && portText !== "") {
      if (!/^[0-9]+$/.test(portText)) return null;
      const port = parseInt(portText, 10);
      if (port > 65535) return null;
      r.port = String(port) === SPECIAL[r.scheme] ? null : port;
    }
    return rest;
  }

  function parse(input, base) {
    let text = String(input).replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "").replace(/[\t\n\r]/g, "");
    const m = /^([A-Za-z][A-Za-z0-9+\-.]*):/.exec(text);
    if (m !== null) {
      const scheme = m[1].toLowerCase() + ":";
      let rest = text.slice(m[0].length);
      const r = record(scheme);
      const special = isSpecial(r);
      if (scheme === "file:") return parseFile(r, rest, base && base.scheme === "file:" ? base : null);
      if (special) {
        if (base && base.scheme === scheme && !/^[/\\]/.test(rest)) {
          return relative(base, rest);
        }
        rest = rest.replace(/^[/\\]*/, "");
        const after = parseAuthority(r, rest);
        if (after === null) return null;
        const parts = splitRest(after, true);
        if (parts.path !== "" || true) parsePath(r, parts.path.replace(/^[/\\]/, ""));
        return finish(r, parts);
      }
      if (rest.startsWith("//")) {
        const after = parseAuthority(r, rest.slice(2));
        if (after === null) return null;
        const parts = splitRest(after, false);
        if (parts.path !== "") parsePath(r, parts.path.replace(/^\//, ""));
        return finish(r, parts);
      }
      const parts = splitRest(rest, false);
      if (parts.path.startsWith("/")) {
        parsePath(r, parts.path.slice(1));
      } else {
        r.opaque = encodeSet(parts.path, C0);
      }
      return finish(r, parts);
    }
    if (!base) return null;
    if (base.opaque !== null) {
      if (!text.startsWith("#")) return null;
      const r = copy(base);
      r.fragment = encodeSet(text.slice(1), FRAGMENT);
      return r;
    }
    if (base.scheme === "file:") return parseFile(record("file:"), text, base);
    return relative(base, text);
  }

  function copy(base) {
    const r = record(base.scheme);
    r.username = base.username;
    r.password = base.password;
    r.host = base.host;
    r.port = base.port;
    r.path = base.path.slice();
    r.opaque = base.opaque;
    r.query = base.query;
    r.fragment = null;
    return r;
  }

  function relative(base, text) {
    const special = Object.prototype.hasOwnProperty.call(SPECIAL, base.scheme);
    const slash = special ? /^[/\\]/ : /^\//;
    if (special ? /^[/\\]{2}/.test(text) : text.startsWith("//")) {
      const r = record(base.scheme);
      const after = parseAuthority(r, text.replace(special ? /^[/\\]{2}/ : /^\/\//, ""));
      if (after === null) return null;
      const parts = splitRest(after, special);
      if (parts.path !== "" || special) parsePath(r, parts.path.replace(slash, ""));
      return finish(r, parts);
    }
    const r = copy(base);
    const parts = splitRest(text, special);
    if (parts.path === "") {
      if (parts.query === null) r.query = base.query;
      else r.query = null;
      return finish(r, parts);
    }
    r.query = null;
    if (slash.test(parts.path)) {
      r.path = [];
      parsePath(r, parts.path.slice(1));
    } else {
      shortenPath(r);
      parsePath(r, parts.path);
    }
    return finish(r, parts);
  }

  function parseFile(r, text, base) {
    r.host = "";
    if (/^[/\\]{2}/.test(text)) {
      const after = parseAuthority(r, text.slice(2));
      if (after === null) return null;
      const parts = splitRest(after, true);
      parsePath(r, parts.path.replace(/^[/\\]/, ""));
      return finish(r, parts);
    }
    const parts = splitRest(text, true);
    if (base) {
      r.host = base.host;
      if (parts.path === "") {
        r.path = base.path.slice();
        r.query = parts.query === null ? base.query : null;
        return finish(r, parts);
      }
      if (!/^[/\\]/.test(parts.path)) {
        r.path = base.path.slice();
        shortenPath(r);
        parsePath(r, parts.path);
        return finish(r, parts);
      }
    }
    parsePath(r, parts.path.replace(/^[/\\]/, ""));
    return finish(r, parts);
  }

  function serializePath(r) {
    if (r.opaque !== null) return r.opaque;
    let out = "";
    if (r.host === null && r.path.length > 1 && r.path[0] === "") out = "/.";
    for (let i = 0; i < r.path.length; i++) out += "/" + r.path[i];
    return out;
  }

  function serialize(r, excludeFragment) {
    let out = r.scheme;
    if (r.host !== null) {
      out += "//";
      if (r.username !== "" || r.password !== "") {
        out += r.username;
        if (r.password !== "") out += ":" + r.password;
        out += "@";
      }
      out += r.host;
      if (r.port !== null) out += ":" + r.port;
    }
    out += serializePath(r);
    if (r.query !== null) out += "?" + r.query;
    if (!excludeFragment && r.fragment !== null) out += "#" + r.fragment;
    return out;
  }

  // ---------------------------------------------------------------- URLSearchParams

  function formEncode(text) {
    let out = "";
    const bytes = utf8Bytes(text);
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i];
      if (b === 0x20) out += "+";
      else if ((b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a)
        || b === 0x2a || b === 0x2d || b === 0x2e || b === 0x5f) out += String.fromCharCode(b);
      else out += pct(b);
    }
    return out;
  }

  function formDecode(text) {
    return utf8Decode(percentDecodeBytes(text.replace(/\+/g, " ")));
  }

  function parseForm(text) {
    const out = [];
    if (text === "") return out;
    const pairs = text.split("&");
    for (let i = 0; i < pairs.length; i++) {
      const p = pairs[i];
      if (p === "") continue;
      const eq = p.indexOf("=");
      out.push(eq >= 0 ? [formDecode(p.slice(0, eq)), formDecode(p.slice(eq + 1))] : [formDecode(p), ""]);
    }
    return out;
  }

  const LIST = Symbol("list");
  const OWNER = Symbol("url");

  class URLSearchParams {
    constructor(init) {
      this[LIST] = [];
      this[OWNER] = null;
      if (init === undefined || init === null) return;
      if (typeof init === "object" || typeof init === "function") {
        if (init instanceof URLSearchParams) {
          this[LIST] = init[LIST].map((p) => p.slice());
        } else if (typeof init[Symbol.iterator] === "function") {
          for (const pair of init) {
            const p = Array.from(pair);
            if (p.length !== 2) {
              throw internals.typeError("ERR_INVALID_TUPLE", "Each query pair must be an iterable [name, value] tuple");
            }
            this[LIST].push([String(p[0]), String(p[1])]);
          }
        } else {
          for (const key of Object.keys(init)) this[LIST].push([key, String(init[key])]);
        }
      } else {
        const text = String(init);
        this[LIST] = parseForm(text.startsWith("?") ? text.slice(1) : text);
      }
    }
    get size() { return this[LIST].length; }
    append(name, value) {
      this[LIST].push([String(name), String(value)]);
      update(this);
    }
    delete(name, value) {
      const n = String(name);
      this[LIST] = this[LIST].filter((p) => !(p[0] === n && (value === undefined || p[1] === String(value))));
      update(this);
    }
    get(name) {
      const n = String(name);
      const p = this[LIST].find((x) => x[0] === n);
      return p === undefined ? null : p[1];
    }
    getAll(name) {
      const n = String(name);
      return this[LIST].filter((x) => x[0] === n).map((x) => x[1]);
    }
    has(name, value) {
      const n = String(name);
      return this[LIST].some((x) => x[0] === n && (value === undefined || x[1] === String(value)));
    }
    set(name, value) {
      const n = String(name);
      const v = String(value);
      const list = this[LIST];
      const i = list.findIndex((x) => x[0] === n);
      if (i < 0) {
        list.push([n, v]);
      } else {
        list[i][1] = v;
        this[LIST] = list.filter((x, k) => k <= i || x[0] !== n);
      }
      update(this);
    }
    sort() {
      const indexed = this[LIST].map((p, i) => [p, i]);
      indexed.sort((a, b) => (a[0][0] < b[0][0] ? -1 : a[0][0] > b[0][0] ? 1 : a[1] - b[1]));
      this[LIST] = indexed.map((x) => x[0]);
      update(this);
    }
    forEach(fn, thisArg) {
      if (typeof fn !== "function") throw internals.typeError("ERR_INVALID_ARG_TYPE", "The \"callback\" argument must be of type function");
      const list = this[LIST];
      for (let i = 0; i < list.length; i++) fn.call(thisArg, list[i][1], list[i][0], this);
    }
    keys() { return this[LIST].map((p) => p[0])[Symbol.iterator](); }
    values() { return this[LIST].map((p) => p[1])[Symbol.iterator](); }
    entries() { return this[LIST].map((p) => [p[0], p[1]])[Symbol.iterator](); }
    [Symbol.iterator]() { return this.entries(); }
    toString() { return this[LIST].map((p) => formEncode(p[0]) + "=" + formEncode(p[1])).join("&"); }
    get [Symbol.toStringTag]() { return "URLSearchParams"; }
    [Symbol.for("nodejs.util.inspect.custom")]() {
      return "URLSearchParams {" + (this[LIST].length === 0 ? "}" : " " + this[LIST].map((p) => "'" + p[0] + "' => '" + p[1] + "'").join(", ") + " }");
    }
  }

  function update(params) {
    const url = params[OWNER];
    if (url === null) return;
    const text = params.toString();
    url[RECORD].query = text === "" ? null : text;
  }

  // ---------------------------------------------------------------- URL

  const RECORD = Symbol("record");
  const PARAMS = Symbol("params");

  class URL {
    constructor(input, base) {
      if (arguments.length === 0) throw internals.typeError("ERR_MISSING_ARGS", "The \"url\" argument must be specified");
      let baseRecord;
      if (base !== undefined) {
        baseRecord = parse(String(base));
        if (baseRecord === null) throw invalid(String(input), String(base));
      }
      const r = parse(String(input), baseRecord);
      if (r === null) throw invalid(String(input), base === undefined ? undefined : String(base));
      this[RECORD] = r;
      this[PARAMS] = null;
    }
    static canParse(input, base) {
      try {
        new URL(input, base);
        return true;
      } catch (e) {
        return false;
      }
    }
    static parse(input, base) {
      try {
        return new URL(input, base);
      } catch (e) {
        return null;
      }
    }
    static createObjectURL() {
      throw new Error("URL.createObjectURL: not available in graft");
    }
    static revokeObjectURL() {}
    get href() { return serialize(this[RECORD], false); }
    set href(value) {
      const r = parse(String(value));
      if (r === null) throw invalid(String(value));
      this[RECORD] = r;
      if (this[PARAMS] !== null) this[PARAMS][LIST] = parseForm(r.query || "");
    }
    get origin() {
      const r = this[RECORD];
      if (r.scheme === "blob:") {
        const inner = parse(serializePath(r));
        return inner !== null && (inner.scheme === "http:" || inner.scheme === "https:") ? originOf(inner) : "null";
      }
      return originOf(r);
    }
    get protocol() { return this[RECORD].scheme; }
    set protocol(value) {
      const m = /^([A-Za-z][A-Za-z0-9+\-.]*)/.exec(String(value));
      if (m === null) return;
      const scheme = m[1].toLowerCase() + ":";
      const r = this[RECORD];
      const wasSpecial = isSpecial(r);
      const willBe = Object.prototype.hasOwnProperty.call(SPECIAL, scheme);
      if (wasSpecial !== willBe) return;
      if (scheme === "file:" && (r.username !== "" || r.password !== "" || r.port !== null)) return;
      if (r.scheme === "file:" && r.host === "") return;
      r.scheme = scheme;
      if (r.port !== null && String(r.port) === SPECIAL[scheme]) r.port = null;
    }
    get username() { return this[RECORD].username; }
    set username(value) {
      const r = this[RECORD];
      if (r.host === null || r.host === "" || r.scheme === "file:") return;
      r.username = encodeSet(String(value), USERINFO);
    }
    get password() { return this[RECORD].password; }
    set password(value) {
      const r = this[RECORD];
      if (r.host === null || r.host === "" || r.scheme === "file:") return;
      r.password = encodeSet(String(value), USERINFO);
    }
    get host() {
      const r = this[RECORD];
      if (r.host === null) return "";
      return r.port === null ? r.host : r.host + ":" + r.port;
    }
    set host(value) {
      const r = this[RECORD];
      if (r.opaque !== null) return;
      const probe = record(r.scheme);
      const rest = parseAuthority(probe, String(value));
      if (rest === null || probe.host === null || (isSpecial(r) && probe.host === "")) return;
      r.host = probe.host;
      if (/:/.test(String(value).replace(/\[[^\]]*\]/, ""))) r.port = probe.port;
    }
    get hostname() { return this[RECORD].host === null ? "" : this[RECORD].host; }
    set hostname(value) {
      const r = this[RECORD];
      if (r.opaque !== null) return;
      const text = String(value).split(/[/?#:]/)[0];
      const host = text === "" ? (isSpecial(r) ? null : "") : parseHost(text, isSpecial(r));
      if (host !== null) r.host = host;
    }
    get port() { return this[RECORD].port === null ? "" : String(this[RECORD].port); }
    set port(value) {
      const r = this[RECORD];
      if (r.host === null || r.host === "" || r.scheme === "file:") return;
      const text = String(value);
      if (text === "") {
        r.port = null;
        return;
      }
      const m = /^[0-9]+/.exec(text);
      if (m === null) return;
      const port = parseInt(m[0], 10);
      if (port > 65535) return;
      r.port = String(port) === SPECIAL[r.scheme] ? null : port;
    }
    get pathname() { return serializePath(this[RECORD]); }
    set pathname(value) {
      const r = this[RECORD];
      if (r.opaque !== null) return;
      r.path = [];
      const text = String(value);
      const special = isSpecial(r);
      parsePath(r, (special ? /^[/\\]/ : /^\//).test(text) ? text.slice(1) : text);
    }
    get search() {
      const q = this[RECORD].query;
      return q === null || q === "" ? "" : "?" + q;
    }
    set search(value) {
      const r = this[RECORD];
      let text = String(value);
      if (text === "") {
        r.query = null;
        if (this[PARAMS] !== null) this[PARAMS][LIST] = [];
        return;
      }
      if (text.startsWith("?")) text = text.slice(1);
      r.query = encodeSet(text, isSpecial(r) ? SPECIAL_QUERY : QUERY);
      if (this[PARAMS] !== null) this[PARAMS][LIST] = parseForm(text);
    }
    get searchParams() {
      if (this[PARAMS] === null) {
        const params = new URLSearchParams(this[RECORD].query || "");
        params[OWNER] = this;
        this[PARAMS] = params;
      }
      return this[PARAMS];
    }
    get hash() {
      const f = this[RECORD].fragment;
      return f === null || f === "" ? "" : "#" + f;
    }
    set hash(value) {
      let text = String(value);
      if (text === "") {
        this[RECORD].fragment = null;
        return;
      }
      if (text.startsWith("#")) text = text.slice(1);
      this[RECORD].fragment = encodeSet(text, FRAGMENT);
    }
    toString() { return this.href; }
    toJSON() { return this.href; }
    get [Symbol.toStringTag]() { return "URL"; }
    [Symbol.for("nodejs.util.inspect.custom")]() {
      const keys = ["href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "searchParams", "hash"];
      return "URL {\n" + keys.map((k) => "  " + k + ": " + (k === "searchParams" ? this.searchParams[Symbol.for("nodejs.util.inspect.custom")]() : "'" + this[k] + "'")).join(",\n") + "\n}";
    }
  }

  function originOf(r) {
    if (r.scheme === "http:" || r.scheme === "https:" || r.scheme === "ws:" || r.scheme === "wss:" || r.scheme === "ftp:") {
      return r.scheme + "//" + r.host + (r.port === null ? "" : ":" + r.port);
    }
    return "null";
  }

  // ---------------------------------------------------------------- files

  function fileURLToPath(input) {
    let url = input;
    if (typeof url === "string") url = new URL(url);
    else if (!(url instanceof URL)) {
      throw internals.typeError("ERR_INVALID_ARG_TYPE", "The \"path\" argument must be of type string or an instance of URL. Received "
        + (url === null ? "null" : typeof url));
    }
    if (url.protocol !== "file:") throw internals.typeError("ERR_INVALID_URL_SCHEME", "The URL must be of scheme file");
    if (url.hostname !== "") {
      throw internals.typeError("ERR_INVALID_FILE_URL_HOST", "File URL host must be \"localhost\" or empty on linux");
    }
    const pathname = url.pathname;
    if (/%2f/i.test(pathname)) {
      throw internals.typeError("ERR_INVALID_FILE_URL_PATH", "File URL path must not include encoded / characters");
    }
    return utf8Decode(percentDecodeBytes(pathname));
  }

  function pathToFileURL(p) {
    if (typeof p !== "string") throw internals.typeError("ERR_INVALID_ARG_TYPE", "The \"path\" argument must be of type string");
    const path = internals.builtin("path");
    let resolved = path.resolve(p);
    if (p.endsWith("/") && !resolved.endsWith("/")) resolved += "/";
    const url = new URL("file://");
    const escaped = resolved.replace(/%/g, "%25").replace(/\\/g, "%5C").replace(/\n/g, "%0A").replace(/\r/g, "%0D")
      .replace(/\t/g, "%09").replace(/#/g, "%23").replace(/\?/g, "%3F");
    url.pathname = escaped;
    return url;
  }

  function urlToHttpOptions(url) {
    const out = {
      protocol: url.protocol,
      hostname: url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname,
      hash: url.hash,
      search: url.search,
      pathname: url.pathname,
      path: (url.pathname || "") + (url.search || ""),
      href: url.href,
    };
    if (url.port !== "") out.port = Number(url.port);
    if (url.username || url.password) out.auth = decodeURIComponent(url.username) + ":" + decodeURIComponent(url.password);
    return out;
  }

  // ---------------------------------------------------------------- the legacy API

  function Url() {
    this.protocol = null;
    this.slashes = null;
    this.auth = null;
    this.host = null;
    this.port = null;
    this.hostname = null;
    this.hash = null;
    this.search = null;
    this.query = null;
    this.pathname = null;
    this.path = null;
    this.href = null;
  }

  const SLASHED = { "http:": true, "https:": true, "ftp:": true, "gopher:": true, "file:": true, "ws:": true, "wss:": true };

  function legacyParse(input, parseQueryString, slashesDenoteHost) {
    if (input instanceof Url) return input;
    if (typeof input !== "string") {
      throw internals.typeError("ERR_INVALID_ARG_TYPE", "The \"url\" argument must be of type string. Received " + typeof input);
    }
    const u = new Url();
    let rest = input.trim();
    const hashAt = rest.indexOf("#");
    if (hashAt >= 0) {
      u.hash = rest.slice(hashAt);
      rest = rest.slice(0, hashAt);
    }
    const qAt = rest.indexOf("?");
    if (qAt >= 0) {
      u.search = rest.slice(qAt);
      u.query = rest.slice(qAt + 1);
      rest = rest.slice(0, qAt);
    } else if (parseQueryString) {
      u.search = "";
      u.query = {};
    }
    if (parseQueryString && typeof u.query === "string") u.query = internals.builtin("querystring").parse(u.query);
    rest = rest.replace(/\\/g, "/");
    const proto = /^([a-zA-Z0-9.+-]+:)/.exec(rest);
    if (proto !== null) {
      u.protocol = proto[1].toLowerCase();
      rest = rest.slice(proto[1].length);
    }
    let slashes = false;
    if (slashesDenoteHost || proto !== null || /^\/\/[^@/]+@[^@/]+/.test(rest)) {
      slashes = rest.startsWith("//");
      if (slashes && !(u.protocol === "javascript:")) {
        rest = rest.slice(2);
        u.slashes = true;
      }
    }
    if (u.slashes || (u.protocol !== null && !SLASHED[u.protocol] === false && SLASHED[u.protocol])) {
      let end = rest.search(/[/?#]/);
      if (end < 0) end = rest.length;
      let hostPart = rest.slice(0, end);
      rest = rest.slice(end);
      const at = hostPart.lastIndexOf("@");
      if (at >= 0) {
        u.auth = decodeURIComponent(hostPart.slice(0, at));
        hostPart = hostPart.slice(at + 1);
      }
      const portMatch = /:([0-9]*)$/.exec(hostPart);
      if (portMatch !== null) {
        if (portMatch[1] !== "") u.port = portMatch[1];
        hostPart = hostPart.slice(0, hostPart.length - portMatch[0].length);
      }
      u.hostname = hostPart.toLowerCase();
      if (u.hostname.startsWith("[") && u.hostname.endsWith("]")) u.hostname = u.hostname.slice(1, -1);
      u.host = (u.hostname.includes(":") ? "[" + u.hostname + "]" : u.hostname) + (u.port ? ":" + u.port : "");
      if (SLASHED[u.protocol] && rest === "") rest = "/";
    }
    u.pathname = rest === "" ? (u.search || u.hash ? null : null) : rest;
    if (u.pathname === null && SLASHED[u.protocol] && u.hostname) u.pathname = "/";
    if (u.pathname !== null) u.pathname = u.pathname.replace(/[ "'<>`{|}^]/g, (c) => encodeURIComponent(c).replace("%5E", "%5E"));
    u.path = (u.pathname || "") + (u.search || "") || null;
    u.href = legacyFormat(u);
    return u;
  }

  function legacyFormat(obj, options) {
    if (typeof obj === "string") obj = legacyParse(obj);
    if (obj instanceof URL) {
      const opts = options || {};
      const r = obj[RECORD];
      const copyRecord = Object.assign({}, r, { path: r.path.slice() });
      if (opts.auth === false) {
        copyRecord.username = "";
        copyRecord.password = "";
      }
      if (opts.search === false) copyRecord.query = null;
      let out = serialize(copyRecord, opts.fragment === false);
      if (opts.unicode === true && copyRecord.host) out = out.replace(copyRecord.host, call("domainToUnicode", copyRecord.host));
      return out;
    }
    if (obj === null || typeof obj !== "object") {
      throw internals.typeError("ERR_INVALID_ARG_TYPE", "The \"urlObject\" argument must be one of type object or string");
    }
    let auth = obj.auth || "";
    if (auth) auth = encodeURIComponent(auth).replace(/%3A/i, ":") + "@";
    let protocol = obj.protocol || "";
    let pathname = obj.pathname || "";
    let hash = obj.hash || "";
    let host = "";
    let query = "";
    if (obj.host) {
      host = auth + obj.host;
    } else if (obj.hostname) {
      host = auth + (obj.hostname.includes(":") && !obj.hostname.startsWith("[") ? "[" + obj.hostname + "]" : obj.hostname);
      if (obj.port) host += ":" + obj.port;
    }
    if (obj.query !== null && typeof obj.query === "object") query = internals.builtin("querystring").stringify(obj.query);
    let search = obj.search || (query && "?" + query) || "";
    if (protocol && !protocol.endsWith(":")) protocol += ":";
    if (obj.slashes || ((!protocol || SLASHED[protocol]) && host !== "")) {
      host = "//" + host;
      if (pathname && pathname[0] !== "/") pathname = "/" + pathname;
    }
    if (hash && hash[0] !== "#") hash = "#" + hash;
    if (search && search[0] !== "?") search = "?" + search;
    pathname = pathname.replace(/[?#]/g, encodeURIComponent);
    search = search.replace("#", "%23");
    return protocol + host + pathname + search + hash;
  }

  function legacyResolve(from, to) {
    const fake = "graft-resolve:";
    const base = /^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(from) ? from : null;
    try {
      if (base !== null) return new URL(to, from).href;
      const out = new URL(to, "http://graft-resolve.invalid" + (from.startsWith("/") ? "" : "/" + fake) + from).href;
      let result = out.replace(/^http:\/\/graft-resolve\.invalid/, "");
      if (!from.startsWith("/")) result = result.replace("/" + fake, "");
      if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(to)) return new URL(to).href;
      return result;
    } catch (e) {
      return to;
    }
  }

  return {
    URL,
    URLSearchParams,
    fileURLToPath,
    pathToFileURL,
    urlToHttpOptions,
    domainToASCII(domain) {
      const host = parseHost(String(domain), true);
      return host === null ? "" : host;
    },
    domainToUnicode(domain) {
      const host = parseHost(String(domain), true);
      return host === null ? "" : call("domainToUnicode", host);
    },
    format: legacyFormat,
    parse: legacyParse,
    resolve: legacyResolve,
    resolveObject(from, to) { return legacyParse(legacyResolve(from, to)); },
    Url,
  };
})
