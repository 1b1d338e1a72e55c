// graft's Node layer for one script context, evaluated (as an internal source) when the script
// first touches a Node global (process, Buffer, URL, fetch...), imports a node: module or loads a
// CommonJS file. It holds the registry of built-in modules (each in node/<name>.js, evaluated when
// first required), CommonJS loading (require, module.exports, createRequire), the `process` object
// and the globals. Everything that reaches outside the context — files, programs, the network,
// the environment, hashes — is a call to `host`, which checks the script's grants in Java
// (NodeCalls.java); nothing here decides what is allowed.
//
// Host protocol: host(op, ...args) returns the value, or a string starting with "\u0001" followed
// by the JSON of a Node error {code, message, syscall?, path?}, thrown here as an Error with
// those fields. `web` is web.js's helpers (AbortSignal for fetch and child processes).
(function (host, web) {
  "use strict";
  const g = globalThis;
  const freeze = Object.freeze;
  const defineProperty = Object.defineProperty;
  const JSONparse = JSON.parse;
  const ErrorC = Error;
  const TypeErrorC = TypeError;
  const hasOwn = Object.prototype.hasOwnProperty;
  const apply = Reflect.apply;

  // ---------------------------------------------------------------- host calls and errors

  const ERRNO = {
    ENOENT: -2, EIO: -5, EBADF: -9, EACCES: -13, EEXIST: -17, ENOTDIR: -20, EISDIR: -21, EINVAL: -22,
    ENOTEMPTY: -39, ELOOP: -40, EPERM: -1,
  };

  /** An Error as Node makes them: code, and errno, syscall and path when there are some. */
  function nodeError(info, Kind) {
    const e = new (Kind || ErrorC)(info.message);
    e.code = info.code;
    if (ERRNO[info.code] !== undefined) e.errno = ERRNO[info.code];
    if (info.syscall !== undefined) e.syscall = info.syscall;
    if (info.path !== undefined) e.path = info.path;
    if (info.code === "ERR_ACCESS_DENIED") e.permission = info.permission;
    return e;
  }

  function typeError(code, message) {
    const e = new TypeErrorC(message);
    e.code = code;
    return e;
  }

  function call(op, ...args) {
    const r = apply(host, undefined, [op].concat(args));
    if (typeof r === "string" && r.length > 0 && r.charCodeAt(0) === 1) {
      const info = JSONparse(r.slice(1));
      throw nodeError(info, info.code === "ERR_INVALID_ARG_TYPE" ? TypeErrorC : ErrorC);
    }
    return r;
  }

  // ---------------------------------------------------------------- what the host reports later

  // Child processes, file watchers and requests get a number here; graft reports their events
  // (output, exit, a change, a response) to dispatch, each as a run of its own on the script thread.
  const listeners = new Map();
  let nextListener = 1;

  function listen(handler) {
    const id = nextListener++;
    listeners.set(id, handler);
    return id;
  }

  function unlisten(id) {
    listeners.delete(id);
  }

  function dispatch(id, event, a, b) {
    const handler = listeners.get(id);
    if (handler !== undefined && typeof handler[event] === "function") handler[event](a, b);
  }

  // Java fills what it hands back as bytes into an ArrayBuffer made here.
  call("init", function alloc(n) { return new ArrayBuffer(n); }, dispatch);

  // ---------------------------------------------------------------- built-in modules

  const cache = new Map();
  const facts = JSONparse(call("facts"));
  /** Modules that are a property of another. */
  const PARTS = {
    "fs/promises": ["fs", "promises"], "path/posix": ["path", "posix"], "util/types": ["util", "types"],
    "assert/strict": ["assert", "strict"], "timers/promises": ["timers", "promises"],
    "stream/promises": ["stream", "promises"], "readline/promises": ["readline", "promises"],
  };
  /** Every name Node has a built-in module for (graft refuses the ones it has not, saying why). */
  const NAMES = facts.builtins;

  function isBuiltin(name) {
    return name.startsWith("node:") || NAMES.includes(name);
  }

  function builtin(name) {
    const bare = name.startsWith("node:") ? name.slice(5) : name;
    let m = cache.get(bare);
    if (m !== undefined) return m;
    if (hasOwn.call(PARTS, bare)) {
      m = builtin(PARTS[bare][0])[PARTS[bare][1]];
    } else {
      m = call("builtin", bare)(internals);
    }
    cache.set(bare, m);
    return m;
  }

  // ---------------------------------------------------------------- CommonJS

  const modules = Object.create(null);
  let pathModule;
  function path() { return pathModule || (pathModule = builtin("path")); }

  function Module(id, parent) {
    this.id = id;
    this.path = id === "." ? "." : path().dirname(id);
    this.exports = {};
    this.filename = id === "." ? null : id;
    this.loaded = false;
    this.children = [];
    this.paths = [];
    defineProperty(this, "parent", { value: parent, writable: true, configurable: true, enumerable: false });
    if (parent && parent.children) parent.children.push(this);
  }
  Module.prototype.require = function (id) { return requireFrom(this, id); };
  Module._cache = modules;
  Module._extensions = Object.create(null);
  Module._extensions[".js"] = function () { throw new ErrorC("graft loads .js files itself"); };
  Module._extensions[".json"] = Module._extensions[".js"];
  Module._extensions[".cjs"] = Module._extensions[".js"];
  Module._pathCache = Object.create(null);
  Module.builtinModules = facts.available.slice();
  Module.isBuiltin = function (name) { return isBuiltin(String(name)); };
  Module.wrap = function (script) {
    return "(function (exports, require, module, __filename, __dirname) { " + script + "\n});";
  };
  Module._load = function (request, parent) {
    return requireFrom(parent instanceof Module ? parent : root, String(request));
  };
  Module._resolveFilename = function (request, parent) {
    return resolve(String(request), parent instanceof Module ? parent : root);
  };
  Module.createRequire = createRequire;
  Module.Module = Module;
  Module.syncBuiltinESMExports = function () {};
  Module.findSourceMap = function () { return undefined; };
  Module.register = function () {
    throw new ErrorC("module.register: graft loads modules itself; there are no loader hooks");
  };
  const root = new Module(".", null);

  /** A file path, or the built-in's name prefixed with node:. */
  function resolve(request, from) {
    if (typeof request !== "string" || request === "") {
      throw typeError("ERR_INVALID_ARG_VALUE", "The argument 'id' must be a non-empty string. Received " + request);
    }
    if (request.startsWith("node:") || (isBuiltin(request) && !request.startsWith("."))) {
      return request.startsWith("node:") ? request : "node:" + request;
    }
    return call("resolve", request, from.filename === null ? null : from.filename, "require");
  }

  function requireFrom(from, request) {
    const id = resolve(request, from);
    if (id.startsWith("node:")) return builtin(id);
    return loadFile(id, from);
  }

  /** The module at `filename` (a path resolve gave), loaded once. */
  function loadFile(filename, parent) {
    const cached = modules[filename];
    if (cached !== undefined) return cached.exports;
    const m = new Module(filename, parent || null);
    modules[filename] = m;
    let done = false;
    try {
      if (filename.endsWith(".json")) {
        const text = call("readModule", filename);
        try {
          m.exports = JSONparse(text);
        } catch (e) {
          e.message = filename + ": " + e.message;
          throw e;
        }
      } else {
        const wrapper = call("compile", filename);
        const require = makeRequire(m);
        apply(wrapper, m.exports, [m.exports, require, m, filename, path().dirname(filename)]);
      }
      m.loaded = true;
      done = true;
    } finally {
      if (!done) delete modules[filename];
    }
    return m.exports;
  }

  function makeRequire(m) {
    const require = function require(id) { return requireFrom(m, id); };
    require.resolve = function (request, options) {
      if (options !== undefined && options !== null && options.paths !== undefined) {
        throw new ErrorC("require.resolve: graft resolves from the module's own folder only (no paths option)");
      }
      return resolve(String(request), m);
    };
    require.resolve.paths = function () { return null; };
    require.cache = modules;
    require.main = undefined;
    require.extensions = Module._extensions;
    return require;
  }

  function createRequire(filename) {
    let file = filename;
    if (file !== null && typeof file === "object" && typeof file.href === "string") file = file.href;
    if (typeof file !== "string") {
      throw typeError("ERR_INVALID_ARG_VALUE", "createRequire: the filename must be a file URL or an absolute path");
    }
    if (file.startsWith("file:")) file = builtin("url").fileURLToPath(file);
    if (!file.startsWith("/")) {
      throw typeError("ERR_INVALID_ARG_VALUE", "createRequire: the filename must be a file URL or an absolute path,"
        + " not " + JSON.stringify(file));
    }
    const m = new Module(file, null);
    return makeRequire(m);
  }

  // ---------------------------------------------------------------- process

  let envObject;

  /** process.env: the variables graft lets this script see; changes stay in the script (and its children's). */
  function env() {
    if (envObject === undefined) {
      const values = JSONparse(call("env"));
      envObject = new Proxy(values, {
        set(target, key, value) {
          if (typeof key === "symbol") return false;
          target[key] = String(value);
          return true;
        },
        defineProperty(target, key, desc) {
          if (typeof key === "symbol" || !("value" in desc)) return false;
          target[key] = String(desc.value);
          return true;
        },
      });
    }
    return envObject;
  }

  let processObject;
  function process() {
    if (processObject !== undefined) return processObject;
    const events = builtin("events");
    const p = new events.EventEmitter();
    let exiting = false;
    const stdio = function (fd) {
      const stream = new events.EventEmitter();
      let pending = "";
      stream.fd = fd;
      stream.isTTY = false;
      stream.columns = 80;
      stream.rows = 24;
      stream.writable = true;
      stream.write = function (chunk, encoding, cb) {
        const text = typeof chunk === "string" ? chunk : builtin("buffer").Buffer.from(chunk).toString("utf8");
        pending += text;
        const lines = pending.split("\n");
        pending = lines.pop();
        for (let i = 0; i < lines.length; i++) call("write", fd, lines[i]);
        if (pending.length > 4096) {
          call("write", fd, pending);
          pending = "";
        }
        const done = typeof encoding === "function" ? encoding : cb;
        if (typeof done === "function") queueMicrotask(done);
        return true;
      };
      stream.end = function (chunk, encoding, cb) {
        if (chunk !== undefined && chunk !== null && typeof chunk !== "function") stream.write(chunk, encoding);
        if (pending !== "") {
          call("write", fd, pending);
          pending = "";
        }
        const done = [chunk, encoding, cb].find((x) => typeof x === "function");
        if (done) queueMicrotask(done);
      };
      stream.cork = stream.uncork = stream.setDefaultEncoding = function () { return stream; };
      stream.getColorDepth = function () { return 1; };
      stream.hasColors = function () { return false; };
      stream.getWindowSize = function () { return [80, 24]; };
      stream.flush = function () {
        if (pending !== "") {
          call("write", fd, pending);
          pending = "";
        }
      };
      return stream;
    };
    const stdin = new events.EventEmitter();
    stdin.fd = 0;
    stdin.isTTY = false;
    stdin.readable = false;
    stdin.setRawMode = function () {
      throw new ErrorC("process.stdin.setRawMode: a script has no terminal (graft owns it)");
    };
    stdin.resume = stdin.pause = stdin.setEncoding = stdin.unref = stdin.ref = function () { return stdin; };
    stdin.read = function () { return null; };

    const start = call("now");
    const hr = function (previous) {
      const ns = call("nanoTime");
      let s = Math.floor(ns / 1e9);
      let n = ns - s * 1e9;
      if (Array.isArray(previous)) {
        s -= previous[0];
        n -= previous[1];
        if (n < 0) {
          s--;
          n += 1e9;
        }
      }
      return [s, n];
    };
    hr.bigint = function () { return BigInt(call("nanoTime")); };

    const props = {
      title: "graft",
      version: facts.nodeVersion,
      versions: freeze({ node: facts.nodeVersion.slice(1), graft: facts.graftVersion, v8: "0.0", uv: "0.0", modules: "127" }),
      release: freeze({ name: "node" }),
      arch: facts.arch,
      platform: facts.platform,
      pid: facts.pid,
      ppid: facts.ppid,
      argv: [facts.execPath],
      argv0: "graft",
      execArgv: [],
      execPath: facts.execPath,
      exitCode: undefined,
      features: freeze({}),
      config: freeze({ variables: {} }),
      stdout: stdio(1),
      stderr: stdio(2),
      stdin,
      hrtime: hr,
      cwd() { return facts.cwd; },
      chdir() {
        throw new ErrorC("process.chdir: a script cannot change graft's working directory");
      },
      uptime() { return (call("now") - start) / 1000; },
      memoryUsage() { return JSONparse(call("memory")); },
      cpuUsage() { return { user: 0, system: 0 }; },
      resourceUsage() { return {}; },
      umask() { return 0o22; },
      getuid() { return -1; },
      getgid() { return -1; },
      geteuid() { return -1; },
      getegid() { return -1; },
      emitWarning(warning) {
        const text = typeof warning === "string" ? warning : warning && warning.message;
        call("write", 2, "Warning: " + text);
      },
      nextTick(fn, ...args) {
        if (typeof fn !== "function") throw typeError("ERR_INVALID_ARG_TYPE", "The \"callback\" argument must be of type function");
        queueMicrotask(function () { apply(fn, undefined, args); });
      },
      kill(pid, signal) {
        if (pid === facts.pid || pid === 0 || pid === -facts.pid) {
          throw new ErrorC("process.kill: a script cannot signal graft (use process.exit to end the script)");
        }
        return builtin("child_process")._killPid(pid, signal);
      },
      exit(code) {
        const status = code === undefined ? (p.exitCode === undefined ? 0 : p.exitCode) : code;
        if (!exiting) {
          exiting = true;
          try {
            p.emit("exit", status);
          } finally {
            p.stdout.flush();
            p.stderr.flush();
          }
        }
        call("exit", String(status));
      },
      abort() { p.exit(134); },
      binding(name) {
        throw new ErrorC("process.binding('" + name + "'): graft's scripts have no access to Node's internals");
      },
      _linkedBinding(name) { return p.binding(name); },
      dlopen() {
        throw new ErrorC("process.dlopen: graft's scripts cannot load native code");
      },
      getBuiltinModule(name) {
        try {
          return builtin(String(name));
        } catch (e) {
          return undefined;
        }
      },
    };
    Object.keys(props).forEach(function (k) { p[k] = props[k]; });
    defineProperty(p, "env", { get: env, set(v) { envObject = v; }, enumerable: true, configurable: true });
    p.mainModule = undefined;
    defineProperty(p, Symbol.toStringTag, { value: "process" });
    processObject = p;
    return p;
  }

  // ---------------------------------------------------------------- globals

  /** The value of the Node global `name` (what the prelude's getter for it asks for when first read). */
  function globalValue(name) {
    switch (name) {
      case "process": return process();
      case "Buffer": case "atob": case "btoa": case "Blob": return builtin("buffer")[name];
      case "URL": case "URLSearchParams": return builtin("url")[name];
      case "performance": return builtin("perf_hooks").performance;
      case "crypto": return builtin("crypto").webcrypto;
      case "fetch": case "Headers": case "Request": case "Response": case "FormData": return fetchModule()[name];
      default: return undefined;
    }
  }

  let fetchExports;
  function fetchModule() {
    if (fetchExports === undefined) fetchExports = call("builtin", "fetch")(internals);
    return fetchExports;
  }

  const internals = freeze({
    call,
    nodeError,
    typeError,
    builtin,
    isBuiltin,
    web,
    facts,
    process,
    env,
    envTouched() { return envObject !== undefined; },
    listen,
    unlisten,
    createRequire,
    Module,
    /** The exports of the CommonJS module at `filename` (graft's ES module wrapper of it calls this). */
    requireFile(filename) {
      if (typeof filename !== "string") throw new TypeErrorC("requireFile: a path");
      return loadFile(call("resolve", filename, null, "file"), null);
    },
    globalValue,
  });
  return internals;
})
