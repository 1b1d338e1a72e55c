// node:fs and fs/promises: files through graft (NodeFiles.java), which checks every path against
// the script's read and write grants and refuses, naming the grant to add, what is outside them.
// The sync forms do the work; the callback and promise forms call them and answer later. Open
// file descriptors are kept here: a read one holds the file's bytes, a write one appends.
(function (internals) {
  "use strict";
  const call = internals.call;
  const buffer = internals.builtin("buffer");
  const Buffer = buffer.Buffer;
  const EventEmitter = internals.builtin("events");

  const constants = {
    F_OK: 0, R_OK: 4, W_OK: 2, X_OK: 1, COPYFILE_EXCL: 1, COPYFILE_FICLONE: 2, COPYFILE_FICLONE_FORCE: 4,
    O_RDONLY: 0, O_WRONLY: 1, O_RDWR: 2, O_CREAT: 64, O_EXCL: 128, O_TRUNC: 512, O_APPEND: 1024,
    S_IFMT: 61440, S_IFREG: 32768, S_IFDIR: 16384, S_IFLNK: 40960, S_IFIFO: 4096, S_IFCHR: 8192, S_IFBLK: 24576,
    S_IFSOCK: 49152, UV_FS_COPYFILE_EXCL: 1,
  };

  function pathOf(p, name) {
    if (typeof p === "string") return p;
    if (p instanceof Uint8Array) return Buffer.from(p).toString("utf8");
    if (p !== null && typeof p === "object" && typeof p.href === "string" && p.protocol !== undefined) {
      return internals.builtin("url").fileURLToPath(p);
    }
    throw internals.typeError("ERR_INVALID_ARG_TYPE", "The \"" + (name || "path") + "\" argument must be of type string or an instance"
      + " of Buffer or URL. Received " + (p === null ? "null" : p === undefined ? "undefined" : typeof p));
  }

  /** An option the caller set itself (never one inherited from a polluted Object.prototype). */
  function own(options, name) {
    return options !== null && typeof options === "object" && Object.prototype.hasOwnProperty.call(options, name)
      ? options[name] : undefined;
  }

  function encodingOf(options) {
    if (typeof options === "string") return options;
    const e = own(options, "encoding");
    return typeof e === "string" ? e : null;
  }

  function flagOf(options, fallback) {
    const f = own(options, "flag");
    return typeof f === "string" ? f : fallback;
  }

  // ---------------------------------------------------------------- Stats, Dirent

  class Stats {
    constructor(o) {
      Object.assign(this, o);
      this.atime = new Date(o.atimeMs);
      this.mtime = new Date(o.mtimeMs);
      this.ctime = new Date(o.ctimeMs);
      this.birthtime = new Date(o.birthtimeMs);
    }
    isFile() { return (this.mode & constants.S_IFMT) === constants.S_IFREG; }
    isDirectory() { return (this.mode & constants.S_IFMT) === constants.S_IFDIR; }
    isSymbolicLink() { return (this.mode & constants.S_IFMT) === constants.S_IFLNK; }
    isFIFO() { return (this.mode & constants.S_IFMT) === constants.S_IFIFO; }
    isSocket() { return (this.mode & constants.S_IFMT) === constants.S_IFSOCK; }
    isCharacterDevice() { return (this.mode & constants.S_IFMT) === constants.S_IFCHR; }
    isBlockDevice() { return (this.mode & constants.S_IFMT) === constants.S_IFBLK; }
  }

  class Dirent {
    constructor(name, type, parent) {
      this.name = name;
      this.parentPath = parent;
      this.path = parent;
      Object.defineProperty(this, "_type", { value: type, enumerable: false });
    }
    isFile() { return this._type === "file"; }
    isDirectory() { return this._type === "dir"; }
    isSymbolicLink() { return this._type === "link"; }
    isFIFO() { return false; }
    isSocket() { return false; }
    isCharacterDevice() { return false; }
    isBlockDevice() { return false; }
  }

  // ---------------------------------------------------------------- sync

  function readFileSync(path, options) {
    if (typeof path === "number") return readFd(path, encodingOf(options));
    const p = pathOf(path);
    const encoding = encodingOf(options);
    const enc = encoding === null ? null : buffer._encodingOf(encoding);
    const r = call("fs", "readFile", "fs.readFileSync(" + JSON.stringify(p) + ")", p, enc === "utf8" ? "utf8" : null);
    if (typeof r === "string") return r;
    const b = buffer._wrap(r);
    return enc === null ? b : b.toString(enc);
  }

  function dataOf(data, encoding) {
    if (typeof data === "string") return encoding && buffer._encodingOf(encoding) !== "utf8" ? Buffer.from(data, encoding) : data;
    if (data instanceof Uint8Array) return data;
    if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    if (data instanceof ArrayBuffer) return new Uint8Array(data);
    throw internals.typeError("ERR_INVALID_ARG_TYPE", "The \"data\" argument must be of type string or an instance of Buffer,"
      + " TypedArray, or DataView. Received " + (data === null ? "null" : typeof data));
  }

  function write(name, path, data, options, flag) {
    if (typeof path === "number") {
      writeFd(path, data, encodingOf(options));
      return;
    }
    const p = pathOf(path);
    const d = dataOf(data, encodingOf(options));
    const label = "fs." + name + "(" + JSON.stringify(p) + ")";
    if (typeof d === "string") call("fs", "writeFile", label, p, d, flag, null);
    else call("fs", "writeFile", label, p, d.buffer, flag, d.byteOffset, d.byteOffset + d.byteLength);
  }

  function writeFileSync(path, data, options) {
    write("writeFileSync", path, data, options, flagOf(options, "w"));
  }

  function appendFileSync(path, data, options) {
    write("appendFileSync", path, data, options, flagOf(options, "a"));
  }

  function existsSync(path) {
    let p;
    try {
      p = pathOf(path);
    } catch (e) {
      return false;
    }
    return call("fs", "exists", "fs.existsSync(" + JSON.stringify(p) + ")", p) === true;
  }

  function statSync(path, options) {
    return stat("statSync", path, options, true);
  }

  function lstatSync(path, options) {
    return stat("lstatSync", path, options, false);
  }

  function stat(name, path, options, follow) {
    const p = pathOf(path);
    try {
      return new Stats(JSON.parse(call("fs", "stat", "fs." + name + "(" + JSON.stringify(p) + ")", p, follow)));
    } catch (e) {
      if (e.code === "ENOENT" && own(options, "throwIfNoEntry") === false) return undefined;
      throw e;
    }
  }

  function readdirSync(path, options) {
    const p = pathOf(path);
    const types = own(options, "withFileTypes") === true;
    const recursive = own(options, "recursive") === true;
    const list = JSON.parse(call("fs", "readdir", "fs.readdirSync(" + JSON.stringify(p) + ")", p, true));
    const out = [];
    const join = internals.builtin("path").join;
    for (const [name, type] of list) {
      out.push(types ? new Dirent(name, type, p) : name);
      if (recursive && type === "dir") {
        const inner = readdirSync(join(p, name), options);
        for (const e of inner) out.push(types ? e : join(name, e));
      }
    }
    return out;
  }

  function mkdirSync(path, options) {
    const p = pathOf(path);
    const recursive = own(options, "recursive") === true;
    const r = call("fs", "mkdir", "fs.mkdirSync(" + JSON.stringify(p) + ")", p, recursive);
    return r === null ? undefined : r;
  }

  function rmSync(path, options) {
    const p = pathOf(path);
    call("fs", "rm", "fs.rmSync(" + JSON.stringify(p) + ")", p, own(options, "recursive") === true, own(options, "force") === true);
  }

  function rmdirSync(path, options) {
    const p = pathOf(path);
    call("fs", "rmdir", "fs.rmdirSync(" + JSON.stringify(p) + ")", p, own(options, "recursive") === true);
  }

  function unlinkSync(path) {
    const p = pathOf(path);
    call("fs", "unlink", "fs.unlinkSync(" + JSON.stringify(p) + ")", p);
  }

  function renameSync(from, to) {
    const a = pathOf(from, "oldPath");
    const b = pathOf(to, "newPath");
    call("fs", "rename", "fs.renameSync(" + JSON.stringify(a) + ", " + JSON.stringify(b) + ")", a, b);
  }

  function copyFileSync(from, to, mode) {
    const a = pathOf(from, "src");
    const b = pathOf(to, "dest");
    call("fs", "copyFile", "fs.copyFileSync(" + JSON.stringify(a) + ", " + JSON.stringify(b) + ")", a, b, ((mode || 0) & 1) === 1);
  }

  function cpSync(from, to, options) {
    const a = pathOf(from, "src");
    const b = pathOf(to, "dest");
    const st = statSync(a);
    if (st.isDirectory()) {
      if (own(options, "recursive") !== true) {
        const e = new Error("Recursive option is required to copy a directory: " + a);
        e.code = "ERR_FS_EISDIR";
        throw e;
      }
      mkdirSync(b, { recursive: true });
      const join = internals.builtin("path").join;
      for (const name of readdirSync(a)) cpSync(join(a, name), join(b, name), options);
    } else {
      copyFileSync(a, b, own(options, "errorOnExist") ? 1 : 0);
    }
  }

  function realpathSync(path) {
    const p = pathOf(path);
    return call("fs", "realpath", "fs.realpathSync(" + JSON.stringify(p) + ")", p);
  }
  realpathSync.native = realpathSync;

  function readlinkSync(path) {
    const p = pathOf(path);
    return call("fs", "readlink", "fs.readlinkSync(" + JSON.stringify(p) + ")", p);
  }

  function accessSync(path, mode) {
    const p = pathOf(path);
    call("fs", "access", "fs.accessSync(" + JSON.stringify(p) + ")", p, mode === undefined ? 0 : mode);
  }

  function mkdtempSync(prefix) {
    return call("fs", "mkdtemp", "fs.mkdtempSync(" + JSON.stringify(prefix) + ")", String(prefix));
  }

  function refused(name) {
    return function () {
      const e = new Error("fs." + name + ": graft's scripts cannot change owners, modes or times of files");
      e.code = "ERR_GRAFT_UNAVAILABLE";
      throw e;
    };
  }

  // ---------------------------------------------------------------- descriptors

  const fds = new Map();
  let nextFd = 100;

  function openSync(path, flags) {
    const p = pathOf(path);
    const flag = flags === undefined ? "r" : typeof flags === "number" ? numericFlag(flags) : String(flags);
    const fd = nextFd++;
    if (flag.startsWith("r") && !flag.includes("+")) {
      fds.set(fd, { path: p, bytes: readFileSync(p), position: 0, write: false });
    } else {
      const first = flag.startsWith("a") ? flag : flag.replace("+", "");
      write("openSync", p, "", null, first === "r" ? "a" : first);
      fds.set(fd, { path: p, write: true, position: 0 });
    }
    return fd;
  }

  function numericFlag(n) {
    if (n & constants.O_APPEND) return "a";
    if (n & (constants.O_WRONLY | constants.O_RDWR)) return n & constants.O_EXCL ? "wx" : "w";
    return "r";
  }

  function fdOf(fd) {
    const f = fds.get(fd);
    if (f === undefined) {
      const e = new Error("EBADF: bad file descriptor");
      e.code = "EBADF";
      e.errno = -9;
      throw e;
    }
    return f;
  }

  function readFd(fd, encoding) {
    const f = fdOf(fd);
    const rest = f.bytes.subarray(f.position);
    f.position = f.bytes.length;
    return encoding ? rest.toString(encoding) : Buffer.from(rest);
  }

  function writeFd(fd, data, encoding) {
    const f = fdOf(fd);
    if (!f.write) {
      const e = new Error("EBADF: bad file descriptor, write");
      e.code = "EBADF";
      throw e;
    }
    write("writeSync", f.path, data, encoding, "a");
  }

  function readSync(fd, target, offsetOrOptions, length, position) {
    const f = fdOf(fd);
    let offset = offsetOrOptions;
    if (offsetOrOptions !== null && typeof offsetOrOptions === "object") {
      offset = offsetOrOptions.offset;
      length = offsetOrOptions.length;
      position = offsetOrOptions.position;
    }
    const o = offset || 0;
    const n = length === undefined ? target.byteLength - o : length;
    const from = position === null || position === undefined ? f.position : position;
    const chunk = f.bytes.subarray(from, from + n);
    new Uint8Array(target.buffer, target.byteOffset, target.byteLength).set(chunk, o);
    if (position === null || position === undefined) f.position += chunk.length;
    return chunk.length;
  }

  function writeSync(fd, data, offsetOrEncoding, length) {
    const f = fdOf(fd);
    let d = data;
    if (d instanceof Uint8Array && typeof offsetOrEncoding === "number") {
      d = d.subarray(offsetOrEncoding, length === undefined ? d.length : offsetOrEncoding + length);
    }
    writeFd(fd, d, typeof offsetOrEncoding === "string" ? offsetOrEncoding : undefined);
    return typeof d === "string" ? Buffer.byteLength(d) : d.byteLength;
  }

  function closeSync(fd) {
    fdOf(fd);
    fds.delete(fd);
  }

  function fstatSync(fd) {
    return statSync(fdOf(fd).path);
  }

  // ---------------------------------------------------------------- watching

  const watchers = new Map();

  class FSWatcher extends EventEmitter {
    constructor(id, filename) {
      super();
      this._id = id;
      this._filename = filename;
    }
    close() {
      if (watchers.delete(this._id)) call("unwatch", this._id);
      this.emit("close");
    }
    ref() { return this; }
    unref() { return this; }
  }

  function watch(filename, options, listener) {
    const p = pathOf(filename, "filename");
    const fn = typeof options === "function" ? options : listener;
    const id = internals.listen({
      change(type) {
        const w = watchers.get(id);
        if (w !== undefined) w.emit("change", type, internals.builtin("path").basename(p));
      },
    });
    const w = new FSWatcher(id, p);
    if (typeof fn === "function") w.on("change", fn);
    call("watch", "fs.watch(" + JSON.stringify(p) + ")", p, id, 0);
    watchers.set(id, w);
    return w;
  }

  const fileWatchers = new Map();
  function watchFile(filename, options, listener) {
    const p = pathOf(filename, "filename");
    const fn = typeof options === "function" ? options : listener;
    const interval = own(options, "interval") || 5007;
    let previous = statSync(p, { throwIfNoEntry: false });
    const id = internals.listen({
      change() {
        const now = statSync(p, { throwIfNoEntry: false }) || new Stats({ mode: 0, size: 0, atimeMs: 0, mtimeMs: 0, ctimeMs: 0, birthtimeMs: 0 });
        const before = previous || new Stats({ mode: 0, size: 0, atimeMs: 0, mtimeMs: 0, ctimeMs: 0, birthtimeMs: 0 });
        previous = now;
        fn(now, before);
      },
    });
    call("watch", "fs.watchFile(" + JSON.stringify(p) + ")", p, id, interval);
    const list = fileWatchers.get(p) || [];
    list.push({ id, fn });
    fileWatchers.set(p, list);
    return { ref() { return this; }, unref() { return this; } };
  }
  function unwatchFile(filename, listener) {
    const p = pathOf(filename, "filename");
    const list = fileWatchers.get(p) || [];
    for (const w of list) if (listener === undefined || w.fn === listener) call("unwatch", w.id);
    fileWatchers.set(p, listener === undefined ? [] : list.filter((w) => w.fn !== listener));
  }

  // ---------------------------------------------------------------- streams

  function createReadStream(path, options) {
    const { Readable } = internals.builtin("stream");
    const o = typeof options === "string" ? { encoding: options } : options || {};
    const r = new Readable({ encoding: own(o, "encoding") });
    r.path = typeof path === "number" ? undefined : pathOf(path);
    r.bytesRead = 0;
    let started = false;
    r._read = function () {
      if (started) return;
      started = true;
      let bytes;
      try {
        bytes = typeof path === "number" ? readFd(path) : readFileSync(r.path);
      } catch (e) {
        r.destroy(e);
        return;
      }
      const start = own(o, "start") || 0;
      const end = own(o, "end") === undefined ? bytes.length : own(o, "end") + 1;
      const chunk = bytes.subarray(start, end);
      const size = own(o, "highWaterMark") || 65536;
      queueMicrotask(() => r.emit("open", typeof path === "number" ? path : 0));
      queueMicrotask(() => r.emit("ready"));
      for (let i = 0; i < chunk.length; i += size) {
        const piece = chunk.subarray(i, Math.min(chunk.length, i + size));
        r.bytesRead += piece.length;
        r.push(piece);
      }
      r.push(null);
    };
    return r;
  }

  function createWriteStream(path, options) {
    const { Writable } = internals.builtin("stream");
    const o = typeof options === "string" ? { encoding: options } : options || {};
    const p = typeof path === "number" ? path : pathOf(path);
    let flag = own(o, "flags") || "w";
    const w = new Writable({
      write(chunk, encoding, callback) {
        try {
          if (typeof p === "number") writeFd(p, chunk);
          else write("createWriteStream", p, chunk, null, flag);
          flag = "a";
          w.bytesWritten += chunk.length;
          callback();
        } catch (e) {
          callback(e);
        }
      },
    });
    w.path = p;
    w.bytesWritten = 0;
    if (typeof p !== "number" && !flag.startsWith("a")) {
      try {
        write("createWriteStream", p, "", null, flag);
        flag = "a";
        queueMicrotask(() => {
          w.emit("open", 0);
          w.emit("ready");
        });
      } catch (e) {
        queueMicrotask(() => w.destroy(e));
      }
    }
    return w;
  }

  // ---------------------------------------------------------------- callback and promise forms

  const syncs = {
    readFile: readFileSync, writeFile: writeFileSync, appendFile: appendFileSync, stat: statSync, lstat: lstatSync,
    readdir: readdirSync, mkdir: mkdirSync, rm: rmSync, rmdir: rmdirSync, unlink: unlinkSync, rename: renameSync,
    copyFile: copyFileSync, cp: cpSync, realpath: realpathSync, readlink: readlinkSync, access: accessSync, mkdtemp: mkdtempSync,
    open: openSync, close: closeSync, fstat: fstatSync,
  };

  const callbacks = {};
  const promises = {};
  Object.keys(syncs).forEach(function (name) {
    const sync = syncs[name];
    callbacks[name] = function (...args) {
      const cb = args.pop();
      if (typeof cb !== "function") {
        throw internals.typeError("ERR_INVALID_ARG_TYPE", "The \"cb\" argument must be of type function. Received " + typeof cb);
      }
      let result;
      let error = null;
      try {
        result = sync(...args);
      } catch (e) {
        error = e;
      }
      queueMicrotask(() => (error !== null ? cb(error) : cb(null, result)));
    };
    promises[name] = function (...args) {
      try {
        return Promise.resolve(sync(...args));
      } catch (e) {
        return Promise.reject(e);
      }
    };
  });
  callbacks.exists = function (path, cb) {
    let r = false;
    try {
      r = existsSync(path);
    } catch (e) {
      r = false;
    }
    queueMicrotask(() => cb(r));
  };
  callbacks.read = function (fd, target, offset, length, position, cb) {
    try {
      const n = readSync(fd, target, offset, length, position);
      queueMicrotask(() => cb(null, n, target));
    } catch (e) {
      queueMicrotask(() => cb(e));
    }
  };
  callbacks.write = function (fd, data, ...rest) {
    const cb = rest.pop();
    try {
      const n = writeSync(fd, data, ...rest);
      queueMicrotask(() => cb(null, n, data));
    } catch (e) {
      queueMicrotask(() => cb(e));
    }
  };

  /** fs/promises' FileHandle over a descriptor. */
  class FileHandle {
    constructor(fd) { this.fd = fd; }
    readFile(options) { return promises.readFile(this.fd, options); }
    writeFile(data, options) { return promises.writeFile(this.fd, data, options); }
    appendFile(data, options) { return promises.writeFile(this.fd, data, options); }
    write(data, ...rest) {
      try {
        return Promise.resolve({ bytesWritten: writeSync(this.fd, data, ...rest), buffer: data });
      } catch (e) {
        return Promise.reject(e);
      }
    }
    read(target, offset, length, position) {
      try {
        const n = readSync(this.fd, target, offset, length, position);
        return Promise.resolve({ bytesRead: n, buffer: target });
      } catch (e) {
        return Promise.reject(e);
      }
    }
    stat() { return promises.fstat(this.fd); }
    close() { return promises.close(this.fd); }
  }
  const openHandle = promises.open;
  promises.open = function (path, flags) {
    return openHandle(path, flags).then((fd) => new FileHandle(fd));
  };
  promises.constants = constants;
  promises.readFile = (function (plain) {
    return function (path, options) {
      return plain(path instanceof FileHandle ? path.fd : path, options);
    };
  })(promises.readFile);
  promises.watch = function () {
    throw new Error("fs.promises.watch: use fs.watch");
  };
  ["chmod", "chown", "lchown", "utimes", "lutimes", "futimes", "fchmod", "fchown", "link", "symlink", "truncate", "ftruncate"].forEach(function (name) {
    promises[name] = function () {
      try {
        refused(name)();
      } catch (e) {
        return Promise.reject(e);
      }
      return undefined;
    };
  });

  const fs = {
    constants,
    Stats,
    Dirent,
    FSWatcher,
    readFileSync, writeFileSync, appendFileSync, existsSync, statSync, lstatSync, readdirSync, mkdirSync, rmSync, rmdirSync,
    unlinkSync, renameSync, copyFileSync, cpSync, realpathSync, readlinkSync, accessSync, mkdtempSync, openSync, closeSync,
    readSync, writeSync, fstatSync,
    watch, watchFile, unwatchFile,
    createReadStream, createWriteStream,
    promises,
    F_OK: 0, R_OK: 4, W_OK: 2, X_OK: 1,
  };
  Object.assign(fs, callbacks);
  ["chmod", "chown", "lchown", "utimes", "lutimes", "futimes", "fchmod", "fchown", "link", "symlink", "truncate", "ftruncate"].forEach(function (name) {
    fs[name] = refused(name);
    fs[name + "Sync"] = refused(name + "Sync");
  });
  fs.realpath.native = fs.realpath;
  return fs;
})
