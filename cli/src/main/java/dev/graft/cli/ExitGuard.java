package dev.graft.cli;

import java.time.Duration;

/**
 * Makes sure the JVM ends once it starts to: a shutdown hook (GraalJS's engine hook, say, waiting
 * for a lock that a thread stuck in a script holds) could otherwise keep graft from exiting on
 * {@code System.exit} or SIGTERM. When the hooks have not finished {@link #WAIT} after the exit
 * began, the JVM is halted with the exit code.
 */
final class ExitGuard {
  static final Duration WAIT = Duration.ofSeconds(5);

  /** 143: what a shell reports for SIGTERM, for an exit that graft did not choose. */
  private volatile int code = 143;

  /** Installs the guard; {@link #exit} then ends the JVM with a code. */
  static ExitGuard install() {
    ExitGuard guard = new ExitGuard();
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () ->
                    Thread.ofPlatform()
                        .name("graft-exit-guard")
                        .daemon(true)
                        .start(guard::haltLater),
                "graft-exit"));
    return guard;
  }

  void exit(int status) {
    code = status;
    System.exit(status);
  }

  private void haltLater() {
    try {
      Thread.sleep(WAIT);
    } catch (InterruptedException e) {
      // halting now is as good
    }
    Runtime.getRuntime().halt(code);
  }
}
