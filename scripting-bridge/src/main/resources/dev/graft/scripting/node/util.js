// node:util: format (printf-like, as console.log formats), inspect (Node's layout: one line when
// it fits in 80 columns and nests less than three levels, else one entry a line; long arrays of
// short items in columns), promisify, callbackify, inherits, deprecate, types, isDeepStrictEqual,
// TextEncoder, TextDecoder, stripVTControlCharacters, styleText, parseArgs.
(function (internals) {
  "use strict";
  const customInspect = Symbol.for("nodejs.util.inspect.custom");
  const kPromisify = Symbol.for("nodejs.util.promisify.custom");
  const getPrototypeOf = Object.getPrototypeOf;
  const toStr = Object.prototype.toString;
  const fnToString = Function.prototype.toString;

  // ---------------------------------------------------------------- types

  const tag = (v) => toStr.call(v).slice(8, -1);
  const TypedArray = getPrototypeOf(Uint8Array);
  const typedTag = Object.getOwnPropertyDescriptor(TypedArray.prototype, Symbol.toStringTag).get;
  const typedKind = (v) => (ArrayBuffer.isView(v) && !(v instanceof DataView) ? typedTag.call(v) : undefined);
  const AsyncFunction = getPrototypeOf(async function () {}).constructor;
  const GeneratorFunction = getPrototypeOf(function* () {}).constructor;
  const AsyncGeneratorFunction = getPrototypeOf(async function* () {}).constructor;

  const types = {
    isDate: (v) => v instanceof Date,
    isRegExp: (v) => v instanceof RegExp,
    isMap: (v) => v instanceof Map,
    isSet: (v) => v instanceof Set,
    isWeakMap: (v) => v instanceof WeakMap,
    isWeakSet: (v) => v instanceof WeakSet,
    isPromise: (v) => v instanceof Promise,
    isNativeError: (v) => v instanceof Error,
    isArrayBuffer: (v) => v instanceof ArrayBuffer,
    isSharedArrayBuffer: (v) => typeof SharedArrayBuffer !== "undefined" && v instanceof SharedArrayBuffer,
    isAnyArrayBuffer: (v) => v instanceof ArrayBuffer || (typeof SharedArrayBuffer !== "undefined" && v instanceof SharedArrayBuffer),
    isArrayBufferView: (v) => ArrayBuffer.isView(v),
    isDataView: (v) => v instanceof DataView,
    isTypedArray: (v) => typedKind(v) !== undefined,
    isUint8Array: (v) => typedKind(v) === "Uint8Array",
    isUint8ClampedArray: (v) => typedKind(v) === "Uint8ClampedArray",
    isUint16Array: (v) => typedKind(v) === "Uint16Array",
    isUint32Array: (v) => typedKind(v) === "Uint32Array",
    isInt8Array: (v) => typedKind(v) === "Int8Array",
    isInt16Array: (v) => typedKind(v) === "Int16Array",
    isInt32Array: (v) => typedKind(v) === "Int32Array",
    isFloat32Array: (v) => typedKind(v) === "Float32Array",
    isFloat64Array: (v) => typedKind(v) === "Float64Array",
    isBigInt64Array: (v) => typedKind(v) === "BigInt64Array",
    isBigUint64Array: (v) => typedKind(v) === "BigUint64Array",
    isAsyncFunction: (v) => v instanceof AsyncFunction || v instanceof AsyncGeneratorFunction,
    isGeneratorFunction: (v) => v instanceof GeneratorFunction || v instanceof AsyncGeneratorFunction,
    isGeneratorObject: (v) => tag(v) === "Generator",
    isMapIterator: (v) => tag(v) === "Map Iterator",
    isSetIterator: (v) => tag(v) === "Set Iterator",
    isBoxedPrimitive: (v) => v instanceof Number || v instanceof String || v instanceof Boolean
      || (typeof v === "object" && v !== null && (tag(v) === "Symbol" || tag(v) === "BigInt")),
    isNumberObject: (v) => v instanceof Number,
    isStringObject: (v) => v instanceof String,
    isBooleanObject: (v) => v instanceof Boolean,
    isSymbolObject: (v) => typeof v === "object" && v !== null && tag(v) === "Symbol",
    isBigIntObject: (v) => typeof v === "object" && v !== null && tag(v) === "BigInt",
    isProxy: () => false,
    isExternal: () => false,
    isModuleNamespaceObject: (v) => typeof v === "object" && v !== null && tag(v) === "Module",
    isArgumentsObject: (v) => tag(v) === "Arguments",
    isKeyObject: () => false,
    isCryptoKey: () => false,
    isWeakRef: (v) => typeof WeakRef !== "undefined" && v instanceof WeakRef,
  };

  // ---------------------------------------------------------------- inspect

  const defaults = {
    showHidden: false, depth: 2, colors: false, customInspect: true, showProxy: false, maxArrayLength: 100,
    maxStringLength: 10000, breakLength: 80, compact: 3, sorted: false, getters: false, numericSeparator: false,
  };

  const IDENT = /^[a-zA-Z_][a-zA-Z_0-9]*$/;

  function quote(s) {
    let q = "'";
    if (s.includes("'")) {
      if (!s.includes("\"")) q = "\"";
      else if (!s.includes("`") && !s.includes("${")) q = "`";
    }
    let out = "";
    for (let i = 0; i < s.length; i++) {
      const c = s[i];
      const code = s.charCodeAt(i);
      if (c === q || c === "\\") out += "\\" + c;
      else if (c === "\n") out += "\\n";
      else if (c === "\t") out += "\\t";
      else if (c === "\r") out += "\\r";
      else if (c === "\b") out += "\\b";
      else if (c === "\f") out += "\\f";
      else if (c === "\v") out += "\\v";
      else if (code < 0x20 || code === 0x7f) out += "\\x" + code.toString(16).toUpperCase().padStart(2, "0");
      else out += c;
    }
    return q + out + q;
  }

  function formatNumber(n) {
    return Object.is(n, -0) ? "-0" : String(n);
  }

  function functionBase(fn) {
    let source = "";
    try {
      source = fnToString.call(fn);
    } catch (e) {
      // a revoked proxy or the like
    }
    if (source.startsWith("class") && /^class\b/.test(source)) {
      let base = "[class " + (fn.name || "(anonymous)");
      const parent = getPrototypeOf(fn);
      if (parent && parent.name) base += " extends " + parent.name;
      return base + "]";
    }
    let kind = "Function";
    if (types.isGeneratorFunction(fn)) kind = fn instanceof AsyncGeneratorFunction ? "AsyncGeneratorFunction" : "GeneratorFunction";
    else if (fn instanceof AsyncFunction) kind = "AsyncFunction";
    return "[" + kind + (fn.name ? ": " + fn.name : " (anonymous)") + "]";
  }

  function constructorName(v) {
    let obj = v;
    while (obj !== null && obj !== undefined) {
      const d = Object.getOwnPropertyDescriptor(obj, "constructor");
      if (d !== undefined && typeof d.value === "function" && d.value.name !== "") return d.value.name;
      obj = getPrototypeOf(obj);
    }
    return null;
  }

  function formatKey(key) {
    if (typeof key === "symbol") return "[" + key.toString() + "]";
    return IDENT.test(key) ? key : quote(key);
  }

  function inspect(value, opts) {
    const ctx = Object.assign({}, defaults);
    if (typeof opts === "boolean") {
      ctx.showHidden = opts;
      if (arguments.length > 2 && arguments[2] !== undefined) ctx.depth = arguments[2];
    } else if (opts !== null && typeof opts === "object") {
      Object.keys(opts).forEach((k) => { ctx[k] = opts[k]; });
    }
    if (ctx.depth === null) ctx.depth = Infinity;
    ctx.seen = [];
    ctx.circular = new Map();
    ctx.indentationLvl = 0;
    ctx.currentDepth = 0;
    return formatValue(ctx, value, 0, true);
  }
  inspect.custom = customInspect;
  inspect.defaultOptions = defaults;
  inspect.styles = {};
  inspect.colors = {};

  function formatPrimitive(v, top) {
    switch (typeof v) {
      case "string": return quote(v);
      case "number": return formatNumber(v);
      case "bigint": return v + "n";
      case "boolean": return String(v);
      case "undefined": return "undefined";
      case "symbol": return v.toString();
      default: return String(v);
    }
  }

  function formatValue(ctx, value, depth, top) {
    if (value === null) return "null";
    if (typeof value !== "object" && typeof value !== "function") {
      if (typeof value === "string" && value.length > ctx.maxStringLength) {
        const more = value.length - ctx.maxStringLength;
        return quote(value.slice(0, ctx.maxStringLength)) + "... " + more + " more character" + (more > 1 ? "s" : "");
      }
      return formatPrimitive(value, top);
    }
    if (ctx.customInspect) {
      let custom;
      try {
        custom = value[customInspect];
      } catch (e) {
        custom = undefined;
      }
      if (typeof custom === "function" && custom !== inspect) {
        const r = custom.call(value, ctx.depth - depth, Object.assign({}, ctx, { stylize: (s) => s }), inspect);
        if (r !== value) {
          return typeof r === "string" ? r : formatValue(ctx, r, depth, false);
        }
      }
    }
    if (ctx.seen.includes(value)) {
      let index = ctx.circular.get(value);
      if (index === undefined) {
        index = ctx.circular.size + 1;
        ctx.circular.set(value, index);
      }
      return "[Circular *" + index + "]";
    }
    return formatRaw(ctx, value, depth);
  }

  function keysOf(ctx, value) {
    const keys = ctx.showHidden ? Reflect.ownKeys(value) : Object.keys(value)
      .concat(Object.getOwnPropertySymbols(value).filter((s) => Object.prototype.propertyIsEnumerable.call(value, s)));
    return ctx.sorted ? keys.sort() : keys;
  }

  function formatProperty(ctx, value, key, depth, arrayItem) {
    const desc = Object.getOwnPropertyDescriptor(value, key) || { value: value[key], enumerable: true };
    let str;
    if (desc.value !== undefined || !("get" in desc)) {
      ctx.indentationLvl += 2;
      str = formatValue(ctx, desc.value, depth + 1, false);
      ctx.indentationLvl -= 2;
    } else if (desc.get !== undefined) {
      str = desc.set !== undefined ? "[Getter/Setter]" : "[Getter]";
    } else {
      str = desc.set !== undefined ? "[Setter]" : "undefined";
    }
    if (arrayItem) return str;
    const name = desc.enumerable === false && typeof key !== "symbol" ? "[" + key + "]" : formatKey(key);
    return name + ": " + str;
  }

  function prefix(name, tagText, fallback, size) {
    let p = name === null ? "[" + fallback + ": null prototype]" : name;
    if (size !== undefined) p += "(" + size + ")";
    if (tagText && tagText !== name) p += " [" + tagText + "]";
    return p + " ";
  }

  function formatRaw(ctx, value, depth) {
    const name = constructorName(value);
    let tagText = "";
    try {
      const t = value[Symbol.toStringTag];
      if (typeof t === "string" && t !== "") tagText = t;
    } catch (e) {
      // a getter that throws
    }
    let keys = keysOf(ctx, value);
    let base = "";
    let braces;
    let formatter = null;
    let extrasArray = false;
    let noEntries = false;
    if (Array.isArray(value)) {
      const p = name !== "Array" || tagText ? prefix(name, tagText, "Array", value.length) : "";
      keys = keys.filter((k) => typeof k === "symbol" || !/^(0|[1-9][0-9]*)$/.test(k))
        .filter((k) => k !== "length" || ctx.showHidden);
      braces = [p + "[", "]"];
      extrasArray = true;
      formatter = () => formatList(ctx, value, depth);
      if (value.length === 0 && keys.length === 0) return braces[0] + "]";
    } else if (typeof value === "function") {
      base = functionBase(value);
      keys = keys.filter((k) => k !== "prototype" && k !== "length" && k !== "name");
      if (keys.length === 0) return base;
      braces = ["{", "}"];
    } else if (value instanceof Set) {
      keys = keys.filter((k) => true);
      braces = [prefix(name, tagText === "Set" ? "" : tagText, "Set", value.size) + "{", "}"];
      formatter = () => Array.from(value).map((v) => { ctx.indentationLvl += 2; const s = formatValue(ctx, v, depth + 1, false); ctx.indentationLvl -= 2; return s; });
      if (value.size === 0 && keys.length === 0) return braces[0] + "}";
    } else if (value instanceof Map) {
      braces = [prefix(name, tagText === "Map" ? "" : tagText, "Map", value.size) + "{", "}"];
      formatter = () => Array.from(value).map(([k, v]) => {
        ctx.indentationLvl += 2;
        const s = formatValue(ctx, k, depth + 1, false) + " => " + formatValue(ctx, v, depth + 1, false);
        ctx.indentationLvl -= 2;
        return s;
      });
      if (value.size === 0 && keys.length === 0) return braces[0] + "}";
    } else if (typedKind(value) !== undefined) {
      const kind = typedKind(value);
      const isBuffer = name === "Buffer";
      braces = [(name === kind ? kind : prefix(name, "", kind, undefined).trim()) + "(" + value.length + ") [", "]"];
      if (isBuffer) return value[customInspect] ? value[customInspect]() : braces[0] + "]";
      keys = keys.filter((k) => !/^(0|[1-9][0-9]*)$/.test(k));
      extrasArray = true;
      formatter = () => formatList(ctx, value, depth);
      if (value.length === 0 && keys.length === 0) return braces[0] + "]";
    } else if (value instanceof ArrayBuffer) {
      const bytes = new Uint8Array(value);
      const hex = Array.from(bytes.slice(0, 50), (b) => b.toString(16).padStart(2, "0")).join(" ");
      return "ArrayBuffer { [Uint8Contents]: <" + hex + (bytes.length > 50 ? " ... " + (bytes.length - 50) + " more bytes" : "")
        + ">, byteLength: " + bytes.length + " }";
    } else if (value instanceof Date) {
      base = isNaN(value.getTime()) ? "Invalid Date" : value.toISOString();
      if (keys.length === 0) return base;
      braces = ["{", "}"];
    } else if (value instanceof RegExp) {
      base = RegExp.prototype.toString.call(value);
      if (keys.length === 0) return base;
      braces = ["{", "}"];
    } else if (value instanceof Error) {
      base = formatError(value, name);
      keys = keys.filter((k) => k !== "stack" && k !== "message");
      if (keys.length === 0) return base;
      braces = ["{", "}"];
    } else if (value instanceof Promise) {
      braces = ["Promise {", "}"];
      formatter = () => ["<pending>"];
      noEntries = false;
    } else if (value instanceof WeakMap || value instanceof WeakSet) {
      return (value instanceof WeakMap ? "WeakMap" : "WeakSet") + " { <items unknown> }";
    } else if (types.isBoxedPrimitive(value)) {
      const prim = value.valueOf();
      const kind = typeof prim === "string" ? "String" : typeof prim === "number" ? "Number" : typeof prim === "boolean" ? "Boolean"
        : typeof prim === "symbol" ? "Symbol" : "BigInt";
      base = "[" + kind + ": " + formatPrimitive(prim) + "]";
      if (typeof prim === "string") keys = keys.filter((k) => !/^(0|[1-9][0-9]*)$/.test(k) && k !== "length");
      if (keys.length === 0) return base;
      braces = ["{", "}"];
    } else if (tagText === "Module") {
      braces = ["[Module: null prototype] {", "}"];
    } else {
      if (name === "Object") {
        if (tagText && tagText !== "Object") braces = ["Object [" + tagText + "] {", "}"];
        else braces = ["{", "}"];
      } else if (name === null) {
        braces = ["[Object: null prototype] " + (tagText ? "[" + tagText + "] " : "") + "{", "}"];
      } else {
        braces = [prefix(name, tagText, "Object").trim() + " {", "}"];
      }
      if (keys.length === 0) {
        return braces[0] === "{" ? "{}" : braces[0] + "}";
      }
    }
    if (depth > ctx.depth) {
      const label = Array.isArray(value) ? "Array" : name === null ? "Object: null prototype" : name || "Object";
      return "[" + label + "]";
    }
    ctx.seen.push(value);
    ctx.currentDepth = depth;
    let output = formatter === null ? [] : formatter();
    for (let i = 0; i < keys.length; i++) output.push(formatProperty(ctx, value, keys[i], depth, false));
    ctx.seen.pop();
    const index = ctx.circular.get(value);
    if (index !== undefined) {
      const ref = "<ref *" + index + ">";
      if (base === "") braces[0] = ref + " " + braces[0];
      else base = ref + " " + base;
    }
    return reduce(ctx, output, base, braces, extrasArray, value, depth);
  }

  function formatError(err, name) {
    let stack = "";
    try {
      stack = typeof err.stack === "string" && err.stack !== "" ? err.stack : Error.prototype.toString.call(err);
    } catch (e) {
      stack = Error.prototype.toString.call(err);
    }
    const text = String(err.name) + (err.message ? ": " + err.message : "");
    if (!stack.includes(text.split("\n")[0]) && !stack.startsWith(String(err.name))) stack = text + "\n" + stack;
    if (name !== null && name !== err.name && stack.startsWith(String(err.name))) {
      stack = name + stack.slice(String(err.name).length);
    }
    return stack;
  }

  function formatList(ctx, value, depth) {
    const out = [];
    const n = Math.min(value.length, ctx.maxArrayLength);
    let holes = 0;
    for (let i = 0; i < n; i++) {
      if (!Object.prototype.hasOwnProperty.call(value, i)) {
        holes++;
        continue;
      }
      if (holes > 0) {
        out.push("<" + holes + " empty item" + (holes > 1 ? "s" : "") + ">");
        holes = 0;
      }
      out.push(formatProperty(ctx, value, i, depth, true));
    }
    if (holes > 0) out.push("<" + holes + " empty item" + (holes > 1 ? "s" : "") + ">");
    if (value.length > n) {
      const more = value.length - n;
      out.push("... " + more + " more item" + (more > 1 ? "s" : ""));
    }
    return out;
  }

  /** Long lists of short items in columns, as Node lays them out (number columns right-aligned). */
  function columns(ctx, output, value) {
    let count = output.length;
    if (typeof output[count - 1] === "string" && output[count - 1].startsWith("... ") && value.length > ctx.maxArrayLength) count--;
    const gap = 2;
    const widths = output.slice(0, count).map((s) => s.length);
    const widest = Math.max(...widths);
    const total = widths.reduce((a, b) => a + b + gap, 0);
    const cell = widest + gap;
    if (!(cell * 3 + ctx.indentationLvl < ctx.breakLength && (total / cell > 5 || widest <= 6))) return output;
    const bias = Math.sqrt(cell - total / output.length);
    const slot = Math.max(cell - 3 - bias, 1);
    const cols = Math.min(Math.round(Math.sqrt(2.5 * slot * count) / slot), Math.floor((ctx.breakLength - ctx.indentationLvl) / cell),
      ctx.compact * 4, 15);
    if (cols <= 1) return output;
    const colWidth = [];
    for (let c = 0; c < cols; c++) {
      let w = 0;
      for (let j = c; j < output.length; j += cols) if (widths[j] > w) w = widths[j];
      colWidth.push(w + gap);
    }
    let numeric = true;
    for (let i = 0; i < output.length && numeric; i++) {
      if (typeof value[i] !== "number" && typeof value[i] !== "bigint") numeric = false;
    }
    const rows = [];
    for (let i = 0; i < count; i += cols) {
      const last = Math.min(i + cols, count) - 1;
      let line = "";
      for (let j = i; j < last; j++) {
        const cellText = output[j] + ", ";
        line += numeric ? cellText.padStart(colWidth[j - i]) : cellText.padEnd(colWidth[j - i]);
      }
      line += numeric ? output[last].padStart(colWidth[last - i] - gap) : output[last];
      rows.push(line);
    }
    if (count < output.length) rows.push(output[count]);
    return rows;
  }

  function reduce(ctx, output, base, braces, extrasArray, value, depth) {
    const entries = output.length;
    if (extrasArray && entries > 6) output = columns(ctx, output, value);
    if (ctx.currentDepth - depth < ctx.compact && entries === output.length) {
      const start = output.length + ctx.indentationLvl + braces[0].length + base.length + 10;
      let total = start + output.reduce((a, s) => a + s.length, 0);
      if (total + output.length <= ctx.breakLength && !base.includes("\n")) {
        const joined = output.join(", ");
        if (!joined.includes("\n")) {
          return (base ? base + " " : "") + braces[0] + " " + joined + " " + braces[1];
        }
      }
    }
    const indent = "\n" + " ".repeat(ctx.indentationLvl);
    return (base ? base + " " : "") + braces[0] + indent + "  " + output.join("," + indent + "  ") + indent + braces[1];
  }

  // ---------------------------------------------------------------- format

  const BUILTIN_CONSTRUCTORS = new Set(["Object", "Array", "Error", "Date", "RegExp", "Function", "Map", "Set",
    "Number", "String", "Boolean", "Symbol", "BigInt", "Promise", "ArrayBuffer", "DataView", "WeakMap", "WeakSet",
    "TypeError", "RangeError", "SyntaxError", "ReferenceError", "EvalError", "URIError", "AggregateError",
    "Uint8Array", "Int8Array", "Uint16Array", "Int16Array", "Uint32Array", "Int32Array", "Float32Array",
    "Float64Array", "BigInt64Array", "BigUint64Array", "Uint8ClampedArray"]);

  /** Whether %s shows `v` with String() (its own toString) rather than inspect (a built-in one). */
  function hasOwnToString(v) {
    if (typeof v.toString !== "function") return false;
    if (Object.prototype.hasOwnProperty.call(v, "toString")) return true;
    let holder = getPrototypeOf(v);
    while (holder !== null && !Object.prototype.hasOwnProperty.call(holder, "toString")) holder = getPrototypeOf(holder);
    if (holder === null) return false;
    const d = Object.getOwnPropertyDescriptor(holder, "constructor");
    return !(d !== undefined && typeof d.value === "function" && BUILTIN_CONSTRUCTORS.has(d.value.name));
  }

  function formatWithOptions(options, ...args) {
    const first = args[0];
    let out = "";
    let a = 0;
    if (typeof first === "string") {
      if (args.length === 1) return first;
      a = 1;
      let last = 0;
      for (let i = 0; i < first.length - 1; i++) {
        if (first.charCodeAt(i) !== 37) continue;
        const c = first[i + 1];
        if (a === args.length && c !== "%") continue;
        let piece;
        switch (c) {
          case "s": {
            const v = args[a++];
            if (typeof v === "number") piece = formatNumber(v);
            else if (typeof v === "bigint") piece = v + "n";
            else if (v !== null && typeof v === "object" && !hasOwnToString(v)) {
              piece = inspect(v, Object.assign({}, options, { depth: 0, colors: false, compact: 3 }));
            } else piece = String(v);
            break;
          }
          case "j": {
            const v = args[a++];
            try {
              piece = JSON.stringify(v);
            } catch (e) {
              if (e instanceof TypeError && /circular|cyclic/i.test(e.message)) piece = "[Circular]";
              else throw e;
            }
            break;
          }
          case "d": {
            const v = args[a++];
            if (typeof v === "bigint") piece = v + "n";
            else if (typeof v === "symbol") piece = "NaN";
            else piece = formatNumber(Number(v));
            break;
          }
          case "O":
            piece = inspect(args[a++], options);
            break;
          case "o":
            piece = inspect(args[a++], Object.assign({}, options, { showHidden: true, showProxy: true, depth: 4 }));
            break;
          case "i": {
            const v = args[a++];
            if (typeof v === "bigint") piece = v + "n";
            else if (typeof v === "symbol") piece = "NaN";
            else piece = formatNumber(parseInt(v));
            break;
          }
          case "f": {
            const v = args[a++];
            piece = typeof v === "symbol" ? "NaN" : formatNumber(parseFloat(v));
            break;
          }
          case "c":
            a++;
            piece = "";
            break;
          case "%":
            out += first.slice(last, i) + "%";
            last = i + 2;
            i++;
            continue;
          default:
            continue;
        }
        out += first.slice(last, i) + piece;
        last = i + 2;
        i++;
      }
      out += first.slice(last);
    }
    for (; a < args.length; a++) {
      const v = args[a];
      out += (out.length > 0 || a > 0 ? " " : "") + (typeof v === "string" ? v : inspect(v, options));
    }
    return out;
  }

  function format(...args) {
    return formatWithOptions(undefined, ...args);
  }

  // ---------------------------------------------------------------- functions

  function promisify(original) {
    if (typeof original !== "function") {
      throw internals.typeError("ERR_INVALID_ARG_TYPE", "The \"original\" argument must be of type function");
    }
    if (original[kPromisify]) {
      const fn = original[kPromisify];
      return fn;
    }
    const names = original[Symbol.for("graft.promisify.names")];
    function fn(...args) {
      return new Promise((resolve, reject) => {
        Reflect.apply(original, this, args.concat([function (err, ...values) {
          if (err) return reject(err);
          if (names !== undefined && values.length > 1) {
            const obj = {};
            names.forEach((n, i) => { obj[n] = values[i]; });
            resolve(obj);
          } else {
            resolve(values[0]);
          }
        }]));
      });
    }
    Object.setPrototypeOf(fn, getPrototypeOf(original));
    Object.defineProperty(fn, kPromisify, { value: fn, enumerable: false, writable: false, configurable: true });
    return Object.defineProperties(fn, Object.getOwnPropertyDescriptors(original));
  }
  promisify.custom = kPromisify;

  function callbackify(original) {
    if (typeof original !== "function") {
      throw internals.typeError("ERR_INVALID_ARG_TYPE", "The \"original\" argument must be of type function");
    }
    return function (...args) {
      const cb = args.pop();
      if (typeof cb !== "function") {
        throw internals.typeError("ERR_INVALID_ARG_TYPE", "The last argument must be of type function");
      }
      Reflect.apply(original, this, args).then(
        (v) => queueMicrotask(() => cb(null, v)),
        (e) => {
          let err = e;
          if (!e) {
            err = new Error("Promise was rejected with a falsy value");
            err.code = "ERR_FALSY_VALUE_REJECTION";
            err.reason = e;
          }
          queueMicrotask(() => cb(err));
        });
    };
  }

  function inherits(ctor, superCtor) {
    if (typeof ctor !== "function" || typeof superCtor !== "function" || superCtor.prototype === undefined) {
      throw internals.typeError("ERR_INVALID_ARG_TYPE", "util.inherits: both arguments must be constructors");
    }
    Object.defineProperty(ctor, "super_", { value: superCtor, writable: true, configurable: true });
    Object.setPrototypeOf(ctor.prototype, superCtor.prototype);
  }

  const warned = new Set();
  function deprecate(fn, message, code) {
    return function (...args) {
      const key = code || message;
      if (!warned.has(key)) {
        warned.add(key);
        internals.process().emitWarning((code ? "[" + code + "] " : "") + "DeprecationWarning: " + message);
      }
      return new.target ? Reflect.construct(fn, args, new.target) : Reflect.apply(fn, this, args);
    };
  }

  // ---------------------------------------------------------------- deep equality

  function isDeepStrictEqual(a, b) {
    return deepEqual(a, b, true, new Map());
  }

  function deepEqual(a, b, strict, memo) {
    if (strict ? Object.is(a, b) : a == b || (a !== a && b !== b)) return true;
    if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) {
      return false;
    }
    if (strict && getPrototypeOf(a) !== getPrototypeOf(b)) return false;
    if (tag(a) !== tag(b)) return false;
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    const seen = memo.get(a);
    if (seen !== undefined && seen.has(b)) return true;
    if (seen === undefined) memo.set(a, new Set([b]));
    else seen.add(b);
    if (a instanceof Date) return a.getTime() === b.getTime() && sameKeys(a, b, strict, memo);
    if (a instanceof RegExp) return String(a) === String(b) && a.lastIndex === b.lastIndex && sameKeys(a, b, strict, memo);
    if (a instanceof Error) {
      if (a.message !== b.message || a.name !== b.name) return false;
    }
    if (types.isBoxedPrimitive(a)) {
      if (!Object.is(a.valueOf(), b.valueOf())) return false;
    }
    if (ArrayBuffer.isView(a)) {
      if (a.byteLength !== b.byteLength) return false;
      const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
      const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
      if (typedKind(a) === "Float32Array" || typedKind(a) === "Float64Array") {
        for (let i = 0; i < a.length; i++) if (!(strict ? Object.is(a[i], b[i]) || a[i] === b[i] : a[i] == b[i])) return false;
      } else {
        for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
      }
      return sameKeys(a, b, strict, memo, true);
    }
    if (a instanceof ArrayBuffer) {
      if (a.byteLength !== b.byteLength) return false;
      const x = new Uint8Array(a);
      const y = new Uint8Array(b);
      for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
      return true;
    }
    if (a instanceof Set) {
      if (a.size !== b.size) return false;
      outer: for (const v of a) {
        if (b.has(v)) continue;
        if (typeof v !== "object" || v === null) return false;
        for (const w of b) if (deepEqual(v, w, strict, memo)) continue outer;
        return false;
      }
      return sameKeys(a, b, strict, memo);
    }
    if (a instanceof Map) {
      if (a.size !== b.size) return false;
      outer: for (const [k, v] of a) {
        if (b.has(k)) {
          if (!deepEqual(v, b.get(k), strict, memo)) return false;
          continue;
        }
        if (typeof k !== "object" || k === null) return false;
        for (const [k2, v2] of b) if (deepEqual(k, k2, strict, memo) && deepEqual(v, v2, strict, memo)) continue outer;
        return false;
      }
      return sameKeys(a, b, strict, memo);
    }
    return sameKeys(a, b, strict, memo);
  }

  function sameKeys(a, b, strict, memo, skipIndexes) {
    let ka = Object.keys(a);
    let kb = Object.keys(b);
    if (skipIndexes) {
      ka = ka.filter((k) => !/^(0|[1-9][0-9]*)$/.test(k));
      kb = kb.filter((k) => !/^(0|[1-9][0-9]*)$/.test(k));
    }
    if (ka.length !== kb.length) return false;
    for (let i = 0; i < ka.length; i++) {
      if (!Object.prototype.hasOwnProperty.call(b, ka[i])) return false;
      if (!deepEqual(a[ka[i]], b[ka[i]], strict, memo)) return false;
    }
    if (strict) {
      const sa = Object.getOwnPropertySymbols(a).filter((s) => Object.prototype.propertyIsEnumerable.call(a, s));
      const sb = Object.getOwnPropertySymbols(b).filter((s) => Object.prototype.propertyIsEnumerable.call(b, s));
      if (sa.length !== sb.length) return false;
      for (let i = 0; i < sa.length; i++) if (!deepEqual(a[sa[i]], b[sa[i]], strict, memo)) return false;
    }
    return true;
  }

  // ---------------------------------------------------------------- the rest

  const ANSI = /[\u001B\u009B][[\]()#;?]*(?:(?:(?:(?:;[-a-zA-Z\d/#&.:=?%@~_]+)*|[a-zA-Z\d]+(?:;[-a-zA-Z\d/#&.:=?%@~_]*)*)?\u0007)|(?:(?:\d{1,4}(?:;\d{0,4})*)?[\dA-PR-TZcf-ntqry=><~]))/g;

  const STYLES = {
    reset: [0, 0], bold: [1, 22], dim: [2, 22], italic: [3, 23], underline: [4, 24], inverse: [7, 27], hidden: [8, 28],
    strikethrough: [9, 29], black: [30, 39], red: [31, 39], green: [32, 39], yellow: [33, 39], blue: [34, 39],
    magenta: [35, 39], cyan: [36, 39], white: [37, 39], gray: [90, 39], grey: [90, 39],
  };

  function parseArgs(config) {
    const cfg = config || {};
    const args = cfg.args !== undefined ? cfg.args : internals.process().argv.slice(2);
    const options = cfg.options || {};
    const values = Object.create(null);
    const positionals = [];
    const short = {};
    Object.keys(options).forEach((k) => { if (options[k].short) short[options[k].short] = k; });
    for (let i = 0; i < args.length; i++) {
      const arg = args[i];
      if (arg === "--") {
        positionals.push(...args.slice(i + 1));
        break;
      }
      let name = null;
      let inline;
      if (arg.startsWith("--")) {
        const eq = arg.indexOf("=");
        name = eq >= 0 ? arg.slice(2, eq) : arg.slice(2);
        if (eq >= 0) inline = arg.slice(eq + 1);
      } else if (arg.startsWith("-") && arg.length > 1) {
        name = short[arg[1]] || arg[1];
        if (arg.length > 2) inline = arg.slice(2);
      }
      if (name === null) {
        if (cfg.allowPositionals === false || (cfg.strict !== false && !cfg.allowPositionals)) {
          const e = new TypeError("Unexpected argument '" + arg + "'. This command does not take positional arguments");
          e.code = "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL";
          throw e;
        }
        positionals.push(arg);
        continue;
      }
      const opt = options[name];
      if (opt === undefined && cfg.strict !== false) {
        const e = new TypeError("Unknown option '" + arg + "'");
        e.code = "ERR_PARSE_ARGS_UNKNOWN_OPTION";
        throw e;
      }
      let v = true;
      if (opt && opt.type === "string") v = inline !== undefined ? inline : args[++i];
      if (opt && opt.multiple) (values[name] = values[name] || []).push(v);
      else values[name] = v;
    }
    Object.keys(options).forEach((k) => {
      if (values[k] === undefined && options[k].default !== undefined) values[k] = options[k].default;
    });
    return { values, positionals };
  }

  const exportsObject = {
    format,
    formatWithOptions,
    inspect,
    promisify,
    callbackify,
    inherits,
    deprecate,
    types,
    isDeepStrictEqual,
    TextEncoder: globalThis.TextEncoder,
    TextDecoder: globalThis.TextDecoder,
    stripVTControlCharacters(text) { return String(text).replace(ANSI, ""); },
    styleText(format, text) {
      const list = Array.isArray(format) ? format : [format];
      let out = String(text);
      for (const f of list) {
        const s = STYLES[f];
        if (s === undefined) throw internals.typeError("ERR_INVALID_ARG_VALUE", "The argument 'format' must be one of: " + Object.keys(STYLES).join(", "));
        out = "\u001b[" + s[0] + "m" + out + "\u001b[" + s[1] + "m";
      }
      return out;
    },
    parseArgs,
    debuglog(section) {
      const fn = function () {};
      fn.enabled = false;
      return fn;
    },
    debug(section) { return exportsObject.debuglog(section); },
    isArray: Array.isArray,
    isBoolean: (v) => typeof v === "boolean",
    isNull: (v) => v === null,
    isNullOrUndefined: (v) => v === null || v === undefined,
    isNumber: (v) => typeof v === "number",
    isString: (v) => typeof v === "string",
    isSymbol: (v) => typeof v === "symbol",
    isUndefined: (v) => v === undefined,
    isRegExp: types.isRegExp,
    isObject: (v) => v !== null && typeof v === "object",
    isDate: types.isDate,
    isError: types.isNativeError,
    isFunction: (v) => typeof v === "function",
    isPrimitive: (v) => v === null || (typeof v !== "object" && typeof v !== "function"),
    isBuffer: (v) => internals.builtin("buffer").Buffer.isBuffer(v),
    toUSVString: (s) => String(s).toWellFormed ? String(s).toWellFormed() : String(s),
    getSystemErrorName(errno) {
      const names = { "-1": "EPERM", "-2": "ENOENT", "-13": "EACCES", "-17": "EEXIST", "-20": "ENOTDIR", "-21": "EISDIR",
        "-22": "EINVAL", "-39": "ENOTEMPTY" };
      return names[String(errno)] || "Unknown system error " + errno;
    },
    aborted(signal) {
      return new Promise((resolve) => {
        if (signal.aborted) resolve();
        else signal.addEventListener("abort", () => resolve(), { once: true });
      });
    },
  };
  return exportsObject;
})
