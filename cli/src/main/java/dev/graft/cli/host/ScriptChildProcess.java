package dev.graft.cli.host;

import dev.graft.runtime.tools.ProcessLauncher;
import dev.graft.runtime.tools.ProcessTree;
import dev.graft.scripting.api.ScriptChild;
import dev.graft.scripting.api.ScriptSpawn;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A program a script's {@code child_process} started: without a shell, in its own process group
 * ({@link ProcessLauncher}), with exactly the environment the bridge gave (no secret it was not
 * granted), its output handed on in chunks as it comes, and its end reported once both outputs are
 * read. A signal goes to its whole group, so what it started ends with it.
 */
final class ScriptChildProcess implements ScriptChild {
  /** How long to wait for the pipes after the program ended (a child it left may hold them). */
  private static final long PIPE_GRACE_MS = 1000;

  private final Process process;
  private final boolean ownGroup;
  private final OutputStream input;
  private volatile String signalled;

  private ScriptChildProcess(Process process, boolean ownGroup) {
    this.process = process;
    this.ownGroup = ownGroup;
    this.input = process.getOutputStream();
  }

  /**
   * Starts {@code spawn} (its program a name on the PATH or a path relative to its directory).
   *
   * @throws IOException with a one-line message when there is no such program or it cannot start
   */
  static ScriptChildProcess start(ScriptSpawn spawn, ScriptChild.Events events) throws IOException {
    Path resolved =
        resolve(spawn.command(), spawn.cwd())
            .orElseThrow(() ->
                new IOException(
                    "no such program: "
                        + spawn.command()
                        + (spawn.command().contains("/") ? "" : " (looked for it on the PATH)")));
    List<String> argv = new ArrayList<>();
    argv.add(resolved.toString());
    argv.addAll(spawn.args());
    ProcessLauncher.Started started =
        ProcessLauncher.start(argv, spawn.cwd(), spawn.environment(), spawn.pipeInput(), false);
    ScriptChildProcess child = new ScriptChildProcess(started.process(), started.ownGroup());
    CountDownLatch pumped = new CountDownLatch(2);
    ProcessLauncher.readOutput(() -> pump(child.process.getInputStream(), events::stdout, pumped));
    ProcessLauncher.readOutput(() -> pump(child.process.getErrorStream(), events::stderr, pumped));
    Thread.ofVirtual()
        .name("graft-child-wait")
        .start(() -> {
          int code;
          try {
            code = child.process.waitFor();
            pumped.await(PIPE_GRACE_MS, TimeUnit.MILLISECONDS);
          } catch (InterruptedException e) {
            child.kill("SIGKILL");
            code = -1;
          }
          String signal = child.signalled;
          events.exit(signal != null ? -1 : code, Optional.ofNullable(signal));
        });
    return child;
  }

  private interface Sink {
    void take(byte[] chunk);
  }

  private static void pump(InputStream in, Sink sink, CountDownLatch done) {
    byte[] buffer = new byte[16384];
    try (in) {
      int n;
      while ((n = in.read(buffer)) >= 0) {
        if (n > 0) {
          sink.take(Arrays.copyOf(buffer, n));
        }
      }
    } catch (IOException e) {
      // the pipe broke: what was read was handed on
    } finally {
      done.countDown();
    }
  }

  private static Optional<Path> resolve(String program, Path cwd) {
    if (program.isEmpty()) {
      return Optional.empty();
    }
    if (program.contains("/")) {
      Path p = cwd.resolve(program).normalize();
      return Files.isRegularFile(p) && Files.isExecutable(p) ? Optional.of(p) : Optional.empty();
    }
    return ScriptProcess.onPath(program);
  }

  /** The process group it leads, when it got one. */
  Optional<Long> group() {
    return ownGroup ? Optional.of(process.pid()) : Optional.empty();
  }

  boolean alive() {
    return process.isAlive();
  }

  @Override
  public long pid() {
    return process.pid();
  }

  @Override
  public void write(byte[] bytes) throws IOException {
    input.write(bytes);
    input.flush();
  }

  @Override
  public void closeInput() {
    try {
      input.close();
    } catch (IOException e) {
      // already closed by the program
    }
  }

  @Override
  public boolean kill(String signal) {
    if (!process.isAlive()) {
      return false;
    }
    String name = signal.startsWith("SIG") ? signal.substring(3) : signal;
    signalled = "SIG" + name;
    if (name.equals("KILL")) {
      ProcessTree.detect().kill(process, ownGroup);
      return true;
    }
    if (!ProcessTree.detect().signal(process.pid(), ownGroup, name)) {
      process.destroy();
    }
    return true;
  }
}
