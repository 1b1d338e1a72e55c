package dev.graft.scripting.api;

/**
 * Where a script's console output goes, one line at a time and tagged with the script, and where
 * the engine reports problems that have no caller to return them to (a promise rejected after its
 * handler timed out, a script stopped for using too much memory, a call from an unloaded script).
 */
@FunctionalInterface
public interface ScriptLog {

  enum Level {
    DEBUG,
    INFO,
    WARN,
    ERROR
  }

  void line(ScriptFile script, Level level, String text);

  /** A message about the engine itself rather than one script (startup, internal errors). */
  default void engine(Level level, String text) {}
}
