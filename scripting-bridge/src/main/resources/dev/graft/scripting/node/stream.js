// node:stream: Readable, Writable, Duplex, Transform, PassThrough, pipeline and finished, in a
// small form: chunks are handed on as they are pushed (no high-water marks), which is what child
// process output, file streams and the libraries scripts use need.
(function (internals) {
  "use strict";
  const EventEmitter = internals.builtin("events");
  const Buffer = internals.builtin("buffer").Buffer;
  const later = (fn) => queueMicrotask(fn);

  function Stream(options) {
    EventEmitter.call(this, options);
  }
  Object.setPrototypeOf(Stream.prototype, EventEmitter.prototype);
  Object.setPrototypeOf(Stream, EventEmitter);

  Stream.prototype.pipe = function pipe(dest, options) {
    const source = this;
    const end = !options || options.end !== false;
    source.on("data", (chunk) => {
      if (dest.write(chunk) === false && typeof source.pause === "function") {
        source.pause();
        dest.once("drain", () => source.resume());
      }
    });
    if (end) source.once("end", () => dest.end());
    dest.emit("pipe", source);
    return dest;
  };

  // ---------------------------------------------------------------- Readable

  function Readable(options) {
    if (!(this instanceof Readable)) return new Readable(options);
    Stream.call(this, options);
    const o = options || {};
    this._readableState = { buffer: [], flowing: null, ended: false, endEmitted: false, reading: false,
      objectMode: !!(o.objectMode || o.readableObjectMode), decoder: null, encoding: null, destroyed: false };
    if (typeof o.read === "function") this._read = o.read;
    if (typeof o.destroy === "function") this._destroy = o.destroy;
    if (o.encoding) this.setEncoding(o.encoding);
    this.readable = true;
  }
  Object.setPrototypeOf(Readable.prototype, Stream.prototype);
  Object.setPrototypeOf(Readable, Stream);

  Readable.prototype._read = function () {};

  Readable.prototype.push = function push(chunk, encoding) {
    const state = this._readableState;
    if (state.destroyed) return false;
    if (chunk === null) {
      state.ended = true;
      later(() => maybeEnd(this));
      return false;
    }
    let c = chunk;
    if (!state.objectMode && typeof c === "string") c = Buffer.from(c, encoding);
    else if (!state.objectMode && c instanceof Uint8Array && !(c instanceof Buffer)) c = Buffer.from(c.buffer, c.byteOffset, c.byteLength);
    if (state.decoder !== null && !state.objectMode) c = state.decoder.write(c);
    if (state.flowing === true && state.buffer.length === 0) {
      this.emit("data", c);
    } else {
      state.buffer.push(c);
      if (state.flowing === null) later(() => this.emit("readable"));
    }
    return true;
  };
  Readable.prototype.unshift = function unshift(chunk) {
    this._readableState.buffer.unshift(chunk);
  };

  function maybeEnd(stream) {
    const state = stream._readableState;
    if (state.ended && !state.endEmitted && state.buffer.length === 0 && state.flowing !== false) {
      state.endEmitted = true;
      stream.readable = false;
      if (state.decoder !== null) {
        const rest = state.decoder.end();
        if (rest) stream.emit("data", rest);
      }
      stream.emit("end");
      if (stream._autoClose !== false) later(() => stream.emit("close"));
    }
  }

  function flow(stream) {
    const state = stream._readableState;
    while (state.flowing === true && state.buffer.length > 0) stream.emit("data", state.buffer.shift());
    if (state.flowing === true && !state.ended && !state.reading) {
      state.reading = true;
      stream._read(16384);
      state.reading = false;
    }
    maybeEnd(stream);
  }

  Readable.prototype.on = function on(type, listener) {
    EventEmitter.prototype.on.call(this, type, listener);
    if (type === "data" && this._readableState.flowing !== false) this.resume();
    if (type === "readable" && this._readableState.flowing === null) this._readableState.flowing = false;
    return this;
  };
  Readable.prototype.addListener = Readable.prototype.on;
  Readable.prototype.resume = function resume() {
    const state = this._readableState;
    if (state.flowing !== true) {
      state.flowing = true;
      later(() => flow(this));
    }
    return this;
  };
  Readable.prototype.pause = function pause() {
    this._readableState.flowing = false;
    return this;
  };
  Readable.prototype.isPaused = function isPaused() {
    return this._readableState.flowing === false;
  };
  Readable.prototype.setEncoding = function setEncoding(encoding) {
    const { StringDecoder } = internals.builtin("string_decoder");
    this._readableState.decoder = new StringDecoder(encoding);
    this._readableState.encoding = encoding;
    return this;
  };
  Readable.prototype.read = function read() {
    const state = this._readableState;
    if (state.buffer.length === 0) {
      if (!state.ended) {
        state.reading = true;
        this._read(16384);
        state.reading = false;
      }
      if (state.buffer.length === 0) {
        later(() => maybeEnd(this));
        return null;
      }
    }
    let out;
    if (state.objectMode) out = state.buffer.shift();
    else if (typeof state.buffer[0] === "string") out = state.buffer.splice(0).join("");
    else out = Buffer.concat(state.buffer.splice(0));
    if (state.ended) later(() => maybeEnd(this));
    return out;
  };
  Readable.prototype.destroy = function destroy(err) {
    const state = this._readableState;
    if (state.destroyed) return this;
    state.destroyed = true;
    this.destroyed = true;
    const done = (e) => later(() => {
      if (e) this.emit("error", e);
      this.emit("close");
    });
    if (typeof this._destroy === "function") this._destroy(err || null, done);
    else done(err);
    return this;
  };
  Readable.prototype.unpipe = function unpipe() {
    this.removeAllListeners("data");
    return this;
  };
  Readable.prototype[Symbol.asyncIterator] = function () {
    const stream = this;
    const chunks = [];
    const waiting = [];
    let error = null;
    let done = false;
    stream.on("data", (c) => (waiting.length > 0 ? waiting.shift().resolve({ value: c, done: false }) : chunks.push(c)));
    stream.on("end", () => {
      done = true;
      while (waiting.length > 0) waiting.shift().resolve({ value: undefined, done: true });
    });
    stream.on("error", (e) => {
      error = e;
      while (waiting.length > 0) waiting.shift().reject(e);
    });
    return {
      next() {
        if (chunks.length > 0) return Promise.resolve({ value: chunks.shift(), done: false });
        if (error !== null) return Promise.reject(error);
        if (done) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
      },
      return() {
        stream.destroy();
        return Promise.resolve({ value: undefined, done: true });
      },
      [Symbol.asyncIterator]() { return this; },
    };
  };
  Object.defineProperty(Readable.prototype, "readableEnded", { get() { return this._readableState.endEmitted; } });
  Object.defineProperty(Readable.prototype, "readableFlowing", { get() { return this._readableState.flowing; } });
  Object.defineProperty(Readable.prototype, "readableObjectMode", { get() { return this._readableState.objectMode; } });
  Object.defineProperty(Readable.prototype, "readableLength", { get() { return this._readableState.buffer.length; } });

  Readable.from = function from(iterable, options) {
    const r = new Readable(Object.assign({ objectMode: true }, options));
    (async () => {
      try {
        for await (const chunk of iterable) r.push(chunk);
        r.push(null);
      } catch (e) {
        r.destroy(e);
      }
    })();
    return r;
  };

  // ---------------------------------------------------------------- Writable

  function Writable(options) {
    if (!(this instanceof Writable)) return new Writable(options);
    Stream.call(this, options);
    initWritable(this, options);
  }
  Object.setPrototypeOf(Writable.prototype, Stream.prototype);
  Object.setPrototypeOf(Writable, Stream);

  function initWritable(stream, options) {
    const o = options || {};
    stream._writableState = { queue: [], writing: false, ending: false, finished: false, destroyed: false,
      objectMode: !!(o.objectMode || o.writableObjectMode), decodeStrings: o.decodeStrings !== false, finalCbs: [] };
    if (typeof o.write === "function") stream._write = o.write;
    if (typeof o.writev === "function") stream._writev = o.writev;
    if (typeof o.final === "function") stream._final = o.final;
    if (typeof o.destroy === "function") stream._destroy = o.destroy;
    stream.writable = true;
  }

  Writable.prototype._write = function (chunk, encoding, callback) {
    callback(new Error("The _write() method is not implemented"));
  };

  function nextWrite(stream) {
    const state = stream._writableState;
    if (state.writing || state.destroyed) return;
    const item = state.queue.shift();
    if (item === undefined) {
      if (state.ending && !state.finished) finish(stream);
      return;
    }
    state.writing = true;
    stream._write(item.chunk, item.encoding, (err) => {
      state.writing = false;
      if (typeof item.callback === "function") item.callback(err || null);
      if (err) {
        stream.destroy(err);
        return;
      }
      if (state.queue.length === 0) stream.emit("drain");
      nextWrite(stream);
    });
  }

  function finish(stream) {
    const state = stream._writableState;
    state.finished = true;
    const done = (err) => {
      if (err) {
        stream.emit("error", err);
        return;
      }
      stream.writable = false;
      stream.emit("finish");
      state.finalCbs.forEach((cb) => cb());
      later(() => stream.emit("close"));
    };
    if (typeof stream._final === "function") stream._final(done);
    else done();
  }

  Writable.prototype.write = function write(chunk, encoding, callback) {
    const state = this._writableState;
    if (typeof encoding === "function") {
      callback = encoding;
      encoding = undefined;
    }
    if (state.ending) {
      const e = new Error("write after end");
      e.code = "ERR_STREAM_WRITE_AFTER_END";
      later(() => {
        if (typeof callback === "function") callback(e);
        this.emit("error", e);
      });
      return false;
    }
    let c = chunk;
    if (!state.objectMode && typeof c === "string" && state.decodeStrings) c = Buffer.from(c, encoding);
    state.queue.push({ chunk: c, encoding: typeof c === "string" ? encoding || "utf8" : "buffer", callback });
    later(() => nextWrite(this));
    return true;
  };
  Writable.prototype.end = function end(chunk, encoding, callback) {
    if (typeof chunk === "function") {
      callback = chunk;
      chunk = undefined;
    } else if (typeof encoding === "function") {
      callback = encoding;
      encoding = undefined;
    }
    if (chunk !== undefined && chunk !== null) this.write(chunk, encoding);
    const state = this._writableState;
    if (typeof callback === "function") state.finalCbs.push(callback);
    if (!state.ending) {
      state.ending = true;
      later(() => nextWrite(this));
    }
    return this;
  };
  Writable.prototype.cork = function () {};
  Writable.prototype.uncork = function () {};
  Writable.prototype.setDefaultEncoding = function () { return this; };
  Writable.prototype.destroy = function destroy(err) {
    const state = this._writableState;
    if (state.destroyed) return this;
    state.destroyed = true;
    this.destroyed = true;
    const done = (e) => later(() => {
      if (e) this.emit("error", e);
      this.emit("close");
    });
    if (typeof this._destroy === "function") this._destroy(err || null, done);
    else done(err);
    return this;
  };
  Object.defineProperty(Writable.prototype, "writableEnded", { get() { return this._writableState.ending; } });
  Object.defineProperty(Writable.prototype, "writableFinished", { get() { return this._writableState.finished; } });
  Object.defineProperty(Writable.prototype, "writableLength", { get() { return this._writableState.queue.length; } });

  // ---------------------------------------------------------------- Duplex, Transform

  function Duplex(options) {
    if (!(this instanceof Duplex)) return new Duplex(options);
    Readable.call(this, options);
    initWritable(this, options);
    if (options && options.allowHalfOpen === false) this.once("end", () => this.end());
  }
  Object.setPrototypeOf(Duplex.prototype, Readable.prototype);
  Object.setPrototypeOf(Duplex, Readable);
  for (const name of ["write", "end", "cork", "uncork", "setDefaultEncoding", "_write"]) {
    Duplex.prototype[name] = Writable.prototype[name];
  }
  for (const name of ["writableEnded", "writableFinished", "writableLength"]) {
    Object.defineProperty(Duplex.prototype, name, Object.getOwnPropertyDescriptor(Writable.prototype, name));
  }
  Duplex.prototype.destroy = function destroy(err) {
    this._writableState.destroyed = true;
    return Readable.prototype.destroy.call(this, err);
  };

  function Transform(options) {
    if (!(this instanceof Transform)) return new Transform(options);
    Duplex.call(this, options);
    const o = options || {};
    if (typeof o.transform === "function") this._transform = o.transform;
    if (typeof o.flush === "function") this._flush = o.flush;
  }
  Object.setPrototypeOf(Transform.prototype, Duplex.prototype);
  Object.setPrototypeOf(Transform, Duplex);
  Transform.prototype._write = function (chunk, encoding, callback) {
    this._transform(chunk, encoding, (err, data) => {
      if (err) {
        callback(err);
        return;
      }
      if (data !== undefined && data !== null) this.push(data);
      callback();
    });
  };
  Transform.prototype._final = function (callback) {
    const done = (err, data) => {
      if (data !== undefined && data !== null) this.push(data);
      this.push(null);
      callback(err);
    };
    if (typeof this._flush === "function") this._flush(done);
    else done();
  };
  Transform.prototype._transform = function (chunk, encoding, callback) {
    callback(new Error("The _transform() method is not implemented"));
  };

  function PassThrough(options) {
    if (!(this instanceof PassThrough)) return new PassThrough(options);
    Transform.call(this, options);
  }
  Object.setPrototypeOf(PassThrough.prototype, Transform.prototype);
  Object.setPrototypeOf(PassThrough, Transform);
  PassThrough.prototype._transform = function (chunk, encoding, callback) {
    callback(null, chunk);
  };

  // ---------------------------------------------------------------- helpers

  function finished(stream, options, callback) {
    const cb = typeof options === "function" ? options : callback;
    let called = false;
    const done = (err) => {
      if (called) return;
      called = true;
      cb(err || null);
    };
    stream.once("end", () => done());
    stream.once("finish", () => done());
    stream.once("error", (e) => done(e));
    stream.once("close", () => done());
    return () => {};
  }

  function pipeline(...streams) {
    const callback = typeof streams[streams.length - 1] === "function" ? streams.pop() : null;
    const list = Array.isArray(streams[0]) ? streams[0] : streams;
    let failed = false;
    const fail = (e) => {
      if (failed) return;
      failed = true;
      list.forEach((s) => typeof s.destroy === "function" && s.destroy());
      if (callback) callback(e);
    };
    for (let i = 0; i < list.length - 1; i++) list[i].pipe(list[i + 1]);
    list.forEach((s) => s.on("error", fail));
    const last = list[list.length - 1];
    finished(last, (err) => {
      if (!failed && callback) callback(err || undefined);
    });
    return last;
  }

  const promises = {
    pipeline: (...streams) => new Promise((resolve, reject) => pipeline(...streams, (e) => (e ? reject(e) : resolve()))),
    finished: (stream, options) => new Promise((resolve, reject) => finished(stream, options, (e) => (e ? reject(e) : resolve()))),
  };

  Stream.Stream = Stream;
  Stream.Readable = Readable;
  Stream.Writable = Writable;
  Stream.Duplex = Duplex;
  Stream.Transform = Transform;
  Stream.PassThrough = PassThrough;
  Stream.pipeline = pipeline;
  Stream.finished = finished;
  Stream.promises = promises;
  Stream.addAbortSignal = function (signal, stream) {
    signal.addEventListener("abort", () => stream.destroy(new Error("The operation was aborted")), { once: true });
    return stream;
  };
  Stream.isReadable = (s) => !!s && s.readable === true;
  Stream.isErrored = () => false;
  return Stream;
})
