package dev.graft.runtime.tools;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Kills a command and everything it started. The command runs as the leader of its own process
 * group (started through {@code setsid}), so one signal to the group reaches children that were
 * already orphaned, such as {@code sleep 100 &} whose shell has exited. Descendants still known to
 * the JVM are killed one by one too, for children that moved to a group of their own.
 */
record ProcessTree(Optional<Path> killCommand) {

  void kill(Process process, boolean ownGroup) {
    ProcessHandle root = process.toHandle();
    List<ProcessHandle> descendants = root.descendants().toList();
    if (ownGroup && killCommand.isPresent()) {
      try {
        Process kill =
            new ProcessBuilder(killCommand.get().toString(), "-KILL", "--", "-" + root.pid())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        kill.waitFor(2, TimeUnit.SECONDS);
      } catch (IOException e) {
        // Fall back on the per-process kills below.
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    root.destroyForcibly();
    descendants.forEach(ProcessHandle::destroyForcibly);
  }
}
