package dev.graft.runtime.tools;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Starts the programs graft runs for the model (bash) and for scripts ({@code graft.exec}, {@code
 * child_process}) as the leader of a process group of their own, so that one signal to the group
 * ends them and whatever they started. On Linux with glibc 2.34 or later that takes one program
 * start ({@code posix_spawn}, {@link PosixSpawn}); elsewhere the JDK starts the {@code setsid}
 * program, which starts the program (without {@code setsid} on the PATH, in graft's group).
 *
 * <p>Setting up the calls to the C library costs about as much CPU as 50 starts save (the JDK's
 * foreign function support links each call by generating code), so the first {@value #JDK_STARTS}
 * programs of a run start through the JDK while a thread sets them up: a run that starts a few
 * programs does not pay for it, a run that starts many does once.
 */
public final class ProcessLauncher {
  private ProcessLauncher() {}

  /** Programs started through the JDK before posix_spawn is set up (on a thread of its own). */
  static final int JDK_STARTS = 8;

  private static final AtomicInteger STARTED = new AtomicInteger();

  /** Whether posix_spawn is set up and starts the programs. */
  private static volatile boolean direct;

  /** A started program, and whether it leads a process group of its own. */
  public record Started(Process process, boolean ownGroup) {}

  /**
   * Starts {@code argv} (its first element a path, or a name looked up on graft's PATH) in {@code
   * cwd} with exactly {@code environment}; standard input empty, or a pipe when {@code pipeInput};
   * standard error into standard output when {@code mergeErrors}.
   *
   * @throws IOException when the program cannot start
   */
  public static Started start(
      List<String> argv,
      Path cwd,
      Map<String, String> environment,
      boolean pipeInput,
      boolean mergeErrors)
      throws IOException {
    if (direct) {
      return new Started(PosixSpawn.start(argv, cwd, environment, pipeInput, mergeErrors), true);
    }
    if (STARTED.incrementAndGet() == JDK_STARTS) {
      Thread.ofPlatform()
          .daemon(true)
          .name("graft-spawn-setup")
          .start(() -> direct = PosixSpawn.warm());
    }
    return startWithJdk(argv, cwd, environment, pipeInput, mergeErrors, Setsid.PATH);
  }

  /**
   * {@link #start} through the JDK, with {@code setsid} when given (else in graft's process group).
   */
  static Started startWithJdk(
      List<String> argv,
      Path cwd,
      Map<String, String> environment,
      boolean pipeInput,
      boolean mergeErrors,
      Optional<Path> setsid)
      throws IOException {
    List<String> command = new ArrayList<>();
    setsid.ifPresent(s -> command.add(s.toString()));
    command.addAll(argv);
    ProcessBuilder builder =
        new ProcessBuilder(command).directory(cwd.toFile()).redirectErrorStream(mergeErrors);
    if (!pipeInput) {
      builder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    }
    // Only what differs is set: a variable graft passes on unchanged keeps its own bytes, which
    // a value read as a Java string may not give back (one not valid in the locale's encoding).
    Map<String, String> env = builder.environment();
    env.keySet().retainAll(environment.keySet());
    environment.forEach((name, value) -> {
      if (!value.equals(env.get(name))) {
        env.put(name, value);
      }
    });
    return new Started(builder.start(), setsid.isPresent());
  }

  /**
   * Runs {@code reader}, which reads a started program's output until it ends, on a platform thread
   * of its own (kept for the next reader once it is done): a read of a pipe blocks its thread, and
   * a virtual thread's read would be handed to such a thread on each call.
   */
  public static void readOutput(Runnable reader) {
    ProcessThreads.BLOCKING.execute(reader);
  }

  /** Whether programs start through {@code posix_spawn} now (for tests and diagnostics). */
  public static boolean spawnsDirectly() {
    return direct;
  }

  /** Where {@code setsid} is, looked up on the PATH once (graft's PATH does not change). */
  private static final class Setsid {
    static final Optional<Path> PATH = ProcessTree.onPath("setsid");
  }
}
