// node:timers: the timer globals (web.js's), and timers/promises.
(function (internals) {
  "use strict";
  const g = globalThis;
  function abortError(signal) {
    const e = new Error("The operation was aborted");
    e.name = "AbortError";
    e.code = "ABORT_ERR";
    e.cause = signal.reason;
    return e;
  }
  function delayed(arm, clear) {
    return function (ms, value, options) {
      const signal = options && options.signal;
      return new Promise(function (resolve, reject) {
        if (signal && signal.aborted) {
          reject(abortError(signal));
          return;
        }
        const t = arm(() => resolve(value), ms);
        if (signal) signal.addEventListener("abort", () => { clear(t); reject(abortError(signal)); }, { once: true });
      });
    };
  }
  const promises = {
    setTimeout: delayed((fn, ms) => g.setTimeout(fn, ms), (t) => g.clearTimeout(t)),
    setImmediate: (value, options) => delayed((fn) => g.setImmediate(fn), (t) => g.clearImmediate(t))(0, value, options),
    setInterval(ms, value, options) {
      const queue = [];
      const waiting = [];
      const t = g.setInterval(() => {
        if (waiting.length > 0) waiting.shift()({ value, done: false });
        else queue.push(value);
      }, ms);
      const signal = options && options.signal;
      if (signal) signal.addEventListener("abort", () => g.clearInterval(t), { once: true });
      return {
        next() {
          if (queue.length > 0) return Promise.resolve({ value: queue.shift(), done: false });
          return new Promise((resolve) => waiting.push(resolve));
        },
        return() {
          g.clearInterval(t);
          return Promise.resolve({ value: undefined, done: true });
        },
        [Symbol.asyncIterator]() { return this; },
      };
    },
    scheduler: {
      wait: (ms, options) => promises.setTimeout(ms, undefined, options),
      yield: () => promises.setImmediate(),
    },
  };
  return {
    setTimeout: g.setTimeout,
    clearTimeout: g.clearTimeout,
    setInterval: g.setInterval,
    clearInterval: g.clearInterval,
    setImmediate: g.setImmediate,
    clearImmediate: g.clearImmediate,
    promises,
  };
})
