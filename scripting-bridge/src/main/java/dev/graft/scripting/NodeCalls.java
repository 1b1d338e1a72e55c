package dev.graft.scripting;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.management.OperatingSystemMXBean;
import dev.graft.runtime.config.GraftLauncher;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.tools.CommandEnvironment;
import dev.graft.scripting.api.Failure;
import dev.graft.scripting.api.NodeAccess;
import dev.graft.scripting.api.ScriptChild;
import dev.graft.scripting.api.ScriptHostPort;
import dev.graft.scripting.api.ScriptLog;
import dev.graft.scripting.api.ScriptSettings;
import dev.graft.scripting.api.ScriptSpawn;
import dev.graft.scripting.modules.CompatModules;
import dev.graft.scripting.modules.NodeBuiltins;
import dev.graft.scripting.modules.NodeModules;
import dev.graft.scripting.node.Hashes;
import dev.graft.scripting.node.HostGrants;
import dev.graft.scripting.node.NodeCodec;
import dev.graft.scripting.node.NodeError;
import dev.graft.scripting.node.NodeFetch;
import dev.graft.scripting.node.NodeFiles;
import dev.graft.scripting.node.PathGrants;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.IDN;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyExecutable;

/**
 * The host side of graft's Node layer (node/runtime.js and the built-in modules): one host function
 * per script through which its Node code reaches Java. Pure work (encodings, hashes, random values)
 * is done here; files, programs, requests and the environment go through the script's grants
 * ({@link NodeAccess}: {@link NodeFiles}, {@link HostGrants}, the port's {@code spawn}). What
 * arrives later (a child's output, a file change, a response) is posted to the owner thread and
 * handed to runtime.js's dispatch as a run of its own. Owner thread only, except the reports posted
 * from other threads.
 */
final class NodeCalls {
  /**
   * The Node version scripts see in process.version (graft follows its behaviour where it has the
   * API).
   */
  static final String NODE_VERSION = "v22.12.0";

  /** Children, watchers and requests one script may have going at once. */
  static final int MAX_OPEN = 100;

  private static final Duration WATCH_INTERVAL = Duration.ofMillis(250);
  private static final String ERROR = "\u0001";
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final Source RUNTIME = source("runtime");
  private static final Map<String, Source> BUILTINS = new ConcurrentHashMap<>();

  private final ScriptHostPort port;
  private final OwnerThread owner;
  private final Watchdog watchdog;
  private final RunningScripts scripts;
  private final GuestErrors errors;
  private final ScriptSettings settings;

  /** One script's Node side: its grants, what it has open, and runtime.js once evaluated. */
  static final class State {
    final Context context;
    final NodeAccess access;
    final NodeFiles files;
    final NodeFetch fetch;
    final Hashes hashes = new Hashes();
    final NodeModules modules;
    final Map<Integer, ScriptChild> children = new HashMap<>();
    final Map<Integer, ScheduledFuture<?>> watchers = new ConcurrentHashMap<>();
    final Map<Integer, CompletableFuture<?>> requests = new HashMap<>();
    Value internals;
    Value alloc;
    Value dispatch;
    volatile boolean closed;

    State(
        Context context, NodeAccess access, NodeFiles files, NodeFetch fetch, NodeModules modules) {
      this.context = context;
      this.access = access;
      this.files = files;
      this.fetch = fetch;
      this.modules = modules;
    }

    /** Ends what the script started: its children are killed, its watchers and requests dropped. */
    void close() {
      closed = true;
      children.values().forEach(c -> c.kill("SIGKILL"));
      children.clear();
      watchers.values().forEach(w -> w.cancel(false));
      watchers.clear();
      requests.values().forEach(r -> r.cancel(true));
      requests.clear();
      hashes.clear();
    }
  }

  /**
   * Whether {@code s} has a program running or a request going: what may still settle its promises.
   * Owner thread.
   */
  static boolean hasOpenWork(LoadedScript s) {
    State state = s.node();
    return state != null
        && !state.closed
        && (!state.children.isEmpty() || !state.requests.isEmpty());
  }

