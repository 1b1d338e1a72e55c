// node:perf_hooks: performance.now() (milliseconds since the script's context started, with
// fractions), timeOrigin, and marks and measures kept in the script.
(function (internals) {
  "use strict";
  const origin = internals.call("now");
  const startNanos = internals.call("nanoTime");
  const entries = [];
  const now = () => (internals.call("nanoTime") - startNanos) / 1e6;
  const performance = {
    now,
    timeOrigin: origin,
    mark(name, options) {
      const e = { name, entryType: "mark", startTime: options && options.startTime !== undefined ? options.startTime : now(), duration: 0,
        detail: options ? options.detail : undefined };
      entries.push(e);
      return e;
    },
    measure(name, start, end) {
      const at = (m) => (typeof m === "string" ? (entries.filter((e) => e.name === m).pop() || { startTime: 0 }).startTime : m);
      const s = start === undefined ? 0 : at(typeof start === "object" ? start.start : start);
      const f = end === undefined ? (typeof start === "object" && start.end !== undefined ? at(start.end) : now()) : at(end);
      const e = { name, entryType: "measure", startTime: s, duration: f - s };
      entries.push(e);
      return e;
    },
    getEntries: () => entries.slice(),
    getEntriesByName: (name, type) => entries.filter((e) => e.name === name && (type === undefined || e.entryType === type)),
    getEntriesByType: (type) => entries.filter((e) => e.entryType === type),
    clearMarks(name) { remove("mark", name); },
    clearMeasures(name) { remove("measure", name); },
    toJSON: () => ({ timeOrigin: origin }),
    eventLoopUtilization: () => ({ idle: 0, active: 0, utilization: 0 }),
    timerify: (fn) => fn,
  };
  function remove(type, name) {
    for (let i = entries.length - 1; i >= 0; i--) {
      if (entries[i].entryType === type && (name === undefined || entries[i].name === name)) entries.splice(i, 1);
    }
  }
  class PerformanceObserver {
    constructor(callback) { this.callback = callback; }
    observe() {}
    disconnect() {}
  }
  PerformanceObserver.supportedEntryTypes = ["mark", "measure"];
  return { performance, PerformanceObserver, constants: {}, monitorEventLoopDelay() {
    throw new Error("perf_hooks.monitorEventLoopDelay: not available in graft");
  } };
})
