// fetch, Headers, Request, Response, FormData: HTTP(S) requests made by graft in Java
// (NodeFetch.java), to the hosts the script is granted only; every redirect is checked the same
// way. The response body is read whole by graft (up to its cap) and handed over when asked for.
(function (internals) {
  "use strict";
  const call = internals.call;
  const buffer = internals.builtin("buffer");
  const Buffer = buffer.Buffer;
  const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

  // ---------------------------------------------------------------- Headers

  const LIST = Symbol("headers");

  class Headers {
    constructor(init) {
      this[LIST] = [];
      if (init === undefined || init === null) return;
      if (init instanceof Headers) {
        this[LIST] = init[LIST].map((p) => p.slice());
      } else if (typeof init[Symbol.iterator] === "function") {
        for (const pair of init) {
          const p = Array.from(pair);
          if (p.length !== 2) throw new TypeError("Headers constructor: expected name/value pair to be length 2, found " + p.length + ".");
          this.append(p[0], p[1]);
        }
      } else if (typeof init === "object") {
        for (const k of Object.keys(init)) this.append(k, init[k]);
      } else {
        throw new TypeError("Headers constructor: the init must be an object, an array of pairs or a Headers");
      }
    }
    append(name, value) {
      const n = checkName(name);
      this[LIST].push([n, normalizeValue(value)]);
    }
    delete(name) {
      const n = checkName(name);
      this[LIST] = this[LIST].filter((p) => p[0] !== n);
    }
    get(name) {
      const n = checkName(name);
      const values = this[LIST].filter((p) => p[0] === n).map((p) => p[1]);
      return values.length === 0 ? null : values.join(", ");
    }
    getSetCookie() {
      return this[LIST].filter((p) => p[0] === "set-cookie").map((p) => p[1]);
    }
    has(name) {
      const n = checkName(name);
      return this[LIST].some((p) => p[0] === n);
    }
    set(name, value) {
      const n = checkName(name);
      const v = normalizeValue(value);
      const i = this[LIST].findIndex((p) => p[0] === n);
      if (i < 0) {
        this[LIST].push([n, v]);
      } else {
        this[LIST][i][1] = v;
        this[LIST] = this[LIST].filter((p, k) => k <= i || p[0] !== n);
      }
    }
    forEach(fn, thisArg) {
      for (const [k, v] of this.entries()) fn.call(thisArg, v, k, this);
    }
    *entries() {
      const names = [...new Set(this[LIST].map((p) => p[0]))].sort();
      for (const n of names) {
        if (n === "set-cookie") {
          for (const c of this.getSetCookie()) yield [n, c];
        } else {
          yield [n, this.get(n)];
        }
      }
    }
    *keys() {
      for (const [k] of this.entries()) yield k;
    }
    *values() {
      for (const [, v] of this.entries()) yield v;
    }
    [Symbol.iterator]() { return this.entries(); }
    get [Symbol.toStringTag]() { return "Headers"; }
  }

  function checkName(name) {
    const n = String(name);
    if (!HEADER_NAME.test(n)) throw new TypeError("Headers: invalid header name " + JSON.stringify(n));
    return n.toLowerCase();
  }

  function normalizeValue(value) {
    const v = String(value).replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, "");
    if (/[\0\r\n]/.test(v)) throw new TypeError("Headers: invalid header value " + JSON.stringify(v));
    return v;
  }

  // ---------------------------------------------------------------- bodies

  /** [bytes or string, content type] for what a request or response is given as its body. */
  function bodyOf(body) {
    if (body === undefined || body === null) return [null, null];
    if (typeof body === "string") return [body, "text/plain;charset=UTF-8"];
    const url = internals.builtin("url");
    if (body instanceof url.URLSearchParams) return [body.toString(), "application/x-www-form-urlencoded;charset=UTF-8"];
    if (body instanceof ArrayBuffer) return [new Uint8Array(body), null];
    if (ArrayBuffer.isView(body)) return [new Uint8Array(body.buffer, body.byteOffset, body.byteLength), null];
    if (body instanceof buffer.Blob) return [body._bytes, body.type || null];
    if (body instanceof FormData) return body._encode();
    throw new TypeError("fetch: graft sends a body given as a string, Buffer, typed array, ArrayBuffer, URLSearchParams,"
      + " Blob or FormData (not a stream)");
  }

  class Body {
    constructor(bytes) {
      this._bytes = bytes;
      this.bodyUsed = false;
    }
    _take(what) {
      if (this.bodyUsed) return Promise.reject(new TypeError("Body is unusable: Body has already been read"));
      this.bodyUsed = true;
      return Promise.resolve(this._bytes === null ? Buffer.alloc(0) : this._bytes);
    }
    text() { return this._take().then((b) => b.toString("utf8")); }
    json() { return this.text().then((t) => JSON.parse(t)); }
    arrayBuffer() { return this._take().then((b) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength)); }
    bytes() { return this._take().then((b) => new Uint8Array(b)); }
    blob() {
      const type = this.headers && this.headers.get("content-type");
      return this._take().then((b) => new buffer.Blob([b], { type: type || "" }));
    }
    formData() {
      return this.text().then((t) => {
        const f = new FormData();
        new (internals.builtin("url").URLSearchParams)(t).forEach((v, k) => f.append(k, v));
        return f;
      });
    }
    get body() {
      if (this._bytes === null) return null;
      const self = this;
      let given = false;
      return {
        locked: false,
        getReader() {
          return {
            read() {
              if (given || self.bodyUsed) return Promise.resolve({ value: undefined, done: true });
              given = true;
              self.bodyUsed = true;
              return Promise.resolve({ value: new Uint8Array(self._bytes), done: false });
            },
            releaseLock() {},
            cancel() {
              given = true;
              return Promise.resolve();
            },
            closed: Promise.resolve(),
          };
        },
        cancel() { return Promise.resolve(); },
        [Symbol.asyncIterator]() {
          const reader = this.getReader();
          return { next: () => reader.read(), return: () => Promise.resolve({ done: true }), [Symbol.asyncIterator]() { return this; } };
        },
      };
    }
  }

  class FormData {
    constructor() { this._entries = []; }
    append(name, value, filename) { this._entries.push([String(name), value, filename]); }
    set(name, value, filename) {
      this.delete(name);
      this.append(name, value, filename);
    }
    delete(name) { this._entries = this._entries.filter((e) => e[0] !== String(name)); }
    get(name) {
      const e = this._entries.find((x) => x[0] === String(name));
      return e === undefined ? null : e[1];
    }
    getAll(name) { return this._entries.filter((x) => x[0] === String(name)).map((x) => x[1]); }
    has(name) { return this._entries.some((x) => x[0] === String(name)); }
    *entries() {
      for (const e of this._entries) yield [e[0], e[1]];
    }
    [Symbol.iterator]() { return this.entries(); }
    forEach(fn, thisArg) {
      for (const [k, v] of this.entries()) fn.call(thisArg, v, k, this);
    }
    _encode() {
      const boundary = "----graft" + call("uuid").replace(/-/g, "");
      const parts = [];
      for (const [name, value, filename] of this._entries) {
        let head = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + name.replace(/"/g, "%22") + "\"";
        let bytes;
        if (value instanceof buffer.Blob) {
          head += "; filename=\"" + String(filename || value.name || "blob").replace(/"/g, "%22") + "\"\r\nContent-Type: "
            + (value.type || "application/octet-stream");
          bytes = value._bytes;
        } else {
          bytes = Buffer.from(String(value), "utf8");
        }
        parts.push(Buffer.from(head + "\r\n\r\n", "utf8"), bytes, Buffer.from("\r\n", "utf8"));
      }
      parts.push(Buffer.from("--" + boundary + "--\r\n", "utf8"));
      return [Buffer.concat(parts), "multipart/form-data; boundary=" + boundary];
    }
  }

  // ---------------------------------------------------------------- Request, Response

  /** What init says itself (an option inherited from a polluted Object.prototype does not count). */
  function own(o, name) {
    return o !== null && typeof o === "object" && Object.prototype.hasOwnProperty.call(o, name) ? o[name] : undefined;
  }

  class Request extends Body {
    constructor(input, init) {
      const i = {};
      for (const k of ["body", "method", "headers", "signal", "redirect"]) i[k] = own(init, k);
      const from = input instanceof Request ? input : null;
      const url = from !== null ? from.url : new (internals.builtin("url").URL)(String(input)).href;
      const [bytes, type] = bodyOf(i.body !== undefined ? i.body : from !== null ? from._bytes : null);
      super(bytes === null ? null : typeof bytes === "string" ? Buffer.from(bytes, "utf8") : Buffer.from(bytes));
      this.url = url;
      this.method = String(i.method || (from !== null ? from.method : "GET")).toUpperCase();
      this.headers = new Headers(i.headers !== undefined ? i.headers : from !== null ? from.headers : undefined);
      if (type !== null && !this.headers.has("content-type")) this.headers.set("content-type", type);
      this.signal = i.signal || (from !== null ? from.signal : null);
      this.redirect = i.redirect || (from !== null ? from.redirect : "follow");
      if ((this.method === "GET" || this.method === "HEAD") && this._bytes !== null) {
        throw new TypeError("Request with GET/HEAD method cannot have body.");
      }
    }
    clone() { return new Request(this); }
  }

  class Response extends Body {
    constructor(body, init) {
      const [bytes, type] = bodyOf(body);
      super(bytes === null ? null : typeof bytes === "string" ? Buffer.from(bytes, "utf8") : Buffer.from(bytes));
      const i = init || {};
      this.status = i.status === undefined ? 200 : i.status;
      this.statusText = i.statusText === undefined ? "" : String(i.statusText);
      this.headers = new Headers(i.headers);
      if (type !== null && !this.headers.has("content-type")) this.headers.set("content-type", type);
      this.url = "";
      this.redirected = false;
      this.type = "default";
    }
    get ok() { return this.status >= 200 && this.status < 300; }
    clone() {
      if (this.bodyUsed) throw new TypeError("Response.clone: Body has already been consumed.");
      const r = new Response(this._bytes === null ? null : Buffer.from(this._bytes), this);
      r.url = this.url;
      r.redirected = this.redirected;
      r.type = this.type;
      return r;
    }
    static json(data, init) {
      const headers = new Headers(init && init.headers);
      if (!headers.has("content-type")) headers.set("content-type", "application/json");
      return new Response(JSON.stringify(data), Object.assign({}, init, { headers }));
    }
    static error() {
      const r = new Response(null, { status: 0 });
      r.type = "error";
      return r;
    }
    static redirect(url, status) {
      return new Response(null, { status: status || 302, headers: { location: String(url) } });
    }
  }

  // ---------------------------------------------------------------- fetch

  function abortError(signal) {
    const reason = signal && signal.reason;
    if (reason instanceof Error && reason.name !== "AbortError") return reason;
    const e = new Error("This operation was aborted");
    e.name = "AbortError";
    e.code = 20;
    return e;
  }

  function fetch(input, init) {
    let request;
    try {
      request = new Request(input, init);
    } catch (e) {
      return Promise.reject(e instanceof TypeError ? e : Object.assign(new TypeError("fetch failed"), { cause: e }));
    }
    const signal = request.signal;
    if (signal && signal.aborted) return Promise.reject(abortError(signal));
    return new Promise(function (resolve, reject) {
      let settled = false;
      const id = internals.listen({
        response(json, bytes) {
          settled = true;
          internals.unlisten(id);
          const r = JSON.parse(json);
          const response = new Response(null, { status: r.status, statusText: r.statusText, headers: r.headers });
          response._bytes = bytes === null || bytes === undefined ? null : buffer._wrap(bytes);
          response.url = r.url;
          response.redirected = r.redirected;
          response.type = "basic";
          resolve(response);
        },
        error(info) {
          settled = true;
          internals.unlisten(id);
          const cause = JSON.parse(info);
          const e = new TypeError("fetch failed");
          e.cause = internals.nodeError(cause);
          reject(cause.code === "ERR_ACCESS_DENIED" ? e.cause : e);
        },
      });
      const body = request._bytes;
      try {
        call("fetch", id, "fetch(" + JSON.stringify(request.url) + ")", request.url, request.method,
          JSON.stringify(Array.from(request.headers[LIST])), body === null ? null : body.buffer, body === null ? 0 : body.byteOffset,
          body === null ? 0 : body.byteOffset + body.byteLength, request.redirect);
      } catch (e) {
        internals.unlisten(id);
        reject(e);
        return;
      }
      if (signal && typeof signal.addEventListener === "function") {
        signal.addEventListener("abort", function () {
          if (settled) return;
          settled = true;
          internals.unlisten(id);
          call("fetchAbort", id);
          reject(abortError(signal));
        }, { once: true });
      }
    });
  }

  return { fetch, Headers, Request, Response, FormData };
})