  NodeCalls(
      ScriptHostPort port,
      OwnerThread owner,
      Watchdog watchdog,
      RunningScripts scripts,
      GuestErrors errors,
      ScriptSettings settings) {
    this.port = port;
    this.owner = owner;
    this.watchdog = watchdog;
    this.scripts = scripts;
    this.errors = errors;
    this.settings = settings;
  }

  /**
   * Returns the function the prelude calls to get runtime.js's internals for {@code s}: its Node
   * side, with the host's access for it, is made on first use (most scripts use no Node API, and a
   * host that offers none, such as a test file's, is never asked).
   */
  ProxyExecutable install(LoadedScript s, Context context, NodeModules modules, WebGlobals web) {
    return args -> watchdog.bridgeWork(() -> internals(s, context, modules, web));
  }

  private State prepare(LoadedScript s, Context context, NodeModules modules) {
    NodeAccess access = port.nodeAccess(s.file());
    String who = access.permissions().advice().key();
    List<Path> own = new ArrayList<>();
    own.add(s.file().root());
    modules.packageOf(s.file().path()).ifPresent(own::add);
    NodeFiles files =
        new NodeFiles(new PathGrants(access.cwd(), access.home(), own, access.permissions(), who));
    NodeFetch fetch = new NodeFetch(new HostGrants(access.permissions(), who));
    State state = new State(context, access, files, fetch, modules);
    s.useNode(state);
    return state;
  }

  /** runtime.js's internals in {@code s}, evaluated first if need be. */
  Value internals(LoadedScript s, Context context, NodeModules modules, WebGlobals web) {
    State state = s.node();
    if (state == null) {
      state = prepare(s, context, modules);
    }
    if (state.internals == null) {
      state.internals = state.context.eval(RUNTIME).execute(host(s), web.helpers(s));
    }
    return state.internals;
  }

  private ProxyExecutable host(LoadedScript s) {
    return args -> {
      State state = s.node();
      String op = args[0].asString();
      try {
        return call(s, state, op, args);
      } catch (NodeError e) {
        return ERROR + errorJson(e);
      } catch (IllegalArgumentException e) {
        return ERROR
            + errorJson(new NodeError("ERR_INVALID_ARG_VALUE", String.valueOf(e.getMessage())));
      } catch (IllegalStateException e) {
        return ERROR
            + errorJson(new NodeError("ERR_INVALID_STATE", String.valueOf(e.getMessage())));
      }
    };
  }

