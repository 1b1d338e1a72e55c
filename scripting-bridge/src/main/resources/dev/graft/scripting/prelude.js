// graft's side of every script context, run (as an internal source, hidden from stack traces)
// before the script itself. It receives the only host functions a script can reach, builds
// `console`, the API object and each handler's `ctx`, and turns values into JSON text and back,
// so that nothing but strings and plain data crosses to Java.
//
// Contents, in file order, and the Java classes that call each part (dev.graft.scripting):
//   web globals, when first used   the `loadWeb` argument: WebGlobals.install (ScriptLoading passes it)
//   views, when first used         the `loadViews` argument: ScriptViews.install (views.js: the
//                                  components of ctx.ui.custom, setWidget, setFooter, setHeader,
//                                  and the theme; the graft.compat symbol hands them to the
//                                  built-in modules/compat/pi-tui.mjs and pi-coding-agent.mjs)
//   built-ins that cannot be ...   no caller: guards Array.prototype.indexOf and the like at load
//   JSON out (to Java)             encodeAnswer: GuestCalls.answer (through LoadedScript); encode:
//                                  the API methods below, on what they hand to host functions
//   console                        the `log` argument: HostCalls.console
//   API object and ctx             makeApi: ScriptLoading.start; makeCtx: EmitScope.ctx (and
//                                  invokeEvent); withEntries: invokeEvent; unwrap and sessionRead read what
//                                  HostReply writes (HostCalls, AgentCalls, UiCalls, CommandCalls,
//                                  SessionViewCalls); the graft.compat symbol: modules/compat/pi-ai.mjs
//   context messages               contextEvent, contextMessages: MessageMirror;
//                                  encodeContextAnswer: GuestCalls.answer; commandCtx:
//                                  ScriptEngine.runCommand
//   calls from Java                invoke: GuestCalls.call (through LoadedScript.invoke); invokeEvent:
//                                  EmitScope.enter (through LoadedScript.invokeEvent); lazyValues:
//                                  invokeEvent, with LazyValues' paths and loader; watchInput:
//                                  HostCalls.on; describeThrown, isNotJson: GuestErrors; settle,
//                                  fail: GuestCalls.await; decode: Marshal.toJs, MessageMirror,
//                                  ScriptEngine.renderMessage (through LoadedScript)
// PreludeExports.java is the record of the functions returned at the end, looked up once per
// context; PreludeExports.of refuses a prelude that exports more or fewer.
//
// The intrinsics it uses are captured here, before any script code runs, so a script that
// replaces JSON.stringify or Promise.prototype.then cannot change how its answers are checked.
//
// `loadWeb` evaluates web.js (timers, AbortSignal) when first needed and returns its helpers:
// dialogs, exec and ctx.complete take a {signal} through them.
//
// Host replies (HostReply.java writes them, `unwrap` and `sessionRead` read them): a host function
// host(op, a, b, c, resolve, reject) returns undefined, "V" + JSON text (a value), "T" + message
// (throw a TypeError: a bad argument), "E" + message (throw an Error), or, for a session read,
// "S" + meta + "\n" + entries.
(function (host, log, maxChars, loadWeb, loadNode, loadViews) {
  "use strict";
  const JSONparse = JSON.parse;
  const JSONstringify = JSON.stringify;
  const apply = Reflect.apply;
  const isArray = Array.isArray;
  const isView = ArrayBuffer.isView;
  const getPrototypeOf = Object.getPrototypeOf;
  const keys = Object.keys;
  const freeze = Object.freeze;
  const assign = Object.assign;
  const defineProperty = Object.defineProperty;
  const ObjectPrototype = Object.prototype;
  const PromiseC = Promise;
  const promiseResolve = Promise.resolve;
  const promiseThen = Promise.prototype.then;
  const ErrorC = Error;
  const TypeErrorC = TypeError;
  const RangeErrorC = RangeError;
  const StringC = String;
  const MapC = Map;
  const ArrayC = Array;
  const ArrayFill = Array.prototype.fill;
  const ArraySlice = Array.prototype.slice;
  const arraySlice = (array, start, end) => apply(ArraySlice, array, [start, end]);
  const StringSlice = String.prototype.slice;
  const stringSlice = (text, start, end) => apply(StringSlice, text, [start, end]);
  const identifier = /^[A-Za-z_$][\w$]*$/;
  const isPrototypeOf = Object.prototype.isPrototypeOf;
  const GeneratorPrototype = getPrototypeOf(function* () {}).prototype;
  const AsyncGeneratorPrototype = getPrototypeOf(async function* () {}).prototype;
  const regexTest = RegExp.prototype.test;
  const asyncIterator = Symbol.asyncIterator;

  // ---------------------------------------------------------------- web globals, when first used

  // web.js's helpers, once made: the globals it defines (setTimeout, AbortController...) are
  // getters until then, and the first one read (or set) has web.js evaluated, which replaces them
  // all with its own. Most scripts touch none, and evaluating web.js was about a tenth of loading
  // a first script.
  let webHelpers = null;
  function web() {
    if (webHelpers === null) webHelpers = loadWeb();
    return webHelpers;
  }
  if (loadWeb) {
    const names = ["setTimeout", "setInterval", "setImmediate", "clearTimeout", "clearInterval", "clearImmediate",
      "queueMicrotask", "Event", "EventTarget", "AbortSignal", "AbortController", "TextEncoder", "TextDecoder",
      "structuredClone"];
    const g = globalThis;
    for (let i = 0; i < names.length; i++) {
      const name = names[i];
      defineProperty(g, name, {
        get() {
          web();
          return g[name];
        },
        set(value) {
          web();
          g[name] = value;
        },
        enumerable: false,
        configurable: true,
      });
    }
  }

  // ---------------------------------------------------------------- Node globals, when first used

  // node/runtime.js's internals, once made (NodeCalls.install): the Node globals (process, Buffer,
  // URL, fetch...) are getters until first read, and each read makes only what it needs. The
  // built-in modules graft serves for `import "node:fs"` reach the same internals through the
  // graft.node symbol (everything behind them is checked in Java, so a script that reaches them
  // directly gets no more than the modules give).
  let nodeInternals = null;
  function node() {
    if (nodeInternals === null) nodeInternals = loadNode();
    return nodeInternals;
  }
  if (loadNode) {
    const g = globalThis;
    const names = ["process", "Buffer", "URL", "URLSearchParams", "atob", "btoa", "Blob", "performance", "crypto", "fetch",
      "Headers", "Request", "Response", "FormData"];
    for (let i = 0; i < names.length; i++) {
      const name = names[i];
      defineProperty(g, name, {
        get() {
          const value = node().globalValue(name);
          defineProperty(g, name, { value, writable: true, configurable: true, enumerable: false });
          return value;
        },
        set(value) {
          defineProperty(g, name, { value, writable: true, configurable: true, enumerable: false });
        },
        enumerable: false,
        configurable: true,
      });
    }
    defineProperty(g, "global", { value: g, writable: true, configurable: true, enumerable: false });
    defineProperty(g, Symbol.for("graft.node"), { get() { return node(); }, enumerable: false, configurable: false });
  }

  const NOT_PLAIN = [
    [Map, "a Map (convert it, e.g. Object.fromEntries(map))"],
    [Set, "a Set (convert it, e.g. [...set])"],
    [WeakMap, "a WeakMap"],
    [WeakSet, "a WeakSet"],
    [Promise, "a Promise (await it first)"],
    [RegExp, "a RegExp"],
    [ArrayBuffer, "an ArrayBuffer"],
    [Error, "an Error object (pass its message)"],
  ];

  // views.js's helpers (the components a script draws, the theme), evaluated when first needed.
  let viewHelpers = null;
  function views() {
    if (viewHelpers === null) {
      if (!loadViews) throw new ErrorC("graft draws no components here");
      viewHelpers = loadViews();
    }
    return viewHelpers;
  }

  // ---------------------------------------------------------------- built-ins that cannot be interrupted

  // GraalJS runs these over an array-like's whole length in Java without checking for interrupts,
  // so `Array.prototype.indexOf.call({length: 2 ** 40}, 1)` would hold the script thread until graft
  // abandons it. A length no array can have is refused at once with a RangeError at the script's
  // line. (Other such built-ins are left to the watchdog, which abandons a thread that does not stop.)
  const MAX_ARRAY_LENGTH = 4294967295;
  const ArrayPrototype = Array.prototype;
  function refuseAbsurdLengths(name) {
    const original = ArrayPrototype[name];
    const guarded = {
      [name]() {
        if (this !== null && this !== undefined && !isArray(this) && !isView(this)) {
          const length = +this.length;
          if (length > MAX_ARRAY_LENGTH) {
            throw new RangeErrorC("Array.prototype." + name + " over an array-like of length " + length
              + " (more than an array can hold)");
          }
        }
        return apply(original, this, arguments);
      },
    }[name];
    defineProperty(guarded, "length", { value: original.length });
    defineProperty(ArrayPrototype, name, { value: guarded, writable: true, configurable: true, enumerable: false });
  }
  refuseAbsurdLengths("indexOf");
  refuseAbsurdLengths("lastIndexOf");
  refuseAbsurdLengths("includes");
  refuseAbsurdLengths("splice");

  /** A value that cannot become JSON: thrown by encode, told apart from other errors by Java. */
  class NotJson extends TypeErrorC {}
  defineProperty(NotJson.prototype, "name", { value: "TypeError" });

  // ---------------------------------------------------------------- JSON out (to Java)

  /** What is wrong with `v` itself as JSON (not its contents), or null. */
  function problemOf(v) {
    switch (typeof v) {
      case "function": return "a function";
      case "bigint": return "a BigInt (" + v + "n)";
      case "symbol": return "a symbol";
      case "number": return v === v && v !== Infinity && v !== -Infinity ? null : "the number " + v;
      case "object":
        if (v === null || isArray(v) || getPrototypeOf(v) === ObjectPrototype) return null;
        if (isView(v)) return "a typed array or DataView";
        if (apply(isPrototypeOf, GeneratorPrototype, [v]) || apply(isPrototypeOf, AsyncGeneratorPrototype, [v])) {
          return "a generator (return the value instead of yielding it)";
        }
        for (let i = 0; i < NOT_PLAIN.length; i++) {
          if (v instanceof NOT_PLAIN[i][0]) return NOT_PLAIN[i][1];
        }
        return null;
      default: return null;
    }
  }

  function fieldPath(path, key) {
    return apply(regexTest, identifier, [key]) ? path + "." + key : path + "[" + JSONstringify(key) + "]";
  }

  /**
   * The path named in a refusal, its middle left out when long: a line is cut at 2,000 characters,
   * and a path 1,000 levels deep would push out what is wrong there.
   */
  function named(path) {
    if (path === "") return "the value itself";
    if (path.length <= 160) return path;
    const left = path.length - 120;
    return apply(StringSlice, path, [0, 60]) + " (" + left + " characters of the path left out) " + apply(StringSlice, path, [-60]);
  }

  /** Where in `root` the first value that cannot become JSON is, and what it is; or null. */
  function locate(root) {
    const ancestors = [];
    function walk(v, key, path) {
      if (v !== null && typeof v === "object" && typeof v.toJSON === "function") v = v.toJSON(key);
      const problem = problemOf(v);
      if (problem !== null) return named(path) + " is " + problem;
      if (v === null || typeof v !== "object") return null;
      if (ancestors.indexOf(v) >= 0) return named(path) + " is a cycle (it contains itself)";
      if (ancestors.length >= 1000) return named(path) + " is nested more than 1000 levels deep";
      ancestors.push(v);
      try {
        if (isArray(v)) {
          for (let i = 0; i < v.length; i++) {
            if (v[i] === undefined) return named(path + "[" + i + "]") + " is undefined (arrays may hold null, not undefined)";
            const r = walk(v[i], StringC(i), path + "[" + i + "]");
            if (r !== null) return r;
          }
        } else {
          const ks = keys(v);
          for (let i = 0; i < ks.length; i++) {
            const x = v[ks[i]];
            if (x === undefined) continue;
            const r = walk(x, ks[i], fieldPath(path, ks[i]));
            if (r !== null) return r;
          }
        }
      } finally {
        ancestors.pop();
      }
      return null;
    }
    return walk(root, "", "");
  }

  /**
   * `value` as JSON text (undefined for undefined), checked on the way: functions, symbols,
   * BigInts, non-finite numbers, undefined in arrays, Maps, Sets and the like, cycles, and more
   * than maxChars characters are refused with a NotJson naming `what` and the path.
   */
  function encode(value, what) {
    if (value === undefined) return undefined;
    let size = 0;
    let tooLarge = false;
    let bad = false;
    const replacer = function (key, v) {
      switch (typeof v) {
        case "string":
          size += v.length + key.length + 4;
          break;
        case "object":
          if (v !== null && !isArray(v) && getPrototypeOf(v) !== ObjectPrototype && problemOf(v) !== null) {
            bad = true;
            throw bad;
          }
          size += key.length + 4;
          break;
        case "number":
          if (v !== v || v === Infinity || v === -Infinity) {
            bad = true;
            throw bad;
          }
          size += key.length + 12;
          break;
        case "boolean":
          size += key.length + 6;
          break;
        case "undefined":
          if (isArray(this)) {
            bad = true;
            throw bad;
          }
          return undefined;
        default:
          bad = true;
          throw bad;
      }
      if (size > maxChars) {
        tooLarge = true;
        throw tooLarge;
      }
      return v;
    };
    try {
      return apply(JSONstringify, undefined, [value, replacer]);
    } catch (e) {
      if (tooLarge) {
        throw new NotJson(what + " is too large: more than " + maxChars + " characters of JSON");
      }
      let where = null;
      try {
        where = locate(value);
      } catch (inner) {
        if (inner instanceof RangeErrorC) where = "it is nested too deeply";
        else throw inner;
      }
      if (where !== null) throw new NotJson(what + " is not JSON: " + where);
      if (bad) throw new NotJson(what + " is not JSON");
      throw e; // a getter or toJSON of the script's own threw
    }
  }

  /**
   * A handler's answer as JSON text: as encode, but the answer itself must be plain data (an object
   * literal, an array, a primitive): a class instance or a generator is refused rather than read as
   * whatever JSON.stringify makes of it (a generator is {}, which would let a tool call through).
   */
  function encodeAnswer(value, what) {
    if (value !== null && typeof value === "object" && !isArray(value)) {
      const proto = getPrototypeOf(value);
      if (proto !== ObjectPrototype && proto !== null) {
        const problem = problemOf(value);
        throw new NotJson(what + " is " + (problem !== null ? problem : "not a plain object (an instance of a class?)"));
      }
    }
    return encode(value, what);
  }

  // ---------------------------------------------------------------- console

  /** A short, bounded rendering of any value for a log line. */
  function show(v, depth) {
    switch (typeof v) {
      case "string": return depth === 0 ? v : JSONstringify(v.length > 200 ? v.slice(0, 200) + "..." : v);
      case "function": return "[Function " + (v.name || "anonymous") + "]";
      case "bigint": return v + "n";
      case "symbol":
      case "number":
      case "boolean": return StringC(v);
      case "undefined": return "undefined";
      default: {
        if (v === null) return "null";
        if (v instanceof ErrorC) return depth === 0 && typeof v.stack === "string" ? v.stack : v.name + ": " + v.message;
        if (depth > 2) return isArray(v) ? "[Array]" : "[Object]";
        const parts = [];
        if (isArray(v)) {
          for (let i = 0; i < v.length && i < 50; i++) parts.push(show(v[i], depth + 1));
          if (v.length > 50) parts.push("... " + (v.length - 50) + " more");
          return "[" + parts.join(", ") + "]";
        }
        const ks = keys(v);
        for (let i = 0; i < ks.length && i < 50; i++) parts.push(ks[i] + ": " + show(v[ks[i]], depth + 1));
        if (ks.length > 50) parts.push("... " + (ks.length - 50) + " more");
        return "{" + parts.join(", ") + "}";
      }
    }
  }

  function format(args) {
    let s = "";
    for (let i = 0; i < args.length && s.length < 10000; i++) s += (i === 0 ? "" : " ") + show(args[i], 0);
    return s;
  }

  const console = freeze({
    log: function () { log("info", format(arguments)); },
    info: function () { log("info", format(arguments)); },
    debug: function () { log("debug", format(arguments)); },
    trace: function () { log("debug", format(arguments)); },
    warn: function () { log("warn", format(arguments)); },
    error: function () { log("error", format(arguments)); },
  });
  defineProperty(globalThis, "console", { value: console, writable: true, configurable: true, enumerable: false });

  // ---------------------------------------------------------------- API object and ctx

  /** A host reply (HostReply.java) as the call's value, or thrown. */
  function unwrap(reply) {
    if (reply === undefined || reply === null) return undefined;
    const body = reply.slice(1);
    switch (reply[0]) {
      case "V": return JSONparse(body);
      case "T": throw new TypeErrorC(body);
      default: throw new ErrorC(body);
    }
  }

  function call(fn, op, a, b, c) {
    return unwrap(fn(op, a, b, c, undefined, undefined));
  }

  /** A call the host answers later: the promise settles when its future completes. */
  function later(fn, op, a, b, c) {
    let resolve;
    let reject;
    const promise = new PromiseC(function (res, rej) {
      resolve = res;
      reject = rej;
    });
    unwrap(fn(op, a, b, c, resolve, reject));
    return promise;
  }

  function signalOf(o) {
    return o !== null && typeof o === "object" ? o.signal : undefined;
  }

  /** start() (a later call) under the AbortSignal `signal`, if any: see web.js abortable. */
  function withSignal(signal, start, aborted) {
    return loadWeb && signal !== undefined && signal !== null ? web().abortable(signal, start, aborted) : start();
  }

  /** `o` without its signal field (the signal is the script's object, not data for the host). */
  function withoutSignal(o) {
    if (signalOf(o) === undefined) return o;
    const out = {};
    const ks = keys(o);
    for (let i = 0; i < ks.length; i++) if (ks[i] !== "signal") out[ks[i]] = o[ks[i]];
    return out;
  }

  function abortError(reason) {
    if (reason instanceof ErrorC) return reason;
    const e = new ErrorC("This operation was aborted");
    defineProperty(e, "name", { value: "AbortError", configurable: true, writable: true });
    return e;
  }

  const warned = {};

  /** A warning in the script's log, once per `key` for the script's lifetime. */
  function warnOnce(key, message) {
    if (warned[key] === true) return;
    warned[key] = true;
    log("warn", message);
  }

  function makeApi() {
    return freeze({
      on(event, handler) { call(host, "on", event, handler); },
      registerCommand(name, options) { call(host, "registerCommand", name, options); },
      registerTool(tool) {
        const parameters = tool !== null && typeof tool === "object" && tool.parameters !== undefined
          ? encode(tool.parameters, "graft.registerTool: parameters") : undefined;
        call(host, "registerTool", tool, parameters);
      },
      registerMessageRenderer(customType, renderer) { call(host, "registerMessageRenderer", customType, renderer); },
      registerFlag(name, options) { call(host, "registerFlag", name, options); },
      getFlag(name) { return call(host, "getFlag", name); },
      registerShortcut(key, options) { call(host, "registerShortcut", key, options); },
      registerProvider(name, config) {
        let plain = config;
        let stream;
        if (config !== null && typeof config === "object" && !isArray(config)) {
          plain = {};
          const ks = keys(config);
          for (let i = 0; i < ks.length; i++) {
            const k = ks[i];
            if (k === "streamSimple") stream = config[k];
            else if (k === "oauth") { if (config[k] !== undefined) plain.oauth = true; }
            else plain[k] = config[k];
          }
        }
        if (stream !== undefined && typeof stream !== "function") {
          throw new TypeErrorC("graft.registerProvider: streamSimple must be a function");
        }
        call(host, "registerProvider", name, encode(plain, "graft.registerProvider: config"),
          stream === undefined ? undefined : streamRunner(stream));
      },
      unregisterProvider(name) { call(host, "unregisterProvider", name); },
      appendEntry(customType, data) { call(host, "appendEntry", customType, encode(data, "graft.appendEntry: data")); },
      sendMessage(message, options) {
        call(host, "sendMessage", encode(message, "graft.sendMessage: message"), encode(options, "graft.sendMessage: options"));
      },
      sendUserMessage(content, options) {
        call(host, "sendUserMessage", encode(content, "graft.sendUserMessage: content"),
          encode(options, "graft.sendUserMessage: options"));
      },
      setLabel(entryId, label) { call(host, "setLabel", entryId, label); },
      setSessionName(name) { call(host, "setSessionName", name); },
      getSessionName() { return call(host, "getSessionName"); },
      getAllTools() { return call(host, "getAllTools"); },
      getCommands() { return call(host, "getCommands"); },
      exec(command, args, options) {
        return withSignal(signalOf(options),
          function () {
            return later(host, "exec", command, encode(args, "graft.exec: args"), encode(withoutSignal(options), "graft.exec: options"));
          },
          function () { return { stdout: "", stderr: "", code: 0, killed: true }; });
      },
      getActiveTools() { return call(host, "getActiveTools"); },
      setActiveTools(names) { call(host, "setActiveTools", encode(names, "graft.setActiveTools: names")); },
      setModel(model) { return later(host, "setModel", encode(model, "graft.setModel: model")); },
      getThinkingLevel() { return call(host, "getThinkingLevel"); },
      setThinkingLevel(level) { call(host, "setThinkingLevel", level); },
      get events() { return loadWeb ? web().events : undefined; },
    });
  }

  /**
   * A provider's streamSimple as graft runs it (ScriptEngine.providerStream): the events of the
   * stream it returns go to `sink` as JSON text, each without its `partial` (the message so far,
   * which graft builds itself), a tool call's start with its block.
   */
  function streamRunner(fn) {
    return async function (model, context, options, sink) {
      const stream = fn(model, context, options);
      if (stream === null || typeof stream !== "object" || typeof stream[asyncIterator] !== "function") {
        throw new TypeErrorC("streamSimple must return an event stream (createAssistantMessageEventStream())");
      }
      for await (const event of stream) {
        if (event === null || typeof event !== "object") continue;
        const out = {};
        const ks = keys(event);
        for (let i = 0; i < ks.length; i++) if (ks[i] !== "partial") out[ks[i]] = event[ks[i]];
        if (event.type === "toolcall_start" && event.partial && isArray(event.partial.content)) {
          out.block = event.partial.content[event.contentIndex];
        }
        sink(JSONstringify(out));
      }
    };
  }

  /** A dialog's `{timeout}` option (milliseconds), checked by the host; undefined without one. */
  function timeoutOf(opts) {
    return opts !== null && typeof opts === "object" ? opts.timeout : undefined;
  }

  // ctx.sessionManager keeps the session's entries, by position in file order, from call to call
  // and emit to emit: a read brings only the entries appended since (all of them once the
  // session was switched, which changes the generation).
  let sessionGeneration = null;
  let sessionEntries = [];
  // The branch read last and the position of its end: a new leaf below that end costs only the
  // walk from the new leaf up to it.
  let branchEntries = [];
  let branchEnd = -1;

  /**
   * Entries are shared by every read, so each is frozen, with its message (or data): a handler
   * that assigns to them gets a TypeError instead of changing what later reads return. Deeper
   * values are not frozen (it would cost a walk of every value); copy before changing them.
   * `lz` (meta.lz, see SessionViewCalls.EntryLines) names the messages and data still in `text`
   * from `base` on: each is parsed (and frozen) when first read, in its place among the keys.
   */
  function freezeEntries(list, lz, text, base) {
    let k = 0; // the next lazy value in lz
    for (let i = 0; i < list.length; i++) {
      const e = list[i];
      if (e !== null && typeof e === "object") {
        const m = e.message;
        if (m !== null && typeof m === "object") freeze(m);
        const d = e.data;
        if (d !== null && typeof d === "object") freeze(d);
        for (; lz !== undefined && k < lz.length && lz[k] === i; k += 4) {
          defineProperty(e, lz[k + 1] === 0 ? "message" : "data", entryValue(text, base + lz[k + 2], base + lz[k + 3]));
        }
        freeze(e);
      }
    }
    return list;
  }

  /** An entry's message or data, parsed from text[start, end) when first read, then the same object. */
  function entryValue(text, start, end) {
    return lazyValue(text, start, end, freeze);
  }

  /**
   * A property read from text[start, end) when first read, made `frozen`, then the same object.
   * Once read it lets go of `text` (a call's or a read's whole text, shared by its other values).
   */
  function lazyValue(text, start, end, frozen) {
    let value;
    let source = text;
    return {
      __proto__: null, // no getter or setter from a changed Object.prototype
      get() {
        if (source !== null) {
          value = frozen(JSONparse(stringSlice(source, start, end)));
          source = null;
        }
        return value;
      },
      enumerable: true,
      configurable: true,
    };
  }

  /**
   * A read: the host answers "S" + the new entries + "\n" + meta (see SessionViewCalls) and has
   * takeEntries take them in as the bridge's work, or answers as other host functions do. Returns
   * meta.r.
   */
  function sessionRead(fn, op, arg, end) {
    const reply = fn(op, arg, sessionGeneration, sessionEntries.length, end, takeEntries);
    if (reply !== TAKEN) return unwrap(reply);
    const r = takenAnswer;
    takenAnswer = undefined;
    return r;
  }

  /** What takeEntries answers; the read's meta.r is in takenAnswer. */
  const TAKEN = freeze({ __proto__: null });
  let takenAnswer;

  /** The entries of a session read's reply added to sessionEntries (called by the host). */
  function takeEntries(reply) {
    // The entries are JSON lines, so the last line break is the one before meta.
    const cut = reply.lastIndexOf("\n");
    const meta = JSONparse(stringSlice(reply, cut + 1, reply.length));
    let added;
    if (meta.h === undefined) {
      added = freezeEntries(JSONparse(stringSlice(reply, 1, cut)));
    } else {
      // The values' text is first (from 1), then the heads.
      added = freezeEntries(JSONparse(stringSlice(reply, cut - meta.h, cut)), meta.lz, reply, 1);
    }
    if (meta.from === 0) {
      sessionEntries = added;
    } else {
      for (let i = 0; i < added.length; i++) sessionEntries.push(added[i]);
    }
    sessionGeneration = meta.g;
    takenAnswer = meta.r;
    return TAKEN;
  }

  function makeSessionManager(fn) {
    const at = function (i) { return i >= 0 ? sessionEntries[i] : undefined; };
    return freeze({
      getEntries() {
        sessionRead(fn, "getEntries");
        return sessionEntries.slice();
      },
      getBranch(fromId) {
        const r = sessionRead(fn, "getBranch", fromId, branchEnd);
        const p = r.p;
        // branchEntries is never handed out, so the new entries go onto it in place: the copy
        // returned is then the only one a read makes (in GraalJS's interpreter a copy costs about
        // 0.1 µs an entry, and the branch grows with the session).
        if (r.after) {
          for (let i = 0; i < p.length; i++) branchEntries.push(sessionEntries[p[i]]);
        } else {
          const out = new Array(p.length);
          for (let i = 0; i < p.length; i++) out[i] = sessionEntries[p[i]];
          branchEntries = out;
        }
        if (p.length > 0) branchEnd = p[p.length - 1];
        else if (!r.after) branchEnd = -1;
        return branchEntries.slice();
      },
      getEntry(id) { return at(sessionRead(fn, "getEntry", id)); },
      getLeafEntry() { return at(sessionRead(fn, "getLeafEntry")); },
      getLeafId() { return call(fn, "getLeafId"); },
      getLabel(id) { return call(fn, "getLabel", id); },
      getTree() {
        const rows = sessionRead(fn, "getTree");
        const nodes = [];
        const roots = [];
        for (let i = 0; i < rows.length; i++) {
          const row = rows[i];
          const node = { entry: sessionEntries[row[0]], children: [] };
          if (row[2] !== null) node.label = row[2];
          if (row[3] !== null) node.labelTimestamp = row[3];
          nodes[row[0]] = node;
          if (row[1] < 0) roots.push(node);
          else nodes[row[1]].children.push(node);
        }
        return roots;
      },
      getHeader() { return call(fn, "getHeader"); },
      getSessionFile() { return call(fn, "getSessionFile"); },
      getSessionId() { return call(fn, "getSessionId"); },
      getSessionName() { return call(fn, "getSessionName"); },
      getCwd() { return call(fn, "getCwd"); },
      getSessionDir() { return call(fn, "getSessionDir"); },
    });
  }

  /**
   * A handler's ctx: the host's data as plain fields, plus ui (dialogs answer by promise),
   * sessionManager (a read-only view of the session) and the agent's methods.
   */
  // The agent functions of the latest ctx: what complete() from "@mariozechner/pi-ai" (graft's
  // built-in stand-in, which gets no ctx) calls, as ctx.complete would.
  let latestAgent;
  defineProperty(globalThis, Symbol.for("graft.compat"), { value: freeze({
    agentDir() { return call(host, "getAgentDir"); },
    // For the built-in "@mariozechner/pi-tui" and "@mariozechner/pi-coding-agent": graft's theme,
    // markdown, key names and terminal size (views.js).
    get theme() { return views().theme; },
    markdown(text, width) { return views().markdown(text, width); },
    parseKey(data) { return views().parseKey(data); },
    matchesKey(data, keyId) { return views().matchesKey(data, keyId); },
    keybindings() { return views().keybindings; },
    size() { return views().size(); },
    // getModel() of "@mariozechner/pi-ai": the model graft knows by that provider and id, as
    // ctx.modelRegistry.find answers, or undefined (also outside a handler, command or tool).
    getModel(provider, id) {
      return latestAgent === undefined ? undefined : call(latestAgent, "findModel", provider, id);
    },
    // createReadTool and its kin of "@mariozechner/pi-coding-agent": the built-in tools'
    // descriptions and parameters, and a run of one (BuiltinDelegates says when it may run).
    builtinToolDefinitions() { return call(host, "builtinToolDefinitions"); },
    runBuiltinTool(tool, toolCallId, run, signal) {
      return withSignal(signal,
        function () { return later(host, "builtinTool", tool, toolCallId, encode(run, "the built-in tool's run")); },
        function (reason) { throw abortError(reason); });
    },
    complete(request) {
      if (latestAgent === undefined) {
        return PromiseC.reject(new ErrorC("complete() from @mariozechner/pi-ai works in an event handler, command or tool"
          + " (graft calls the model as ctx.complete does)"));
      }
      return withSignal(signalOf(request),
        function () { return later(latestAgent, "complete", encode(withoutSignal(request), "complete: the request")); },
        function (reason) { throw abortError(reason); });
    },
  }), enumerable: false });

  /**
   * Property `name` of `obj`, made by `make` when first read: a plain data property from then on
   * (and at once when the script assigns it), enumerable and in its place among the keys. A ctx
   * is made for every handler call, and most handlers never read its ui or sessionManager.
   */
  function lazyProperty(obj, name, make) {
    let made = false;
    let value;
    const settle = function (v) {
      value = v;
      made = true;
      try {
        defineProperty(obj, name, { value: v, writable: true, enumerable: true, configurable: true });
      } catch (e) {
        // The script froze or sealed the object first: the getter keeps answering the value.
      }
    };
    defineProperty(obj, name, {
      get() {
        if (!made) settle(make());
        return value;
      },
      set(v) { settle(v); },
      enumerable: true,
      configurable: true,
    });
  }

  function makeCtx(dataText, ui, hasUI, session, agent, commands, reminders, components) {
    const ctx = JSONparse(dataText);
    ctx.hasUI = hasUI;
    const drawn = components === true;
    lazyProperty(ctx, "ui", function () { return freeze({
      select(title, options, opts) {
        return withSignal(signalOf(opts),
          function () { return later(ui, "select", title, encode(options, "ctx.ui.select: options"), timeoutOf(opts)); },
          function () { return undefined; });
      },
      confirm(title, message, opts) {
        return withSignal(signalOf(opts), function () { return later(ui, "confirm", title, message, timeoutOf(opts)); },
          function () { return false; });
      },
      input(title, placeholder, opts) {
        return withSignal(signalOf(opts), function () { return later(ui, "input", title, placeholder, timeoutOf(opts)); },
          function () { return undefined; });
      },
      notify(message, type) { call(ui, "notify", message, type); },
      setStatus(key, text) { call(ui, "setStatus", key, text); },
      editor(title, prefill) { return later(ui, "editor", title, prefill); },
      setWidget(key, content, options) {
        const placement = options !== null && typeof options === "object" ? options.placement : undefined;
        if (typeof content === "function") {
          // Without components (RPC, print) a factory is ignored, as in the reference.
          if (!drawn) return;
          if (typeof key !== "string") throw new TypeErrorC("ctx.ui.setWidget: the key must be a string, not " + typeof key);
          views().setWidget(key, content, function (id) { call(ui, "setWidgetView", key, id, placement); });
          return;
        }
        if (viewHelpers !== null && typeof key === "string") viewHelpers.vacate("widget:" + key);
        call(ui, "setWidget", key, encode(content, "ctx.ui.setWidget: lines"), placement);
      },
      custom(factory, options) {
        return views().custom(factory, options, drawn, function (id, optionsText) { call(ui, "custom", id, optionsText); });
      },
      setTitle(title) { call(ui, "setTitle", title); },
      setWorkingMessage(message) { call(ui, "setWorkingMessage", message); },
      setWorkingVisible(visible) {
        if (typeof visible !== "boolean") {
          throw new TypeErrorC("ctx.ui.setWorkingVisible: visible must be true or false");
        }
        call(ui, "setWorkingVisible", visible);
      },
      setWorkingIndicator(options) {
        if (options === undefined || options === null) {
          call(ui, "setWorkingIndicator");
          return;
        }
        if (typeof options !== "object") {
          throw new TypeErrorC("ctx.ui.setWorkingIndicator: the options must be an object {frames?, intervalMs?}");
        }
        const interval = options.intervalMs;
        if (interval !== undefined && (typeof interval !== "number" || interval !== interval)) {
          throw new TypeErrorC("ctx.ui.setWorkingIndicator: intervalMs must be a number of milliseconds");
        }
        call(ui, "setWorkingIndicator", encode(options.frames === undefined ? null : options.frames,
          "ctx.ui.setWorkingIndicator: frames"), interval);
      },
      // graft never hides thinking (it shows it dimmed as it streams), so there is no label for
      // hidden thinking to set: a cosmetic hint, checked and otherwise without effect.
      setHiddenThinkingLabel(label) {
        if (label !== undefined && label !== null && typeof label !== "string") {
          throw new TypeErrorC("ctx.ui.setHiddenThinkingLabel: the label must be a string");
        }
      },
      setEditorText(text) { call(ui, "setEditorText", text); },
      pasteToEditor(text) { call(ui, "setEditorText", text); },
      getEditorText() { return call(ui, "getEditorText"); },
      // A theme a script gets draws in graft's colours now (views.js's theme), under the name asked for.
      getTheme(name) {
        return typeof name === "string" && call(ui, "hasTheme", name)
          ? freeze(assign({}, views().theme, { name: name })) : undefined;
      },
      getAllThemes() { return call(ui, "getAllThemes"); },
      setTheme(themeOrName) {
        const name = typeof themeOrName === "string" ? themeOrName
          : themeOrName !== null && typeof themeOrName === "object" && typeof themeOrName.name === "string" ? themeOrName.name
          : undefined;
        if (name === undefined) {
          throw new TypeErrorC("ctx.ui.setTheme: give a theme's name (ctx.ui.getAllThemes() lists them) or a theme from"
            + " ctx.ui.getTheme(name)");
        }
        return call(ui, "setTheme", name);
      },
      getToolsExpanded() { return call(ui, "getToolsExpanded"); },
      setToolsExpanded(expanded) { call(ui, "setToolsExpanded", expanded); },
      setFooter(factory) {
        if (factory === undefined || factory === null) {
          if (viewHelpers !== null) viewHelpers.vacate("footer");
          if (drawn) call(ui, "setFooter", null);
          return;
        }
        if (typeof factory !== "function") {
          throw new TypeErrorC("ctx.ui.setFooter: the factory must be a function (tui, theme, footerData) => component");
        }
        if (!drawn) return;
        views().setFooter(factory, function () { return call(ui, "footerData"); },
          function (id) { call(ui, "setFooter", id); });
      },
      setHeader(factory) {
        if (factory === undefined || factory === null) {
          if (viewHelpers !== null) viewHelpers.vacate("header");
          if (drawn) call(ui, "setHeader", null);
          return;
        }
        if (typeof factory !== "function") {
          throw new TypeErrorC("ctx.ui.setHeader: the factory must be a function (tui, theme) => component");
        }
        if (!drawn) return;
        views().setHeader(factory, function (id) { call(ui, "setHeader", id); });
      },
      // Without components (RPC, print, JSON) the reference ignores a script's editor, and so does graft.
      setEditorComponent(factory) {
        if (factory === undefined || factory === null) {
          if (viewHelpers !== null) viewHelpers.vacate("editor");
          if (drawn) call(ui, "setEditor", null);
          return;
        }
        if (typeof factory !== "function") {
          throw new TypeErrorC("ctx.ui.setEditorComponent: the factory must be a function (tui, theme, keybindings)"
            + " => editor, or undefined for graft's editor");
        }
        if (!drawn) return;
        views().setEditor(factory, function (id) { call(ui, "setEditor", id); });
      },
      getEditorComponent() { return drawn && viewHelpers !== null ? viewHelpers.getEditor() : undefined; },
      get theme() { return views().theme; },
    }); });
    ctx.shutdown = function () { call(ui, "shutdown"); };
    lazyProperty(ctx, "sessionManager", function () { return makeSessionManager(session); });
    ctx.isIdle = function () { return call(agent, "isIdle"); };
    ctx.abort = function () { call(agent, "abort"); };
    ctx.hasPendingMessages = function () { return call(agent, "hasPendingMessages"); };
    ctx.getContextUsage = function () { return call(agent, "getContextUsage"); };
    ctx.getSystemPrompt = function () { return call(agent, "getSystemPrompt"); };
    ctx.compact = function (options) {
      if (options !== undefined && options !== null && typeof options !== "object") {
        throw new TypeErrorC("ctx.compact: the options must be an object {customInstructions?, onComplete?, onError?}");
      }
      const o = options || {};
      const onComplete = o.onComplete;
      const onError = o.onError;
      apply(promiseThen, later(agent, "compact", o.customInstructions), [
        function (result) { if (typeof onComplete === "function") onComplete(result); },
        function (error) {
          if (typeof onError === "function") onError(error);
          else log("warn", "ctx.compact: " + error.message);
        },
      ]);
    };
    ctx.rebuildContext = function () { return later(agent, "rebuildContext"); };
    ctx.complete = function (request) {
      return withSignal(signalOf(request),
        function () { return later(agent, "complete", encode(withoutSignal(request), "ctx.complete: request")); },
        function (reason) { throw abortError(reason); });
    };
    lazyProperty(ctx, "modelRegistry", function () { return freeze({
      find(provider, id) { return call(agent, "findModel", provider, id); },
      available() { return call(agent, "availableModels"); },
      // For the reference's complete(model, context, {apiKey}): graft keeps the keys, so the answer
      // says only whether graft can call the model; the apiKey is a placeholder graft ignores.
      getApiKeyAndHeaders(model) {
        const m = model !== null && typeof model === "object" ? model : {};
        const ok = call(agent, "availableModels").some(function (a) { return a.provider === m.provider && a.id === m.id; });
        return PromiseC.resolve(ok ? { ok: true, apiKey: "(kept by graft)", headers: {} }
          : { ok: false, error: "graft cannot call " + m.provider + "/" + m.id + " (no API key, or an unknown model)" });
      },
    }); });
    latestAgent = agent;
    if (reminders) {
      ctx.reminders = freeze({
        append(text, options) {
          const customType = options !== null && typeof options === "object" ? options.customType : undefined;
          call(reminders, "append", text, customType);
        },
      });
    }
    if (commands) {
      ctx.waitForIdle = function () { return later(commands, "waitForIdle"); };
      ctx.navigateTree = function (targetId, options) {
        return later(commands, "navigateTree", targetId, encode(options, "ctx.navigateTree: options"));
      };
      ctx.fork = function (entryId) { return later(commands, "fork", entryId); };
      ctx.newSession = function () { return later(commands, "newSession"); };
      ctx.switchSession = function (sessionPath) { return later(commands, "switchSession", sessionPath); };
      ctx.reload = function () { return later(commands, "reload"); };
    }
    return ctx;
  }

  /**
   * A context event's `entries`: the branch its messages were built from (ctx.sessionManager's
   * getBranch()), read when first used, so a handler that does not look costs nothing.
   */
  function withEntries(event, ctx) {
    let entries;
    defineProperty(event, "entries", {
      get() {
        if (entries === undefined) entries = ctx.sessionManager.getBranch();
        return entries;
      },
      enumerable: true,
      configurable: true,
    });
    return event;
  }

  // ---------------------------------------------------------------- context messages

  // The `context` event's messages, kept from call to call (see MessageMirror.java): graft names
  // each message by an id, sends only those the script does not hold yet, and reads back by id
  // the ones a handler returns unchanged. A kept message is handed to every later call, so it is
  // frozen all the way down: changing one in place throws a TypeError instead of changing what
  // the next call sees; a handler builds a new object instead ({...m, content}). A message's long
  // content and details are parsed (and frozen) when a handler first reads them.
  const mirrorById = new Map();
  const mirrorIdOf = new Map();

  function deepFreeze(v) {
    if (v !== null && typeof v === "object") {
      freeze(v);
      if (isArray(v)) {
        for (let i = 0; i < v.length; i++) deepFreeze(v[i]);
      } else {
        const ks = keys(v);
        for (let i = 0; i < ks.length; i++) deepFreeze(v[ks[i]]);
      }
    }
    return v;
  }

  /** The latest context event made: only its messages come through the mirror. */
  let latestContext = null;

  /**
   * The event object of a context call: `head` the payload's fields but its messages (JSON),
   * whose `messages` are made when first read, by `load(true)` (through the mirror, see
   * contextMessages) while this is the latest event, else by `load(false)` (a copy). A handler
   * may also set them without reading.
   */
  function contextEvent(head, load, loadIndex) {
    const event = JSONparse(head);
    if (loadIndex !== null) lazyProperty(event, "entryIndex", function () { return loadIndex(); });
    let messages;
    let loaded = false;
    defineProperty(event, "messages", {
      get() {
        if (!loaded) {
          messages = load(event === latestContext);
          loaded = true;
        }
        return messages;
      },
      set(value) {
        messages = value;
        loaded = true;
      },
      enumerable: true,
      configurable: true,
    });
    latestContext = event;
    return event;
  }

  /**
   * A context event's messages: `idsText` [prefix, ids]: after the `prefix` messages the last call
   * began with, one id per message (-id - 1 for a message to keep from now on, the next of
   * `headsText`'s); `lzText` per long value of those: its index, 0 content or 1 details, and where
   * its text is in `rawText`; `dropText` the ids no longer needed. The array is a new one on each
   * call, the handler's own.
   */
  // The array the last call's messages were made into (before its handler had a copy of it): the
  // next call reuses the part graft names by its length, and an answer is read against it.
  let lastMade = [];
  let lastIds = [];

  function contextMessages(idsText, headsText, rawText, lzText, dropText) {
    const all = JSONparse(idsText);
    const prefix = all[0];
    const ids = all[1];
    const fresh = JSONparse(headsText);
    const lz = JSONparse(lzText);
    // The last call's arrays are the script's alone (its handler got a copy): cut to the prefix, extended.
    const messages = lastMade;
    const madeIds = lastIds;
    messages.length = prefix;
    madeIds.length = prefix;
    let k = 0;
    let z = 0;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i];
      if (id >= 0) {
        messages[prefix + i] = mirrorById.get(id);
        madeIds[prefix + i] = id;
      } else {
        const m = fresh[k];
        if (m !== null && typeof m === "object") {
          // its values frozen now but the long ones, which are parsed and frozen when first read
          const ks = keys(m);
          for (let q = 0; q < ks.length; q++) deepFreeze(m[ks[q]]);
          for (; z < lz.length && lz[z] === k; z += 4) {
            defineProperty(m, lz[z + 1] === 0 ? "content" : "details", lazyValue(rawText, lz[z + 2], lz[z + 3], deepFreeze));
          }
          freeze(m);
        }
        k++;
        mirrorById.set(-id - 1, m);
        mirrorIdOf.set(m, -id - 1);
        messages[prefix + i] = m;
        madeIds[prefix + i] = -id - 1;
      }
    }
    // Last, so that a call stopped half-way leaves the messages graft still counts as held.
    dropIds(dropText);
    lastMade = messages;
    lastIds = madeIds;
    return arraySlice(messages, 0, messages.length);
  }

  function dropIds(dropText) {
    const drop = JSONparse(dropText);
    for (let i = 0; i < drop.length; i++) {
      const m = mirrorById.get(drop[i]);
      mirrorById.delete(drop[i]);
      mirrorIdOf.delete(m);
    }
  }

  /**
   * A command handler's extra ctx fields, beyond an event handler's: `argsRaw` (the text after /name), `args`
   * (its words) and `signal`, aborted when the user abandons the command. Returns the function
   * Java calls to abort it.
   */
  function commandCtx(ctx, argsRaw) {
    const raw = StringC(argsRaw);
    const trimmed = raw.trim();
    ctx.argsRaw = raw;
    ctx.args = trimmed === "" ? [] : trimmed.split(/\s+/);
    // A real AbortSignal (web.js), so the command can hand it on to exec, dialogs and ctx.complete.
    const controller = web().controller();
    ctx.signal = controller.signal;
    return function () { controller.abort(); };
  }

  /**
   * A context handler's answer for Java: one id per message it returned (-1 for a message it
   * was not given as it is), as a JSON array, a line break, then the answer as encode makes it
   * with only the messages that are not held in `messages`, in order. Just "\n" + encode(value)
   * when no message is held. A value that cannot be JSON is reported as the plain encode reports
   * it, with the path of the message as the handler returned it.
   */
  function encodeContextAnswer(value, what) {
    if (value !== null && typeof value === "object" && !isArray(value) && getPrototypeOf(value) === ObjectPrototype) {
      const list = value.messages;
      if (isArray(list)) {
        const ids = new Array(list.length);
        const rest = [];
        // Most handlers return the messages in the order they were made (kept, replaced, some
        // left out): those are found at a cursor in lastMade, the others looked up.
        const made = lastMade;
        const madeIds = lastIds;
        let j = 0;
        for (let i = 0; i < list.length; i++) {
          const m = list[i];
          let id;
          if (m !== null && typeof m === "object") {
            if (m === made[j] || m === made[++j]) id = madeIds[j++];
            else id = mirrorIdOf.get(m);
          }
          if (id === undefined) {
            ids[i] = -1;
            rest.push(m);
          } else {
            ids[i] = id;
          }
        }
        if (rest.length < list.length) return JSONstringify(ids) + "\n" + encodeWithMessages(value, rest, what);
      }
    }
    const text = encodeAnswer(value, what);
    return text === undefined ? undefined : "\n" + text;
  }

  /** encode(value) with `rest` as its messages (those graft does not hold); a problem is reported at the path the handler knows. */
  function encodeWithMessages(value, rest, what) {
    const copy = {};
    const ks = keys(value);
    for (let i = 0; i < ks.length; i++) copy[ks[i]] = value[ks[i]];
    copy.messages = rest;
    try {
      return encode(copy, what);
    } catch (e) {
      encode(value, what); // throws the same problem, at the path the handler knows
      throw e;
    }
  }

  // ---------------------------------------------------------------- calls from Java

  /**
   * Calls fn(a..e) and reports its result through done(true, value), or, when it returns a
   * promise, done(true, value) or done(false, reason) once that settles. A synchronous throw
   * propagates to Java. Java converts the value with encode, outside the spin budget.
   */
  function invoke(fn, done, a, b, c, d, e) {
    const r = fn(a, b, c, d, e);
    if (r !== null && (typeof r === "object" || typeof r === "function") && typeof r.then === "function") {
      apply(promiseThen, apply(promiseResolve, PromiseC, [r]), [
        function (v) { done(true, v); },
        function (reason) { done(false, reason); },
      ]);
    } else {
      done(true, r);
    }
  }

  // The ctx of the latest emit (graft numbers them) an event handler was called in, and the
  // event object last parsed here (numbered too): a script's next handler of the same emit gets
  // the same ctx, and of the same payload the same event object, even when the one before threw.
  let emitNumber = -1;
  let emitCtx = null;
  let eventNumber = 0;
  let eventMade = null;

  /**
   * An event handler's call: fn(event, ctx), through invoke. The event is the object graft hands
   * over, else parsed here from `eventText` (number `eventNo`); the ctx is the one graft hands over
   * (made for this script's earlier handler of the same emit), else made here: a call from graft
   * into a context cost more than making a ctx or parsing a small payload did. With `entries`, the
   * context event gets its entries (withEntries). Returns the ctx, which graft keeps for the
   * emit's next handlers.
   */
  function invokeEvent(fn, done, event, eventText, eventNo, lazyPaths, lazyLoad, ctx, entries, emit, dataText, ui,
      hasUI, session, agent, commands, reminders, components) {
    let e = event;
    if (e === null) {
      if (eventNo !== eventNumber) {
        eventMade = JSONparse(eventText);
        if (lazyPaths !== null) lazyValues(eventMade, lazyPaths, lazyLoad);
        eventNumber = eventNo;
      }
      e = eventMade;
    }
    let c = ctx;
    if (c === null) {
      c = emit === emitNumber ? emitCtx : makeCtx(dataText, ui, hasUI, session, agent, commands, reminders, components);
      emitNumber = emit;
      emitCtx = c;
    }
    if (entries) withEntries(e, c);
    invoke(fn, done, e, c);
    return c;
  }

  /**
   * The values of an event that graft makes only when a handler reads them (LazyValues.java: a
   * message_update's message so far): `pathsText` [[id, key, ...], ...], `load(id)` the JSON
   * text of value `id`. Places with one id get one object.
   */
  function lazyValues(event, pathsText, load) {
    const paths = JSONparse(pathsText);
    const values = new MapC();
    for (let i = 0; i < paths.length; i++) {
      const path = paths[i];
      const id = path[0];
      let obj = event;
      for (let k = 1; k < path.length - 1 && obj !== null && typeof obj === "object"; k++) obj = obj[path[k]];
      if (obj === null || typeof obj !== "object") continue;
      lazyProperty(obj, path[path.length - 1], function () {
        if (!values.has(id)) values.set(id, JSONparse(load(id)));
        return values.get(id);
      });
    }
  }

  /**
   * A tool_call handler that changes event.input in place (or assigns a new object to it), as
   * the reference lets it, answers {input} with the changed input: a handler's copy of the event
   * is its own, so without this the change would be lost without a word. An answer that blocks
   * or names its own input stands as it is.
   */
  function watchInput(handler) {
    return function (event, ctx) {
      const input = event !== null && typeof event === "object" ? event.input : undefined;
      let before;
      try {
        before = input !== null && typeof input === "object" ? JSONstringify(input) : undefined;
      } catch (e) {
        before = undefined;
      }
      const after = function (r) {
        if (before === undefined || event.input === null || typeof event.input !== "object") return r;
        if (r !== null && typeof r === "object" && (r.block === true || r.input !== undefined)) return r;
        let now;
        try {
          now = JSONstringify(event.input);
        } catch (e) {
          now = undefined; // not JSON: answered as it is, so encode names what is wrong
        }
        if (now === before) return r;
        const out = {};
        if (r !== null && typeof r === "object") {
          const ks = keys(r);
          for (let i = 0; i < ks.length; i++) out[ks[i]] = r[ks[i]];
        }
        out.input = event.input;
        return out;
      };
      const r = apply(handler, this, [event, ctx]);
      if (r !== null && (typeof r === "object" || typeof r === "function") && typeof r.then === "function") {
        return apply(promiseThen, apply(promiseResolve, PromiseC, [r]), [after]);
      }
      return after(r);
    };
  }

  /** For a thrown or rejected value that is not an Error: a short rendering of it; else null. */
  function describeThrown(v) {
    if (v instanceof ErrorC) return null;
    let s;
    try {
      s = typeof v === "string" ? JSONstringify(v) : show(v, 1);
    } catch (e) {
      s = "a value that cannot be shown";
    }
    return s.length > 300 ? s.slice(0, 300) + "..." : s;
  }

  return freeze({
    encodeAnswer,
    encodeContextAnswer,
    contextEvent,
    contextMessages,
    decode(text) { return JSONparse(text); },
    makeApi,
    makeCtx,
    commandCtx,
    invoke,
    invokeEvent,
    watchInput,
    describeThrown,
    isNotJson(v) { return v instanceof NotJson; },
    settle(resolve, text) { resolve(text === undefined || text === null ? undefined : JSONparse(text)); },
    fail(reject, message) { reject(new ErrorC(message)); },
  });
})
