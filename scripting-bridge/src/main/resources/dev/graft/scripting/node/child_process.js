// node:child_process: programs the script is granted (the same grants as graft.exec), run by graft
// without a shell: spawn and execFile pass the arguments as they are. A command line given to
// exec or execSync (or shell: true) runs without a shell too when it is plain words (quotes
// allowed); shell syntax in it (pipes, redirections, $, globs, ;, &&...) needs the shell itself,
// so "sh" must be granted. A child's environment is what the script sees as process.env (no
// secrets unless granted), or the env option. Children end when the script is unloaded or graft
// exits.
(function (internals) {
  "use strict";
  const call = internals.call;
  const EventEmitter = internals.builtin("events");
  const stream = internals.builtin("stream");
  const buffer = internals.builtin("buffer");
  const Buffer = buffer.Buffer;
  const hasOwn = (o, k) => o !== null && typeof o === "object" && Object.prototype.hasOwnProperty.call(o, k);
  const own = (o, k) => (hasOwn(o, k) ? o[k] : undefined);

  // ---------------------------------------------------------------- command lines

  const SHELL_SYNTAX = /[|&;<>()$`\\*?[\]#~{}!\n\r]/;

  /** A command line's words when it needs no shell (plain words, '...' and "..." quotes); else null. */
  function words(line) {
    const out = [];
    let i = 0;
    const text = String(line);
    while (i < text.length) {
      while (i < text.length && (text[i] === " " || text[i] === "\t")) i++;
      if (i >= text.length) break;
      let word = "";
      let quoted = false;
      while (i < text.length && text[i] !== " " && text[i] !== "\t") {
        const c = text[i];
        if (c === "'") {
          const end = text.indexOf("'", i + 1);
          if (end < 0) return null;
          word += text.slice(i + 1, end);
          i = end + 1;
          quoted = true;
        } else if (c === "\"") {
          const end = text.indexOf("\"", i + 1);
          if (end < 0) return null;
          const inner = text.slice(i + 1, end);
          if (/[$`\\!]/.test(inner)) return null;
          word += inner;
          i = end + 1;
          quoted = true;
        } else if (SHELL_SYNTAX.test(c)) {
          return null;
        } else {
          word += c;
          i++;
        }
      }
      if (out.length === 0 && !quoted && /^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) return null; // VAR=value command
      out.push(word);
    }
    return out.length === 0 ? null : out;
  }

  /** [program, args, through a shell] for a command line: its words, or the shell with -c when it needs one. */
  function commandLine(line, shell) {
    const w = words(line);
    if (w !== null) return [w[0], w.slice(1), false];
    return [typeof shell === "string" ? shell : "sh", ["-c", String(line)], true];
  }

  /** How a call is named in an error: what the script called, and why a shell runs when one does. */
  function label(call, given, program, viaShell) {
    return "child_process." + call + "(" + JSON.stringify(String(given)) + ")"
      + (viaShell ? " (shell syntax in the command line: it runs through " + program + ")" : "");
  }

  function normalize(file, args, options) {
    let a = Array.isArray(args) ? args.map(String) : [];
    let o = Array.isArray(args) ? options : args;
    if (o === undefined || o === null) o = {};
    if (typeof file !== "string" || file === "") {
      throw internals.typeError("ERR_INVALID_ARG_TYPE", "The \"file\" argument must be of type string. Received " + typeof file);
    }
    let program = file;
    let viaShell = false;
    const shell = own(o, "shell");
    if (shell) {
      const line = [file].concat(a).join(" ");
      [program, a, viaShell] = commandLine(line, shell);
    }
    const given = own(o, "_graftCall");
    return { program, args: a, options: o, viaShell: viaShell || (given !== undefined && given.viaShell),
      call: given !== undefined ? given.call : null, line: given !== undefined ? given.line : file };
  }

  function envOf(options) {
    const env = own(options, "env");
    if (env !== undefined && env !== null) {
      const out = {};
      for (const k of Object.keys(env)) if (env[k] !== undefined) out[k] = String(env[k]);
      return JSON.stringify(out);
    }
    return internals.envTouched() ? JSON.stringify(Object.assign({}, internals.env())) : null;
  }

  function cwdOf(options) {
    const cwd = own(options, "cwd");
    if (cwd === undefined || cwd === null) return null;
    if (typeof cwd === "object" && typeof cwd.href === "string") return internals.builtin("url").fileURLToPath(cwd);
    return String(cwd);
  }

  function stdioOf(options) {
    let stdio = own(options, "stdio");
    if (stdio === undefined) stdio = "pipe";
    if (typeof stdio === "string") stdio = [stdio, stdio, stdio];
    return [0, 1, 2].map((i) => (stdio[i] === undefined || stdio[i] === null ? "pipe" : typeof stdio[i] === "string" ? stdio[i] : "pipe"));
  }

  // ---------------------------------------------------------------- ChildProcess

  const children = new Map();

  class ChildProcess extends EventEmitter {
    constructor() {
      super();
      this.pid = undefined;
      this.exitCode = null;
      this.signalCode = null;
      this.killed = false;
      this.connected = false;
      this.stdin = null;
      this.stdout = null;
      this.stderr = null;
      this.stdio = [null, null, null];
      this.spawnfile = undefined;
      this.spawnargs = [];
    }
    kill(signal) {
      if (this._id === undefined || this.exitCode !== null || this.signalCode !== null) return false;
      const sig = signal === undefined ? "SIGTERM" : typeof signal === "number" ? signalName(signal) : String(signal);
      const sent = call("childKill", this._id, sig) === true;
      if (sent) this.killed = true;
      return sent;
    }
    ref() { return this; }
    unref() { return this; }
    disconnect() {}
    send() {
      throw new Error("child.send: graft's children have no IPC channel");
    }
  }

  function signalName(n) {
    const names = { 1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 9: "SIGKILL", 15: "SIGTERM" };
    return names[n] || "SIGTERM";
  }

  function spawn(file, args, options) {
    const { program, args: a, options: o, viaShell, call: called, line } = normalize(file, args, options);
    const child = new ChildProcess();
    child.spawnfile = program;
    child.spawnargs = [program].concat(a);
    const stdio = stdioOf(o);
    const out = new stream.Readable();
    const err = new stream.Readable();
    child.stdout = stdio[1] === "pipe" ? out : null;
    child.stderr = stdio[2] === "pipe" ? err : null;
    let input = null;
    if (stdio[0] === "pipe") {
      input = new stream.Writable({
        write(chunk, encoding, callback) {
          try {
            const b = typeof chunk === "string" ? Buffer.from(chunk, encoding) : chunk;
            if (child._id !== undefined) call("childWrite", child._id, b.buffer, b.byteOffset, b.byteOffset + b.byteLength);
            callback();
          } catch (e) {
            callback(e);
          }
        },
        final(callback) {
          if (child._id !== undefined) call("childEnd", child._id);
          callback();
        },
      });
      child.stdin = input;
    }
    child.stdio = [child.stdin, child.stdout, child.stderr];
    let exited = false;
    const id = internals.listen({
      stdout(ab) {
        const b = buffer._wrap(ab);
        if (stdio[1] === "pipe") out.push(b);
        else if (stdio[1] === "inherit") internals.process().stdout.write(b);
      },
      stderr(ab) {
        const b = buffer._wrap(ab);
        if (stdio[2] === "pipe") err.push(b);
        else if (stdio[2] === "inherit") internals.process().stderr.write(b);
      },
      exit(code, signal) {
        exited = true;
        children.delete(id);
        internals.unlisten(id);
        child.exitCode = signal === null || signal === undefined ? code : null;
        child.signalCode = signal === undefined ? null : signal;
        out.push(null);
        err.push(null);
        child.emit("exit", child.exitCode, child.signalCode);
        let open = 0;
        const close = () => {
          if (--open <= 0) child.emit("close", child.exitCode, child.signalCode);
        };
        [child.stdout, child.stderr].forEach((s) => {
          if (s !== null && !s.readableEnded) {
            open++;
            s.once("end", close);
            if (s.readableFlowing === null) s.resume();
          }
        });
        if (open === 0) queueMicrotask(() => child.emit("close", child.exitCode, child.signalCode));
      },
    });
    try {
      const pid = call("spawn", id, label(called || "spawn", line, program, viaShell), program, JSON.stringify(a), cwdOf(o),
        envOf(o), stdio[0] === "pipe");
      child._id = id;
      child.pid = pid;
      children.set(id, child);
      queueMicrotask(() => child.emit("spawn"));
    } catch (e) {
      internals.unlisten(id);
      e.spawnargs = a;
      e.path = program;
      queueMicrotask(() => {
        child.emit("error", e);
        child.emit("close", -2, null);
      });
      return child;
    }
    const timeout = own(o, "timeout");
    if (typeof timeout === "number" && timeout > 0) {
      setTimeout(() => {
        if (!exited) child.kill(own(o, "killSignal") || "SIGTERM");
      }, timeout);
    }
    const signal = own(o, "signal");
    if (signal && typeof signal.addEventListener === "function") {
      const abort = () => {
        if (!exited) {
          child.kill(own(o, "killSignal") || "SIGTERM");
          const e = new Error("The operation was aborted");
          e.name = "AbortError";
          e.code = "ABORT_ERR";
          child.emit("error", e);
        }
      };
      if (signal.aborted) queueMicrotask(abort);
      else signal.addEventListener("abort", abort, { once: true });
    }
    return child;
  }

  // ---------------------------------------------------------------- exec, execFile

  function collect(child, options, callback, command) {
    const encoding = own(options, "encoding") === undefined ? "utf8" : own(options, "encoding");
    const maxBuffer = own(options, "maxBuffer") === undefined ? 1024 * 1024 : own(options, "maxBuffer");
    const out = [];
    const err = [];
    let size = 0;
    let failed = null;
    const take = (list) => (chunk) => {
      size += chunk.length;
      if (size > maxBuffer && failed === null) {
        failed = new RangeError("stdout maxBuffer length exceeded");
        failed.code = "ERR_CHILD_PROCESS_STDIO_MAXBUFFER";
        child.kill();
        return;
      }
      list.push(chunk);
    };
    if (child.stdout) child.stdout.on("data", take(out));
    if (child.stderr) child.stderr.on("data", take(err));
    const text = (list) => {
      const b = Buffer.concat(list);
      return encoding === "buffer" || encoding === null ? b : b.toString(encoding);
    };
    let done = false;
    child.on("error", (e) => {
      if (done) return;
      done = true;
      if (typeof callback === "function") callback(e, text(out), text(err));
    });
    child.on("close", (code, signal) => {
      if (done) return;
      done = true;
      const stdout = text(out);
      const stderr = text(err);
      let error = failed;
      if (error === null && (code !== 0 || signal !== null)) {
        error = new Error("Command failed: " + command + (stderr ? "\n" + stderr : ""));
        error.code = code;
        error.killed = child.killed;
        error.signal = signal;
        error.cmd = command;
      }
      if (error !== null) {
        error.stdout = stdout;
        error.stderr = stderr;
      }
      if (typeof callback === "function") callback(error, stdout, stderr);
    });
  }

  function exec(command, options, callback) {
    const cb = typeof options === "function" ? options : callback;
    const o = typeof options === "object" && options !== null ? options : {};
    const [program, args, viaShell] = commandLine(command, own(o, "shell"));
    const child = spawn(program, args, Object.assign({}, o, { shell: false, _graftCall: { call: "exec", line: command, viaShell } }));
    collect(child, o, cb, String(command));
    return child;
  }

  function execFile(file, args, options, callback) {
    let a = args;
    let o = options;
    let cb = callback;
    if (typeof a === "function") {
      cb = a;
      a = [];
      o = {};
    } else if (!Array.isArray(a)) {
      cb = o;
      o = a;
      a = [];
    }
    if (typeof o === "function") {
      cb = o;
      o = {};
    }
    const child = spawn(file, a, o || {});
    collect(child, o || {}, cb, [file].concat(a).join(" "));
    return child;
  }

  const promisified = (run) => function (...args) {
    let child;
    const p = new Promise((resolve, reject) => {
      child = run(...args, (error, stdout, stderr) => (error ? reject(error) : resolve({ stdout, stderr })));
    });
    p.child = child;
    return p;
  };
  exec[Symbol.for("nodejs.util.promisify.custom")] = promisified(exec);
  execFile[Symbol.for("nodejs.util.promisify.custom")] = promisified(execFile);

  // ---------------------------------------------------------------- sync forms

  function spawnSync(file, args, options) {
    const { program, args: a, options: o, viaShell, call: called, line } = normalize(file, args, options);
    const input = own(o, "input");
    let inputBytes = null;
    if (input !== undefined && input !== null) {
      const b = typeof input === "string" ? Buffer.from(input, own(o, "encoding") || "utf8") : input;
      inputBytes = b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);
    }
    const timeout = typeof own(o, "timeout") === "number" && own(o, "timeout") > 0 ? own(o, "timeout") : 0;
    let r;
    try {
      r = JSON.parse(call("spawnSync", label(called || "spawnSync", line, program, viaShell), program, JSON.stringify(a),
        cwdOf(o), envOf(o), inputBytes, timeout, own(o, "maxBuffer") || 1024 * 1024));
    } catch (e) {
      return { pid: 0, output: [null, null, null], stdout: null, stderr: null, status: null, signal: null, error: e };
    }
    const encoding = own(o, "encoding");
    const bytes = (latin1) => {
      const b = Buffer.from(latin1, "latin1");
      return encoding && encoding !== "buffer" ? b.toString(encoding) : b;
    };
    const stdio = stdioOf(o);
    const stdout = bytes(r.stdout);
    const stderr = bytes(r.stderr);
    if (stdio[1] === "inherit" && r.stdout) internals.process().stdout.write(Buffer.from(r.stdout, "latin1"));
    if (stdio[2] === "inherit" && r.stderr) internals.process().stderr.write(Buffer.from(r.stderr, "latin1"));
    const out = { pid: r.pid, output: [null, stdout, stderr], stdout, stderr, status: r.status, signal: r.signal };
    if (r.timedOut) {
      out.error = new Error("spawnSync " + program + " ETIMEDOUT");
      out.error.code = "ETIMEDOUT";
    }
    return out;
  }

  function checkSync(r, command) {
    if (r.error) throw r.error;
    if (r.status !== 0 || r.signal !== null) {
      const stderr = r.stderr === null ? "" : String(r.stderr);
      const e = new Error("Command failed: " + command + (stderr ? "\n" + stderr : ""));
      e.status = r.status;
      e.signal = r.signal;
      e.output = r.output;
      e.stdout = r.stdout;
      e.stderr = r.stderr;
      e.pid = r.pid;
      throw e;
    }
  }

  function execSync(command, options) {
    const o = options || {};
    const [program, args, viaShell] = commandLine(command, own(o, "shell"));
    const r = spawnSync(program, args, Object.assign({}, o, { shell: false, _graftCall: { call: "execSync", line: command, viaShell } }));
    if (r.stderr && own(o, "stdio") === undefined) {
      const text = typeof r.stderr === "string" ? r.stderr : r.stderr.toString();
      if (text) internals.process().stderr.write(text);
    }
    checkSync(r, String(command));
    return r.stdout;
  }

  function execFileSync(file, args, options) {
    const a = Array.isArray(args) ? args : [];
    const o = Array.isArray(args) ? options || {} : args || {};
    const r = spawnSync(file, a, o);
    checkSync(r, [file].concat(a).join(" "));
    return r.stdout;
  }

  function fork() {
    throw new Error("child_process.fork: graft's scripts cannot start node processes (spawn a granted program instead)");
  }

  return {
    ChildProcess,
    spawn,
    exec,
    execFile,
    spawnSync,
    execSync,
    execFileSync,
    fork,
    _commandLine: commandLine,
    _killPid(pid, signal) {
      for (const child of children.values()) {
        if (child.pid === pid) return child.kill(signal);
      }
      const e = new Error("kill EPERM");
      e.code = "EPERM";
      e.errno = -1;
      e.syscall = "kill";
      throw e;
    },
  };
})