  private Object call(LoadedScript s, State state, String op, Value[] a) throws NodeError {
    return switch (op) {
      case "init" -> {
        state.alloc = a[1];
        state.dispatch = a[2];
        yield null;
      }
      case "builtin" -> {
        // graft's own module: parsing it is the bridge's work, its first run counts as a module's.
        Source source = builtin(a[1].asString());
        watchdog.moduleLoaded(source.getLength());
        yield watchdog.bridgeWork(() -> state.context.eval(source));
      }
      case "facts" -> facts(state);
      case "env" ->
          Json.write(
              Json.MAPPER.valueToTree(
                  CommandEnvironment.forScripts(
                      state.access.environment(), state.access.permissions().env())));
      case "now" -> (double) System.currentTimeMillis();
      case "nanoTime" -> (double) System.nanoTime();
      case "memory" -> memory();
      case "freemem" -> (double) freeMemory();
      case "write" -> {
        s.log()
            .line(a[1].asInt() == 2 ? ScriptLog.Level.WARN : ScriptLog.Level.INFO, a[2].asString());
        yield null;
      }
      case "exit" -> {
        exit(s, a[1].asString());
        yield null;
      }
      case "encode" -> arrayBuffer(state, NodeCodec.encode(a[1].asString(), a[2].asString()));
      case "decode" -> {
        byte[] bytes = bytes(a[1], a[2], a[3]);
        yield NodeCodec.decode(bytes, 0, bytes.length, a[4].asString());
      }
      case "isUtf8" -> isUtf8(bytes(a[1], a[2], a[3]));
      case "domainToASCII" -> {
        try {
          yield java.net
              .IDN
              .toASCII(a[1].asString(), IDN.ALLOW_UNASSIGNED)
              .toLowerCase(Locale.ROOT);
        } catch (IllegalArgumentException e) {
          yield "";
        }
      }
      case "domainToUnicode" -> IDN.toUnicode(a[1].asString(), IDN.ALLOW_UNASSIGNED);
      case "hash" -> state.hashes.hash(a[1].asString());
      case "hmac" -> state.hashes.hmac(a[1].asString(), bytes(a[2], a[3], a[4]));
      case "hashUpdate" -> {
        state.hashes.update(a[1].asInt(), bytes(a[2], a[3], a[4]));
        yield null;
      }
      case "hashDigest" -> arrayBuffer(state, state.hashes.digest(a[1].asInt()));
      case "hashNames" -> Json.write(Json.MAPPER.valueToTree(Hashes.names()));
      case "random" -> {
        int n = a[1].asInt();
        if (n < 0 || n > 64 * 1024 * 1024) {
          throw new NodeError("ERR_OUT_OF_RANGE", "crypto: at most 64 MiB of random bytes at once");
        }
        byte[] bytes = new byte[n];
        RANDOM.nextBytes(bytes);
        yield arrayBuffer(state, bytes);
      }
      case "uuid" -> UUID.randomUUID().toString();
      case "fs" -> files(state, a);
      case "watch" -> {
        watch(s, state, a[1].asString(), a[2].asString(), a[3].asInt(), a[4].asInt());
        yield null;
      }
      case "unwatch" -> {
        ScheduledFuture<?> w = state.watchers.remove(a[1].asInt());
        if (w != null) {
          w.cancel(false);
        }
        yield null;
      }
      case "spawn" -> spawn(s, state, a);
      case "childWrite" -> {
        ScriptChild child = state.children.get(a[1].asInt());
        if (child != null) {
          try {
            child.write(bytes(a[2], a[3], a[4]));
          } catch (IOException e) {
            throw new NodeError("EPIPE", "write EPIPE (the program closed its input)");
          }
        }
        yield null;
      }
      case "childEnd" -> {
        ScriptChild child = state.children.get(a[1].asInt());
        if (child != null) {
          child.closeInput();
        }
        yield null;
      }
      case "childKill" -> {
        ScriptChild child = state.children.get(a[1].asInt());
        yield child != null && child.kill(a[2].asString());
      }
      case "spawnSync" -> spawnSync(s, state, a);
      case "fetch" -> {
        fetch(s, state, a);
        yield null;
      }
      case "fetchAbort" -> {
        CompletableFuture<?> f = state.requests.remove(a[1].asInt());
        if (f != null) {
          f.cancel(true);
        }
        yield null;
      }
      case "resolve" ->
          modules(() ->
              state.modules.resolve(
                  a[1].asString(),
                  a[2].isNull() ? Optional.empty() : Optional.of(Path.of(a[2].asString())),
                  a[3].asString()));
      case "compile" -> compile(state, a[1].asString());
      case "readModule" -> modules(() -> state.modules.read(Path.of(a[1].asString())));
      default -> throw new NodeError("ERR_INVALID_STATE", "unknown operation " + op);
    };
  }

  // ------------------------------------------------------------------ process

