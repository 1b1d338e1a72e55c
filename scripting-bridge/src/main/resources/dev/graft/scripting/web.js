// The web globals a script written for Node or a browser expects, run (as an internal source)
// before the prelude: timers, AbortController and AbortSignal, TextEncoder and TextDecoder,
// structuredClone and queueMicrotask. Timers are armed by the host, which posts their callbacks
// to the script thread, each a run of guest code under the watchdog like a handler; a pending
// timer keeps neither the script nor graft alive.
//
// Host protocol: host(op, a, b) with op "set" (id, ms), "clear" (id), "bind" (token: the host
// call just made may be cancelled by that token), "abort" (token), "unbind" (token), "emit"
// (channel, JSON text) and "report" (event type, what a listener threw); it returns undefined or
// an error message.
(function (host) {
  "use strict";
  const g = globalThis;
  const apply = Reflect.apply;
  const freeze = Object.freeze;
  const defineProperty = Object.defineProperty;
  const PromiseC = Promise;
  const promiseThen = Promise.prototype.then;
  const promiseResolve = Promise.resolve;
  const MapC = Map;
  const ErrorC = Error;
  const TypeErrorC = TypeError;
  const isArray = Array.isArray;
  const getPrototypeOf = Object.getPrototypeOf;
  const ObjectPrototype = Object.prototype;

  function hostCall(op, a, b) {
    const problem = host(op, a, b);
    if (problem !== undefined && problem !== null) throw new ErrorC(problem);
  }

  function global(name, value) {
    defineProperty(g, name, { value, writable: true, configurable: true, enumerable: false });
  }

  // ---------------------------------------------------------------- timers

  const timers = new MapC();
  let nextTimer = 1;
  const TIMER_ID = Symbol("graft.timer");

  /** What setTimeout returns: a number for browsers' code, ref/unref/hasRef for Node's. */
  class Timeout {
    constructor(id) { this[TIMER_ID] = id; }
    ref() { return this; }
    unref() { return this; }
    hasRef() { return false; }
    refresh() {
      const t = timers.get(this[TIMER_ID]);
      if (t !== undefined) hostCall("set", this[TIMER_ID], t.delay);
      return this;
    }
    [Symbol.toPrimitive]() { return this[TIMER_ID]; }
  }

  function arm(name, fn, ms, args, repeat) {
    if (typeof fn !== "function") {
      throw new TypeErrorC(name + ": the callback must be a function (graft does not run code given as a string)");
    }
    let delay = +ms;
    if (!(delay >= 1) || delay > 2147483647) delay = 1; // as Node: NaN, negatives and overflows become 1 ms
    delay = Math.floor(delay);
    if (repeat && delay < 4) delay = 4; // an interval of 0 would hold the script thread
    const id = nextTimer++;
    timers.set(id, { fn, args, delay, repeat });
    try {
      hostCall("set", id, delay);
    } catch (e) {
      timers.delete(id);
      throw new ErrorC(name + ": " + e.message);
    }
    return new Timeout(id);
  }

  function clear(t) {
    const id = t !== null && typeof t === "object" ? t[TIMER_ID] : +t;
    if (timers.delete(id)) hostCall("clear", id);
  }

  global("setTimeout", function setTimeout(fn, ms, ...args) { return arm("setTimeout", fn, ms, args, false); });
  global("setInterval", function setInterval(fn, ms, ...args) { return arm("setInterval", fn, ms, args, true); });
  global("setImmediate", function setImmediate(fn, ...args) { return arm("setImmediate", fn, 0, args, false); });
  global("clearTimeout", function clearTimeout(t) { clear(t); });
  global("clearInterval", function clearInterval(t) { clear(t); });
  global("clearImmediate", function clearImmediate(t) { clear(t); });

  /** The host's call when timer `id` is due: an interval is armed again before its callback runs. */
  function fire(id) {
    const t = timers.get(id);
    if (t === undefined) return;
    if (t.repeat) hostCall("set", id, t.delay);
    else timers.delete(id);
    apply(t.fn, undefined, t.args);
  }

  global("queueMicrotask", function queueMicrotask(fn) {
    if (typeof fn !== "function") throw new TypeErrorC("queueMicrotask: the callback must be a function");
    apply(promiseThen, apply(promiseResolve, PromiseC, []), [function () { fn(); }]);
  });

  // ---------------------------------------------------------------- events, AbortSignal

  class Event {
    constructor(type, init) {
      this.type = String(type);
      this.bubbles = false;
      this.cancelable = !!(init && init.cancelable);
      this.defaultPrevented = false;
      this.target = null;
      this.currentTarget = null;
      this.timeStamp = Date.now();
    }
    preventDefault() { if (this.cancelable) this.defaultPrevented = true; }
    stopPropagation() {}
    stopImmediatePropagation() { this._stopped = true; }
  }

  const LISTENERS = Symbol("graft.listeners");

  class EventTarget {
    constructor() { this[LISTENERS] = new MapC(); }
    addEventListener(type, listener, options) {
      if (typeof listener !== "function" && !(listener && typeof listener.handleEvent === "function")) return;
      let list = this[LISTENERS].get(type);
      if (list === undefined) this[LISTENERS].set(type, list = []);
      for (let i = 0; i < list.length; i++) if (list[i].listener === listener) return;
      list.push({ listener, once: !!(options && typeof options === "object" && options.once) });
    }
    removeEventListener(type, listener) {
      const list = this[LISTENERS].get(type);
      if (list === undefined) return;
      for (let i = 0; i < list.length; i++) {
        if (list[i].listener === listener) {
          list.splice(i, 1);
          return;
        }
      }
    }
    /**
     * As Node's: a listener that throws does not stop the others, nor reach the code that
     * dispatched (or aborted); its error is reported in the script's log.
     */
    dispatchEvent(event) {
      event.target = this;
      event.currentTarget = this;
      const handler = this["on" + event.type];
      if (typeof handler === "function") listen(event, function () { apply(handler, this, [event]); }, this);
      const list = (this[LISTENERS].get(event.type) || []).slice();
      for (let i = 0; i < list.length && !event._stopped; i++) {
        const entry = list[i];
        if (entry.once) this.removeEventListener(event.type, entry.listener);
        listen(event, typeof entry.listener === "function" ? function () { apply(entry.listener, this, [event]); }
          : function () { entry.listener.handleEvent(event); }, this);
      }
      return !event.defaultPrevented;
    }
  }

  function listen(event, run, target) {
    try {
      apply(run, target, []);
    } catch (e) {
      host("report", event.type, e);
    }
  }

  function domException(message, name) {
    const e = new ErrorC(message);
    defineProperty(e, "name", { value: name, configurable: true, writable: true });
    return e;
  }

  const CREATE = Symbol("graft.createSignal");
  /**
   * What graft itself does when a signal aborts (kill a program, stop a model call, abort a
   * dependent signal): run before the event is dispatched, as the standard's abort algorithms,
   * so that no listener of the script's can keep it from happening.
   */
  const ALGORITHMS = Symbol("graft.abortAlgorithms");

  class AbortSignal extends EventTarget {
    constructor(key) {
      if (key !== CREATE) throw new TypeErrorC("AbortSignal: use new AbortController().signal, AbortSignal.abort() or AbortSignal.timeout(ms)");
      super();
      this.aborted = false;
      this.reason = undefined;
      this.onabort = null;
      defineProperty(this, ALGORITHMS, { value: [] });
    }
    throwIfAborted() { if (this.aborted) throw this.reason; }
    static abort(reason) {
      const c = new AbortController();
      c.abort(reason);
      return c.signal;
    }
    static timeout(ms) {
      const c = new AbortController();
      arm("AbortSignal.timeout", function () { c.abort(domException("The operation timed out.", "TimeoutError")); }, ms, [], false);
      return c.signal;
    }
    static any(signals) {
      const c = new AbortController();
      for (const s of signals) {
        if (s.aborted) {
          c.abort(s.reason);
          break;
        }
        onAbort(s, function () { c.abort(s.reason); });
      }
      return c.signal;
    }
  }

  class AbortController {
    constructor() { this.signal = new AbortSignal(CREATE); }
    abort(reason) {
      const s = this.signal;
      if (s.aborted) return;
      s.aborted = true;
      s.reason = reason === undefined ? domException("This operation was aborted", "AbortError") : reason;
      const algorithms = s[ALGORITHMS].splice(0);
      for (let i = 0; i < algorithms.length; i++) {
        try {
          algorithms[i]();
        } catch (e) {
          host("report", "abort", e);
        }
      }
      s.dispatchEvent(new Event("abort"));
    }
  }

  /** Runs `algorithm` when `signal` aborts, before its listeners; returns what removes it. */
  function onAbort(signal, algorithm) {
    const list = signal[ALGORITHMS];
    list.push(algorithm);
    return function () {
      const i = list.indexOf(algorithm);
      if (i >= 0) list.splice(i, 1);
    };
  }

  global("Event", Event);
  global("EventTarget", EventTarget);
  global("AbortSignal", AbortSignal);
  global("AbortController", AbortController);

  function isSignal(v) {
    return v instanceof AbortSignal;
  }

  let nextToken = 1;

  /**
   * Runs start() (a host call answered by promise) under `signal`: when it aborts, the host
   * cancels its work (a process is killed, a model call stopped) and the promise settles at once
   * with aborted() (a dismissed dialog's answer, or a rejection); without a signal, start() as is.
   */
  function abortable(signal, start, aborted) {
    if (signal === undefined || signal === null) return start();
    if (!isSignal(signal)) throw new TypeErrorC("the signal must be an AbortSignal (new AbortController().signal)");
    if (signal.aborted) return new PromiseC(function (resolve) { resolve(aborted(signal.reason)); });
    const inner = start();
    const token = nextToken++;
    hostCall("bind", token);
    return new PromiseC(function (resolve, reject) {
      const remove = onAbort(signal, function () {
        hostCall("abort", token);
        try {
          resolve(aborted(signal.reason));
        } catch (e) {
          reject(e);
        }
      });
      apply(promiseThen, inner, [
        function (v) { remove(); hostCall("unbind", token); resolve(v); },
        function (e) { remove(); hostCall("unbind", token); reject(e); },
      ]);
    });
  }

  // ---------------------------------------------------------------- text

  // The code point of the UTF-16 unit at i of s, a lone surrogate as U+FFFD (a pair takes two units).
  function scalarAt(s, i) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) return 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
    }
    return c >= 0xd800 && c <= 0xdfff ? 0xfffd : c;
  }

  // Writes c's UTF-8 bytes into out (an array or a Uint8Array) at `at`; answers how many.
  function putUtf8(out, at, c) {
    if (c < 0x80) { out[at] = c; return 1; }
    if (c < 0x800) { out[at] = 0xc0 | (c >> 6); out[at + 1] = 0x80 | (c & 63); return 2; }
    if (c < 0x10000) {
      out[at] = 0xe0 | (c >> 12); out[at + 1] = 0x80 | ((c >> 6) & 63); out[at + 2] = 0x80 | (c & 63);
      return 3;
    }
    out[at] = 0xf0 | (c >> 18); out[at + 1] = 0x80 | ((c >> 12) & 63);
    out[at + 2] = 0x80 | ((c >> 6) & 63); out[at + 3] = 0x80 | (c & 63);
    return 4;
  }

  function argTypeError(message) {
    const e = new TypeErrorC(message);
    defineProperty(e, "code", { value: "ERR_INVALID_ARG_TYPE", configurable: true, writable: true });
    return e;
  }

  class TextEncoder {
    get encoding() { return "utf-8"; }
    encode(input) {
      const s = input === undefined ? "" : String(input);
      const out = [];
      for (let i = 0; i < s.length; i++) {
        const c = scalarAt(s, i);
        if (c > 0xffff) i++;
        putUtf8(out, out.length, c);
      }
      return new Uint8Array(out);
    }
    // As Node's: only whole sequences that fit are written; read counts UTF-16 units.
    encodeInto(src, dest) {
      if (typeof src !== "string") throw argTypeError('The "src" argument must be of type string');
      if (!(dest instanceof Uint8Array)) throw argTypeError('The "dest" argument must be an instance of Uint8Array');
      let read = 0;
      let written = 0;
      while (read < src.length) {
        const c = scalarAt(src, read);
        const size = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
        if (written + size > dest.length) break;
        written += putUtf8(dest, written, c);
        read += c > 0xffff ? 2 : 1;
      }
      return { read, written };
    }
  }

  const DECODER = Symbol("graft.decoder");
  const UTF8_LABELS = ["utf-8", "utf8", "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "x-unicode20utf8"];

  function decodeError() {
    const e = new TypeErrorC("The encoded data was not valid for encoding utf-8");
    defineProperty(e, "code", { value: "ERR_ENCODING_INVALID_ENCODED_DATA", configurable: true, writable: true, enumerable: true });
    return e;
  }

  /**
   * The WHATWG Encoding standard's UTF-8 decoder, as Node's TextDecoder: a bad byte or a maximal
   * bad subpart is one U+FFFD (or, when fatal, a TypeError); the bytes of an unfinished sequence
   * wait for the next chunk while streaming and are one U+FFFD at the end; a leading BOM is
   * dropped unless ignoreBOM.
   */
  class TextDecoder {
    constructor(label, options) {
      const l = label === undefined ? "utf-8" : String(label).trim().toLowerCase();
      if (UTF8_LABELS.indexOf(l) < 0) {
        const e = new RangeError("The \"" + String(label) + "\" encoding is not supported (graft's TextDecoder decodes utf-8 only)");
        defineProperty(e, "code", { value: "ERR_ENCODING_NOT_SUPPORTED", configurable: true, writable: true, enumerable: true });
        throw e;
      }
      this[DECODER] = { fatal: !!(options && options.fatal), ignoreBOM: !!(options && options.ignoreBOM),
        cp: 0, needed: 0, seen: 0, lower: 0x80, upper: 0xbf, bomSeen: false, streaming: false };
    }
    get encoding() { return "utf-8"; }
    get fatal() { return this[DECODER].fatal; }
    get ignoreBOM() { return this[DECODER].ignoreBOM; }
    decode(input, options) {
      const d = this[DECODER];
      const b = input === undefined ? new Uint8Array(0) : input instanceof ArrayBuffer ? new Uint8Array(input)
        : ArrayBuffer.isView(input) ? new Uint8Array(input.buffer, input.byteOffset, input.byteLength) : null;
      if (b === null) throw new TypeErrorC("TextDecoder.decode: the input must be an ArrayBuffer or a typed array");
      if (!d.streaming) {
        d.cp = 0; d.needed = 0; d.seen = 0; d.lower = 0x80; d.upper = 0xbf; d.bomSeen = false;
      }
      const stream = !!(options !== null && typeof options === "object" && options.stream);
      d.streaming = stream;
      const units = [];
      let out = "";
      const reset = () => { d.cp = 0; d.needed = 0; d.seen = 0; d.lower = 0x80; d.upper = 0xbf; };
      const bad = () => {
        reset();
        if (d.fatal) {
          d.streaming = false; // the next call starts afresh
          throw decodeError();
        }
        units.push(0xfffd);
      };
      const emit = (cp) => {
        if (!d.bomSeen) {
          d.bomSeen = true;
          if (cp === 0xfeff && !d.ignoreBOM) return;
        }
        if (cp < 0x10000) units.push(cp);
        else units.push(0xd800 + ((cp - 0x10000) >> 10), 0xdc00 + ((cp - 0x10000) & 0x3ff));
        if (units.length >= 8192) {
          out += String.fromCharCode.apply(null, units);
          units.length = 0;
        }
      };
      for (let i = 0; i < b.length; i++) {
        const c = b[i];
        if (d.needed === 0) {
          if (c <= 0x7f) emit(c);
          else if (c >= 0xc2 && c <= 0xdf) { d.needed = 1; d.cp = c & 0x1f; }
          else if (c >= 0xe0 && c <= 0xef) {
            if (c === 0xe0) d.lower = 0xa0;
            if (c === 0xed) d.upper = 0x9f;
            d.needed = 2;
            d.cp = c & 0xf;
          } else if (c >= 0xf0 && c <= 0xf4) {
            if (c === 0xf0) d.lower = 0x90;
            if (c === 0xf4) d.upper = 0x8f;
            d.needed = 3;
            d.cp = c & 0x7;
          } else bad();
          continue;
        }
        if (c < d.lower || c > d.upper) {
          bad();
          i--; // the byte starts anew
          continue;
        }
        d.lower = 0x80;
        d.upper = 0xbf;
        d.cp = (d.cp << 6) | (c & 0x3f);
        if (++d.seen === d.needed) {
          const cp = d.cp;
          reset();
          emit(cp);
        }
      }
      if (!stream && d.needed !== 0) bad();
      return out + String.fromCharCode.apply(null, units);
    }
  }

  global("TextEncoder", TextEncoder);
  global("TextDecoder", TextDecoder);

  // ---------------------------------------------------------------- structuredClone

  function cloneOf(v, seen) {
    if (v === null || (typeof v !== "object" && typeof v !== "function")) {
      if (typeof v === "symbol") throw domException("structuredClone: a symbol cannot be cloned", "DataCloneError");
      return v;
    }
    if (typeof v === "function") throw domException("structuredClone: a function cannot be cloned", "DataCloneError");
    if (seen.has(v)) return seen.get(v);
    let out;
    if (isArray(v)) {
      out = new Array(v.length);
      seen.set(v, out);
      for (let i = 0; i < v.length; i++) if (i in v) out[i] = cloneOf(v[i], seen);
      return out;
    }
    if (v instanceof Date) out = new Date(v.getTime());
    else if (v instanceof RegExp) out = new RegExp(v.source, v.flags);
    else if (v instanceof ArrayBuffer) out = v.slice(0);
    else if (ArrayBuffer.isView(v)) out = new v.constructor(v);
    else if (v instanceof MapC) {
      out = new MapC();
      seen.set(v, out);
      v.forEach(function (value, key) { out.set(cloneOf(key, seen), cloneOf(value, seen)); });
      return out;
    } else if (v instanceof Set) {
      out = new Set();
      seen.set(v, out);
      v.forEach(function (value) { out.add(cloneOf(value, seen)); });
      return out;
    } else if (v instanceof ErrorC) {
      out = new ErrorC(v.message);
      out.name = v.name;
    } else if (v instanceof PromiseC || v instanceof WeakMap || v instanceof WeakSet) {
      throw domException("structuredClone: " + v.constructor.name + " cannot be cloned", "DataCloneError");
    } else {
      out = {};
      seen.set(v, out);
      const ks = Object.keys(v);
      for (let i = 0; i < ks.length; i++) out[ks[i]] = cloneOf(v[ks[i]], seen);
      return out;
    }
    seen.set(v, out);
    return out;
  }

  global("structuredClone", function structuredClone(value) { return cloneOf(value, new MapC()); });

  // ---------------------------------------------------------------- pi.events

  // A bus between the scripts: a handler in the emitting script runs at once, with the value
  // itself; one in another script runs right after, on the script thread, with a JSON copy.
  const channels = new MapC();
  const JSONstringify = JSON.stringify;
  const JSONparse = JSON.parse;

  function handlersOf(channel) {
    return (channels.get(channel) || []).slice();
  }

  const events = freeze({
    on(channel, handler) {
      if (typeof channel !== "string" || channel === "") throw new TypeErrorC("graft.events.on: the channel must be a non-empty string");
      if (typeof handler !== "function") throw new TypeErrorC("graft.events.on: the handler must be a function");
      let list = channels.get(channel);
      if (list === undefined) channels.set(channel, list = []);
      const entry = { handler };
      list.push(entry);
      return function unsubscribe() {
        const now = channels.get(channel);
        if (now === undefined) return;
        const i = now.indexOf(entry);
        if (i >= 0) now.splice(i, 1);
      };
    },
    emit(channel, data) {
      if (typeof channel !== "string" || channel === "") throw new TypeErrorC("graft.events.emit: the channel must be a non-empty string");
      let text;
      try {
        text = data === undefined ? undefined : JSONstringify(data);
      } catch (e) {
        throw new TypeErrorC("graft.events.emit: the data must be JSON for the other scripts (" + e.message + ")");
      }
      const list = handlersOf(channel);
      for (let i = 0; i < list.length; i++) list[i].handler(data);
      hostCall("emit", channel, text);
    },
  });

  /** The host's call when another script emitted on `channel`. */
  function deliver(channel, text) {
    const list = handlersOf(channel);
    if (list.length === 0) return;
    const data = text === undefined || text === null ? undefined : JSONparse(text);
    for (let i = 0; i < list.length; i++) list[i].handler(data);
  }

  return freeze({
    events,
    deliver,
    fire,
    abortable,
    isSignal,
    controller() {
      const c = new AbortController();
      return freeze({ signal: c.signal, abort() { c.abort(); } });
    },
    plain(v) { return v !== null && typeof v === "object" && getPrototypeOf(v) === ObjectPrototype; },
  });
})
