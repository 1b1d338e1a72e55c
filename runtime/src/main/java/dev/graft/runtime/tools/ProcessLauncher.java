package dev.graft.runtime.tools;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Starts the programs graft runs for the model (bash) and for scripts ({@code graft.exec}, {@code
 * child_process}) as the leader of a process group of their own, so that one signal to the group
 * ends them and whatever they started. On Linux with glibc 2.34 or later that takes one program
 * start ({@code posix_spawn}, {@link PosixSpawn}); elsewhere the JDK starts the {@code setsid}
 * program, which starts the program (without {@code setsid} on the PATH, in graft's group).
 */
public final class ProcessLauncher {
  private ProcessLauncher() {}

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
    if (PosixSpawn.AVAILABLE) {
      return new Started(PosixSpawn.start(argv, cwd, environment, pipeInput, mergeErrors), true);
    }
    return startWithJdk(argv, cwd, environment, pipeInput, mergeErrors, Setsid.PATH);
  }

  /**
   * {@link #start} through the JDK, in graft's process group: for what runs where neither {@code
   * posix_spawn} nor {@code setsid} is.
   */
  public static Started startInGraftsGroup(
      List<String> argv,
      Path cwd,
      Map<String, String> environment,
      boolean pipeInput,
      boolean mergeErrors)
      throws IOException {
    return startWithJdk(argv, cwd, environment, pipeInput, mergeErrors, Optional.empty());
  }

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
    builder.environment().clear();
    builder.environment().putAll(environment);
    return new Started(builder.start(), setsid.isPresent());
  }

  /**
   * Runs {@code reader}, which reads a started program's output until it ends, on a platform thread
   * of its own (kept for the next reader once it is done): a read of a pipe blocks its thread, and
   * a virtual thread's read would be handed to such a thread on each call.
   */
  public static void readOutput(Runnable reader) {
    PosixSpawn.BLOCKING.execute(reader);
  }

  /** Whether programs start through {@code posix_spawn} here (for tests and diagnostics). */
  public static boolean spawnsDirectly() {
    return PosixSpawn.AVAILABLE;
  }

  /** Where {@code setsid} is, looked up on the PATH once (graft's PATH does not change). */
  private static final class Setsid {
    static final Optional<Path> PATH = ProcessTree.onPath("setsid");
  }
}