  private String facts(State state) {
    String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
    String arch = System.getProperty("os.arch", "");
    ObjectNode o =
        Json.object()
            .put("cwd", state.access.cwd().toString())
            .put("home", state.access.home().toString())
            .put("tmpdir", tmpdir(state.access.environment()))
            .put(
                "platform",
                os.contains("mac")
                    ? "darwin"
                    : os.contains("win") ? "win32" : os.contains("linux") ? "linux" : os)
            .put(
                "osType",
                os.contains("mac") ? "Darwin" : os.contains("win") ? "Windows_NT" : "Linux")
            .put("osRelease", System.getProperty("os.version", ""))
            .put(
                "arch",
                switch (arch) {
                  case "amd64", "x86_64" -> "x64";
                  case "aarch64", "arm64" -> "arm64";
                  default -> arch;
                })
            .put(
                "machine",
                switch (arch) {
                  case "amd64", "x86_64" -> "x86_64";
                  case "aarch64", "arm64" -> "aarch64";
                  default -> arch;
                })
            .put("pid", ProcessHandle.current().pid())
            .put("ppid", ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(0L))
            .put("cpus", Runtime.getRuntime().availableProcessors())
            .put("totalmem", totalMemory())
            .put("execPath", GraftLauncher.path(state.access.environment()))
            .put("nodeVersion", NODE_VERSION)
            .put("graftVersion", CompatModules.VERSION);
    NodeBuiltins.names().forEach(o.putArray("builtins")::add);
    NodeBuiltins.availableNames().forEach(o.putArray("available")::add);
    return Json.write(o);
  }

  static String tmpdir(Map<String, String> env) {
    String t = env.getOrDefault("TMPDIR", "");
    if (t.isEmpty()) {
      return "/tmp";
    }
    return t.length() > 1 && t.endsWith("/") ? t.substring(0, t.length() - 1) : t;
  }

  private static long totalMemory() {
    if (ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os) {
      return os.getTotalMemorySize();
    }
    return Runtime.getRuntime().maxMemory();
  }

  private static long freeMemory() {
    if (ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os) {
      return os.getFreeMemorySize();
    }
    return Runtime.getRuntime().freeMemory();
  }

  private static String memory() {
    Runtime r = Runtime.getRuntime();
    long used = r.totalMemory() - r.freeMemory();
    return Json.write(
        Json.object()
            .put("rss", r.totalMemory())
            .put("heapTotal", r.totalMemory())
            .put("heapUsed", used)
            .put("external", 0)
            .put("arrayBuffers", 0));
  }

  /**
   * process.exit: the script ends here (its context is closed, what it started is ended) and the
   * log says so; graft goes on.
   */
  private void exit(LoadedScript s, String code) {
    String shown = code.length() > 40 ? code.substring(0, 40) + "..." : code;
    scripts.stop(
        s,
        new Failure(
            Failure.Kind.STOPPED,
            s.file()
                + ": the script called process.exit("
                + shown
                + "); it is off until a reload"));
  }

  // ------------------------------------------------------------------ files

  private Object files(State state, Value[] a) throws NodeError {
    String op = a[1].asString();
    String label = a[2].asString();
    NodeFiles f = state.files;
    return switch (op) {
      case "readFile" -> {
        byte[] bytes = f.readFile(label, a[3].asString());
        yield a.length > 4 && a[4].isString()
            ? NodeCodec.decode(bytes, 0, bytes.length, "utf8")
            : arrayBuffer(state, bytes);
      }
      case "writeFile" -> {
        byte[] data =
            a[4].isString() ? NodeCodec.encode(a[4].asString(), "utf8") : bytes(a[4], a[6], a[7]);
        f.writeFile(label, a[3].asString(), data, a[5].asString());
        yield null;
      }
      case "readdir" -> f.readdir(label, a[3].asString(), a[4].asBoolean());
      case "stat" -> f.stat(label, a[3].asString(), a[4].asBoolean());
      case "exists" -> f.exists(label, a[3].asString());
      case "access" -> {
        f.access(label, a[3].asString(), a[4].asInt());
        yield null;
      }
      case "mkdir" -> f.mkdir(label, a[3].asString(), a[4].asBoolean()).orElse(null);
      case "rm" -> {
        f.rm(label, a[3].asString(), a[4].asBoolean(), a[5].asBoolean());
        yield null;
      }
      case "rmdir" -> {
        f.rmdir(label, a[3].asString(), a[4].asBoolean());
        yield null;
      }
      case "unlink" -> {
        f.unlink(label, a[3].asString());
        yield null;
      }
      case "rename" -> {
        f.rename(label, a[3].asString(), a[4].asString());
        yield null;
      }
      case "copyFile" -> {
        f.copyFile(label, a[3].asString(), a[4].asString(), a[5].asBoolean());
        yield null;
      }
      case "realpath" -> f.realpath(label, a[3].asString());
      case "readlink" -> f.readlink(label, a[3].asString());
      case "mkdtemp" -> f.mkdtemp(label, a[3].asString());
      default -> throw new NodeError("ERR_INVALID_STATE", "unknown fs operation " + op);
    };
  }

