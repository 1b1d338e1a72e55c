package dev.graft.cli.modes;

import dev.graft.runtime.agent.AgentSession;
import java.io.PrintWriter;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Ctrl+C while the agent runs aborts the turn (what finished stays in the session); a second
 * Ctrl+C, or one while the agent is idle, exits at once: the JVM's shutdown hooks (which kill the
 * programs scripts started) get {@code HOOKS_GRACE_MS}, then graft halts whatever they are doing.
 * Uses the JDK's signal handling where the platform has it. Besides {@code Main}, this is the one
 * place that ends the JVM: the run the first Ctrl+C asked to stop has not returned, so there is no
 * exit code to return.
 */
final class CtrlCAbort implements AutoCloseable {
  /** How long the shutdown hooks may take after a second Ctrl+C before graft halts. */
  private static final long HOOKS_GRACE_MS = 2000;

  private final Object previous;

  private CtrlCAbort(Object previous) {
    this.previous = previous;
  }

  static CtrlCAbort install(AgentSession agent, PrintWriter err) {
    try {
      Signal signal = new Signal("INT");
      boolean[] once = {false};
      SignalHandler old =
          Signal.handle(
              signal,
              s -> {
                if (once[0] || agent.isIdle()) {
                  quitNow();
                }
                once[0] = true;
                err.println("\ngraft: aborting (Ctrl+C again to quit at once)");
                err.flush();
                agent.abort();
              });
      return new CtrlCAbort(old);
    } catch (IllegalArgumentException | UnsupportedOperationException | LinkageError e) {
      return new CtrlCAbort(null); // no SIGINT on this platform: the default handling stays
    }
  }

  private static void quitNow() {
    Thread.ofPlatform()
        .daemon()
        .name("graft-halt")
        .start(() -> {
          try {
            Thread.sleep(HOOKS_GRACE_MS);
          } catch (InterruptedException e) {
            // halt now
          }
          Runtime.getRuntime().halt(130);
        });
    System.exit(130); // runs the shutdown hooks; the thread above halts if they hang
  }

  @Override
  public void close() {
    if (previous instanceof SignalHandler handler) {
      try {
        Signal.handle(new Signal("INT"), handler);
      } catch (IllegalArgumentException e) {
        // nothing to restore
      }
    }
  }
}
