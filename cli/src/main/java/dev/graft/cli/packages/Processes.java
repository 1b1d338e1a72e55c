package dev.graft.cli.packages;

import dev.graft.cli.base.UserError;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Runs the real clients (git, npm) as processes: in a folder graft made, with an environment the
 * caller sets, stdin closed, for a bounded time, and stopped early when a guard (a size cap) trips.
 * A failure is a {@link UserError} that says what failed and shows the client's own error lines.
 */
final class Processes {
  private static final int ERROR_LINES = 12;

  private Processes() {}

  /**
   * One run: where, the command line, what it is for (the start of the failure message), how its
   * environment differs from graft's, how long it may take, and what stops it early (a reason,
   * checked twice a second).
   */
  record Run(
      Path dir,
      List<String> command,
      String doing,
      Consumer<Map<String, String>> environment,
      Duration limit,
      Supplier<Optional<String>> guard) {
    Run {
      command = List.copyOf(command);
    }

    Run(
        Path dir,
        List<String> command,
        String doing,
        Consumer<Map<String, String>> environment,
        Duration limit) {
      this(dir, command, doing, environment, limit, Optional::empty);
    }
  }

  /** How a run's standard output is read while it runs. */
  @FunctionalInterface
  interface OutputReader<T> {
    T read(InputStream out) throws IOException;
  }

  /** {@code run}'s standard output as text. */
  static String output(Run run) {
    return read(run, in -> new String(in.readAllBytes(), StandardCharsets.UTF_8));
  }

  /**
   * Hands {@code run}'s standard output to {@code reader} as it comes; a reader that throws stops
   * the program, and its exception is what the caller gets.
   */
  static <T> T read(Run run, OutputReader<T> reader) {
    ProcessBuilder pb =
        new ProcessBuilder(run.command())
            .directory(run.dir().toFile())
            .redirectInput(ProcessBuilder.Redirect.PIPE);
    pb.environment().put("GIT_TERMINAL_PROMPT", "0");
    run.environment().accept(pb.environment());
    Process p;
    try {
      p = pb.start();
    } catch (IOException e) {
      throw new UserError(
          "cannot run "
              + run.command().getFirst()
              + ": "
              + e.getMessage()
              + " (is it installed and on PATH?)");
    }
    AtomicReference<String> stopped = new AtomicReference<>();
    Thread watchdog = Thread.ofVirtual().start(() -> watch(p, run, stopped));
    CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> text(p.getErrorStream()));
    try {
      p.getOutputStream().close();
      T result;
      try (InputStream out = p.getInputStream()) {
        result = reader.read(out);
        out.transferTo(OutputStream.nullOutputStream());
      }
      p.waitFor();
      if (stopped.get() != null) {
        throw new UserError(stopped.get());
      }
      if (p.exitValue() != 0) {
        String errors = err.join();
        // A client that says why on standard output (npm, before it reads its configuration) is
        // heard too.
        String said = errors.isBlank() && result instanceof String text ? text : errors;
        List<String> lines = errorLines(said);
        throw UserError.withDetails(
            run.doing()
                + " (exit code "
                + p.exitValue()
                + ")"
                + (lines.isEmpty() ? "; it printed no error" : ":"),
            lines);
      }
      return result;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new UserError(run.command().getFirst() + " was interrupted");
    } catch (IOException e) {
      if (stopped.get() != null) {
        throw new UserError(stopped.get());
      }
      throw new UserError("cannot run " + run.command().getFirst() + ": " + e.getMessage());
    } catch (RuntimeException e) {
      if (stopped.get() != null && !(e instanceof UserError)) {
        throw new UserError(stopped.get());
      }
      throw e;
    } finally {
      kill(p);
      watchdog.interrupt();
    }
  }

  /** Stops {@code p} (and what it started) when the time is up or the guard trips. */
  private static void watch(Process p, Run run, AtomicReference<String> stopped) {
    long deadline = System.nanoTime() + run.limit().toNanos();
    try {
      while (!p.waitFor(500, TimeUnit.MILLISECONDS)) {
        Optional<String> reason = run.guard().get();
        if (reason.isEmpty() && System.nanoTime() - deadline > 0) {
          reason = Optional.of(run.doing() + ": it did not finish in " + describe(run.limit()));
        }
        if (reason.isPresent()) {
          stopped.compareAndSet(null, reason.get());
          kill(p);
          return;
        }
      }
    } catch (InterruptedException e) {
      // the run ended
    }
  }

  private static void kill(Process p) {
    p.descendants().forEach(ProcessHandle::destroyForcibly);
    p.destroyForcibly();
  }

  private static String describe(Duration d) {
    return d.toMinutes() > 0 && d.toSecondsPart() == 0
        ? d.toMinutes() + " minutes"
        : d.toSeconds() + " seconds";
  }

  /**
   * The lines of {@code stderr} that say what went wrong: npm's {@code npm error} lines (not the
   * one pointing at its log), git's {@code fatal:} and {@code error:} lines, else the last lines.
   */
  static List<String> errorLines(String stderr) {
    List<String> lines = stderr.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
    List<String> npm =
        lines.stream()
            .filter(l -> l.startsWith("npm error") || l.startsWith("npm ERR!"))
            .filter(l -> !l.contains("A complete log of this run"))
            .filter(l -> !l.matches("npm (error|ERR!)( \\S+)?"))
            .toList();
    List<String> git =
        lines.stream().filter(l -> l.startsWith("fatal:") || l.startsWith("error:")).toList();
    List<String> shown = !npm.isEmpty() ? npm : !git.isEmpty() ? git : lines;
    return List.copyOf(shown.subList(Math.max(0, shown.size() - ERROR_LINES), shown.size()));
  }

  /** All of {@code in}, but only its last 256 KiB kept (a client's error lines come last). */
  private static String text(InputStream in) {
    byte[] tail = new byte[0];
    try (in) {
      byte[] chunk = new byte[1 << 16];
      for (int n; (n = in.read(chunk)) > 0; ) {
        int keep = Math.min(tail.length, (256 << 10) - n);
        byte[] next = new byte[Math.max(0, keep) + n];
        System.arraycopy(tail, tail.length - Math.max(0, keep), next, 0, Math.max(0, keep));
        System.arraycopy(chunk, 0, next, Math.max(0, keep), n);
        tail = next;
      }
    } catch (IOException e) {
      // what was read so far
    }
    return new String(tail, StandardCharsets.UTF_8);
  }
}
