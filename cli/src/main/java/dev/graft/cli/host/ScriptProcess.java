package dev.graft.cli.host;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.tools.CommandEnvironment;
import dev.graft.runtime.tools.ProcessLauncher;
import dev.graft.runtime.tools.ProcessTree;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * One program run for a script's {@code graft.exec}: no shell (the arguments go to the program as
 * they are), standard input empty, standard output and error captured apart up to a bound each. The
 * program leads a process group of its own ({@link ProcessLauncher}), so a timeout or {@link #kill}
 * ends it and everything it started. Its environment is what the caller gives, never with the model
 * keys: a script's programs do not get them.
 */
public final class ScriptProcess {
  /** Kept of each of stdout and stderr; the rest is counted and dropped. */
  public static final int DEFAULT_MAX_OUTPUT = 1024 * 1024;

  /** How long to wait for the pipes after the program ended (a child it left may hold them). */
  private static final Duration PIPE_GRACE = Duration.ofSeconds(1);

  /** What ran: its output, exit code, and whether graft killed it (timeout or shutdown). */
  public record Result(String stdout, String stderr, int code, boolean killed) {
    /** The ExecResult a script receives: {stdout, stderr, code, killed}. */
    public ObjectNode toJson() {
      return Json.object()
          .put("stdout", stdout)
          .put("stderr", stderr)
          .put("code", code)
          .put("killed", killed);
    }
  }

  private final Process process;
  private final boolean ownGroup;
  private final Bounded stdout;
  private final Bounded stderr;
  private volatile boolean killed;

  private ScriptProcess(Process process, boolean ownGroup, int maxOutput) {
    this.process = process;
    this.ownGroup = ownGroup;
    this.stdout = new Bounded(process.getInputStream(), maxOutput);
    this.stderr = new Bounded(process.getErrorStream(), maxOutput);
  }

  /**
   * Starts {@code program} (a name looked up on the PATH, or a path relative to {@code cwd}).
   *
   * @throws IOException with a one-line message when there is no such program or it cannot start
   */
  public static ScriptProcess start(
      String program, List<String> args, Path cwd, Map<String, String> environment, int maxOutput)
      throws IOException {
    Path resolved =
        resolve(program, cwd)
            .orElseThrow(() ->
                new IOException(
                    "no such program: "
                        + program
                        + (program.contains("/") ? "" : " (looked for it on the PATH)")));
    List<String> argv = new ArrayList<>();
    argv.add(resolved.toString());
    argv.addAll(args);
    Map<String, String> env = new HashMap<>(environment);
    CommandEnvironment.withoutCredentials(env);
    ProcessLauncher.Started started = ProcessLauncher.start(argv, cwd, env, false, false);
    ScriptProcess p = new ScriptProcess(started.process(), started.ownGroup(), maxOutput);
    ProcessLauncher.readOutput(p.stdout::pump);
    ProcessLauncher.readOutput(p.stderr::pump);
    return p;
  }

  /** Waits for the program (killing it after {@code timeout}) and for its output. */
  public Result await(Optional<Duration> timeout) throws InterruptedException {
    try {
      boolean ended =
          timeout.isPresent()
              ? process.waitFor(timeout.get().toNanos(), TimeUnit.NANOSECONDS)
              : waitForever();
      if (!ended) {
        kill();
        process.waitFor();
      }
    } catch (InterruptedException e) {
      kill();
      throw e;
    }
    long deadline = System.nanoTime() + PIPE_GRACE.toNanos();
    String out = stdout.text(deadline);
    String err = stderr.text(deadline);
    return new Result(out, err, process.exitValue(), killed);
  }

  private boolean waitForever() throws InterruptedException {
    process.waitFor();
    return true;
  }

  /** The process group the program leads, when it got one of its own. */
  Optional<Long> group() {
    return ownGroup ? Optional.of(process.pid()) : Optional.empty();
  }

  /** Ends the program and everything it started. */
  public void kill() {
    killed = true;
    ProcessTree.detect().kill(process, ownGroup);
  }

  private static Optional<Path> resolve(String program, Path cwd) {
    if (program.isEmpty()) {
      return Optional.empty();
    }
    if (program.contains("/")) {
      Path p = cwd.resolve(program).normalize();
      return Files.isRegularFile(p) && Files.isExecutable(p) ? Optional.of(p) : Optional.empty();
    }
    return onPath(program);
  }

  static Optional<Path> onPath(String name) {
    return ProcessTree.onPath(name);
  }

  /** One output pipe, read on its own thread into at most {@code max} bytes. */
  private static final class Bounded {
    private final InputStream in;
    private final int max;
    private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
    private long dropped;
    private boolean done;

    Bounded(InputStream in, int max) {
      this.in = in;
      this.max = max;
    }

    void pump() {
      byte[] buffer = new byte[8192];
      try (in) {
        int n;
        while ((n = in.read(buffer)) >= 0) {
          synchronized (this) {
            int keep = (int) Math.min(n, Math.max(0, max - kept.size()));
            kept.write(buffer, 0, keep);
            dropped += n - keep;
          }
        }
      } catch (IOException e) {
        // the pipe broke: what was read is kept
      } finally {
        synchronized (this) {
          done = true;
          notifyAll();
        }
      }
    }

    /**
     * What was read by {@code deadline}, with a note when some was dropped. A pipe still open then
     * (held by a child the program left running) is left to its reader, which ends with the child.
     */
    String text(long deadline) throws InterruptedException {
      synchronized (this) {
        long left;
        while (!done && (left = deadline - System.nanoTime()) > 0) {
          TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        String text = kept.toString(StandardCharsets.UTF_8);
        return dropped == 0
            ? text
            : text + "\n[graft: output truncated: " + dropped + " more bytes not kept]";
      }
    }
  }
}