  /**
   * Polls {@code path} (checked for reading) every {@code intervalMs} (0: fs.watch's own) and
   * reports a change.
   */
  private void watch(LoadedScript s, State state, String label, String path, int id, int intervalMs)
      throws NodeError {
    if (state.watchers.size() >= MAX_OPEN) {
      throw new NodeError("EMFILE", label + ": this script watches " + MAX_OPEN + " files already");
    }
    // The grant, checked once; fs.watch fails on a missing file as Node's does (watchFile waits).
    if (!state.files.exists(label, path) && intervalMs == 0) {
      throw new NodeError(
          "ENOENT",
          "ENOENT: no such file or directory, watch '" + path + "'",
          Optional.of("watch"),
          Optional.of(path));
    }
    Path real = state.files.grants().check(PathGrants.Access.READ, label, path, true);
    Duration every = intervalMs > 0 ? Duration.ofMillis(intervalMs) : WATCH_INTERVAL;
    String[] last = {signature(real)};
    Runnable[] poll = new Runnable[1];
    poll[0] =
        () -> {
          if (state.closed || !state.watchers.containsKey(id)) {
            return;
          }
          String now = signature(real);
          if (!now.equals(last[0])) {
            last[0] = now;
            owner.post(() -> deliver(s, id, "change", "change", null));
          }
          state.watchers.put(id, watchdog.schedule(poll[0], every));
        };
    state.watchers.put(id, watchdog.schedule(poll[0], every));
  }

  private static String signature(Path p) {
    try {
      var attrs = Files.readAttributes(p, BasicFileAttributes.class);
      return attrs.lastModifiedTime().toMillis() + ":" + attrs.size() + ":" + attrs.fileKey();
    } catch (IOException e) {
      return "none";
    }
  }

  // ------------------------------------------------------------------ programs

  private Object spawn(LoadedScript s, State state, Value[] a) throws NodeError {
    int id = a[1].asInt();
    String label = a[2].asString();
    if (state.children.size() >= MAX_OPEN) {
      throw new NodeError(
          "EAGAIN", label + ": this script has " + MAX_OPEN + " programs running already");
    }
    ScriptSpawn spawn =
        spawnOf(state, label, a[3].asString(), a[4].asString(), a[5], a[6], a[7].asBoolean());
    ScriptChild child;
    try {
      child =
          port.spawn(
              s.file(),
              spawn,
              new ScriptChild.Events() {
                @Override
                public void stdout(byte[] chunk) {
                  owner.post(() -> deliver(s, id, "stdout", chunk, null));
                }

                @Override
                public void stderr(byte[] chunk) {
                  owner.post(() -> deliver(s, id, "stderr", chunk, null));
                }

                @Override
                public void exit(int code, Optional<String> signal) {
                  owner.post(() -> {
                    State now = s.node();
                    if (now != null) {
                      now.children.remove(id);
                    }
                    deliver(s, id, "exit", code, signal.orElse(null));
                  });
                }
              });
    } catch (SecurityException e) {
      throw NodeError.denied(label + ": " + e.getMessage());
    } catch (IOException e) {
      throw new NodeError(
          "ENOENT",
          label + ": " + e.getMessage(),
          Optional.of("spawn " + spawn.command()),
          Optional.of(spawn.command()));
    }
    state.children.put(id, child);
    return (double) child.pid();
  }

