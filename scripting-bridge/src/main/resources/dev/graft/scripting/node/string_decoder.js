// node:string_decoder: StringDecoder keeps an unfinished multi-byte character from one write for
// the next (utf8, utf16le, base64), so that chunks split anywhere decode as the whole would.
(function (internals) {
  "use strict";
  const buffer = internals.builtin("buffer");
  const Buffer = buffer.Buffer;

  function StringDecoder(encoding) {
    this.encoding = buffer._encodingOf(encoding === undefined ? "utf8" : encoding);
    this.pending = Buffer.alloc(0);
  }

  /** How many bytes at the end of `b` start a character that is not complete yet. */
  function unfinished(enc, b) {
    if (enc === "utf8") {
      for (let back = 1; back <= Math.min(3, b.length); back++) {
        const byte = b[b.length - back];
        if ((byte & 0xc0) === 0x80) continue;
        const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
        return need > back ? back : 0;
      }
      return 0;
    }
    if (enc === "utf16le") {
      if (b.length % 2 === 1) return 1;
      if (b.length >= 2) {
        const unit = b[b.length - 2] | (b[b.length - 1] << 8);
        if (unit >= 0xd800 && unit <= 0xdbff) return 2;
      }
      return 0;
    }
    if (enc === "base64" || enc === "base64url") return b.length % 3;
    return 0;
  }

  StringDecoder.prototype.write = function write(chunk) {
    if (typeof chunk === "string") return chunk;
    const all = this.pending.length > 0 ? Buffer.concat([this.pending, Buffer.from(chunk)]) : Buffer.from(chunk);
    const keep = unfinished(this.encoding, all);
    this.pending = keep > 0 ? Buffer.from(all.subarray(all.length - keep)) : Buffer.alloc(0);
    return all.toString(this.encoding, 0, all.length - keep);
  };

  StringDecoder.prototype.end = function end(chunk) {
    let out = chunk === undefined ? "" : this.write(chunk);
    if (this.pending.length > 0) {
      out += this.pending.toString(this.encoding);
      this.pending = Buffer.alloc(0);
    }
    return out;
  };

  StringDecoder.prototype.text = function text(b, i) {
    return this.write(b.subarray(i));
  };

  Object.defineProperty(StringDecoder.prototype, "lastNeed", { get() { return this.pending.length > 0 ? 1 : 0; } });

  return { StringDecoder };
})
