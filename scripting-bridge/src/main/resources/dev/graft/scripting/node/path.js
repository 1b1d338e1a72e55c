// node:path (POSIX paths; graft runs where paths are POSIX). Written for graft from Node's
// documented behaviour; bench and tests compare it with node on the same inputs.
(function (internals) {
  "use strict";

  function check(value, name) {
    if (typeof value !== "string") {
      throw internals.typeError("ERR_INVALID_ARG_TYPE", "The \"" + name + "\" argument must be of type string. Received "
        + (value === null ? "null" : typeof value === "object" ? "an instance of " + ((value.constructor && value.constructor.name) || "Object")
          : "type " + typeof value + " (" + String(value) + ")"));
    }
  }

  /** The names of `p` with "." dropped and ".." applied; `above`: keep ".." that climb past the start. */
  function squash(p, above) {
    const out = [];
    const parts = p.split("/");
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i];
      if (part === "" || part === ".") continue;
      if (part === "..") {
        if (out.length > 0 && out[out.length - 1] !== "..") out.pop();
        else if (above) out.push("..");
        continue;
      }
      out.push(part);
    }
    return out.join("/");
  }

  /**
   * basename with a suffix, as Node computes it: the suffix is matched backwards from the end of
   * the last name; a path of slashes only, or one the suffix is the whole of, keeps Node's answers
   * ("//" stays "//", basename(".js", ".js") is "").
   */
  function basenameWithout(p, suffix) {
    if (suffix === p) return "";
    let start = 0;
    let end = -1;
    let lastNameEnd = -1;
    let k = suffix.length - 1;
    let seenName = false;
    for (let i = p.length - 1; i >= 0; i--) {
      const c = p.charCodeAt(i);
      if (c === 47) {
        if (seenName) {
          start = i + 1;
          break;
        }
        continue;
      }
      if (lastNameEnd === -1) {
        seenName = true;
        lastNameEnd = i + 1;
      }
      if (k >= 0) {
        if (c === suffix.charCodeAt(k)) {
          if (--k === -1) end = i;
        } else {
          k = -1;
          end = lastNameEnd;
        }
      }
    }
    if (start === end) end = lastNameEnd;
    else if (end === -1) end = p.length;
    return p.slice(start, end);
  }

  function cwd() {
    return internals.facts.cwd;
  }

  const posix = {
    sep: "/",
    delimiter: ":",

    resolve(...args) {
      let resolved = "";
      let absolute = false;
      for (let i = args.length - 1; i >= -1 && !absolute; i--) {
        const p = i >= 0 ? args[i] : cwd();
        check(p, "paths[" + i + "]");
        if (p.length === 0) continue;
        resolved = p + "/" + resolved;
        absolute = p.charCodeAt(0) === 47;
      }
      const body = squash(resolved, !absolute);
      if (absolute) return "/" + body;
      return body.length > 0 ? body : ".";
    },

    normalize(p) {
      check(p, "path");
      if (p.length === 0) return ".";
      const absolute = p.charCodeAt(0) === 47;
      const trailing = p.charCodeAt(p.length - 1) === 47;
      let body = squash(p, !absolute);
      if (body.length === 0) {
        if (absolute) return "/";
        return trailing ? "./" : ".";
      }
      if (trailing) body += "/";
      return absolute ? "/" + body : body;
    },

    isAbsolute(p) {
      check(p, "path");
      return p.length > 0 && p.charCodeAt(0) === 47;
    },

    join(...args) {
      let joined;
      for (let i = 0; i < args.length; i++) {
        check(args[i], "path");
        if (args[i].length > 0) joined = joined === undefined ? args[i] : joined + "/" + args[i];
      }
      return joined === undefined ? "." : posix.normalize(joined);
    },

    relative(from, to) {
      check(from, "from");
      check(to, "to");
      if (from === to) return "";
      const a = posix.resolve(from);
      const b = posix.resolve(to);
      if (a === b) return "";
      const fromParts = a === "/" ? [] : a.slice(1).split("/");
      const toParts = b === "/" ? [] : b.slice(1).split("/");
      let common = 0;
      while (common < fromParts.length && common < toParts.length && fromParts[common] === toParts[common]) common++;
      const up = [];
      for (let i = common; i < fromParts.length; i++) up.push("..");
      return up.concat(toParts.slice(common)).join("/");
    },

    toNamespacedPath(p) {
      return p;
    },

    dirname(p) {
      check(p, "path");
      if (p.length === 0) return ".";
      const rooted = p.charCodeAt(0) === 47;
      let end = -1;
      let inName = false;
      for (let i = p.length - 1; i >= 1; i--) {
        if (p.charCodeAt(i) === 47) {
          if (inName) {
            end = i;
            break;
          }
        } else {
          inName = true;
        }
      }
      if (end === -1) return rooted ? "/" : ".";
      if (rooted && end === 1) return "//";
      return p.slice(0, end);
    },

    basename(p, suffix) {
      if (suffix !== undefined) check(suffix, "suffix");
      check(p, "path");
      if (suffix !== undefined && suffix.length > 0 && suffix.length <= p.length) return basenameWithout(p, suffix);
      let end = p.length;
      while (end > 0 && p.charCodeAt(end - 1) === 47) end--;
      if (end === 0) return "";
      let start = end;
      while (start > 0 && p.charCodeAt(start - 1) !== 47) start--;
      return p.slice(start, end);
    },

    extname(p) {
      check(p, "path");
      const base = posix.basename(p);
      const dot = base.lastIndexOf(".");
      if (dot <= 0) return "";
      // "..": a name of dots only has no extension
      if (dot === 1 && base.charCodeAt(0) === 46 && base.length === 2) return "";
      return base.slice(dot);
    },

    format(o) {
      if (o === null || typeof o !== "object") {
        throw internals.typeError("ERR_INVALID_ARG_TYPE", "The \"pathObject\" argument must be of type object. Received "
          + (o === null ? "null" : "type " + typeof o));
      }
      const dir = o.dir || o.root;
      const base = o.base || ((o.name || "") + (o.ext ? (o.ext[0] === "." ? "" : ".") + o.ext : ""));
      if (!dir) return base;
      return dir === o.root ? dir + base : dir + "/" + base;
    },

    parse(p) {
      check(p, "path");
      const out = { root: "", dir: "", base: "", ext: "", name: "" };
      if (p.length === 0) return out;
      const rooted = p.charCodeAt(0) === 47;
      if (rooted) out.root = "/";
      let end = p.length;
      while (end > 1 && p.charCodeAt(end - 1) === 47) end--;
      if (rooted && end === 1) {
        out.dir = "/";
        return out;
      }
      let start = end;
      while (start > 0 && p.charCodeAt(start - 1) !== 47) start--;
      out.base = p.slice(start, end);
      const dot = out.base.lastIndexOf(".");
      if (rooted && start === 1 && out.base === "..") {
        // Node's answer for "/..": the name "." with the extension "."
        out.name = ".";
        out.ext = ".";
      } else if (dot <= 0 || (out.base === "..")) {
        out.name = out.base;
      } else {
        out.name = out.base.slice(0, dot);
        out.ext = out.base.slice(dot);
      }
      if (start > 0) {
        out.dir = p.slice(0, start - 1);
        if (out.dir === "" && rooted) out.dir = "/";
      } else if (rooted) {
        out.dir = "/";
      }
      return out;
    },

    matchesGlob(p, pattern) {
      check(p, "path");
      check(pattern, "pattern");
      return globToRegExp(pattern).test(p);
    },
  };

  function globToRegExp(pattern) {
    let re = "^";
    for (let i = 0; i < pattern.length; i++) {
      const c = pattern[i];
      if (c === "*") {
        if (pattern[i + 1] === "*") {
          i++;
          if (pattern[i + 1] === "/") {
            i++;
            re += "(?:.*/)?";
          } else {
            re += ".*";
          }
        } else {
          re += "[^/]*";
        }
      } else if (c === "?") {
        re += "[^/]";
      } else if (c === "{") {
        const close = pattern.indexOf("}", i);
        if (close < 0) {
          re += "\\{";
        } else {
          re += "(?:" + pattern.slice(i + 1, close).split(",").map((s) => s.replace(/[.+^$()|[\]\\]/g, "\\$&")).join("|") + ")";
          i = close;
        }
      } else if ("\\.+^$()|[]".includes(c)) {
        re += "\\" + c;
      } else {
        re += c;
      }
    }
    return new RegExp(re + "$");
  }

  posix.posix = posix;
  Object.defineProperty(posix, "win32", {
    get() {
      throw new Error("path.win32: graft has Windows paths' rules only on Windows; use path.posix");
    },
    enumerable: false,
    configurable: true,
  });
  return posix;
})