  /**
   * The program to start: its environment is what the script may see (or what it gave), never a
   * secret it was not granted.
   */
  private ScriptSpawn spawnOf(
      State state,
      String label,
      String program,
      String argsJson,
      Value cwd,
      Value envJson,
      boolean pipeInput)
      throws NodeError {
    List<String> args = new ArrayList<>();
    try {
      for (JsonNode n : Json.parse(argsJson)) {
        args.add(n.asText());
      }
    } catch (IOException e) {
      throw new NodeError("ERR_INVALID_ARG_TYPE", label + ": the arguments must be strings");
    }
    Path dir = state.access.cwd();
    if (cwd != null && cwd.isString()) {
      dir = state.access.cwd().resolve(cwd.asString()).normalize();
      if (!Files.isDirectory(dir)) {
        throw new NodeError(
            "ENOENT",
            label + ": cwd " + cwd.asString() + " is not a directory",
            Optional.of("spawn"),
            Optional.of(cwd.asString()));
      }
    }
    Map<String, String> env = new HashMap<>();
    if (envJson != null && envJson.isString()) {
      try {
        Json.parse(envJson.asString())
            .fields()
            .forEachRemaining(e -> env.put(e.getKey(), e.getValue().asText()));
      } catch (IOException e) {
        throw new NodeError("ERR_INVALID_ARG_TYPE", label + ": env must map names to strings");
      }
      // What the script gives, it knows (process.env holds no secret it was not granted); only the
      // loader's variables are refused, which would make a granted program run code of the
      // script's.
      env.keySet().removeIf(name -> name.startsWith("LD_") || name.startsWith("DYLD_"));
    } else {
      env.putAll(
          CommandEnvironment.forScripts(
              state.access.environment(), state.access.permissions().env()));
    }
    return new ScriptSpawn(program, args, dir, env, pipeInput);
  }

  /**
   * spawnSync: waits for the program, at most its timeout and never more than the handler timeout.
   */
  private String spawnSync(LoadedScript s, State state, Value[] a) throws NodeError {
    String label = a[1].asString();
    ScriptSpawn spawn = spawnOf(state, label, a[2].asString(), a[3].asString(), a[4], a[5], true);
    byte[] input = a[6].isNull() ? new byte[0] : bytes(a[6], null, null);
    long limit = settings.handlerTimeout().toMillis();
    long timeout = a[7].asLong() > 0 ? Math.min(a[7].asLong(), limit) : limit;
    int maxBuffer = (int) Math.min(Integer.MAX_VALUE, Math.max(0, a[8].asLong()));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    CountDownLatch done = new CountDownLatch(1);
    int[] code = {0};
    String[] signal = {null};
    ScriptChild child;
    try {
      child =
          port.spawn(
              s.file(),
              spawn,
              new ScriptChild.Events() {
                @Override
                public void stdout(byte[] chunk) {
                  keep(out, chunk, maxBuffer);
                }

                @Override
                public void stderr(byte[] chunk) {
                  keep(err, chunk, maxBuffer);
                }

                @Override
                public void exit(int c, Optional<String> sig) {
                  code[0] = c;
                  signal[0] = sig.orElse(null);
                  done.countDown();
                }
              });
    } catch (SecurityException e) {
      throw NodeError.denied(label + ": " + e.getMessage());
    } catch (IOException e) {
      throw new NodeError(
          "ENOENT",
          label + ": " + e.getMessage(),
          Optional.of("spawnSync " + spawn.command()),
          Optional.of(spawn.command()));
    }
    boolean timedOut =
        watchdog.bridgeWork(
            Watchdog.Stop.BRIDGE,
            Duration.ofMillis(timeout).plusSeconds(10),
            () -> {
              try {
                if (input.length > 0) {
                  child.write(input);
                }
              } catch (IOException e) {
                // the program did not read its input
              }
              child.closeInput();
              try {
                if (!done.await(timeout, TimeUnit.MILLISECONDS)) {
                  child.kill("SIGTERM");
                  if (!done.await(2, TimeUnit.SECONDS)) {
                    child.kill("SIGKILL");
                    done.await(2, TimeUnit.SECONDS);
                  }
                  return true;
                }
              } catch (InterruptedException e) {
                child.kill("SIGKILL");
                Thread.currentThread().interrupt();
              }
              return false;
            });
    ObjectNode r =
        Json.object()
            .put("pid", child.pid())
            .put("stdout", latin1(out))
            .put("stderr", latin1(err))
            .put("timedOut", timedOut);
    if (signal[0] != null || timedOut) {
      r.putNull("status").put("signal", signal[0] == null ? "SIGTERM" : signal[0]);
    } else {
      r.put("status", code[0]).putNull("signal");
    }
    return Json.write(r);
  }

