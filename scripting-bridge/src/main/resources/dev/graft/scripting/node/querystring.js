// node:querystring: parse and stringify of "a=1&b=2" with Node's choices (repeated keys become
// arrays, "+" is a space, a malformed escape is kept as it is, maxKeys 1000).
(function (internals) {
  "use strict";

  function unescapeBuffer(text, decodeSpaces) {
    const bytes = [];
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 43 && decodeSpaces) {
        bytes.push(32);
      } else if (c === 37 && i + 2 < text.length + 0 && /^[0-9a-fA-F]{2}$/.test(text.slice(i + 1, i + 3))) {
        bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
        i += 2;
      } else if (c < 0x80) {
        bytes.push(c);
      } else {
        let end = i + 1;
        if (c >= 0xd800 && c <= 0xdbff && end < text.length) end++;
        const b = internals.builtin("buffer").Buffer.from(text.slice(i, end), "utf8");
        for (let k = 0; k < b.length; k++) bytes.push(b[k]);
        i = end - 1;
      }
    }
    return internals.builtin("buffer").Buffer.from(bytes);
  }

  function unescape(text, decodeSpaces) {
    try {
      return decodeURIComponent(text);
    } catch (e) {
      return unescapeBuffer(text, decodeSpaces).toString();
    }
  }

  function escape(text) {
    if (typeof text !== "string") {
      if (typeof text === "object") text = String(text);
      else text += "";
    }
    try {
      return encodeURIComponent(text);
    } catch (e) {
      const err = new URIError("URI malformed");
      err.code = "ERR_INVALID_URI";
      throw err;
    }
  }

  function primitive(v) {
    if (typeof v === "string") return v;
    if (typeof v === "number" && isFinite(v)) return "" + v;
    if (typeof v === "bigint") return "" + v;
    if (typeof v === "boolean") return v ? "true" : "false";
    return "";
  }

  function stringify(obj, sep, eq, options) {
    const s = sep || "&";
    const e = eq || "=";
    const encode = options && typeof options.encodeURIComponent === "function" ? options.encodeURIComponent : escape;
    if (obj === null || typeof obj !== "object") return "";
    const out = [];
    const keys = Object.keys(obj);
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i];
      const v = obj[k];
      const ks = encode(primitive(k)) + e;
      if (Array.isArray(v)) {
        for (let j = 0; j < v.length; j++) out.push(ks + encode(primitive(v[j])));
      } else {
        out.push(ks + encode(primitive(v)));
      }
    }
    return out.join(s);
  }

  function parse(qs, sep, eq, options) {
    const obj = Object.create(null);
    if (typeof qs !== "string" || qs.length === 0) return obj;
    const s = sep ? String(sep) : "&";
    const e = eq ? String(eq) : "=";
    let maxKeys = 1000;
    if (options && typeof options.maxKeys === "number") maxKeys = options.maxKeys;
    const decode = options && typeof options.decodeURIComponent === "function" ? options.decodeURIComponent : unescape;
    let parts = qs.split(s);
    if (maxKeys > 0 && parts.length > maxKeys) parts = parts.slice(0, maxKeys);
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i];
      if (part.length === 0 && parts.length > 1) continue;
      const at = part.indexOf(e);
      let k;
      let v;
      if (at >= 0) {
        k = part.slice(0, at);
        v = part.slice(at + e.length);
      } else {
        k = part;
        v = "";
      }
      k = decodeOne(k.replace(/\+/g, " "), decode);
      v = decodeOne(v.replace(/\+/g, " "), decode);
      if (k.length === 0 && v.length === 0 && at < 0) continue;
      if (!Object.prototype.hasOwnProperty.call(obj, k)) obj[k] = v;
      else if (Array.isArray(obj[k])) obj[k].push(v);
      else obj[k] = [obj[k], v];
    }
    return obj;
  }

  function decodeOne(text, decode) {
    try {
      return decode(text);
    } catch (e) {
      return unescape(text, true);
    }
  }

  return { parse, stringify, decode: parse, encode: stringify, escape, unescape, unescapeBuffer };
})
