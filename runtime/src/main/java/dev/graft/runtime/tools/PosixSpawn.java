package dev.graft.runtime.tools;

import java.io.Closeable;
import java.io.FileInputStream;
import java.io.FileNotFoundException;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.foreign.AddressLayout;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Starts a program with the C library's {@code posix_spawnp}, as the leader of a session (and so a
 * process group) of its own, its signal mask empty, its signals at their defaults and no descriptor
 * of graft's open in it but its standard ones. The JDK's own launch runs its {@code jspawnhelper}
 * first, and a new session needed the {@code setsid} program after that: three programs started for
 * one. Linux with glibc 2.34 or later (for {@code posix_spawn_file_actions_addclosefrom_np}) and
 * /proc (graft opens its ends of the pipes as /proc/self/fd/N); elsewhere, or with the system
 * property {@code graft.jdkSpawn=true}, {@link #AVAILABLE} is false and {@link ProcessLauncher}
 * uses the JDK. {@link ProcessLauncher} sets this class up only once a run has started a few
 * programs.
 */
final class PosixSpawn {
  private static final Linker LINKER = Linker.nativeLinker();
  private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT;
  private static final AddressLayout ADDRESS = ValueLayout.ADDRESS;

  // glibc's values, the same on every Linux architecture.
  private static final int O_RDONLY = 0;
  private static final int O_CLOEXEC = 0x80000;
  private static final short POSIX_SPAWN_SETSIGDEF = 0x04;
  private static final short POSIX_SPAWN_SETSIGMASK = 0x08;
  private static final short POSIX_SPAWN_SETSID = 0x80;
  private static final int EINTR = 4;
  private static final int ENOEXEC = 8;
  private static final int ECHILD = 10;

  /** How the JDK encodes the strings it gives a program (sun.jnu.encoding: the locale's). */
  private static final Charset JNU = jnuEncoding();

  private static Charset jnuEncoding() {
    try {
      return Charset.forName(System.getProperty("sun.jnu.encoding", "UTF-8"));
    } catch (RuntimeException e) {
      return StandardCharsets.UTF_8;
    }
  }

  /** Larger than glibc's posix_spawnattr_t (336 bytes), posix_spawn_file_actions_t and sigset_t. */
  private static final long OPAQUE = 1024;

  /** Whether programs start this way here. */
  static final boolean AVAILABLE;

  private static final MethodHandle PIPE2;
  private static final MethodHandle CLOSE;
  private static final MethodHandle SPAWNP;
  private static final MethodHandle FA_INIT;
  private static final MethodHandle FA_DESTROY;
  private static final MethodHandle FA_DUP2;
  private static final MethodHandle FA_OPEN;
  private static final MethodHandle FA_CHDIR;
  private static final MethodHandle FA_CLOSEFROM;
  private static final MethodHandle ATTR_INIT;
  private static final MethodHandle ATTR_DESTROY;
  private static final MethodHandle ATTR_FLAGS;
  private static final MethodHandle ATTR_MASK;
  private static final MethodHandle ATTR_DEFAULT;
  private static final MethodHandle SIGEMPTYSET;
  private static final MethodHandle SIGFILLSET;
  private static final MethodHandle WAITPID;
  private static final MethodHandle KILL;
  private static final MethodHandle STRERROR;
  private static final VarHandle ERRNO;
  private static final long ERRNO_SIZE;

  private static final ExecutorService REAPER = ProcessThreads.REAPER;
  private static final ExecutorService BLOCKING = ProcessThreads.BLOCKING;

  static {
    MethodHandle[] h = new MethodHandle[19];
    VarHandle errno = null;
    long errnoSize = 0;
    boolean ok = false;
    if (System.getProperty("os.name", "").equals("Linux")
        && !Boolean.getBoolean("graft.jdkSpawn")
        && Files.isDirectory(Path.of("/proc/self/fd"))) {
      try {
        SymbolLookup libc = LINKER.defaultLookup();
        Linker.Option captured = Linker.Option.captureCallState("errno");
        h[0] = handle(libc, "pipe2", FunctionDescriptor.of(INT, ADDRESS, INT));
        h[1] = handle(libc, "close", FunctionDescriptor.of(INT, INT));
        h[2] =
            handle(
                libc,
                "posix_spawnp",
                FunctionDescriptor.of(INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS));
        h[3] = handle(libc, "posix_spawn_file_actions_init", FunctionDescriptor.of(INT, ADDRESS));
        h[4] =
            handle(libc, "posix_spawn_file_actions_destroy", FunctionDescriptor.of(INT, ADDRESS));
        h[5] =
            handle(
                libc,
                "posix_spawn_file_actions_adddup2",
                FunctionDescriptor.of(INT, ADDRESS, INT, INT));
        h[6] =
            handle(
                libc,
                "posix_spawn_file_actions_addopen",
                FunctionDescriptor.of(INT, ADDRESS, INT, ADDRESS, INT, INT));
        h[7] =
            handle(
                libc,
                "posix_spawn_file_actions_addchdir_np",
                FunctionDescriptor.of(INT, ADDRESS, ADDRESS));
        h[8] =
            handle(
                libc,
                "posix_spawn_file_actions_addclosefrom_np",
                FunctionDescriptor.of(INT, ADDRESS, INT));
        h[9] = handle(libc, "posix_spawnattr_init", FunctionDescriptor.of(INT, ADDRESS));
        h[10] = handle(libc, "posix_spawnattr_destroy", FunctionDescriptor.of(INT, ADDRESS));
        h[11] =
            handle(
                libc,
                "posix_spawnattr_setflags",
                FunctionDescriptor.of(INT, ADDRESS, ValueLayout.JAVA_SHORT));
        h[12] =
            handle(
                libc, "posix_spawnattr_setsigmask", FunctionDescriptor.of(INT, ADDRESS, ADDRESS));
        h[13] =
            handle(
                libc,
                "posix_spawnattr_setsigdefault",
                FunctionDescriptor.of(INT, ADDRESS, ADDRESS));
        h[14] = handle(libc, "sigemptyset", FunctionDescriptor.of(INT, ADDRESS));
        h[15] = handle(libc, "sigfillset", FunctionDescriptor.of(INT, ADDRESS));
        h[16] =
            LINKER.downcallHandle(
                libc.find("waitpid").orElseThrow(),
                FunctionDescriptor.of(INT, INT, ADDRESS, INT),
                captured);
        h[17] =
            LINKER.downcallHandle(
                libc.find("kill").orElseThrow(), FunctionDescriptor.of(INT, INT, INT), captured);
        h[18] = handle(libc, "strerror", FunctionDescriptor.of(ADDRESS, INT));
        var state = Linker.Option.captureStateLayout();
        errno = state.varHandle(MemoryLayout.PathElement.groupElement("errno"));
        errnoSize = state.byteSize();
        ok = true;
      } catch (RuntimeException | LinkageError e) {
        ok = false; // not glibc, too old a glibc, or native access refused: the JDK starts them
      }
    }
    AVAILABLE = ok;
    PIPE2 = h[0];
    CLOSE = h[1];
    SPAWNP = h[2];
    FA_INIT = h[3];
    FA_DESTROY = h[4];
    FA_DUP2 = h[5];
    FA_OPEN = h[6];
    FA_CHDIR = h[7];
    FA_CLOSEFROM = h[8];
    ATTR_INIT = h[9];
    ATTR_DESTROY = h[10];
    ATTR_FLAGS = h[11];
    ATTR_MASK = h[12];
    ATTR_DEFAULT = h[13];
    SIGEMPTYSET = h[14];
    SIGFILLSET = h[15];
    WAITPID = h[16];
    KILL = h[17];
    STRERROR = h[18];
    ERRNO = errno;
    ERRNO_SIZE = errnoSize;
  }

  private PosixSpawn() {}

  /**
   * Whether programs can start this way here, with the calls a start makes linked and run once (a
   * pipe made and closed), so that the first program does not pay for it.
   */
  static boolean warm() {
    if (!AVAILABLE) {
      return false;
    }
    try {
      int[] p = pipe();
      close(p[0]);
      close(p[1]);
      return true;
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  private static MethodHandle handle(SymbolLookup libc, String name, FunctionDescriptor type) {
    return LINKER.downcallHandle(libc.find(name).orElseThrow(), type);
  }

  /**
   * Starts {@code argv} (its first element a path, or a name looked up on graft's PATH) in {@code
   * cwd} with exactly {@code environment}: standard input empty or a pipe, standard error apart or
   * into standard output.
   */
  static Process start(
      List<String> argv,
      Path cwd,
      Map<String, String> environment,
      boolean pipeInput,
      boolean mergeErrors)
      throws IOException {
    // As the JDK refuses them: C would end the string at the NUL and run something else.
    if (argv.stream().anyMatch(a -> a.indexOf('\0') >= 0)
        || cwd.toString().indexOf('\0') >= 0
        || environment.entrySet().stream()
            .anyMatch(e -> (e.getKey() + e.getValue()).indexOf('\0') >= 0)) {
      throw new IOException("invalid null character in command");
    }
    int[] in = pipeInput ? pipe() : null;
    int[] out = null;
    int[] err = null;
    int pid;
    try {
      out = pipe();
      err = mergeErrors ? null : pipe();
      int[] spawned = spawn(argv, cwd, environment, in, out, err);
      if (spawned[1] == ENOEXEC) {
        // A file without a #! line: the JDK has /bin/sh run it, as shells do.
        List<String> withShell = new ArrayList<>();
        withShell.add("/bin/sh");
        withShell.add(onPath(argv.getFirst()));
        withShell.addAll(argv.subList(1, argv.size()));
        spawned = spawn(withShell, cwd, environment, in, out, err);
      }
      if (spawned[1] != 0) {
        throw new IOException(
            "Cannot run program \""
                + argv.getFirst()
                + "\" (in directory \""
                + cwd
                + "\"): "
                + strerror(spawned[1]));
      }
      pid = spawned[0];
    } catch (IOException | RuntimeException e) {
      closeAll(in, out, err);
      throw e;
    }
    // The child holds its ends now; graft keeps the others, each opened as a stream.
    close(in == null ? -1 : in[0]);
    close(out[1]);
    close(err == null ? -1 : err[1]);
    List<Closeable> opened = new ArrayList<>();
    try {
      OutputStream stdin = in == null ? new Closed() : opened(opened, new PipeOut(fd(in[1])));
      InputStream stdout = opened(opened, new PipeIn(fd(out[0])));
      InputStream stderr =
          err == null ? InputStream.nullInputStream() : opened(opened, new PipeIn(fd(err[0])));
      return new Spawned(pid, stdin, stdout, stderr);
    } catch (IOException | RuntimeException e) {
      // Started, but graft cannot reach its pipes: it is ended (and waited for) at once.
      kill(-pid, 9);
      REAPER.execute(() -> waitFor(pid));
      opened.forEach(PosixSpawn::closeQuietly);
      throw e;
    } finally {
      close(in == null ? -1 : in[1]);
      close(out[0]);
      close(err == null ? -1 : err[0]);
    }
  }

  private static <T extends Closeable> T opened(List<Closeable> opened, T stream) {
    opened.add(stream);
    return stream;
  }

  /** {@code name} as the C library's execvp finds it: a path, or the first on graft's PATH. */
  private static String onPath(String name) {
    return name.contains("/") ? name : ProcessTree.onPath(name).map(Path::toString).orElse(name);
  }

  /**
   * Runs a read or write of a pipe that may block. On a virtual thread it runs on a platform thread
   * of {@link #BLOCKING} meanwhile, so that it never holds the virtual thread's carrier (the JDK's
   * own process pipes do the like, internally): two readers waiting on a program's output would
   * otherwise hold both carriers of a two-core machine, and no virtual thread would run until the
   * program ended.
   */
  private static <T> T blocking(Callable<T> io) throws IOException {
    if (!Thread.currentThread().isVirtual()) {
      try {
        return io.call();
      } catch (IOException | RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }
    // Waited for whatever happens: a read given up would lose its bytes, or land them in the
    // caller's buffer later. An interrupt is kept for the caller, as a read of a FileInputStream
    // would (it is not interruptible either).
    Future<T> done = BLOCKING.submit(io);
    boolean interrupted = false;
    try {
      while (true) {
        try {
          return done.get();
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
    } catch (ExecutionException e) {
      if (e.getCause() instanceof IOException failed) {
        throw failed;
      }
      throw new IllegalStateException(e.getCause());
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /**
   * A pipe from the program. Not a FileInputStream itself: its bulk reads (readAllBytes,
   * transferTo) would go around {@link #read(byte[], int, int)}.
   */
  private static final class PipeIn extends InputStream {
    private final FileInputStream pipe;

    PipeIn(String path) throws FileNotFoundException {
      pipe = new FileInputStream(path);
    }

    @Override
    public int read() throws IOException {
      return blocking(pipe::read);
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      // What the pipe holds already is read at once: such a read does not block.
      if (len > 0 && pipe.available() > 0) {
        return pipe.read(b, off, len);
      }
      return blocking(() -> pipe.read(b, off, len));
    }

    @Override
    public int available() throws IOException {
      return pipe.available();
    }

    @Override
    public void close() throws IOException {
      pipe.close();
    }
  }

  /** A pipe to the program. */
  private static final class PipeOut extends OutputStream {
    private final FileOutputStream pipe;

    PipeOut(String path) throws FileNotFoundException {
      pipe = new FileOutputStream(path);
    }

    @Override
    public void write(int b) throws IOException {
      blocking(() -> {
        pipe.write(b);
        return null;
      });
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      blocking(() -> {
        pipe.write(b, off, len);
        return null;
      });
    }

    @Override
    public void close() throws IOException {
      pipe.close();
    }
  }

  /** Standard input when it is not a pipe: writing fails, as on the JDK's processes. */
  private static final class Closed extends OutputStream {
    @Override
    public void write(int b) throws IOException {
      throw new IOException("Stream closed");
    }
  }

  /** A path that opens descriptor {@code fd} of this process again, as a stream of its own. */
  private static String fd(int fd) {
    return "/proc/self/fd/" + fd;
  }

  /** Spawns {@code argv}: {pid, 0}, or {0, the error number} when it could not start. */
  private static int[] spawn(
      List<String> argv, Path cwd, Map<String, String> environment, int[] in, int[] out, int[] err)
      throws IOException {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment actions = arena.allocate(OPAQUE, 16);
      MemorySegment attributes = arena.allocate(OPAQUE, 16);
      MemorySegment signals = arena.allocate(OPAQUE, 16);
      check((int) FA_INIT.invokeExact(actions), "posix_spawn_file_actions_init");
      try {
        check((int) ATTR_INIT.invokeExact(attributes), "posix_spawnattr_init");
        try {
          if (in == null) {
            check(
                (int) FA_OPEN.invokeExact(actions, 0, arena.allocateFrom("/dev/null"), O_RDONLY, 0),
                "posix_spawn_file_actions_addopen");
          } else {
            check((int) FA_DUP2.invokeExact(actions, in[0], 0), "adddup2");
          }
          check((int) FA_DUP2.invokeExact(actions, out[1], 1), "adddup2");
          check((int) FA_DUP2.invokeExact(actions, err == null ? out[1] : err[1], 2), "adddup2");
          check((int) FA_CHDIR.invokeExact(actions, text(arena, cwd.toString())), "addchdir");
          check((int) FA_CLOSEFROM.invokeExact(actions, 3), "addclosefrom");
          check(
              (int)
                  ATTR_FLAGS.invokeExact(
                      attributes,
                      (short)
                          (POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)),
              "posix_spawnattr_setflags");
          check((int) SIGEMPTYSET.invokeExact(signals), "sigemptyset");
          check((int) ATTR_MASK.invokeExact(attributes, signals), "setsigmask");
          MemorySegment defaults = arena.allocate(OPAQUE, 16);
          check((int) SIGFILLSET.invokeExact(defaults), "sigfillset");
          check((int) ATTR_DEFAULT.invokeExact(attributes, defaults), "setsigdefault");
          MemorySegment pid = arena.allocate(INT);
          int failed =
              (int)
                  SPAWNP.invokeExact(
                      pid,
                      text(arena, argv.getFirst()),
                      actions,
                      attributes,
                      strings(arena, argv.stream().map(a -> text(arena, a)).toList()),
                      strings(arena, Inherited.environment(arena, environment)));
          return failed != 0 ? new int[] {0, failed} : new int[] {pid.get(INT, 0), 0};
        } finally {
          int ignored = (int) ATTR_DESTROY.invokeExact(attributes);
        }
      } finally {
        int ignored = (int) FA_DESTROY.invokeExact(actions);
      }
    } catch (IOException | RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new IllegalStateException(t);
    }
  }

  /** A NULL-terminated array of C strings. */
  private static MemorySegment strings(Arena arena, List<MemorySegment> values) {
    MemorySegment array = arena.allocate(ADDRESS, values.size() + 1L);
    for (int i = 0; i < values.size(); i++) {
      array.setAtIndex(ADDRESS, i, values.get(i));
    }
    array.setAtIndex(ADDRESS, values.size(), MemorySegment.NULL);
    return array;
  }

  /** {@code value} as the JDK hands a program a string: in the platform's encoding, NUL-ended. */
  private static MemorySegment text(Arena arena, String value) {
    return arena.allocateFrom(value, JNU);
  }

  private static MemorySegment bytes(Arena arena, byte[] value) {
    MemorySegment text = arena.allocate(value.length + 1L);
    MemorySegment.copy(value, 0, text, ValueLayout.JAVA_BYTE, 0, value.length);
    return text;
  }

  /**
   * graft's own environment as it got it: a variable passed on unchanged goes as its bytes, as the
   * JDK passes an inherited one (a value not valid in the platform's encoding, or any but ASCII
   * where the locale is C, reads as another string in Java); any other is encoded.
   */
  private static final class Inherited {
    private static final Map<String, Map.Entry<String, byte[]>> VARIABLES = read();

    private static Map<String, Map.Entry<String, byte[]>> read() {
      Map<String, Map.Entry<String, byte[]>> out = new HashMap<>();
      byte[] all;
      try {
        all = Files.readAllBytes(Path.of("/proc/self/environ"));
      } catch (IOException | RuntimeException e) {
        return out; // every variable encoded
      }
      int start = 0;
      for (int i = 0; i <= all.length; i++) {
        if (i == all.length || all[i] == 0) {
          byte[] line = Arrays.copyOfRange(all, start, i);
          String text = new String(line, JNU);
          int eq = text.indexOf('=', 1);
          if (eq > 0) {
            out.putIfAbsent(text.substring(0, eq), Map.entry(text.substring(eq + 1), line));
          }
          start = i + 1;
        }
      }
      return out;
    }

    static List<MemorySegment> environment(Arena arena, Map<String, String> environment) {
      List<MemorySegment> out = new ArrayList<>(environment.size());
      for (Map.Entry<String, String> e : environment.entrySet()) {
        Map.Entry<String, byte[]> inherited = VARIABLES.get(e.getKey());
        out.add(
            inherited != null && inherited.getKey().equals(e.getValue())
                ? bytes(arena, inherited.getValue())
                : text(arena, e.getKey() + "=" + e.getValue()));
      }
      return out;
    }
  }

  private static void check(int result, String what) throws IOException {
    if (result != 0) {
      throw new IOException("cannot start a program: " + what + ": " + strerror(result));
    }
  }

  private static int[] pipe() throws IOException {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment fds = arena.allocate(INT, 2);
      if ((int) PIPE2.invokeExact(fds, O_CLOEXEC) != 0) {
        throw new IOException("cannot start a program: no pipe (too many open files?)");
      }
      return new int[] {fds.getAtIndex(INT, 0), fds.getAtIndex(INT, 1)};
    } catch (IOException | RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new IllegalStateException(t);
    }
  }

  private static void closeAll(int[]... pipes) {
    for (int[] p : pipes) {
      if (p != null) {
        close(p[0]);
        close(p[1]);
      }
    }
  }

  private static void close(int fd) {
    if (fd < 0) {
      return;
    }
    try {
      int ignored = (int) CLOSE.invokeExact(fd);
    } catch (Throwable t) {
      throw new IllegalStateException(t);
    }
  }

  private static String strerror(int errno) {
    try {
      MemorySegment text = (MemorySegment) STRERROR.invokeExact(errno);
      return "error=" + errno + ", " + text.reinterpret(256).getString(0);
    } catch (Throwable t) {
      return "error=" + errno;
    }
  }

  /**
   * Sends {@code signal} to {@code pid}, or to the group it leads (a negative pid); false when
   * there is no such process or group.
   */
  static boolean kill(long pid, int signal) {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment state = arena.allocate(ERRNO_SIZE);
      return (int) KILL.invokeExact(state, (int) pid, signal) == 0;
    } catch (Throwable t) {
      return false;
    }
  }

  /** The exit status of {@code pid} once it ended (waited for, so reaped), as the JDK gives it. */
  private static int waitFor(int pid) {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment state = arena.allocate(ERRNO_SIZE);
      MemorySegment status = arena.allocate(INT);
      while (true) {
        int r = (int) WAITPID.invokeExact(state, pid, status, 0);
        if (r == pid) {
          int s = status.get(INT, 0);
          int signal = s & 0x7f;
          // Exited: its code; killed by a signal: 128 and the signal, as the JDK reports it.
          return signal == 0 ? (s >> 8) & 0xff : 0x80 + signal;
        }
        int errno = (int) ERRNO.get(state, 0L);
        if (r < 0 && errno != EINTR) {
          return errno == ECHILD ? 0x80 + 9 : 0x7f; // reaped elsewhere: it is gone
        }
      }
    } catch (Throwable t) {
      throw new IllegalStateException(t);
    }
  }

  private static void closeQuietly(Closeable stream) {
    try {
      stream.close();
    } catch (IOException ignored) {
      // already closed, or the pipe broke: nothing to keep
    }
  }

  /** A program started here: its streams, and its end as a thread of {@link #REAPER} saw it. */
  static final class Spawned extends Process {
    private final int pid;
    private final Optional<ProcessHandle> handle;
    private final OutputStream stdin;
    private final InputStream stdout;
    private final InputStream stderr;
    private final CompletableFuture<Integer> exit = new CompletableFuture<>();

    Spawned(int pid, OutputStream stdin, InputStream stdout, InputStream stderr) {
      this.pid = pid;
      // Taken before anything waits for it, so the pid is still the program's: the handle
      // knows its start time, and signals nothing that took the pid later.
      this.handle = ProcessHandle.of(pid);
      this.stdin = stdin;
      this.stdout = stdout;
      this.stderr = stderr;
      REAPER.execute(() -> {
        try {
          exit.complete(PosixSpawn.waitFor(pid));
        } catch (RuntimeException e) {
          exit.completeExceptionally(e);
        }
        // As the JDK does: once the program has ended, its standard input is closed.
        closeQuietly(stdin);
      });
    }

    @Override
    public OutputStream getOutputStream() {
      return stdin;
    }

    @Override
    public InputStream getInputStream() {
      return stdout;
    }

    @Override
    public InputStream getErrorStream() {
      return stderr;
    }

    @Override
    public int waitFor() throws InterruptedException {
      try {
        return exit.get();
      } catch (ExecutionException e) {
        throw new IllegalStateException(e.getCause());
      }
    }

    @Override
    public boolean waitFor(long timeout, TimeUnit unit) throws InterruptedException {
      try {
        exit.get(timeout, unit);
        return true;
      } catch (TimeoutException e) {
        return false;
      } catch (ExecutionException e) {
        throw new IllegalStateException(e.getCause());
      }
    }

    @Override
    public int exitValue() {
      Integer code = exit.getNow(null);
      if (code == null) {
        throw new IllegalThreadStateException("process hasn't exited");
      }
      return code;
    }

    @Override
    public boolean isAlive() {
      return !exit.isDone();
    }

    @Override
    public long pid() {
      return pid;
    }

    /** The running program's handle; empty once it ended (its pid may be another's by then). */
    Optional<ProcessHandle> handle() {
      return isAlive() ? handle : Optional.empty();
    }

    @Override
    public ProcessHandle toHandle() {
      return handle().orElseThrow(() -> new IllegalStateException("the process has ended"));
    }

    @Override
    public CompletableFuture<Process> onExit() {
      return exit.thenApply(code -> this);
    }

    /** As the JDK's processes: the signal, then its three streams closed. */
    @Override
    public void destroy() {
      handle().ifPresent(ProcessHandle::destroy);
      closeStreams();
    }

    @Override
    public Process destroyForcibly() {
      handle().ifPresent(ProcessHandle::destroyForcibly);
      closeStreams();
      return this;
    }

    private void closeStreams() {
      closeQuietly(stdin);
      closeQuietly(stdout);
      closeQuietly(stderr);
    }

    @Override
    public boolean supportsNormalTermination() {
      return true;
    }
  }
}
