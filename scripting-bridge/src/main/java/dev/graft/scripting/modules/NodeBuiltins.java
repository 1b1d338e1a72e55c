package dev.graft.scripting.modules;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Node's built-in modules in graft: the ones it has (implemented in the bridge's node/*.js, each
 * served to an {@code import} as a small ES module over the same object {@code require} returns,
 * with its named exports listed here) and the ones it has not, with what a script should use
 * instead. {@link CompatModules} registers them, under their names and with {@code node:}.
 */
public final class NodeBuiltins {
  /**
   * The modules graft has, and the names each exports besides its default (checked by
   * NodeModulesTest).
   */
  static final Map<String, List<String>> AVAILABLE = available();

  /** The modules graft has not, and why. */
  static final Map<String, String> UNAVAILABLE =
      Map.ofEntries(
          Map.entry("net", "no sockets (fetch, with a \"net\" grant, makes HTTP requests)"),
          Map.entry("tls", "no sockets (fetch, with a \"net\" grant, makes HTTPS requests)"),
          Map.entry("dgram", "no sockets"),
          Map.entry(
              "http", "no HTTP server or client (fetch, with a \"net\" grant, makes requests)"),
          Map.entry("https", "no HTTPS client (fetch, with a \"net\" grant, makes requests)"),
          Map.entry("http2", "no HTTP/2 (fetch, with a \"net\" grant, makes requests)"),
          Map.entry("dns", "no name lookups"),
          Map.entry("dns/promises", "no name lookups"),
          Map.entry("cluster", "no node processes"),
          Map.entry("worker_threads", "no threads"),
          Map.entry("vm", "no other contexts"),
          Map.entry("v8", "no access to the engine's internals"),
          Map.entry("inspector", "no debugger"),
          Map.entry("repl", "no REPL"),
          Map.entry("wasi", "no WebAssembly"),
          Map.entry("zlib", "no compression"),
          Map.entry("trace_events", "no tracing"),
          Map.entry("sys", "no sys module (use util)"),
          Map.entry("domain", "no domains"),
          Map.entry("punycode", "no punycode module (url.domainToASCII converts host names)"),
          Map.entry("async_hooks", "no async context tracking"),
          Map.entry("sqlite", "no databases"),
          Map.entry("test", "no test runner (graft scripts test runs *.test.js files)"),
          Map.entry("sea", "no single executables"));

  private NodeBuiltins() {}