  private static void keep(ByteArrayOutputStream out, byte[] chunk, int max) {
    synchronized (out) {
      int room = Math.max(0, max - out.size());
      out.write(chunk, 0, Math.min(room, chunk.length));
    }
  }

  private static String latin1(ByteArrayOutputStream out) {
    synchronized (out) {
      return out.toString(StandardCharsets.ISO_8859_1);
    }
  }

  // ------------------------------------------------------------------ fetch

  private void fetch(LoadedScript s, State state, Value[] a) throws NodeError {
    int id = a[1].asInt();
    String label = a[2].asString();
    if (state.requests.size() >= MAX_OPEN) {
      throw new NodeError(
          "EAGAIN", label + ": this script has " + MAX_OPEN + " requests going already");
    }
    List<Map.Entry<String, String>> headers = new ArrayList<>();
    try {
      for (JsonNode pair : Json.parse(a[5].asString())) {
        headers.add(Map.entry(pair.get(0).asText(), pair.get(1).asText()));
      }
    } catch (IOException e) {
      throw new NodeError("ERR_INVALID_ARG_VALUE", label + ": bad headers");
    }
    Optional<byte[]> body = a[6].isNull() ? Optional.empty() : Optional.of(bytes(a[6], a[7], a[8]));
    CompletableFuture<NodeFetch.Reply> reply =
        state.fetch.send(
            new NodeFetch.Call(
                label, a[3].asString(), a[4].asString(), headers, body, a[9].asString()));
    state.requests.put(id, reply);
    reply.whenComplete((r, e) ->
        owner.post(() -> {
          State now = s.node();
          if (now == null || now.requests.remove(id) == null) {
            return; // aborted, or the script ended
          }
          if (e != null) {
            Throwable cause =
                e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
            NodeError ne =
                cause instanceof NodeError n
                    ? n
                    : new NodeError("ECONNRESET", label + ": " + cause);
            deliver(s, id, "error", errorJson(ne), null);
          } else {
            deliver(s, id, "response", r.json(), r.body());
          }
        }));
  }

  // ------------------------------------------------------------------ CommonJS

  private Value compile(State state, String file) throws NodeError {
    String wrapped = modules(() -> state.modules.commonJs(Path.of(file)));
    return state.context.eval(Source.newBuilder("js", wrapped, file).buildLiteral());
  }

  /** A module lookup whose failure is Node's error. */
  private interface ModuleWork<T> {
    T get() throws NodeModules.Failure;
  }

  private static <T> T modules(ModuleWork<T> work) throws NodeError {
    try {
      return work.get();
    } catch (NodeModules.Failure e) {
      throw new NodeError(e.code(), e.getMessage());
    }
  }

  // ------------------------------------------------------------------ reports into the script

