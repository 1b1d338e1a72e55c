package dev.graft.runtime.tools;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Kills a command and everything it started. The command runs as the leader of its own process
 * group ({@link ProcessLauncher}), so one signal to the group reaches children that were already
 * orphaned, such as {@code sleep 100 &} whose shell has exited. Descendants still known to the JVM
 * are killed one by one too, for children that moved to a group of their own.
 */
public record ProcessTree(Optional<Path> killCommand) {

  /** With {@code kill} from the PATH when there is one. */
  public static ProcessTree detect() {
    return new ProcessTree(onPath("kill"));
  }

  /** An executable file {@code name} in a directory of the PATH. */
  public static Optional<Path> onPath(String name) {
    String path = Objects.requireNonNullElse(System.getenv("PATH"), "/usr/bin:/bin");
    for (String dir : path.split(File.pathSeparator)) {
      if (!dir.isEmpty()) {
        Path candidate = Path.of(dir, name);
        if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
          return Optional.of(candidate);
        }
      }
    }
    return Optional.empty();
  }

  /**
   * Kills {@code process}, its process group when it leads one ({@code ownGroup}), and its
   * descendants.
   */
  public void kill(Process process, boolean ownGroup) {
    // A program posix_spawn started and graft has waited for has no handle: its pid may be
    // another's by now. Its group may still hold what it started. (Not Process.destroyForcibly on
    // the JDK's processes: that closes their output, which the caller may still be reading.)
    Optional<ProcessHandle> root =
        process instanceof PosixSpawn.Spawned s ? s.handle() : Optional.of(process.toHandle());
    List<ProcessHandle> descendants = root.map(r -> r.descendants().toList()).orElse(List.of());
    if (ownGroup) {
      killGroup(process.pid());
    }
    root.ifPresent(ProcessHandle::destroyForcibly);
    descendants.forEach(ProcessHandle::destroyForcibly);
  }

  /**
   * Sends {@code signal} (a name such as {@code TERM}, {@code INT}, {@code HUP}) to {@code pid}, or
   * to every process of the group it leads; false when there is no {@code kill} to run.
   */
  public boolean signal(long pid, boolean group, String signal) {
    if (killCommand.isEmpty() || !signal.matches("[A-Z0-9]{1,8}")) {
      return false;
    }
    try {
      Process kill =
          new ProcessBuilder(
                  killCommand.get().toString(), "-" + signal, "--", (group ? "-" : "") + pid)
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      return kill.waitFor(2, TimeUnit.SECONDS) && kill.exitValue() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** Kills every process in the group {@code leader} leads. */
  public void killGroup(long leader) {
    killGroups(List.of(leader));
  }

  /**
   * Kills every process left in each group of {@code leaders}: with the C library's {@code kill}
   * where programs start through it ({@link ProcessLauncher}), else with one {@code kill} program
   * per 200 groups. A group outlives its leader while processes it started run (orphans keep it),
   * and its id cannot be given to a new process until they have all ended; a group already empty is
   * skipped by {@code kill}.
   */
  public void killGroups(List<Long> leaders) {
    if (ProcessLauncher.spawnsDirectly()) {
      leaders.forEach(l -> PosixSpawn.kill(-l, 9));
      return;
    }
    if (killCommand.isEmpty()) {
      return;
    }
    for (int from = 0; from < leaders.size(); from += 200) {
      List<String> argv = new ArrayList<>(List.of(killCommand.get().toString(), "-KILL", "--"));
      leaders.subList(from, Math.min(leaders.size(), from + 200)).forEach(l -> argv.add("-" + l));
      try {
        Process kill =
            new ProcessBuilder(argv)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        kill.waitFor(2, TimeUnit.SECONDS);
      } catch (IOException e) {
        return; // no kill to run: the per-process kills of the caller are all there is
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}