  private static Map<String, List<String>> available() {
    Map<String, List<String>> m = new LinkedHashMap<>();
    // node:assert/strict exports what node:assert does (its functions in strict mode).
    List<String> assertExports =
        List.of(
            "ok",
            "AssertionError",
            "fail",
            "strictEqual",
            "notStrictEqual",
            "deepStrictEqual",
            "notDeepStrictEqual",
            "equal",
            "notEqual",
            "deepEqual",
            "notDeepEqual",
            "throws",
            "doesNotThrow",
            "rejects",
            "doesNotReject",
            "match",
            "doesNotMatch",
            "ifError",
            "strict");
    m.put("assert", assertExports);
    m.put("assert/strict", assertExports);
    m.put(
        "buffer",
        List.of(
            "Buffer",
            "SlowBuffer",
            "Blob",
            "atob",
            "btoa",
            "constants",
            "kMaxLength",
            "kStringMaxLength",
            "INSPECT_MAX_BYTES",
            "isUtf8",
            "isAscii",
            "transcode"));
    m.put(
        "child_process",
        List.of(
            "ChildProcess",
            "spawn",
            "exec",
            "execFile",
            "spawnSync",
            "execSync",
            "execFileSync",
            "fork"));
    m.put("console", List.of("log", "info", "debug", "trace", "warn", "error", "Console"));
    m.put(
        "constants",
        List.of(
            "F_OK",
            "R_OK",
            "W_OK",
            "X_OK",
            "COPYFILE_EXCL",
            "COPYFILE_FICLONE",
            "COPYFILE_FICLONE_FORCE",
            "O_RDONLY",
            "O_WRONLY",
            "O_RDWR",
            "O_CREAT",
            "O_EXCL",
            "O_TRUNC",
            "O_APPEND",
            "S_IFMT",
            "S_IFREG",
            "S_IFDIR",
            "S_IFLNK",
            "S_IFIFO",
            "S_IFCHR",
            "S_IFBLK",
            "S_IFSOCK",
            "UV_FS_COPYFILE_EXCL",
            "SIGHUP",
            "SIGINT",
            "SIGQUIT",
            "SIGILL",
            "SIGTRAP",
            "SIGABRT",
            "SIGBUS",
            "SIGFPE",
            "SIGKILL",
            "SIGUSR1",
            "SIGSEGV",
            "SIGUSR2",
            "SIGPIPE",
            "SIGALRM",
            "SIGTERM",
            "SIGCHLD",
            "SIGCONT",
            "SIGSTOP",
            "SIGTSTP",
            "SIGTTIN",
            "SIGTTOU",
            "SIGWINCH",
            "EPERM",
            "ENOENT",
            "EIO",
            "EBADF",
            "EACCES",
            "EEXIST",
            "ENOTDIR",
            "EISDIR",
            "EINVAL",
            "ENOTEMPTY",
            "ELOOP"));
    m.put(
        "crypto",
        List.of(
            "createHash",
            "createHmac",
            "hash",
            "randomBytes",
            "pseudoRandomBytes",
            "randomFillSync",
            "randomFill",
            "randomUUID",
            "randomInt",
            "getRandomValues",
            "timingSafeEqual",
            "getHashes",
            "getCiphers",
            "getCurves",
            "webcrypto",
            "subtle",
            "constants",
            "Hash",
            "Hmac",
            "createCipheriv",
            "createDecipheriv",
            "createSign",
            "createVerify",
            "generateKeyPair",
            "generateKeyPairSync",
            "createPublicKey",
            "createPrivateKey",
            "createSecretKey",
            "pbkdf2",
            "pbkdf2Sync",
            "scrypt",
            "scryptSync",
            "createDiffieHellman",
            "createECDH",
            "publicEncrypt",
            "privateDecrypt",
            "sign",
            "verify"));
    m.put(
        "diagnostics_channel",
        List.of(
            "channel", "hasSubscribers", "subscribe", "unsubscribe", "tracingChannel", "Channel"));
    m.put(
        "events",
        List.of(
            "init",
            "defaultMaxListeners",
            "EventEmitter",
            "once",
            "on",
            "errorMonitor",
            "captureRejections",
            "captureRejectionSymbol",
            "usingDomains",
            "listenerCount",
            "getEventListeners",
            "getMaxListeners",
            "setMaxListeners",
            "addAbortListener",
            "EventEmitterAsyncResource"));
    m.put(
        "fs",
        List.of(
            "constants",
            "Stats",
            "Dirent",
            "FSWatcher",
            "readFileSync",
            "writeFileSync",
            "appendFileSync",
            "existsSync",
            "statSync",
            "lstatSync",
            "readdirSync",
            "mkdirSync",
            "rmSync",
            "rmdirSync",
            "unlinkSync",
            "renameSync",
            "copyFileSync",
            "cpSync",
            "realpathSync",
            "readlinkSync",
            "accessSync",
            "mkdtempSync",
            "openSync",
            "closeSync",
            "readSync",
            "writeSync",
            "fstatSync",
            "watch",
            "watchFile",
            "unwatchFile",
            "createReadStream",
            "createWriteStream",
            "promises",
            "F_OK",
            "R_OK",
            "W_OK",
            "X_OK",
            "readFile",
            "writeFile",
            "appendFile",
            "stat",
            "lstat",
            "readdir",
            "mkdir",
            "rm",
            "rmdir",
            "unlink",
            "rename",
            "copyFile",
            "cp",
            "realpath",
            "readlink",
            "access",
            "mkdtemp",
            "open",
            "close",
            "fstat",
            "exists",
            "read",
            "write",
            "chmod",
            "chmodSync",
            "chown",
            "chownSync",
            "lchown",
            "lchownSync",
            "utimes",
            "utimesSync",
            "lutimes",
            "lutimesSync",
            "futimes",
            "futimesSync",
            "fchmod",
            "fchmodSync",
            "fchown",
            "fchownSync",
            "link",
            "linkSync",
            "symlink",
            "symlinkSync",
            "truncate",
            "truncateSync",
            "ftruncate",
            "ftruncateSync"));
    m.put(
        "fs/promises",
        List.of(
            "readFile",
            "writeFile",
            "appendFile",
            "stat",
            "lstat",
            "readdir",
            "mkdir",
            "rm",
            "rmdir",
            "unlink",
            "rename",
            "copyFile",
            "cp",
            "realpath",
            "readlink",
            "access",
            "mkdtemp",
            "open",
            "close",
            "fstat",
            "constants",
            "watch",
            "chmod",
            "chown",
            "lchown",
            "utimes",
            "lutimes",
            "futimes",
            "fchmod",
            "fchown",
            "link",
            "symlink",
            "truncate",
            "ftruncate"));
    m.put(
        "module",
        List.of(
            "builtinModules",
            "isBuiltin",
            "wrap",
            "createRequire",
            "Module",
            "syncBuiltinESMExports",
            "findSourceMap",
            "register"));
    m.put(
        "os",
        List.of(
            "EOL",
            "devNull",
            "arch",
            "platform",
            "type",
            "release",
            "version",
            "machine",
            "homedir",
            "tmpdir",
            "hostname",
            "cpus",
            "availableParallelism",
            "totalmem",
            "freemem",
            "uptime",
            "loadavg",
            "endianness",
            "networkInterfaces",
            "userInfo",
            "getPriority",
            "setPriority",
            "constants"));
    m.put(
        "path",
        List.of(
            "sep",
            "delimiter",
            "resolve",
            "normalize",
            "isAbsolute",
            "join",
            "relative",
            "toNamespacedPath",
            "dirname",
            "basename",
            "extname",
            "format",
            "parse",
            "matchesGlob",
            "posix"));
    m.put(
        "path/posix",
        List.of(
            "sep",
            "delimiter",
            "resolve",
            "normalize",
            "isAbsolute",
            "join",
            "relative",
            "toNamespacedPath",
            "dirname",
            "basename",
            "extname",
            "format",
            "parse",
            "matchesGlob",
            "posix"));
    m.put(
        "perf_hooks",
        List.of("performance", "PerformanceObserver", "constants", "monitorEventLoopDelay"));
    m.put(
        "process",
        List.of(
            "title",
            "version",
            "versions",
            "release",
            "arch",
            "platform",
            "pid",
            "ppid",
            "argv",
            "argv0",
            "execArgv",
            "execPath",
            "exitCode",
            "features",
            "config",
            "stdout",
            "stderr",
            "stdin",
            "hrtime",
            "cwd",
            "chdir",
            "uptime",
            "memoryUsage",
            "cpuUsage",
            "resourceUsage",
            "umask",
            "getuid",
            "getgid",
            "geteuid",
            "getegid",
            "emitWarning",
            "nextTick",
            "kill",
            "exit",
            "abort",
            "binding",
            "dlopen",
            "getBuiltinModule",
            "env",
            "mainModule"));
    m.put(
        "querystring",
        List.of("parse", "stringify", "decode", "encode", "escape", "unescape", "unescapeBuffer"));
    m.put(
        "readline",
        List.of(
            "Interface",
            "createInterface",
            "promises",
            "clearLine",
            "clearScreenDown",
            "cursorTo",
            "moveCursor",
            "emitKeypressEvents"));
    m.put("readline/promises", List.of("Interface", "createInterface"));
    m.put(
        "stream",
        List.of(
            "Stream",
            "Readable",
            "Writable",
            "Duplex",
            "Transform",
            "PassThrough",
            "pipeline",
            "finished",
            "promises",
            "addAbortSignal",
            "isReadable",
            "isErrored"));
    m.put("stream/promises", List.of("pipeline", "finished"));
    m.put("string_decoder", List.of("StringDecoder"));
    m.put(
        "timers",
        List.of(
            "setTimeout",
            "clearTimeout",
            "setInterval",
            "clearInterval",
            "setImmediate",
            "clearImmediate",
            "promises"));
    m.put("timers/promises", List.of("setTimeout", "setImmediate", "setInterval", "scheduler"));
    m.put("tty", List.of("isatty", "ReadStream", "WriteStream"));
    m.put(
        "url",
        List.of(
            "URL",
            "URLSearchParams",
            "fileURLToPath",
            "pathToFileURL",
            "urlToHttpOptions",
            "domainToASCII",
            "domainToUnicode",
            "format",
            "parse",
            "resolve",
            "resolveObject",
            "Url"));
    m.put(
        "util",
        List.of(
            "format",
            "formatWithOptions",
            "inspect",
            "promisify",
            "callbackify",
            "inherits",
            "deprecate",
            "types",
            "isDeepStrictEqual",
            "TextEncoder",
            "TextDecoder",
            "stripVTControlCharacters",
            "styleText",
            "parseArgs",
            "debuglog",
            "debug",
            "isArray",
            "isBoolean",
            "isNull",
            "isNullOrUndefined",
            "isNumber",
            "isString",
            "isSymbol",
            "isUndefined",
            "isRegExp",
            "isObject",
            "isDate",
            "isError",
            "isFunction",
            "isPrimitive",
            "isBuffer",
            "toUSVString",
            "getSystemErrorName",
            "aborted"));
    m.put(
        "util/types",
        List.of(
            "isDate",
            "isRegExp",
            "isMap",
            "isSet",
            "isWeakMap",
            "isWeakSet",
            "isPromise",
            "isNativeError",
            "isArrayBuffer",
            "isSharedArrayBuffer",
            "isAnyArrayBuffer",
            "isArrayBufferView",
            "isDataView",
            "isTypedArray",
            "isUint8Array",
            "isUint8ClampedArray",
            "isUint16Array",
            "isUint32Array",
            "isInt8Array",
            "isInt16Array",
            "isInt32Array",
            "isFloat32Array",
            "isFloat64Array",
            "isBigInt64Array",
            "isBigUint64Array",
            "isAsyncFunction",
            "isGeneratorFunction",
            "isGeneratorObject",
            "isMapIterator",
            "isSetIterator",
            "isBoxedPrimitive",
            "isNumberObject",
            "isStringObject",
            "isBooleanObject",
            "isSymbolObject",
            "isBigIntObject",
            "isProxy",
            "isExternal",
            "isModuleNamespaceObject",
            "isArgumentsObject",
            "isKeyObject",
            "isCryptoKey",
            "isWeakRef"));
    return Collections.unmodifiableMap(m);
  }

