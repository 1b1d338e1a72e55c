// node:events: EventEmitter (a function, so that old-style subclasses can call it), once, on,
// errorMonitor. Listeners run in the order they were added; an "error" with no listener throws.
(function (internals) {
  "use strict";
  const apply = Reflect.apply;
  const errorMonitor = Symbol("events.errorMonitor");
  const kCapture = Symbol("kCapture");
  let defaultMaxListeners = 10;

  function checkListener(listener) {
    if (typeof listener !== "function") {
      throw internals.typeError("ERR_INVALID_ARG_TYPE", "The \"listener\" argument must be of type function. Received "
        + (listener === null ? "null" : "type " + typeof listener));
    }
  }

  function EventEmitter(options) {
    EventEmitter.init.call(this, options);
  }

  EventEmitter.init = function (options) {
    if (this._events === undefined || this._events === Object.getPrototypeOf(this)._events) {
      this._events = Object.create(null);
      this._eventsCount = 0;
    }
    this._maxListeners = this._maxListeners || undefined;
    if (options && options.captureRejections) this[kCapture] = true;
  };

  const proto = EventEmitter.prototype;
  proto._events = undefined;
  proto._eventsCount = 0;
  proto._maxListeners = undefined;

  function events(self) {
    if (self._events === undefined) {
      self._events = Object.create(null);
      self._eventsCount = 0;
    }
    return self._events;
  }

  proto.setMaxListeners = function setMaxListeners(n) {
    if (typeof n !== "number" || n < 0 || n !== n) {
      const e = new RangeError("The value of \"n\" is out of range. It must be a non-negative number. Received " + n);
      e.code = "ERR_OUT_OF_RANGE";
      throw e;
    }
    this._maxListeners = n;
    return this;
  };
  proto.getMaxListeners = function getMaxListeners() {
    return this._maxListeners === undefined ? defaultMaxListeners : this._maxListeners;
  };

  function add(self, type, listener, prepend) {
    checkListener(listener);
    const all = events(self);
    if (all.newListener !== undefined) {
      self.emit("newListener", type, listener.listener ? listener.listener : listener);
    }
    const existing = all[type];
    if (existing === undefined) {
      all[type] = listener;
      self._eventsCount++;
    } else if (typeof existing === "function") {
      all[type] = prepend ? [listener, existing] : [existing, listener];
    } else if (prepend) {
      existing.unshift(listener);
    } else {
      existing.push(listener);
    }
    return self;
  }

  proto.addListener = function addListener(type, listener) { return add(this, type, listener, false); };
  proto.on = proto.addListener;
  proto.prependListener = function prependListener(type, listener) { return add(this, type, listener, true); };

  function onceWrapper(self, type, listener) {
    const state = { fired: false, wrapped: undefined };
    const wrapped = function (...args) {
      if (state.fired) return undefined;
      state.fired = true;
      self.removeListener(type, wrapped);
      return apply(listener, self, args);
    };
    wrapped.listener = listener;
    return wrapped;
  }

  proto.once = function once(type, listener) {
    checkListener(listener);
    return this.on(type, onceWrapper(this, type, listener));
  };
  proto.prependOnceListener = function prependOnceListener(type, listener) {
    checkListener(listener);
    return this.prependListener(type, onceWrapper(this, type, listener));
  };

  proto.removeListener = function removeListener(type, listener) {
    checkListener(listener);
    const all = events(this);
    const list = all[type];
    if (list === undefined) return this;
    if (list === listener || list.listener === listener) {
      if (--this._eventsCount === 0) this._events = Object.create(null);
      else delete all[type];
      if (all.removeListener !== undefined) this.emit("removeListener", type, list.listener || listener);
      return this;
    }
    if (typeof list !== "function") {
      for (let i = list.length - 1; i >= 0; i--) {
        if (list[i] === listener || list[i].listener === listener) {
          const removed = list[i];
          list.splice(i, 1);
          if (list.length === 1) all[type] = list[0];
          if (all.removeListener !== undefined) this.emit("removeListener", type, removed.listener || listener);
          break;
        }
      }
    }
    return this;
  };
  proto.off = proto.removeListener;

  proto.removeAllListeners = function removeAllListeners(type) {
    const all = events(this);
    if (all.removeListener === undefined) {
      if (arguments.length === 0) {
        this._events = Object.create(null);
        this._eventsCount = 0;
      } else if (all[type] !== undefined) {
        if (--this._eventsCount === 0) this._events = Object.create(null);
        else delete all[type];
      }
      return this;
    }
    if (arguments.length === 0) {
      for (const key of Reflect.ownKeys(all)) {
        if (key !== "removeListener") this.removeAllListeners(key);
      }
      this.removeAllListeners("removeListener");
      this._events = Object.create(null);
      this._eventsCount = 0;
      return this;
    }
    const list = all[type];
    if (typeof list === "function") {
      this.removeListener(type, list);
    } else if (list !== undefined) {
      for (let i = list.length - 1; i >= 0; i--) this.removeListener(type, list[i]);
    }
    return this;
  };

  proto.emit = function emit(type, ...args) {
    const all = events(this);
    if (type === "error" && all[errorMonitor] !== undefined) this.emit(errorMonitor, ...args);
    const handler = all[type];
    if (handler === undefined) {
      if (type === "error") {
        const er = args[0];
        if (er instanceof Error) throw er;
        const err = new Error("Unhandled error." + (er === undefined ? "" : " (" + String(er) + ")"));
        err.code = "ERR_UNHANDLED_ERROR";
        err.context = er;
        throw err;
      }
      return false;
    }
    if (typeof handler === "function") {
      apply(handler, this, args);
    } else {
      const listeners = handler.slice();
      for (let i = 0; i < listeners.length; i++) apply(listeners[i], this, args);
    }
    return true;
  };

  proto.listeners = function listeners(type) {
    const list = events(this)[type];
    if (list === undefined) return [];
    if (typeof list === "function") return [list.listener || list];
    return list.map((l) => l.listener || l);
  };
  proto.rawListeners = function rawListeners(type) {
    const list = events(this)[type];
    if (list === undefined) return [];
    return typeof list === "function" ? [list] : list.slice();
  };
  proto.listenerCount = function listenerCount(type, listener) {
    const list = events(this)[type];
    if (list === undefined) return 0;
    if (typeof list === "function") return listener === undefined || list === listener || list.listener === listener ? 1 : 0;
    if (listener === undefined) return list.length;
    return list.filter((l) => l === listener || l.listener === listener).length;
  };
  proto.eventNames = function eventNames() {
    return this._eventsCount > 0 ? Reflect.ownKeys(this._events) : [];
  };

  function once(emitter, name, options) {
    return new Promise(function (resolve, reject) {
      const signal = options && options.signal;
      if (signal && signal.aborted) {
        reject(abortError(signal));
        return;
      }
      if (typeof emitter.addEventListener === "function" && typeof emitter.on !== "function") {
        emitter.addEventListener(name, function (...args) { resolve(args); }, { once: true });
        return;
      }
      const onError = function (err) {
        emitter.removeListener(name, listener);
        reject(err);
      };
      const listener = function (...args) {
        if (name !== "error") emitter.removeListener("error", onError);
        resolve(args);
      };
      emitter.once(name, listener);
      if (name !== "error") emitter.once("error", onError);
      if (signal) {
        signal.addEventListener("abort", function () {
          emitter.removeListener(name, listener);
          emitter.removeListener("error", onError);
          reject(abortError(signal));
        }, { once: true });
      }
    });
  }

  function abortError(signal) {
    const e = new Error("The operation was aborted");
    e.name = "AbortError";
    e.code = "ABORT_ERR";
    e.cause = signal && signal.reason;
    return e;
  }

  function on(emitter, name, options) {
    const queue = [];
    const waiting = [];
    let error = null;
    let done = false;
    const listener = function (...args) {
      if (waiting.length > 0) waiting.shift().resolve({ value: args, done: false });
      else queue.push(args);
    };
    const onError = function (err) {
      if (waiting.length > 0) waiting.shift().reject(err);
      else error = err;
      stop();
    };
    const stop = function () {
      done = true;
      emitter.removeListener(name, listener);
      emitter.removeListener("error", onError);
      while (waiting.length > 0) waiting.shift().resolve({ value: undefined, done: true });
    };
    emitter.on(name, listener);
    if (name !== "error") emitter.on("error", onError);
    const signal = options && options.signal;
    if (signal) signal.addEventListener("abort", function () { onError(abortError(signal)); }, { once: true });
    return {
      next() {
        if (queue.length > 0) return Promise.resolve({ value: queue.shift(), done: false });
        if (error !== null) {
          const e = error;
          error = null;
          return Promise.reject(e);
        }
        if (done) return Promise.resolve({ value: undefined, done: true });
        return new Promise(function (resolve, reject) { waiting.push({ resolve, reject }); });
      },
      return() {
        stop();
        return Promise.resolve({ value: undefined, done: true });
      },
      throw(err) {
        error = err;
        stop();
        return Promise.reject(err);
      },
      [Symbol.asyncIterator]() { return this; },
    };
  }

  Object.defineProperty(EventEmitter, "defaultMaxListeners", {
    get() { return defaultMaxListeners; },
    set(n) { defaultMaxListeners = n; },
    enumerable: true,
  });
  EventEmitter.EventEmitter = EventEmitter;
  EventEmitter.once = once;
  EventEmitter.on = on;
  EventEmitter.errorMonitor = errorMonitor;
  EventEmitter.captureRejections = false;
  EventEmitter.captureRejectionSymbol = Symbol.for("nodejs.rejection");
  EventEmitter.usingDomains = false;
  EventEmitter.listenerCount = function (emitter, type) { return emitter.listenerCount(type); };
  EventEmitter.getEventListeners = function (emitter, type) {
    return typeof emitter.listeners === "function" ? emitter.listeners(type) : [];
  };
  EventEmitter.getMaxListeners = function (emitter) {
    return typeof emitter.getMaxListeners === "function" ? emitter.getMaxListeners() : defaultMaxListeners;
  };
  EventEmitter.setMaxListeners = function (n, ...targets) {
    if (targets.length === 0) defaultMaxListeners = n;
    else targets.forEach((t) => typeof t.setMaxListeners === "function" && t.setMaxListeners(n));
  };
  EventEmitter.addAbortListener = function (signal, listener) {
    signal.addEventListener("abort", listener, { once: true });
    return { [Symbol.dispose || Symbol.for("dispose")]() { signal.removeEventListener("abort", listener); } };
  };
  EventEmitter.EventEmitterAsyncResource = EventEmitter;
  return EventEmitter;
})
