// node:buffer: Buffer (a Uint8Array whose methods read and write Node's encodings), atob, btoa,
// Blob. Encoding and decoding strings run in Java (NodeCodec), in one call each.
(function (internals) {
  "use strict";
  const call = internals.call;
  const U8 = Uint8Array;
  const u8slice = Uint8Array.prototype.slice;
  const u8subarray = Uint8Array.prototype.subarray;
  const INSPECT_MAX_BYTES = 50;
  const kMaxLength = 2 ** 32;
  const apply = Reflect.apply;

  class FastBuffer extends U8 {
    constructor(a, b, c) {
      super(a, b, c);
    }
  }

  function invalidArg(name, expected, value) {
    return internals.typeError("ERR_INVALID_ARG_TYPE", "The \"" + name + "\" argument must be " + expected
      + ". Received " + describe(value));
  }

  function describe(value) {
    if (value === null) return "null";
    if (value === undefined) return "undefined";
    if (typeof value === "function") return "function " + (value.name || "");
    if (typeof value === "object") {
      return "an instance of " + ((value.constructor && value.constructor.name) || "Object");
    }
    let text = String(value);
    if (text.length > 28) text = text.slice(0, 25) + "...";
    if (typeof value === "string") text = "'" + text + "'";
    return "type " + typeof value + " (" + text + ")";
  }

  function encodingOf(encoding) {
    if (encoding === undefined || encoding === null || encoding === "") return "utf8";
    const e = String(encoding).toLowerCase();
    switch (e) {
      case "utf8": case "utf-8": return "utf8";
      case "hex": return "hex";
      case "base64": return "base64";
      case "base64url": return "base64url";
      case "latin1": case "binary": return "latin1";
      case "ascii": return "ascii";
      case "ucs2": case "ucs-2": case "utf16le": case "utf-16le": return "utf16le";
      default: {
        const err = internals.typeError("ERR_UNKNOWN_ENCODING", "Unknown encoding: " + encoding);
        throw err;
      }
    }
  }

  function wrap(arrayBuffer, offset, length) {
    return new FastBuffer(arrayBuffer, offset || 0, length === undefined ? arrayBuffer.byteLength - (offset || 0) : length);
  }

  /** The bytes of `text` in `encoding`, as a new Buffer. */
  function fromString(text, encoding) {
    const enc = encodingOf(encoding);
    if (text.length === 0) return new FastBuffer(0);
    if (enc === "latin1" || enc === "ascii") {
      const out = new FastBuffer(text.length);
      for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
      return out;
    }
    if (enc === "utf8" && text.length < 64) {
      let ascii = true;
      for (let i = 0; i < text.length && ascii; i++) if (text.charCodeAt(i) > 127) ascii = false;
      if (ascii) {
        const out = new FastBuffer(text.length);
        for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
        return out;
      }
    }
    return wrap(call("encode", text, enc));
  }

  /** `bytes[start, end)` as text in `encoding`. */
  function toText(bytes, encoding, start, end) {
    const enc = encodingOf(encoding);
    if (end <= start) return "";
    if ((enc === "utf8" || enc === "latin1") && end - start < 64) {
      let ascii = true;
      for (let i = start; i < end && ascii; i++) if (bytes[i] > 127) ascii = false;
      if (ascii || enc === "latin1") {
        let s = "";
        for (let i = start; i < end; i++) s += String.fromCharCode(bytes[i]);
        return s;
      }
    }
    return call("decode", bytes.buffer, bytes.byteOffset + start, bytes.byteOffset + end, enc);
  }

  function byteLength(value, encoding) {
    if (typeof value !== "string") {
      if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return value.byteLength;
      throw invalidArg("string", "of type string or an instance of Buffer or ArrayBuffer", value);
    }
    const enc = encodingOf(encoding);
    switch (enc) {
      case "latin1": case "ascii": return value.length;
      case "utf16le": return value.length * 2;
      case "hex": return value.length >>> 1;
      case "base64": case "base64url": {
        let n = value.length;
        while (n > 0 && value.charCodeAt(n - 1) === 61) n--;
        return (n * 3) >>> 2;
      }
      default: {
        let bytes = 0;
        for (let i = 0; i < value.length; i++) {
          const c = value.charCodeAt(i);
          if (c < 0x80) bytes += 1;
          else if (c < 0x800) bytes += 2;
          else if (c >= 0xd800 && c <= 0xdbff && i + 1 < value.length && (value.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
            bytes += 4;
            i++;
          } else bytes += 3;
        }
        return bytes;
      }
    }
  }

  function checkSize(size) {
    if (typeof size !== "number") throw invalidArg("size", "of type number", size);
    if (!(size >= 0 && size <= kMaxLength) || size !== size) {
      const e = new RangeError("The argument 'size' is invalid. Received " + size);
      e.code = "ERR_OUT_OF_RANGE";
      throw e;
    }
  }

  function Buffer(arg, encodingOrOffset, length) {
    if (typeof arg === "number") {
      if (typeof encodingOrOffset === "string") {
        throw invalidArg("string", "of type string", arg);
      }
      return Buffer.alloc(arg);
    }
    return Buffer.from(arg, encodingOrOffset, length);
  }
  Buffer.prototype = FastBuffer.prototype;
  Object.defineProperty(FastBuffer.prototype, "constructor", { value: Buffer, writable: true, configurable: true });
  Object.setPrototypeOf(Buffer, U8);
  Buffer.poolSize = 8192;

  Buffer.from = function from(value, encodingOrOffset, length) {
    if (typeof value === "string") return fromString(value, encodingOrOffset);
    if (value instanceof ArrayBuffer || (typeof SharedArrayBuffer !== "undefined" && value instanceof SharedArrayBuffer)) {
      const offset = encodingOrOffset === undefined ? 0 : +encodingOrOffset || 0;
      if (offset > value.byteLength) {
        const e = new RangeError("\"offset\" is outside of buffer bounds");
        e.code = "ERR_BUFFER_OUT_OF_BOUNDS";
        throw e;
      }
      const len = length === undefined ? value.byteLength - offset : +length || 0;
      return new FastBuffer(value, offset, len);
    }
    if (ArrayBuffer.isView(value)) {
      if (value instanceof U8) return new FastBuffer(value);
      const bytes = new U8(value.buffer, value.byteOffset, value.byteLength);
      const out = new FastBuffer(value.length);
      // A typed array of wider elements: each element's low byte, as Node copies element by element.
      for (let i = 0; i < value.length; i++) out[i] = value[i];
      return bytes.length === value.length ? new FastBuffer(bytes) : out;
    }
    if (value !== null && typeof value === "object") {
      if (typeof value[Symbol.toPrimitive] === "function") {
        const primitive = value[Symbol.toPrimitive]("string");
        if (typeof primitive === "string") return fromString(primitive, encodingOrOffset);
      }
      if (typeof value.valueOf === "function") {
        const v = value.valueOf();
        if (v !== value && v !== null && v !== undefined && (typeof v === "string" || typeof v === "object")) {
          return Buffer.from(v, encodingOrOffset, length);
        }
      }
      if (value.type === "Buffer" && Array.isArray(value.data)) return fromArrayLike(value.data);
      if (typeof value.length === "number" || Array.isArray(value)) return fromArrayLike(value);
    }
    throw invalidArg("first argument",
      "of type string or an instance of Buffer, ArrayBuffer, or Array or an Array-like Object", value);
  };

  function fromArrayLike(list) {
    const n = list.length >>> 0;
    const out = new FastBuffer(n);
    for (let i = 0; i < n; i++) out[i] = list[i];
    return out;
  }

  Buffer.alloc = function alloc(size, fill, encoding) {
    checkSize(size);
    const b = new FastBuffer(size);
    if (fill !== undefined && fill !== 0 && size > 0) b.fill(fill, 0, b.length, encoding);
    return b;
  };
  Buffer.allocUnsafe = function allocUnsafe(size) {
    checkSize(size);
    return new FastBuffer(size);
  };
  Buffer.allocUnsafeSlow = Buffer.allocUnsafe;
  Buffer.isBuffer = function isBuffer(b) { return b instanceof Buffer; };
  Buffer.isEncoding = function isEncoding(e) {
    if (typeof e !== "string" || e === "") return false;
    try {
      encodingOf(e);
      return true;
    } catch (x) {
      return false;
    }
  };
  Buffer.byteLength = byteLength;
  Buffer.compare = function compare(a, b) {
    if (!(a instanceof U8)) throw invalidArg("buf1", "an instance of Buffer or Uint8Array", a);
    if (!(b instanceof U8)) throw invalidArg("buf2", "an instance of Buffer or Uint8Array", b);
    return compareBytes(a, 0, a.length, b, 0, b.length);
  };
  Buffer.concat = function concat(list, totalLength) {
    if (!Array.isArray(list)) throw invalidArg("list", "an instance of Array", list);
    if (list.length === 0) return new FastBuffer(0);
    let total = totalLength;
    if (total === undefined) {
      total = 0;
      for (let i = 0; i < list.length; i++) total += list[i].length;
    }
    const out = Buffer.alloc(total);
    let at = 0;
    for (let i = 0; i < list.length && at < total; i++) {
      const b = list[i];
      if (!(b instanceof U8)) throw invalidArg("list[" + i + "]", "an instance of Buffer or Uint8Array", b);
      const n = Math.min(b.length, total - at);
      out.set(n === b.length ? b : apply(u8subarray, b, [0, n]), at);
      at += n;
    }
    return out;
  };
  Buffer.copyBytesFrom = function copyBytesFrom(view, offset, length) {
    const bytes = new U8(view.buffer, view.byteOffset, view.byteLength);
    const size = view.BYTES_PER_ELEMENT;
    const start = (offset || 0) * size;
    const end = length === undefined ? bytes.length : start + length * size;
    return new FastBuffer(apply(u8slice, bytes, [start, end]));
  };
  Buffer.of = function of(...items) { return fromArrayLike(items); };

  function compareBytes(a, aStart, aEnd, b, bStart, bEnd) {
    const n = Math.min(aEnd - aStart, bEnd - bStart);
    for (let i = 0; i < n; i++) {
      const x = a[aStart + i];
      const y = b[bStart + i];
      if (x !== y) return x < y ? -1 : 1;
    }
    const la = aEnd - aStart;
    const lb = bEnd - bStart;
    return la < lb ? -1 : la > lb ? 1 : 0;
  }

  function clamp(value, length, fallback) {
    if (value === undefined) return fallback;
    let v = Math.trunc(+value);
    if (v !== v) v = 0;
    if (v < 0) v = Math.max(length + v, 0);
    return Math.min(v, length);
  }

  const proto = FastBuffer.prototype;
  Object.defineProperty(proto, "parent", { get() { return this.buffer; }, configurable: true });
  Object.defineProperty(proto, "offset", { get() { return this.byteOffset; }, configurable: true });

  proto.toString = function toString(encoding, start, end) {
    if (arguments.length === 0) return toText(this, "utf8", 0, this.length);
    const s = start === undefined ? 0 : Math.max(0, Math.min(this.length, Math.trunc(+start) || 0));
    const e = end === undefined ? this.length : Math.max(0, Math.min(this.length, Math.trunc(+end) || 0));
    return toText(this, encoding, s, e);
  };
  proto.toLocaleString = proto.toString;
  proto.toJSON = function toJSON() {
    return { type: "Buffer", data: Array.prototype.slice.call(this) };
  };
  proto.equals = function equals(other) {
    if (!(other instanceof U8)) throw invalidArg("otherBuffer", "an instance of Buffer or Uint8Array", other);
    return this.length === other.length && compareBytes(this, 0, this.length, other, 0, other.length) === 0;
  };
  proto.compare = function compare(target, targetStart, targetEnd, sourceStart, sourceEnd) {
    if (!(target instanceof U8)) throw invalidArg("target", "an instance of Buffer or Uint8Array", target);
    return compareBytes(this, sourceStart || 0, sourceEnd === undefined ? this.length : sourceEnd,
      target, targetStart || 0, targetEnd === undefined ? target.length : targetEnd);
  };
  proto.copy = function copy(target, targetStart, sourceStart, sourceEnd) {
    const ts = targetStart === undefined ? 0 : Math.max(0, Math.trunc(+targetStart) || 0);
    const ss = sourceStart === undefined ? 0 : Math.max(0, Math.trunc(+sourceStart) || 0);
    let se = sourceEnd === undefined ? this.length : Math.min(this.length, Math.trunc(+sourceEnd) || 0);
    if (ts >= target.length || ss >= se) return 0;
    se = Math.min(se, ss + target.length - ts);
    target.set(apply(u8subarray, this, [ss, se]), ts);
    return se - ss;
  };
  proto.slice = function slice(start, end) {
    return this.subarray(start, end);
  };
  proto.subarray = function subarray(start, end) {
    const s = clamp(start, this.length, 0);
    const e = clamp(end, this.length, this.length);
    return new FastBuffer(this.buffer, this.byteOffset + s, Math.max(0, e - s));
  };
  proto.write = function write(text, offset, length, encoding) {
    if (typeof text !== "string") throw invalidArg("argument", "of type string", text);
    if (typeof offset === "string") {
      encoding = offset;
      offset = 0;
      length = undefined;
    } else if (typeof length === "string") {
      encoding = length;
      length = undefined;
    }
    const at = offset === undefined ? 0 : offset >>> 0;
    const room = this.length - at;
    const n = length === undefined ? room : Math.min(room, length >>> 0);
    if (n <= 0) return 0;
    let bytes = fromString(text, encoding);
    const enc = encodingOf(encoding);
    let count = Math.min(n, bytes.length);
    if (enc === "utf8" && count < bytes.length) {
      // Whole characters only.
      while (count > 0 && (bytes[count] & 0xc0) === 0x80) count--;
    } else if (enc === "utf16le") {
      count -= count % 2;
    }
    this.set(apply(u8subarray, bytes, [0, count]), at);
    return count;
  };
  proto.fill = function fill(value, offset, end, encoding) {
    if (typeof offset === "string") {
      encoding = offset;
      offset = 0;
      end = this.length;
    } else if (typeof end === "string") {
      encoding = end;
      end = this.length;
    }
    const s = offset === undefined ? 0 : offset >>> 0;
    const e = end === undefined ? this.length : Math.min(this.length, end >>> 0);
    if (s >= e) return this;
    if (typeof value === "number") {
      apply(U8.prototype.fill, this, [value & 255, s, e]);
      return this;
    }
    if (typeof value === "boolean") {
      apply(U8.prototype.fill, this, [+value, s, e]);
      return this;
    }
    const bytes = typeof value === "string" ? fromString(value, encoding) : value instanceof U8 ? value : fromArrayLike(value);
    if (bytes.length === 0) {
      if (typeof value === "string" && value.length > 0) {
        const err = internals.typeError("ERR_INVALID_ARG_VALUE", "The argument 'value' is invalid. Received '" + value + "'");
        throw err;
      }
      apply(U8.prototype.fill, this, [0, s, e]);
      return this;
    }
    for (let i = s, j = 0; i < e; i++, j = (j + 1) % bytes.length) this[i] = bytes[j];
    return this;
  };

  function needle(value, encoding) {
    if (typeof value === "string") return fromString(value, encoding);
    if (value instanceof U8) return value;
    if (typeof value === "number") return null;
    throw invalidArg("value", "one of type number or string or an instance of Buffer or Uint8Array", value);
  }

  proto.indexOf = function indexOf(value, byteOffset, encoding) {
    if (typeof byteOffset === "string") {
      encoding = byteOffset;
      byteOffset = 0;
    }
    let from = byteOffset === undefined ? 0 : Math.trunc(+byteOffset) || 0;
    if (from < 0) from = Math.max(0, this.length + from);
    const n = needle(value, encoding);
    if (n === null) return apply(U8.prototype.indexOf, this, [value & 255, from]);
    if (n.length === 0) return from <= this.length ? from : this.length;
    outer: for (let i = from; i <= this.length - n.length; i++) {
      for (let j = 0; j < n.length; j++) if (this[i + j] !== n[j]) continue outer;
      return i;
    }
    return -1;
  };
  proto.lastIndexOf = function lastIndexOf(value, byteOffset, encoding) {
    if (typeof byteOffset === "string") {
      encoding = byteOffset;
      byteOffset = undefined;
    }
    let from = byteOffset === undefined ? this.length : Math.trunc(+byteOffset);
    if (from !== from) from = this.length;
    if (from < 0) from = this.length + from;
    const n = needle(value, encoding);
    if (n === null) return from < 0 ? -1 : apply(U8.prototype.lastIndexOf, this, [value & 255, Math.min(from, this.length - 1)]);
    if (n.length === 0) return Math.min(from, this.length);
    outer: for (let i = Math.min(from, this.length - n.length); i >= 0; i--) {
      for (let j = 0; j < n.length; j++) if (this[i + j] !== n[j]) continue outer;
      return i;
    }
    return -1;
  };
  proto.includes = function includes(value, byteOffset, encoding) {
    return this.indexOf(value, byteOffset, encoding) !== -1;
  };

  function view(b) {
    return new DataView(b.buffer, b.byteOffset, b.byteLength);
  }

  function checkOffset(b, offset, size) {
    const o = offset === undefined ? 0 : offset;
    if (typeof o !== "number") throw invalidArg("offset", "of type number", o);
    if (o !== Math.floor(o) || o < 0 || o + size > b.length) {
      const e = new RangeError("The value of \"offset\" is out of range. It must be >= 0 and <= " + (b.length - size)
        + ". Received " + o);
      e.code = "ERR_OUT_OF_RANGE";
      throw e;
    }
    return o;
  }

  const accessors = [
    ["UInt8", 1, "getUint8", "setUint8"], ["Int8", 1, "getInt8", "setInt8"],
    ["UInt16", 2, "getUint16", "setUint16"], ["Int16", 2, "getInt16", "setInt16"],
    ["UInt32", 4, "getUint32", "setUint32"], ["Int32", 4, "getInt32", "setInt32"],
    ["Float", 4, "getFloat32", "setFloat32"], ["Double", 8, "getFloat64", "setFloat64"],
    ["BigUInt64", 8, "getBigUint64", "setBigUint64"], ["BigInt64", 8, "getBigInt64", "setBigInt64"],
  ];
  accessors.forEach(function (a) {
    const [name, size, get, set] = a;
    const ends = size === 1 ? [""] : ["LE", "BE"];
    ends.forEach(function (end) {
      const little = end === "LE";
      const read = function (offset) {
        return view(this)[get](checkOffset(this, offset, size), little);
      };
      const write = function (value, offset) {
        const o = checkOffset(this, offset, size);
        view(this)[set](o, value, little);
        return o + size;
      };
      proto["read" + name + end] = read;
      proto["write" + name + end] = write;
      if (name.startsWith("UInt") || name.startsWith("BigUInt")) {
        proto["read" + name.replace("UInt", "Uint") + end] = read;
        proto["write" + name.replace("UInt", "Uint") + end] = write;
      }
    });
  });

  function variable(signed, little) {
    return function (offset, byteLen) {
      const o = checkOffset(this, offset, byteLen);
      let v = 0;
      for (let i = 0; i < byteLen; i++) {
        const b = this[little ? o + i : o + byteLen - 1 - i];
        v += b * 2 ** (8 * i);
      }
      if (signed && v >= 2 ** (8 * byteLen - 1)) v -= 2 ** (8 * byteLen);
      return v;
    };
  }
  function variableWrite(little) {
    return function (value, offset, byteLen) {
      const o = checkOffset(this, offset, byteLen);
      let v = value < 0 ? value + 2 ** (8 * byteLen) : value;
      for (let i = 0; i < byteLen; i++) {
        this[little ? o + i : o + byteLen - 1 - i] = v % 256;
        v = Math.floor(v / 256);
      }
      return o + byteLen;
    };
  }
  proto.readUIntLE = proto.readUintLE = variable(false, true);
  proto.readUIntBE = proto.readUintBE = variable(false, false);
  proto.readIntLE = variable(true, true);
  proto.readIntBE = variable(true, false);
  proto.writeUIntLE = proto.writeUintLE = proto.writeIntLE = variableWrite(true);
  proto.writeUIntBE = proto.writeUintBE = proto.writeIntBE = variableWrite(false);

  function swap(size) {
    return function () {
      if (this.length % size !== 0) {
        const e = new RangeError("Buffer size must be a multiple of " + (size * 8) + "-bits");
        e.code = "ERR_INVALID_BUFFER_SIZE";
        throw e;
      }
      for (let i = 0; i < this.length; i += size) {
        for (let j = 0; j < size / 2; j++) {
          const t = this[i + j];
          this[i + j] = this[i + size - 1 - j];
          this[i + size - 1 - j] = t;
        }
      }
      return this;
    };
  }
  proto.swap16 = swap(2);
  proto.swap32 = swap(4);
  proto.swap64 = swap(8);

  const inspectSymbol = Symbol.for("nodejs.util.inspect.custom");
  proto[inspectSymbol] = function () {
    const hex = toText(this, "hex", 0, Math.min(this.length, INSPECT_MAX_BYTES)).replace(/(.{2})(?!$)/g, "$1 ");
    const more = this.length > INSPECT_MAX_BYTES ? " ... " + (this.length - INSPECT_MAX_BYTES) + " more bytes" : "";
    return "<Buffer" + (hex ? " " + hex : "") + more + ">";
  };
  proto.inspect = proto[inspectSymbol];

  // ---------------------------------------------------------------- atob, btoa, Blob

  function domException(message, name) {
    const e = new Error(message);
    e.name = name;
    return e;
  }

  function atob(input) {
    if (arguments.length === 0) throw internals.typeError("ERR_MISSING_ARGS", "The \"data\" argument must be specified");
    let text = String(input).replace(/[\t\n\f\r ]/g, "");
    if (text.length % 4 === 0) text = text.replace(/={1,2}$/, "");
    if (text.length % 4 === 1 || /[^A-Za-z0-9+/]/.test(text)) {
      throw domException("The string to be decoded is not correctly encoded.", "InvalidCharacterError");
    }
    const bytes = fromString(text, "base64");
    return toText(bytes, "latin1", 0, bytes.length);
  }

  function btoa(input) {
    if (arguments.length === 0) throw internals.typeError("ERR_MISSING_ARGS", "The \"data\" argument must be specified");
    const text = String(input);
    for (let i = 0; i < text.length; i++) {
      if (text.charCodeAt(i) > 255) {
        throw domException("Invalid character", "InvalidCharacterError");
      }
    }
    return toText(fromString(text, "latin1"), "base64", 0, text.length);
  }

  class Blob {
    constructor(parts, options) {
      const chunks = [];
      if (parts !== undefined) {
        for (const p of parts) {
          if (p instanceof Blob) chunks.push(p._bytes);
          else if (typeof p === "string") chunks.push(fromString(p, "utf8"));
          else if (p instanceof ArrayBuffer) chunks.push(new FastBuffer(p.slice(0)));
          else if (ArrayBuffer.isView(p)) chunks.push(Buffer.from(new U8(p.buffer, p.byteOffset, p.byteLength)));
          else chunks.push(fromString(String(p), "utf8"));
        }
      }
      Object.defineProperty(this, "_bytes", { value: Buffer.concat(chunks), enumerable: false });
      this.type = options && options.type ? String(options.type).toLowerCase() : "";
    }
    get size() { return this._bytes.length; }
    text() { return Promise.resolve(this._bytes.toString("utf8")); }
    arrayBuffer() {
      const b = this._bytes;
      return Promise.resolve(b.buffer.slice(b.byteOffset, b.byteOffset + b.length));
    }
    bytes() { return Promise.resolve(new U8(this._bytes)); }
    slice(start, end, type) {
      const b = new Blob([], { type: type || "" });
      Object.defineProperty(b, "_bytes", { value: Buffer.from(this._bytes.subarray(start, end)) });
      return b;
    }
    get [Symbol.toStringTag]() { return "Blob"; }
  }

  return {
    Buffer,
    SlowBuffer: Buffer,
    Blob,
    atob,
    btoa,
    constants: { MAX_LENGTH: kMaxLength, MAX_STRING_LENGTH: 2 ** 29 - 24 },
    kMaxLength,
    kStringMaxLength: 2 ** 29 - 24,
    INSPECT_MAX_BYTES,
    isUtf8(input) {
      const bytes = input instanceof ArrayBuffer ? new U8(input) : input;
      return call("isUtf8", bytes.buffer, bytes.byteOffset, bytes.byteOffset + bytes.byteLength) === true;
    },
    isAscii(input) {
      const bytes = input instanceof ArrayBuffer ? new U8(input) : input;
      for (let i = 0; i < bytes.length; i++) if (bytes[i] > 127) return false;
      return true;
    },
    transcode() {
      throw new Error("buffer.transcode: not available in graft");
    },
    // graft's own: what other built-ins use to turn bytes from Java into a Buffer and back.
    _wrap: wrap,
    _toText: toText,
    _fromString: fromString,
    _encodingOf: encodingOf,
  };
})