  /** Every built-in name, those graft has and those it has not. */
  public static List<String> names() {
    TreeMap<String, Boolean> all = new TreeMap<>();
    AVAILABLE.keySet().forEach(k -> all.put(k, true));
    UNAVAILABLE.keySet().forEach(k -> all.put(k, false));
    return List.copyOf(all.keySet());
  }

  /** The names graft has. */
  public static List<String> availableNames() {
    return List.copyOf(AVAILABLE.keySet());
  }

  /** Why {@code name} (without node:) cannot be used, if graft has it not. */
  public static Optional<String> unavailable(String name) {
    if (AVAILABLE.containsKey(name)) {
      return Optional.empty();
    }
    return Optional.of(whyNot(name));
  }

  static String whyNot(String name) {
    String reason = UNAVAILABLE.get(name);
    return reason == null
        ? "Node has no built-in module \"node:" + name + "\""
        : "node:" + name + " is not available in graft's sandbox: " + reason;
  }

  /** The resource name {@link CompatModules} serves {@code name}'s ES module under. */
  static String resource(String name) {
    return "node-" + name.replace('/', '-') + ".mjs";
  }

  /** The ES module an import of {@code name} gets. */
  static String facade(String name, List<String> exports) {
    StringBuilder out =
        new StringBuilder("const m = globalThis[Symbol.for(\"graft.node\")].builtin(\"")
            .append(name)
            .append("\");\nexport default m;\n");
    if (!exports.isEmpty()) {
      out.append("export const { ").append(String.join(", ", exports)).append(" } = m;\n");
    }
    return out.toString();
  }
}