  /**
   * Hands {@code event} for listener {@code id} to the script, as a run of its own; byte arrays
   * become ArrayBuffers there. A throw is reported, as a timer callback's is.
   */
  private void deliver(LoadedScript s, int id, String event, Object a, Object b) {
    State state = s.node();
    if (state == null || state.dispatch == null || state.closed || !s.running()) {
      return;
    }
    s.nowDoing("a Node callback (" + event + ")");
    try {
      s.run(() ->
          state.dispatch.execute(
              id,
              event,
              a instanceof byte[] x ? arrayBuffer(state, x) : a,
              b instanceof byte[] y ? arrayBuffer(state, y) : b));
    } catch (LoadedScript.GuestException ge) {
      Failure f = errors.of(s, "a Node callback (" + event + ")", ge);
      if (f.kind() == Failure.Kind.STOPPED) {
        scripts.stop(s, f);
      } else {
        s.log().report(ScriptLog.Level.ERROR, f.message());
      }
    }
    scripts.closeIfDone(s);
  }

  // ------------------------------------------------------------------ bytes

  /** The bytes {@code [from, to)} of an ArrayBuffer (the whole of it when from is null). */
  static byte[] bytes(Value buffer, Value from, Value to) throws NodeError {
    if (buffer == null || !buffer.hasBufferElements()) {
      throw new NodeError("ERR_INVALID_ARG_TYPE", "expected an ArrayBuffer");
    }
    long size = buffer.getBufferSize();
    long f = from == null || from.isNull() ? 0 : from.asLong();
    long t = to == null || to.isNull() ? size : to.asLong();
    if (f < 0 || t > size || f > t || t - f > Integer.MAX_VALUE - 8) {
      throw new NodeError(
          "ERR_OUT_OF_RANGE", "byte range " + f + ".." + t + " outside a buffer of " + size);
    }
    byte[] out = new byte[(int) (t - f)];
    buffer.readBuffer(f, out, 0, out.length);
    return out;
  }

  /** A new ArrayBuffer in the script holding {@code bytes}. */
  static Value arrayBuffer(State state, byte[] bytes) {
    Value ab = state.alloc.execute(bytes.length);
    int i = 0;
    for (; i + 8 <= bytes.length; i += 8) {
      long v = 0;
      for (int k = 7; k >= 0; k--) {
        v = v << 8 | (bytes[i + k] & 0xffL);
      }
      ab.writeBufferLong(ByteOrder.LITTLE_ENDIAN, i, v);
    }
    for (; i < bytes.length; i++) {
      ab.writeBufferByte(i, bytes[i]);
    }
    return ab;
  }

  private static boolean isUtf8(byte[] bytes) {
    try {
      StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes));
      return true;
    } catch (CharacterCodingException e) {
      return false;
    }
  }

  static String errorJson(NodeError e) {
    ObjectNode o = Json.object().put("code", e.code()).put("message", e.getMessage());
    e.syscall().ifPresent(v -> o.put("syscall", v));
    e.path().ifPresent(v -> o.put("path", v));
    return Json.write(o);
  }

  // ------------------------------------------------------------------ sources

  private static Source builtin(String name) throws NodeError {
    Optional<String> why = NodeBuiltins.unavailable(name);
    if (why.isPresent() && !name.equals("fetch")) {
      throw new NodeError(
          NodeBuiltins.names().contains(name)
              ? "ERR_GRAFT_UNAVAILABLE"
              : "ERR_UNKNOWN_BUILTIN_MODULE",
          why.get());
    }
    if (!name.matches("[a-z_]+")) {
      throw new NodeError("ERR_UNKNOWN_BUILTIN_MODULE", "No such built-in module: " + name);
    }
    Source source = BUILTINS.get(name);
    if (source == null) {
      if (NodeCalls.class.getResource("node/" + name + ".js") == null) {
        throw new NodeError("ERR_UNKNOWN_BUILTIN_MODULE", "No such built-in module: node:" + name);
      }
      source = source(name);
      BUILTINS.put(name, source);
    }
    return source;
  }

  private static Source source(String name) {
    try (InputStream in = NodeCalls.class.getResourceAsStream("node/" + name + ".js")) {
      if (in == null) {
        throw new IllegalStateException("missing resource node/" + name + ".js");
      }
      return Source.newBuilder(
              "js",
              new String(in.readAllBytes(), StandardCharsets.UTF_8),
              "graft-node-" + name + ".js")
          .internal(true)
          .buildLiteral();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
