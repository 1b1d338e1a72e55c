package dev.graft.runtime.tools;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.runtime.concurrent.AbortSignal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bash command still running when graft's JVM ends: a command runs in a session of its own, so a
 * closed terminal's hangup never reaches it, and graft must end it (and what it started) itself.
 */
class LocalShellShutdownTest {
  @TempDir Path dir;

  /** Run in a JVM of its own: a bash command that starts a long sleep and waits for it. */
  public static final class RunsALongCommand {
    public static void main(String[] args) throws Exception {
      Path pidFile = Path.of(args[0]);
      LocalShell.detect(false)
          .run(
              "sleep 300 & echo $! > '" + pidFile + "'; wait",
              pidFile.getParent(),
              Optional.empty(),
              AbortSignal.never(),
              (data, offset, length) -> {});
    }
  }

  @Test
  void aHangupOrTermEndsTheRunningCommandAndWhatItStarted() throws Exception {
    for (String signal : new String[] {"HUP", "TERM"}) {
      Path pidFile = dir.resolve(signal + ".pid");
      Process jvm =
          new ProcessBuilder(
                  ProcessHandle.current().info().command().orElseThrow(),
                  "--enable-native-access=ALL-UNNAMED",
                  "-cp",
                  System.getProperty("java.class.path"),
                  RunsALongCommand.class.getName(),
                  pidFile.toString())
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while ((!Files.exists(pidFile) || Files.readString(pidFile).isBlank())
          && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      long sleeper = Long.parseLong(Files.readString(pidFile).strip());
      ProcessHandle sleep = ProcessHandle.of(sleeper).orElseThrow();
      try {
        new ProcessBuilder("kill", "-" + signal, Long.toString(jvm.pid())).start().waitFor();
        assertThat(jvm.waitFor(20, TimeUnit.SECONDS)).as("the JVM ends on SIG" + signal).isTrue();
        assertThat(sleep.onExit().orTimeout(10, TimeUnit.SECONDS).handle((p, e) -> e == null).get())
            .as("the command's sleep ends with the JVM on SIG" + signal)
            .isTrue();
      } finally {
        sleep.destroyForcibly();
        jvm.destroyForcibly();
      }
    }
  }
}
