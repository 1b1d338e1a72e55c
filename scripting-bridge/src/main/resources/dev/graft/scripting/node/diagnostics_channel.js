// node:diagnostics_channel: channels that libraries publish on; graft has no subscribers of its
// own, so a script's own subscribers are the only ones.
(function (internals) {
  "use strict";
  const channels = new Map();
  class Channel {
    constructor(name) {
      this.name = name;
      this._subscribers = [];
    }
    get hasSubscribers() { return this._subscribers.length > 0; }
    subscribe(fn) { this._subscribers.push(fn); }
    unsubscribe(fn) {
      const i = this._subscribers.indexOf(fn);
      if (i < 0) return false;
      this._subscribers.splice(i, 1);
      return true;
    }
    publish(message) {
      for (const fn of this._subscribers.slice()) fn(message, this.name);
    }
    bindStore() {}
    unbindStore() {}
    runStores(data, fn, thisArg, ...args) { return Reflect.apply(fn, thisArg, args); }
  }
  function channel(name) {
    let c = channels.get(name);
    if (c === undefined) {
      c = new Channel(name);
      channels.set(name, c);
    }
    return c;
  }
  function tracingChannel(name) {
    const kinds = ["start", "end", "asyncStart", "asyncEnd", "error"];
    const out = {};
    kinds.forEach((k) => { out[k] = channel("tracing:" + name + ":" + k); });
    out.subscribe = (handlers) => kinds.forEach((k) => handlers[k] && out[k].subscribe(handlers[k]));
    out.unsubscribe = (handlers) => kinds.forEach((k) => handlers[k] && out[k].unsubscribe(handlers[k]));
    out.traceSync = (fn, ctx, thisArg, ...args) => Reflect.apply(fn, thisArg, args);
    out.tracePromise = (fn, ctx, thisArg, ...args) => Reflect.apply(fn, thisArg, args);
    out.traceCallback = (fn, position, ctx, thisArg, ...args) => Reflect.apply(fn, thisArg, args);
    return out;
  }
  return {
    channel,
    hasSubscribers: (name) => channels.has(name) && channels.get(name).hasSubscribers,
    subscribe: (name, fn) => channel(name).subscribe(fn),
    unsubscribe: (name, fn) => channel(name).unsubscribe(fn),
    tracingChannel,
    Channel,
  };
})
