package dev.graft.runtime.tools;

import dev.graft.runtime.concurrent.AbortSignal;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Runs commands with bash on this machine. Standard input is empty; standard output and error
 * arrive through one pipe, so their interleaving is kept. The calling thread polls the pipe and the
 * clock itself (every 10 ms while nothing happens), so there is no reader thread to leak when a
 * background child keeps the pipe open.
 */
record LocalShell(
    Path shell,
    boolean ownGroup,
    ProcessTree tree,
    boolean passApiKeys,
    Map<String, String> variables)
    implements BashOperations {
  /** How long to wait for output or exit before looking again. */
  private static final Duration POLL = Duration.ofMillis(10);

  LocalShell {
    Objects.requireNonNull(shell, "shell");
    Objects.requireNonNull(tree, "tree");
    variables = Map.copyOf(variables);
  }

  LocalShell(Path shell, boolean ownGroup, ProcessTree tree, boolean passApiKeys) {
    this(shell, ownGroup, tree, passApiKeys, Map.of());
  }

  @Override
  public BashOperations withVariables(Map<String, String> variables) {
    Map<String, String> all = new HashMap<>(this.variables);
    all.putAll(variables);
    return new LocalShell(shell, ownGroup, tree, passApiKeys, all);
  }

  /**
   * bash at /bin/bash or on the PATH (sh if there is none), each command in a process group of its
   * own ({@link ProcessLauncher}); commands get the model credentials only when {@code passApiKeys}
   * ({@link CommandEnvironment}).
   */
  static LocalShell detect(boolean passApiKeys) {
    Path bin = Path.of("/bin/bash");
    Path shell = Files.isExecutable(bin) ? bin : onPath("bash").orElse(Path.of("sh"));
    return new LocalShell(shell, true, ProcessTree.detect(), passApiKeys);
  }

  private static Optional<Path> onPath(String name) {
    return ProcessTree.onPath(name);
  }

  @Override
  public Exit run(
      String command, Path cwd, Optional<Duration> timeout, AbortSignal signal, OutputSink output)
      throws ToolFailure, IOException, InterruptedException {
    if (!Files.isDirectory(cwd)) {
      throw new ToolFailure(
          "Working directory does not exist: " + cwd + "\nCannot execute bash commands.");
    }
    List<String> argv = List.of(shell.toString(), "-c", command);
    Map<String, String> environment = new HashMap<>(System.getenv());
    if (!passApiKeys) {
      CommandEnvironment.withoutCredentials(environment);
    }
    environment.putAll(variables);
    Process process;
    Runnable kill;
    try (ShutdownKills.Start start = ShutdownKills.start()) {
      ProcessLauncher.Started launched =
          ownGroup
              ? ProcessLauncher.start(argv, cwd, environment, false, true)
              : ProcessLauncher.startWithJdk(argv, cwd, environment, false, true, Optional.empty());
      process = launched.process();
      kill = () -> tree.kill(process, launched.ownGroup());
      start.add(kill);
    }
    signal.onAbort(kill);
    boolean timedOut = false;
    long started = System.nanoTime();
    try (InputStream in = process.getInputStream()) {
      byte[] buffer = new byte[8192];
      while (true) {
        drain(in, buffer, output);
        if (!process.isAlive()) {
          // Whatever the shell wrote is in the pipe by the time it has exited.
          drain(in, buffer, output);
          break;
        }
        if (!timedOut
            && timeout.isPresent()
            && System.nanoTime() - started >= timeout.get().toNanos()) {
          timedOut = true;
          kill.run();
        }
        process.waitFor(POLL.toMillis(), TimeUnit.MILLISECONDS);
      }
    } catch (InterruptedException e) {
      kill.run();
      throw e;
    } finally {
      signal.removeListener(kill);
      ShutdownKills.remove(kill);
    }
    if (signal.aborted()) {
      return new Exit.Aborted();
    }
    if (timedOut) {
      return new Exit.TimedOut();
    }
    return new Exit.Exited(process.exitValue());
  }

  /**
   * Passes on what the pipe holds now, without ever blocking. A blocking read would hang after the
   * shell exits whenever a background child (a server started with {@code &}) still holds the pipe
   * open; what such children print after the shell exits is not waited for.
   */
  private static void drain(InputStream in, byte[] buffer, OutputSink output) throws IOException {
    for (int available = in.available(); available > 0; available = in.available()) {
      int n = in.read(buffer, 0, Math.min(available, buffer.length));
      if (n < 0) {
        return;
      }
      output.accept(buffer, 0, n);
    }
  }
}
