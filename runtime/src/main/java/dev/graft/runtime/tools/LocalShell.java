package dev.graft.runtime.tools;

import dev.graft.runtime.concurrent.AbortSignal;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Runs commands with bash on this machine. Standard input is empty; standard output and error
 * arrive through one pipe, so their interleaving is kept.
 */
record LocalShell(Path shell, Optional<Path> setsid, ProcessTree tree) implements BashOperations {

  LocalShell {
    Objects.requireNonNull(shell, "shell");
    Objects.requireNonNull(setsid, "setsid");
    Objects.requireNonNull(tree, "tree");
  }

  /** bash at /bin/bash or on the PATH (sh if there is none), and setsid and kill if present. */
  static LocalShell detect() {
    Path shell = Files.isExecutable(Path.of("/bin/bash")) ? Path.of("/bin/bash") : onPath("bash").orElse(Path.of("sh"));
    return new LocalShell(shell, onPath("setsid"), new ProcessTree(onPath("kill")));
  }

  private static Optional<Path> onPath(String name) {
    String path = Objects.requireNonNullElse(System.getenv("PATH"), "/usr/bin:/bin");
    for (String dir : path.split(File.pathSeparator)) {
      if (!dir.isEmpty()) {
        Path candidate = Path.of(dir, name);
        if (Files.isExecutable(candidate)) {
          return Optional.of(candidate);
        }
      }
    }
    return Optional.empty();
  }

  @Override
  public Exit run(String command, Path cwd, Optional<Duration> timeout, AbortSignal signal, OutputSink output)
      throws ToolFailure, IOException, InterruptedException {
    if (!Files.isDirectory(cwd)) {
      throw new ToolFailure("Working directory does not exist: " + cwd + "\nCannot execute bash commands.");
    }
    List<String> argv = new ArrayList<>();
    setsid.ifPresent(s -> argv.add(s.toString()));
    argv.addAll(List.of(shell.toString(), "-c", command));
    Process process =
        new ProcessBuilder(argv)
            .directory(cwd.toFile())
            .redirectErrorStream(true)
            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
            .start();
    Thread reader = Thread.ofPlatform().daemon().name("graft-bash-output-" + process.pid()).start(() -> pump(process, output));
    boolean ownGroup = setsid.isPresent();
    Runnable kill = () -> tree.kill(process, ownGroup);
    signal.onAbort(kill);
    boolean timedOut = false;
    try {
      if (timeout.isPresent()) {
        if (!process.waitFor(timeout.get().toNanos(), TimeUnit.NANOSECONDS)) {
          timedOut = true;
          kill.run();
        }
      }
      process.waitFor();
      // When the shell exits the JDK hands the reader what is left in the pipe and then its end,
      // even if an orphaned child still holds the pipe open; so this wait is short.
      reader.join(Duration.ofSeconds(5));
    } catch (InterruptedException e) {
      kill.run();
      throw e;
    } finally {
      signal.removeListener(kill);
    }
    if (signal.aborted()) {
      return new Exit.Aborted();
    }
    if (timedOut) {
      return new Exit.TimedOut();
    }
    return new Exit.Exited(process.exitValue());
  }

  private static void pump(Process process, OutputSink output) {
    byte[] buffer = new byte[8192];
    try (InputStream in = process.getInputStream()) {
      for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
        if (n > 0) {
          output.accept(buffer, 0, n);
        }
      }
    } catch (IOException e) {
      // The pipe closed under us (the process was killed); what was read is kept.
    }
  }
}
