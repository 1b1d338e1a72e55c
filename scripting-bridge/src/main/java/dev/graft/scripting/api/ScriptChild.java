package dev.graft.scripting.api;

import java.io.IOException;
import java.util.Optional;

/** A program started for a script's {@code child_process}: its input, and how to end it. */
public interface ScriptChild {
  long pid();

  /** Writes to the program's standard input (when it is a pipe). */
  void write(byte[] bytes) throws IOException;

  /** Closes the program's standard input: it reads end of file. */
  void closeInput();

  /**
   * Sends {@code signal} ({@code SIGTERM}, {@code SIGKILL}, {@code SIGINT}, {@code SIGHUP}) to the
   * program and everything it started; false when it has ended already.
   */
  boolean kill(String signal);

  /** What a started program reports, on threads of graft's (never the script's). */
  interface Events {
    void stdout(byte[] chunk);

    void stderr(byte[] chunk);

    /** The program ended ({@code signal} when a signal ended it) and its output was read. */
    void exit(int code, Optional<String> signal);
  }
}
