package dev.graft.runtime.tools;

import dev.graft.runtime.concurrent.AbortSignal;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/** Runs a shell command for the bash tool; tests and remote sessions may supply their own. */
interface BashOperations {

  /** Receives output as it arrives, stdout and stderr together, as raw bytes. */
  @FunctionalInterface
  interface OutputSink {
    void accept(byte[] data, int offset, int length);
  }

  /** How a command ended. */
  sealed interface Exit {
    record Exited(int code) implements Exit {}

    record TimedOut() implements Exit {}

    record Aborted() implements Exit {}
  }

  /**
   * Runs {@code command} in {@code cwd} and blocks until it ends. On timeout or abort the whole
   * process tree is killed before this returns.
   */
  Exit run(
      String command, Path cwd, Optional<Duration> timeout, AbortSignal signal, OutputSink output)
      throws ToolFailure, IOException, InterruptedException;

  /**
   * These operations with {@code variables} set in every command's environment (on top of what it
   * gets anyway). Operations that cannot set variables refuse when there are any.
   */
  default BashOperations withVariables(Map<String, String> variables) {
    if (variables.isEmpty()) {
      return this;
    }
    return (command, cwd, timeout, signal, output) -> {
      throw new ToolFailure("this shell cannot set environment variables for a command");
    };
  }
}
