package dev.graft.runtime.tools;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The platform threads that wait on programs and on their pipes, kept from one program to the next.
 * Apart from {@link PosixSpawn}, so that reading a program's output does not set up the foreign
 * function calls.
 */
final class ProcessThreads {
  private ProcessThreads() {}

  /** Waits for the programs, one thread each while they run (a wait pins its thread). */
  static final ExecutorService REAPER = platformThreads("graft-process-reaper");

  /** Reads and writes pipes for virtual threads, and runs readers of programs' output. */
  static final ExecutorService BLOCKING = platformThreads("graft-process-pipe");

  private static ExecutorService platformThreads(String name) {
    return Executors.newCachedThreadPool(
        r -> Thread.ofPlatform().name(name).daemon(true).stackSize(256 * 1024).unstarted(r));
  }
}
